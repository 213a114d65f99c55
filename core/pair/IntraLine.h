#pragma once
// Which characters of two differing op lines differ (Meld-style intra-line highlights): a
// token-level longest common subsequence of the two lines. SSA names (%12 vs %7) match each
// other, since renumbering is expected between compilers; letters, digit runs and single
// punctuation marks are tokens, so "tile<1x256xf16>" vs "tile<1x512xf16>" differs in "256" only.
//
// Lines are UTF-8 and spans are byte offsets into them: what an editor's indicator ranges take.
// A character outside ASCII counts as a letter.

#include "common/Side.h"

#include <optional>
#include <string_view>
#include <vector>

namespace tilelens::diff {
struct Divergence;
} // namespace tilelens::diff

namespace tilelens::pair {

struct ByteSpan
{
    int start = 0;  // byte offset into the line
    int length = 0; // in bytes
    bool operator==(const ByteSpan& o) const { return start == o.start && length == o.length; }
};

// Beyond this many token pairs the LCS is skipped: both lines count as one differing span each
// (a 2000-token line pair is not read character by character).
constexpr long kMaxIntraLineCells = 250000;

PerSide<std::vector<ByteSpan>> intraLineSpans(std::string_view reference,
                                              std::string_view generated);

// The characters of a divergence to mark on side `side`. `lines[s]` is the text of the
// divergence's line on side s (nullopt when that side has none or it is not shown). Against the
// other side's line: the characters that differ; one-sided (or equal up to SSA names): the
// attribute or op name as a whole word; else the whole op text.
std::vector<ByteSpan> divergenceSpans(const diff::Divergence& d, Side side,
                                      const PerSide<std::optional<std::string_view>>& lines);

} // namespace tilelens::pair
