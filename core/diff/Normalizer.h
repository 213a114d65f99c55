#pragma once
// Dataflow normalization of one function (tile-ir.md §5.3): every value gets
// an identity from what computes it (hash-consing), so SSA names, duplicated
// pure ops (what CSE merges), the order of independent ops, commutative
// operand order and `assume` wrappers do not matter; pure ops whose results
// nothing uses are marked dead.

#include "diff/OpGraph.h"

namespace tilelens::diff {

void normalizeGraph(GFunction& g);

// 64-bit hash combination used by the differ.
uint64_t hashMix(uint64_t seed, uint64_t value);
uint64_t hashText(std::string_view text);

} // namespace tilelens::diff
