#pragma once
// A counterexample for a critical float difference (issue 30 item 2), where the SMT layer
// (SmtCheck, CriticalCounterexample) models integers, masks and addresses only. The two
// expression DAGs below the compared values are evaluated on concrete inputs, one scalar per
// value: every input tile is uniform (each element equal), so an element-wise op's lane is the
// op on scalars, computed exactly as the CPU interpreter does (eval/FloatMath.h, roundTo: the
// element type's rounding mode, flush-to-zero of subnormal inputs and results).
//
// The inputs are the values the two sides share: matched loads (the same memory read on both
// sides), entry arguments (specialised ones are the reference's constants), a loop's
// iteration values in its first iteration (the loop's initial values; only for a loop whose
// bounds are known and run it at least once). A view load whose tile may reach past the extent
// is not uniform (its padding lanes): no reduction or mma of it is modelled. After the uniform
// tries, one view-loaded tile (not padded; other strides even) may alternate two values along
// its last dimension (lane 0 at even positions, lane 1 at odd ones: x - max(x) is not zero
// everywhere). Integer
// entry arguments take one value their assumes allow, the block id is (0, 0, 0), iota is a
// range of indices (a mask decided alike on every element makes a masked load a whole tile),
// and a loop's result counts where its bounds follow and it runs at most once. An op it does
// not model exactly (an index-dependent value reaching a float, a mask true on some elements
// only, a reduction whose partial sums are not exact, an mma of differing tiles, an unknown
// op) gives no witness. Approximate ops (exp, exp2, rsqrt, divf rounding<approx>, ...) are
// computed faithfully; a result that depends on one counts only where the difference is far
// beyond any approximation
// (NaN or inf against a number, zero against non-zero, other signs, 1/64 relative) and stays so
// with every approximate result moved by 1/1024. Other differences count beyond the tolerance of
// the project's CPU comparison (eval::EvalOptions::maxUlp units in the last place).
//
// The difference must be the finding's (review 1): at the witness's inputs the two kernels
// differ, and so do the reference and the reference with only the finding changed (its ops
// computed on the reference's values), so a store difference caused by another change of the
// pair lends it nothing. A stored value counts where the store runs (every for around it runs,
// as the loop compares its bounds, every if takes its region) and its masks hold on every
// element; a mask or bound not modelled counts on uniform inputs only. The search stops after a
// budget of evaluated values per finding.

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <string>

namespace tilelens::diff {

// The witness text of critical difference `d` ("argument 3 = 100 (every element) -> reference
// NaN, generated 1"), or "" when none is found or the values are not modelled.
std::string floatWitness(const GFunction& ref, const GFunction& gen, const OpMatching& m,
                         const RawDifference& d);

} // namespace tilelens::diff
