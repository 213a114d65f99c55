// The shared vocabulary of core/common: sides, the two line counts, cancellation.

#include "common/CancelToken.h"
#include "common/Lines.h"
#include "common/Side.h"

#include <gtest/gtest.h>
#include <string>
#include <thread>
#include <unordered_set>

namespace tilelens {
namespace {

TEST(Side, OtherSideAndWords)
{
    EXPECT_EQ(otherSide(Side::Reference), Side::Generated);
    EXPECT_EQ(otherSide(Side::Generated), Side::Reference);
    EXPECT_STREQ(sideWord(Side::Reference), "reference");
    EXPECT_STREQ(sideWord(Side::Generated), "generated");
    EXPECT_EQ(kBothSides[0], Side::Reference);
}

TEST(PerSide, IndexedBySideReferenceFirst)
{
    PerSide<std::string> names("ref.mlir", "gen.mlir");
    EXPECT_EQ(names[Side::Reference], "ref.mlir");
    EXPECT_EQ(names.generated(), "gen.mlir");
    names[Side::Generated] = "other.mlir";
    std::string order;
    names.forEach(
        [&](Side s, std::string& n) { order += std::string(sideWord(s)) + "=" + n + ";"; });
    EXPECT_EQ(order, "reference=ref.mlir;generated=other.mlir;");
    const PerSide<int> counts(1, 2);
    int sum = 0;
    counts.forEach([&](Side, const int& c) { sum += c; });
    EXPECT_EQ(sum, 3);
    EXPECT_EQ(counts, PerSide<int>(1, 2));
    EXPECT_NE(counts, PerSide<int>(2, 1));
}

TEST(Lines, OneConversionEachWay)
{
    EXPECT_EQ(FileLine(1).toEditor(), EditorLine(0));
    EXPECT_EQ(EditorLine(0).toFile(), FileLine(1));
    EXPECT_EQ(FileLine(42).toEditor().toFile(), FileLine(42));
    // Unknown and none map to each other, never to line 1 or index 0.
    EXPECT_FALSE(FileLine().known());
    EXPECT_FALSE(FileLine(0).toEditor().valid());
    EXPECT_FALSE(FileLine(-3).known());
    EXPECT_FALSE(EditorLine().toFile().known());
    EXPECT_FALSE(EditorLine(-1).valid());
    EXPECT_EQ(FileLine(3).next(), FileLine(4));
    EXPECT_LT(EditorLine(2), EditorLine(5));
    std::unordered_set<FileLine> lines{FileLine(1), FileLine(1), FileLine(2)};
    EXPECT_EQ(lines.size(), 2u);
}

TEST(CancelToken, DefaultTokenNeverCancels)
{
    const CancelToken token;
    EXPECT_FALSE(token.isCancelled());
    EXPECT_NO_THROW(token.throwIfCancelled());
    EXPECT_EQ(token.flag(), nullptr);
}

TEST(CancelToken, CancelReachesEveryTokenAcrossThreads)
{
    CancelSource source;
    const CancelToken token = source.token();
    EXPECT_FALSE(token.isCancelled());
    std::thread other([&] { source.cancel(); });
    other.join();
    EXPECT_TRUE(source.isCancelled());
    EXPECT_TRUE(token.isCancelled());
    EXPECT_THROW(token.throwIfCancelled(), Cancelled);
    uint32_t counter = 0;
    int polls = 0;
    try {
        for (;; ++polls)
            token.poll(counter, 8);
    } catch (const Cancelled&) {
    }
    EXPECT_EQ(polls, 7); // the eighth call loads the flag
}

} // namespace
} // namespace tilelens
