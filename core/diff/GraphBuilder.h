#pragma once
// Converts an ir::Function into the differ's flat GFunction, normalizing what
// does not carry meaning: attribute names and spellings of the different
// printers, default-valued attributes, dialect prefixes, hint nesting.

#include "diff/OpGraph.h"

#include <memory>

namespace tilelens::diff {

// Arrays are allocated in `arena` (shared by the functions of one side); a
// fresh arena when null.
GFunction buildGraph(const ir::Function& function, std::shared_ptr<ir::Arena> arena = nullptr);

// Normalized attribute name for an op ("rounding_mode" -> "rounding", ...).
std::string_view normalizeAttrName(std::string_view op, std::string_view name);

} // namespace tilelens::diff
