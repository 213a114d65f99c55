#pragma once
// Dataflow normalization of one function (tile-ir.md §5.3): every value gets
// an identity from what computes it (hash-consing), so SSA names, duplicated
// pure ops (what CSE merges), the order of independent ops, commutative
// operand order and `assume` wrappers do not matter; pure ops whose results
// nothing uses are marked dead.

#include "diff/graph/OpGraph.h"

#include <cstdint>
#include <string_view>

namespace tilelens::diff {

void normalizeGraph(GFunction& g);

// 64-bit hash combination used by the differ (inline: called per op and operand).
inline uint64_t hashMix(uint64_t seed, uint64_t value)
{
    // splitmix64 finalizer over the combination: cheap and well distributed.
    uint64_t z = seed ^ (value + 0x9E3779B97F4A7C15ull + (seed << 6) + (seed >> 2));
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t hashText(std::string_view text);

// Identity of result k of a pure op whose hash is `opHash`.
inline uint64_t resultHash(uint64_t opHash, size_t k)
{
    return hashMix(hashMix(0x5A5A, opHash), k);
}

} // namespace tilelens::diff
