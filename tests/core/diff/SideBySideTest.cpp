// sideBySideAnchors(): the matched rows the app's aligned view and the HTML page
// both put side by side.

#include "diff/SideBySide.h"

#include <gtest/gtest.h>

namespace tilelens::diff {
namespace {

AlignedRow row(int refLine, int genLine)
{
    AlignedRow r;
    if (refLine > 0)
        r.reference = OpSite{refLine, 1, "op"};
    if (genLine > 0)
        r.generated = OpSite{genLine, 1, "op"};
    return r;
}

TEST(SideBySide, LongestRunIncreasingOnBothSidesOneAnchorPerLine)
{
    DiffResult r;
    FunctionDiff f;
    f.rows = {row(1, 1), row(2, 9), // hoisted far ahead: would hold back every row after it
              row(3, 2), row(0, 3), // one-sided: never an anchor
              row(4, 4), row(4, 5), // two rows on reference line 4: the first anchors it
              row(6, 6)};
    r.functions.push_back(f);
    const std::vector<std::pair<int, int>> want = {{1, 1}, {3, 2}, {4, 4}, {6, 6}};
    EXPECT_EQ(sideBySideAnchors(r), want);
}

TEST(SideBySide, NoMatchedRowsNoAnchors)
{
    DiffResult r;
    FunctionDiff f;
    f.rows = {row(1, 0), row(0, 1)};
    r.functions.push_back(f);
    EXPECT_TRUE(sideBySideAnchors(r).empty());
}

} // namespace
} // namespace tilelens::diff
