#pragma once
// Builds the side-by-side rows of one function pair: reference order, with
// unmatched generated ops placed right before the next matched one, fillers
// for ops present on one side only, nested regions indented.

#include "diff/DiffResult.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <map>
#include <string>
#include <vector>

namespace tilelens::diff {

struct RowLinks
{
    std::map<int, std::vector<std::string>> refOps; // op id -> divergence ids
    std::map<int, std::vector<std::string>> genOps;
    std::vector<std::string> entry; // function-level divergences
};

// `ref` or `gen` may be null for a function present on one side only.
std::vector<AlignedRow> buildAlignedRows(const GFunction* ref, const GFunction* gen,
                                         const OpMatching* m, const RowLinks& links);

} // namespace tilelens::diff
