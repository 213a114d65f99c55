#pragma once
// Finds which op of the generated function corresponds to which op of the
// reference function. Identical dataflow is matched first (hash-consed
// identities), then correspondences spread along dataflow (an op whose
// operands correspond to another's, or the producers of corresponding
// operands), region by region, and what is left is aligned by order between
// the matched anchors (longest common subsequence of op names).

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <vector>

namespace tilelens::diff {

struct OpMatching
{
    std::vector<int> refToGen; // op id -> op id or -1
    std::vector<int> genToRef;
    std::vector<int> refValToGen; // canonical value id -> canonical value id or -1
    std::vector<int> genValToRef;
    std::vector<int> refRegionToGen;
    std::vector<int> genRegionToRef;
    std::vector<std::pair<int, int>> regionPairs; // in discovery order (parents first)
    int matchedOps = 0;
};

// Ops that take part in matching: live and not a duplicate of another.
// Assumes do not: they are facts on values, compared value by value.
inline bool participates(const GOp& o)
{
    return o.live && o.duplicateOf < 0 && !o.assume;
}

// The operands of an op's normal form ((x-128)+1 -> x).
inline IdList semanticOperands(const GOp& o)
{
    return o.hasSemOperands ? o.semOperands : o.operands;
}

// Both graphs must be normalized.
OpMatching matchOps(const GFunction& ref, const GFunction& gen);

// Longest increasing subsequence: indices into `seq` of one LIS.
std::vector<size_t> longestIncreasing(const std::vector<int>& seq);

} // namespace tilelens::diff
