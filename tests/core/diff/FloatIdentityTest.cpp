// Float identities with zeros (SignedZero.cpp): cuTile Python fuses a square
// into fma(x, x, +0.0), cuTile Rust writes x * x + 0.0. Equal only because a
// square is never -0.0; a general product can be.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

// Entry arguments %0, %1 (f32); `body` defines %r, which is printed.
std::string printed(const std::string& body)
{
    return "cuda_tile.module @m {\n  entry @k(%0: tile<f32>, %1: tile<f32>) {\n"
           "    %pz = constant <f32: 0.0> : tile<f32>\n"
           "    %nz = constant <f32: -0.0> : tile<f32>\n" +
           body + "    %p = print_tko \"%f\", %r : tile<f32> -> token\n    return\n  }\n}\n";
}

bool hasProof(const DiffResult& r, const std::string& words)
{
    for (const auto& d : r.divergences)
        if (d.proof.find(words) != std::string::npos)
            return true;
    return false;
}

TEST(FloatIdentity, FusedSquareWithZeroAddendIsTheSquare)
{
    const std::string fused = printed("    %r = fma %0, %0, %pz : tile<f32>\n");
    const std::string split = printed("    %s = mulf %0, %0 : tile<f32>\n"
                                      "    %r = addf %pz, %s : tile<f32>\n");
    const DiffResult r = diffTexts(fused, split);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_TRUE(hasProof(r, "never -0.0")) << describe(r);
}

// The square of a gathered tile; `hint` on the gather makes the two sides'
// tiles differ in identity (a hint choice), so the ops pair by dataflow.
std::string gatheredSquare(const std::string& hint, const std::string& square)
{
    return "cuda_tile.module @m {\n  entry @k(%0: tile<ptr<f32>>) {\n"
           "    %pz = constant <f32: 0.0> : tile<16xf32>\n"
           "    %i = iota : tile<16xi32>\n"
           "    %p = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b = broadcast %p : tile<1xptr<f32>> -> tile<16xptr<f32>>\n"
           "    %q = offset %b, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>\n"
           "    %x, %t = load_ptr_tko weak %q " +
           hint + ": tile<16xptr<f32>> -> tile<16xf32>, token\n" + square +
           "    %st = store_ptr_tko weak %q, %r : tile<16xptr<f32>>, tile<16xf32> -> token\n"
           "    return\n  }\n}\n";
}

TEST(FloatIdentity, FusedSquarePairsWithTheProductOfCorrespondingTiles)
{
    const std::string hint = "optimization_hints = #cuda_tile.optimization_hints<sm_100 = "
                             "{latency = 1}> ";
    const std::string fused = gatheredSquare("", "    %r = fma %x, %x, %pz : tile<16xf32>\n");
    const std::string split = "    %s = mulf %x, %x : tile<16xf32>\n"
                              "    %r = addf %pz, %s : tile<16xf32>\n";
    DiffResult r = diffTexts(fused, gatheredSquare(hint, split));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_TRUE(hasProof(r, "fma(x, x, +0.0) = x * x")) << describe(r);
    // x * x + x is no square: fma against mulf stays a core-op change.
    r = diffTexts(fused, gatheredSquare(hint, "    %s = mulf %x, %x : tile<16xf32>\n"
                                              "    %r = addf %x, %s : tile<16xf32>\n"));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
}

// softmax's `x - max` written as `x + (-max)`: IEEE subtraction is the addition of the
// negation, so the two are one value; `max - x` is not.
TEST(FloatIdentity, AddingTheNegationIsTheDifference)
{
    const std::string hint = "optimization_hints = #cuda_tile.optimization_hints<sm_100 = "
                             "{latency = 1}> ";
    const std::string difference =
        gatheredSquare("", "    %c = constant <f32: 3.0> : tile<16xf32>\n"
                           "    %r = subf %x, %c : tile<16xf32>\n");
    const std::string negated = gatheredSquare(hint, "    %c = constant <f32: 3.0> : tile<16xf32>\n"
                                                     "    %n = negf %c : tile<16xf32>\n"
                                                     "    %r = addf %x, %n : tile<16xf32>\n");
    DiffResult r = diffTexts(difference, negated);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_TRUE(hasProof(r, "a + (-b) = a - b")) << describe(r);
    for (const auto& d : r.divergences)
        EXPECT_NE(d.rule, "dead-pure-op") << describe(r);
    // c - x is another value.
    std::string reversed = difference;
    ASSERT_TRUE(applyEdits(reversed, {{"subf %x, %c", "subf %c, %x"}}));
    r = diffTexts(reversed, negated);
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
}

TEST(FloatIdentity, MinusZeroAddendIsTheProductForEveryOperand)
{
    const DiffResult r = diffTexts(printed("    %r = fma %0, %1, %nz : tile<f32>\n"),
                                   printed("    %r = mulf %0, %1 : tile<f32>\n"));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_TRUE(hasProof(r, "fma(a, b, -0.0) = a * b")) << describe(r);
}

TEST(FloatIdentity, PlusZeroAddendOfAGeneralProductIsNotTheProduct)
{
    // a = -1, b = +0: fma gives -0 + +0 = +0, the product is -0 (printed "-0.0").
    DiffResult r = diffTexts(printed("    %r = fma %0, %1, %pz : tile<f32>\n"),
                             printed("    %r = mulf %0, %1 : tile<f32>\n"));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
    // Adding +0.0 to a product is no identity either.
    r = diffTexts(printed("    %r = mulf %0, %1 : tile<f32>\n"),
                  printed("    %s = mulf %0, %1 : tile<f32>\n"
                          "    %r = addf %pz, %s : tile<f32>\n"));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
    // A rounding attribute on the fused square is not dropped.
    r = diffTexts(printed("    %r = fma %0, %0, %pz rounding<zero> : tile<f32>\n"),
                  printed("    %s = mulf %0, %0 : tile<f32>\n"
                          "    %r = addf %pz, %s : tile<f32>\n"));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
