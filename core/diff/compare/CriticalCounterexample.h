#pragma once
// A counterexample for a critical difference that the result comparison (SmtCheck's
// smtCompare) cannot give, because the op itself computes nothing the solver models (a load, a
// store) or exists on one side only (issue 30 item 2). The solver compares the integer, mask or
// address values that make the difference:
//  * a load's or store's changed address, index or mask operand: an input on which the two
//    access other places (or other lanes);
//  * an `offset` whose pointer or index changed: an input on which the addresses differ;
//  * an op on one side only: the value a matched user reads in its place on each side.
// Only asked for criticals (never for an equivalent or a warn), and each model is checked by
// evaluating both sides on it (smtCompareValues).

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <string>

namespace tilelens::diff {

// The counterexample text of `d` ("operand 1: x = 3 -> reference 0, generated 1"), or "" when
// none is found (not encodable, proven equal, or the solver gave up).
std::string criticalCounterexample(const GFunction& ref, const GFunction& gen, const OpMatching& m,
                                   const RawDifference& d);

} // namespace tilelens::diff
