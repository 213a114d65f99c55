#pragma once
// Converts an ir::Function into the differ's flat GFunction, normalizing what
// does not carry meaning: attribute names and spellings of the different
// printers, default-valued attributes, dialect prefixes, hint nesting.

#include "diff/OpGraph.h"

namespace tilelens::diff {

GFunction buildGraph(const ir::Function& function);

// Normalized attribute name for an op ("rounding_mode" -> "rounding", ...).
std::string normalizeAttrName(std::string_view op, std::string_view name);

} // namespace tilelens::diff
