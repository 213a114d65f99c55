// fma's multiplicands commute (issue 30 item 4, a neutral spelling): a port that writes
// fma(b, a, c) for the reference's fma(a, b, c) computes the same value, bit for bit, in every
// rounding mode; the addend keeps its place. Found on a held-out real-compiler port
// (attention_sink's `l_i = l_i * alpha + l_ij` written `alpha * l_i + l_ij`), which gave a
// fallback-semantic critical.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::string kernel(const std::string& fma)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>) {\n"
           "    %r = " +
           fma +
           " : tile<f32>\n"
           "    %p = print_tko \"%f\", %r : tile<f32> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

} // namespace

TEST(CommutedFma, SwappedMultiplicandsAreTheSameValue)
{
    const DiffResult r = diffTexts(kernel("fma %a, %b, %c"), kernel("fma %b, %a, %c"));
    EXPECT_EQ(criticals(r).size(), 0u) << describe(r);
    const DiffResult rounded =
        diffTexts(kernel("fma %a, %b, %c rounding<zero>"), kernel("fma %b, %a, %c rounding<zero>"));
    EXPECT_EQ(criticals(rounded).size(), 0u) << describe(rounded);
}

TEST(CommutedFma, AnAddendSwappedWithAMultiplicandStaysCritical)
{
    const DiffResult r = diffTexts(kernel("fma %a, %b, %c"), kernel("fma %a, %c, %b"));
    EXPECT_EQ(criticals(r).size(), 1u) << describe(r);
}

TEST(CommutedFma, SwappedMultiplicandsWithAnotherAddendStayCritical)
{
    const DiffResult r = diffTexts(kernel("fma %a, %b, %c"), kernel("fma %b, %a, %a"));
    EXPECT_EQ(criticals(r).size(), 1u) << describe(r);
}

} // namespace tilelens::diff::test
