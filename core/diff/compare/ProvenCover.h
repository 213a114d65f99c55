#pragma once
// What a proof covers beyond the op pair that carries it: ops folded away by
// the same rewrite on both sides, pure ops that only feed proven-equal ops,
// and the yields of an `if` whose normal form is a min/max.

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <cstdint>
#include <vector>

namespace tilelens::diff {

// Key by which dead and duplicated ops are counted across the sides.
uint64_t surplusKey(const GOp& o);

// Gives `d` the proof of the proven-equal ops that use every result of `op`
// (directly or through other such ops); leaves it empty otherwise.
void absorbed(const GFunction& f, const GFunction& other, const std::vector<int>& toOther, int op,
              RawDifference& d, int depth = 0);

// A constant (written, or an op whose normal form is one) whose every use
// folded it into its own normal form: a reshape/broadcast chain is the splat
// of the result shape, so the scalar constant it starts from feeds nothing.
bool foldedIntoUsers(const GFunction& f, int op, int depth = 0);

// `op` sits in a region of an op whose normal form is matched on the other side.
bool insideProvenOp(const GFunction& f, const std::vector<int>& toOther, int op);

} // namespace tilelens::diff
