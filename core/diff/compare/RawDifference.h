#pragma once
// A difference found by comparing two normalized functions, before any rule
// has classified it.

#include "common/Side.h"
#include "diff/DiffVocabulary.h"
#include "diff/graph/Internal.h"

#include <optional>
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

// The op of `d` on `side` (-1: absent there).
inline int opOn(const RawDifference& d, Side side)
{
    return side == Side::Generated ? d.genOp : d.refOp;
}

// The side of a difference with an op on one side only; none when it has both or neither.
inline std::optional<Side> onlySide(const RawDifference& d)
{
    if ((d.refOp >= 0) == (d.genOp >= 0))
        return std::nullopt;
    return d.genOp >= 0 ? Side::Generated : Side::Reference;
}

} // namespace tilelens::diff
