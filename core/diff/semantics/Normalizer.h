#pragma once
// Dataflow normalization of one function (tile-ir.md §5.3): every value gets
// an identity from what computes it (hash-consing), so SSA names, duplicated
// pure ops (what CSE merges), the order of independent ops, commutative
// operand order and `assume` wrappers do not matter; pure ops whose results
// nothing uses are marked dead.

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

namespace tilelens::diff {

void normalizeGraph(GFunction& g);

// Forgets the normal form so that normalizeGraph can run again (after an
// edit of the graph, such as a specialised argument bound to a constant).
void resetNormalForm(GFunction& g);

} // namespace tilelens::diff
