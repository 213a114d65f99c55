// The type-text readers of the normal form (semantics/Semantics.h) take short cuts for the
// common spellings (issue 28: they run for most results of a 100k-op side); the answers stay
// those of reading the whole spelling, also for the unusual ones.

#include "diff/graph/Hashing.h"
#include "diff/graph/OpGraph.h"
#include "diff/semantics/Semantics.h"

#include <gtest/gtest.h>
#include <string>

namespace tilelens::diff {
namespace {

TEST(TypeText, IntWidthOfIntegerTiles)
{
    EXPECT_EQ(intWidth("tile<i1>"), 1);
    EXPECT_EQ(intWidth("tile<i32>"), 32);
    EXPECT_EQ(intWidth("tile<4096xi64>"), 64);
    EXPECT_EQ(intWidth("tile<128x64xi16>"), 16);
    EXPECT_EQ(intWidth("tile<1x1xi8>"), 8);
    EXPECT_EQ(intWidth("tile<4xi032>"), 32); // leading zeros read as the full parse reads them
}

TEST(TypeText, IntWidthIsZeroForEverythingElse)
{
    for (const char* t :
         {"", "i32", "tile<>", "tile<i>", "tile<f32>", "tile<4xbf16>", "tile<4xf8E4M3FN>",
          "tile<ptr<i32>>", "tile<4xptr<i64>>", "tensor_view<4xi32>", "tile<4xi32", "tile<4x32>",
          "tile<4xui32>", "token", "tile<4x<i32>xi32>"})
        EXPECT_EQ(intWidth(t), 0) << t;
}

TEST(TypeText, IntWidthOfUnusualSpellingsTakesTheFullPath)
{
    EXPECT_EQ(intWidth("tile<4xi-5>"), -5);                 // signed digits: what from_chars reads
    EXPECT_EQ(intWidth("tile<4xi99999999999>"), 0);         // does not fit an int
    EXPECT_EQ(intWidth("tile<4xi123456789>"), 123456789);   // nine digits: still the short cut
    EXPECT_EQ(intWidth("tile<4xi1234567890>"), 1234567890); // ten: the full parse
}

TEST(TypeText, ScalarTypeHashIsTheHashOfTheScalarType)
{
    for (const char* t : {"tile<i32>", "tile<4096xi64>", "tile<128x1xptr<f32>>", "tile<f16>",
                          "token", "i32", "tile<8x" /* no '>' */})
        EXPECT_EQ(scalarTypeHash(t), hashText(scalarTypeOf(t))) << t;
    const std::string longElement = "tile<4x" + std::string(200, 'a') + ">";
    EXPECT_EQ(scalarTypeHash(longElement), hashText(scalarTypeOf(longElement)));
}

TEST(TypeText, RangeText)
{
    EXPECT_EQ(IntRange::full().text(), "[any]");
    EXPECT_EQ(IntRange::of(0, 127).text(), "[0, 127]");
    EXPECT_EQ(IntRange::of(-5, 2147483647).text(), "[-5, 2^31-1]");
    EXPECT_EQ(IntRange::of(INT64_MIN, INT64_MAX).text(), "[-9223372036854775808, 2^63-1]");
}

} // namespace
} // namespace tilelens::diff
