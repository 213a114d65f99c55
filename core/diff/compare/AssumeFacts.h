#pragma once
// `assume` ops are facts on values, not computations: they take no part in
// op matching. After matching, the facts of corresponding values are compared
// by kind (div_by, bounded, same_elements); duplicated assumes of one fact
// merge. A kind present on one side only, or with different parameters, is a
// difference at the assume ops that state it.

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <vector>

namespace tilelens::diff {

void compareAssumeFacts(const GFunction& ref, const GFunction& gen, const OpMatching& m,
                        std::vector<RawDifference>& out);

// A difference about op r of the reference and/or op g of the generated side (-1: absent).
RawDifference makeDifference(DiffKind kind, const GFunction& ref, int r, const GFunction& gen,
                             int g);

} // namespace tilelens::diff
