#pragma once
// Mask bounds that only the launch can justify, as one finding (issue 13).
// A row-wise kernel of the reference masks each access with
// (row < shape0) & (col < shape1): the row is the block id, the bounds are
// tensor extents it receives. A raw-pointer port masks with (col < hidden)
// only: it launches one block per row, so the row test is always true, and it
// receives no tensor extents, so its column bound is its own argument. Op by
// op this is a dozen differences (the row compares, the conjunctions, the
// exti / reshape / broadcast chains feeding only them, every gather's and
// scatter's mask operand); it is one cause, and only host evidence (the grid,
// the extents passed) shows it harmless. Here the masks of matched memory ops
// are split into their conjuncts (through `andi`) and each conjunct not
// present on both sides is read as a bound: `V pred I` with V varying per
// block (block ids) or per lane (iota) and I invariant (entry arguments,
// constants), all as sums of terms (PointerOffsets.h). The differences group
// into one warn when every such conjunct is
// * a row bound (V from block ids only), on one side only, or
// * a lane bound paired with a lane bound of the other side: the same
//   predicate and the same V (constants moved to the bound), bounds that are
//   equal or where the reference's bound uses an entry argument the port does
//   not receive and the port's uses none it does receive (its own bound).
// A dropped column test, a changed predicate or lane index, or a port bound
// built from a paired argument (a stride) stays a critical difference. Where
// one lane bound pairs but for its predicate (`<=` for `<`) or, with the same
// predicate and lane, for its bound, that compare's critical difference (for
// a bound, the operand change where the other bound is read, up the splat
// that feeds the compare) is the group's root instead of the warn: one
// finding at the change, the masks its sites. A predicate change proven equal only because the
// port's bound is bound to the reference's specialised constant (hidden_size = 1024 = the tile) is
// said to rest on it: a warn naming the constant (issue 30).

#include "diff/DiffResult.h"
#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <vector>

namespace tilelens::diff {

// Marks the group's root difference (attribute "mask bounds", the bounds of
// each side as its values) and returns its index, or -1 when there is no
// such group. `divs` are the classified `raw` differences; only critical ones
// join. `root` (RootCauses.h) is updated: the group's differences, and those
// that followed one of them, become sites of the root.
int groupMaskBounds(const GFunction& R, const GFunction& G, std::vector<RawDifference>& raw,
                    const std::vector<Divergence>& divs, std::vector<int>& root);

} // namespace tilelens::diff
