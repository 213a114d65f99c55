#pragma once
// A difference found by comparing two normalized functions, before any rule
// has classified it.

#include "diff/DiffVocabulary.h"

#include <string>

namespace tilelens::diff {

struct RawDifference
{
    DiffKind kind = DiffKind::OpChanged;
    int refOp = -1; // op id in the reference graph; -1 = absent on that side
    int genOp = -1;
    bool functionLevel = false; // about the entry itself (hints, signature, locations)
    std::string refOpName;      // "" when absent
    std::string genOpName;
    std::string attribute; // attribute, hint, type facet or "argument N"
    std::string refValue;
    std::string genValue;
    int operandIndex = -1;      // operand_changed
    std::string proof;          // why it cannot change a result (normal form, facts)
    bool conditional = false;   // the proof needs a precondition it states (no overflow, ...)
    std::string counterexample; // an input on which both sides' results differ
    int refLine = 0, refColumn = 0;
    int genLine = 0, genColumn = 0;
};

} // namespace tilelens::diff
