#pragma once
// A flush_to_zero on one side only, proven harmless when no result can see it
// (issue 13, checklist C-FTZ). ftz replaces an f32 subnormal input or result
// (|x| < 2^-126) by a zero of the same sign. Where the flushed op is a mulf or
// negf whose changed values, scaled only by operands of proven magnitude (f16
// and other narrow-float loads, constants, their products), reach nothing but
// casts to a narrow float type whose half smallest subnormal exceeds the
// bound, both sides store the same signed zero. Any other use (an add, a
// compare, an f32 store, a loop) keeps the difference critical.

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

namespace tilelens::diff {

// Fills d.proof (and d.conditional with the precondition in the proof when an
// infinite input could show the flush) for a flush_to_zero present on one of
// the matched ops r (reference) and g (generated) only. Leaves d unchanged
// when it cannot prove the flush unobservable.
void explainFlush(const GFunction& R, int r, const GFunction& G, int g, RawDifference& d);

} // namespace tilelens::diff
