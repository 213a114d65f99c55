#pragma once
// Differences between two types by facet, for the comparator of matched ops
// and for the view extents (its own unit so that neither includes the other).

#include "diff/graph/Internal.h"
#include "ir/Type.h"

#include <string>
#include <vector>

namespace tilelens::diff {

// Differences between two types by facet: kind, shape, element_type, strides,
// tile, padding_value, dim_map, traversal_strides.
struct TypeFacetDiff
{
    std::string facet, refText, genText;
};
std::vector<TypeFacetDiff> compareTypes(const ir::Type* ref, const ir::Type* gen);

} // namespace tilelens::diff
