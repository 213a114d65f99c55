#pragma once
// Structural equality of two modules (ignores SSA names, source ranges,
// locations and attribute spelling; compares op names, operand wiring, result
// types, attributes by canonical form, written operand types where both sides
// carry them in the same shape (see Op::writtenOperandTypes) and nested regions).

#include "ir/Module.h"

#include <string>

namespace tilelens::ir {

// On mismatch returns false and, when `why` is given, describes the first difference.
bool equals(const Module& a, const Module& b, std::string* why = nullptr);

} // namespace tilelens::ir
