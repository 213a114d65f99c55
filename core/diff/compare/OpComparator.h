#pragma once
// Compares matched ops (name, attributes, hints, result types, operand
// correspondence, regions) and lists unmatched ops, dead or duplicated ops
// present on one side only, function-level differences and changes in the
// relative order of side-effecting ops.

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <vector>

namespace tilelens::diff {

std::vector<RawDifference> compareFunctions(const GFunction& ref, const GFunction& gen,
                                            const OpMatching& m);

// One-line summary of an op's attributes ("div_by<16>", "rounding=approx flush_to_zero").
std::string opSignature(const GFunction& g, int op);

} // namespace tilelens::diff
