#pragma once
// One finding per root cause (issue 13): an op that differs only because one
// of its operands is produced by an op that is itself a critical difference
// (an operand that no longer corresponds, or an op present on one side only
// fed by one) says nothing new. It becomes a site of the finding it follows
// from instead of a critical of its own. Only operand-level differences
// follow: an op that also changes its own name, attributes or types is a root.

#include "diff/DiffResult.h"
#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <vector>

namespace tilelens::diff {

// For each difference, the index of the root difference it follows from, or
// -1 when it is a root itself. `divs` are the classified `raw` differences.
// `partOfChange` (optional) marks the differences that are part of their
// root's change rather than downstream of its result: its inputs (an op that
// only feeds the changed op) and an accumulator's path.
std::vector<int> rootCauses(const GFunction& R, const GFunction& G,
                            const std::vector<RawDifference>& raw,
                            const std::vector<Divergence>& divs,
                            std::vector<char>* partOfChange = nullptr);

} // namespace tilelens::diff
