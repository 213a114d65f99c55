#pragma once
// A compare that trades its predicate's strictness for a bound moved by one
// (issue 30 item 4): `x <= y - 1` is `x < y`, `x < y + 1` is `x <= y`,
// `x + 1 > y` is `x >= y`, wherever the shifted value cannot wrap in the
// compare's signedness (its proven range). Read so, neither the predicate nor
// the operands changed; a signedness difference of the pair stays to be
// decided on its own, as for the unshifted spelling.

#include "common/Side.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <functional>
#include <string>

namespace tilelens::diff {

// (reference value, generated value) -> the two are the same value.
using ValuesCorrespond = std::function<bool(int, int)>;

struct ShiftedBound
{
    std::string proof; // empty: the pair is not such a spelling
    Side shiftedSide = Side::Generated;
    int shiftOp = -1; // the addi / subi on that side, when the compare is its only user
};

// Whether cmpi `r` (reference) and cmpi `g` (generated) differ in predicate
// only by such a shift on one side.
ShiftedBound shiftedBound(const GFunction& R, int r, const GFunction& G, int g,
                          const ValuesCorrespond& correspond);

} // namespace tilelens::diff
