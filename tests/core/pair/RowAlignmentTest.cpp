// Where the aligned view pads with filler lines: matched rows side by side, the shorter side
// padded before each anchor and at the tail (moved from the GUI, sides typed).

#include "pair/RowAlignment.h"

#include <gtest/gtest.h>

namespace tilelens::pair {
namespace {

diff::AlignedRow row(int ref, int gen)
{
    diff::AlignedRow r;
    if (ref > 0)
        r.reference = diff::OpSite{ref, 1, "op"};
    if (gen > 0)
        r.generated = diff::OpSite{gen, 1, "op"};
    return r;
}

TEST(RowAlignment, TheShorterSideIsPaddedBeforeEachAnchorAndAtTheTail)
{
    diff::DiffResult result;
    diff::FunctionDiff f;
    // Reference lines 2, 3 and 6; generated lines 2, 5 (two extra ops above it) and 6.
    f.rows = {row(2, 2), row(0, 3), row(0, 4), row(3, 5), row(6, 6)};
    result.functions.push_back(f);
    RowAlignment a = computeRowAlignment(result);
    ASSERT_EQ(a.anchors.size(), 3u);
    EXPECT_EQ(a.anchors[1], (PerSide<FileLine>{FileLine(3), FileLine(5)}));
    // Before reference line 3: two filler lines after line 2 so that it meets generated line 5.
    EXPECT_EQ(a.phantoms.reference().at(FileLine(2)), 2);
    // Before line 6: the reference has lines 4 and 5, the generated side none: padded after 5.
    EXPECT_EQ(a.phantoms.generated().at(FileLine(5)), 2);
    EXPECT_EQ(a.last, (PerSide<FileLine>{FileLine(6), FileLine(6)}));
    EXPECT_EQ(a.rowOfLine.generated()[5], 3);
    EXPECT_EQ(a.rowOfLine.reference()[3], 3);
    // Reference 10 lines, generated 7: three after the last generated line.
    a.addTailPhantoms({10, 7});
    EXPECT_EQ(a.phantoms.generated().at(FileLine(7)), 3);
    EXPECT_EQ(flatRows(result).size(), 5u);
}

} // namespace
} // namespace tilelens::pair
