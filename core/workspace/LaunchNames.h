#pragma once
// Names of kernel parameters, generics and configuration fields compared by
// meaning: `in_ptr` and `input`, `BM`, `TILE_M` and `TILE_SIZE_M`, `BLOCK_SIZE`
// and `TILE_SIZE` are the same thing to a reader, and so they are here.

#include <string>
#include <vector>

namespace tilelens::ws {

// The name split at '_' and lower-cased.
std::vector<std::string> rawTokens(const std::string& name);
// The tokens that carry meaning, with synonyms folded ({input}, {tile, m}, ...).
std::vector<std::string> meaningTokens(const std::string& name);
// 100 for the same meaning, 50..99 for a partial one, 0 for none.
int nameScore(const std::string& a, const std::string& b);
// For each of `a`, the index in `b` of the same meaning (best first), -1 when none;
// with `positional`, the rest are paired in order.
std::vector<int> pairByName(const std::vector<std::string>& a, const std::vector<std::string>& b,
                            bool positional);

} // namespace tilelens::ws
