#pragma once
// Tensor views compared dimension by dimension (issue 13). The reference is
// compiled for specialised array shapes (static extents such as the `1` of a
// one-element tensor, or a batch of 1); a port reads the same extent from an
// entry argument. Extent by extent: equal constants are equal; a static
// extent c in the reference against an entry argument in the generated
// kernel is equal under the launch precondition "argument = c" (a warn that
// states it); anything else is a change. Strides must be spelled alike
// (checklist M2: a static stride stays static, never a launch value).

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <vector>

namespace tilelens::diff {

// Appends the differences between the matched make_tensor_view ops r and g.
// False (nothing appended) when their ranks or element types differ: then
// the ops are compared as written.
bool compareTensorViews(const GFunction& R, int r, const GFunction& G, int g, const OpMatching& m,
                        std::vector<RawDifference>& out);

} // namespace tilelens::diff
