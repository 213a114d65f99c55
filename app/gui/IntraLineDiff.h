#pragma once
// Which characters of two differing op lines differ (Meld-style intra-line
// highlights): a token-level longest common subsequence of the two lines.
// SSA names (%12 vs %7) match each other, since renumbering is expected
// between compilers; letters, digit runs and single punctuation marks are
// tokens, so "tile<1x256xf16>" vs "tile<1x512xf16>" differs in "256" only.

#include <QString>
#include <vector>

namespace tilelens::gui {

struct TextSpan
{
    int start = 0;  // QString index into the line
    int length = 0; // in QChars
    bool operator==(const TextSpan& o) const { return start == o.start && length == o.length; }
};

struct IntraLineSpans
{
    std::vector<TextSpan> reference; // differing runs of the reference line
    std::vector<TextSpan> generated;
};

// Beyond this many token pairs the LCS is skipped: both lines count as one
// differing span each (a 2000-token line pair is not read character by character).
constexpr long kMaxIntraLineCells = 250000;

IntraLineSpans intraLineSpans(const QString& reference, const QString& generated);

} // namespace tilelens::gui
