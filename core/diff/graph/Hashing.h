#pragma once
// The differ's 64-bit hashes: how an op's name, a value's normal form and a
// pure op's results get their identities. Below every other part of core/diff
// (inline: called per op and operand), so that the normal form, the graph
// builder and the matcher share them without including each other.

#include "diff/graph/Internal.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

namespace tilelens::diff {

// 64-bit hash combination used by the differ.
inline uint64_t hashMix(uint64_t seed, uint64_t value)
{
    // splitmix64 finalizer over the combination: cheap and well distributed.
    uint64_t z = seed ^ (value + 0x9E3779B97F4A7C15ull + (seed << 6) + (seed >> 2));
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

inline uint64_t hashText(std::string_view text)
{
    return std::hash<std::string_view>()(text);
}

// Identity of result k of a pure op whose hash is `opHash`.
inline uint64_t resultHash(uint64_t opHash, size_t k)
{
    return hashMix(hashMix(0x5A5A, opHash), k);
}

} // namespace tilelens::diff
