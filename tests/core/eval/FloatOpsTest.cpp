// Float ops against hand-computed results: rounding to the element format,
// flush_to_zero, NaN handling, conversions, and which ops are reported as
// modelled only within a tolerance.

#include "EvalTestUtil.h"

#include <cmath>
#include <limits>

using namespace tilelens::eval;
using namespace tilelens::eval::test;

namespace {

FuncRun floatBinary(const std::string& opText, Elem e, const std::string& ty,
                    const std::vector<double>& a, const std::vector<double>& b)
{
    const int64_t n = int64_t(a.size());
    return runFunc("testing$func @f(%a: " + ty + ", %b: " + ty + ") -> " + ty +
                       " {\n  %r = " + opText + " : " + ty + "\n  return %r : " + ty + "\n}",
                   {floats(e, {n}, a), floats(e, {n}, b)});
}

const double kInf = std::numeric_limits<double>::infinity();

} // namespace

TEST(EvalFloatOps, AddRoundsOnceToTheElementType)
{
    const double half = std::ldexp(1.0, -11); // half an f16 step at 1.0
    FuncRun r =
        floatBinary("addf %a, %b", Elem::F16, "tile<2xf16>", {1.0, 1.0 + 2 * half}, {half, half});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{1.0, 1.0 + 4 * half})); // both ties to even
    r = floatBinary("addf %a, %b rounding<positive_inf>", Elem::F16, "tile<1xf16>", {1.0},
                    {std::ldexp(1.0, -24)});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{1.0 + 2 * half}));
    r = floatBinary("subf %a, %b rounding<zero>", Elem::F32, "tile<1xf32>", {1.0},
                    {std::ldexp(1.0, -60)});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{1.0 - std::ldexp(1.0, -24)}));
    EXPECT_FALSE(r.issue);
    EXPECT_TRUE(r.stats.approximations.empty());
}

TEST(EvalFloatOps, MulDivAndFmaRoundCorrectly)
{
    // bf16: 3 * (1 + 2^-7) = 3.0234375 -> 3.03125 (step 2^-6 in [2, 4), tie to even mantissa)
    FuncRun r =
        floatBinary("mulf %a, %b", Elem::BF16, "tile<1xbf16>", {3.0}, {1.0 + std::ldexp(1.0, -7)});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{3.03125}));
    r = floatBinary("divf %a, %b", Elem::F32, "tile<1xf32>", {1.0}, {3.0});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{double(1.0f / 3.0f)}));
    // fma rounds once: (1 + 2^-12)^2 - 1 keeps the 2^-24 term that mulf then subf would lose.
    const double x = 1.0 + std::ldexp(1.0, -12);
    r = runFunc("testing$func @f(%a: tile<1xf32>, %c: tile<1xf32>) -> tile<1xf32> {\n"
                "  %r = fma %a, %a, %c : tile<1xf32>\n  return %r : tile<1xf32>\n}",
                {floats(Elem::F32, {1}, {x}), floats(Elem::F32, {1}, {-1.0})});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{std::ldexp(1.0, -11) + std::ldexp(1.0, -24)}));
}

TEST(EvalFloatOps, FlushToZeroFlushesInputsAndResults)
{
    const double denormal = std::ldexp(1.0, -130);
    FuncRun r =
        floatBinary("addf %a, %b flush_to_zero", Elem::F32, "tile<1xf32>", {denormal}, {denormal});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{0.0}));
    r = floatBinary("addf %a, %b", Elem::F32, "tile<1xf32>", {denormal}, {denormal});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{2 * denormal}));
}

TEST(EvalFloatOps, MaxMinAndNaN)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    FuncRun r =
        floatBinary("maxf %a, %b", Elem::F32, "tile<3xf32>", {nan, 1.0, -0.0}, {2.0, nan, 0.0});
    const auto v = floatsOf(r);
    ASSERT_EQ(v.size(), 3u);
    EXPECT_EQ(v[0], 2.0);
    EXPECT_EQ(v[1], 1.0);
    EXPECT_FALSE(std::signbit(v[2]));
    r = floatBinary("maxf %a, %b propagate_nan", Elem::F32, "tile<1xf32>", {nan}, {2.0});
    EXPECT_TRUE(std::isnan(floatsOf(r)[0]));
    r = floatBinary("minf %a, %b", Elem::F32, "tile<2xf32>", {-kInf, 3.0}, {1.0, 2.0});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{-kInf, 2.0}));
}

TEST(EvalFloatOps, CompareOrderedAndUnordered)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    auto cmp = [&](const std::string& pred) {
        return runFunc("testing$func @f(%a: tile<2xf32>, %b: tile<2xf32>) -> tile<2xi1> {\n"
                       "  %r = cmpf " +
                           pred +
                           " %a, %b : tile<2xf32> -> tile<2xi1>\n"
                           "  return %r : tile<2xi1>\n}",
                       {floats(Elem::F32, {2}, {1.0, nan}), floats(Elem::F32, {2}, {2.0, 1.0})});
    };
    EXPECT_EQ(intsOf(cmp("less_than ordered")), (std::vector<int64_t>{1, 0}));
    EXPECT_EQ(intsOf(cmp("less_than unordered")), (std::vector<int64_t>{1, 1}));
    EXPECT_EQ(intsOf(cmp("greater_than ordered")), (std::vector<int64_t>{0, 0}));
}

TEST(EvalFloatOps, Conversions)
{
    // f32 -> bf16: 1 + 2^-8 is a tie between 1 and 1 + 2^-7: even is 1.
    FuncRun r = runFunc("testing$func @f(%a: tile<3xf32>) -> tile<3xbf16> {\n"
                        "  %r = ftof %a : tile<3xf32> -> tile<3xbf16>\n"
                        "  return %r : tile<3xbf16>\n}",
                        {floats(Elem::F32, {3}, {1.0 + std::ldexp(1.0, -8), 3.0e38, -0.0})});
    auto v = floatsOf(r);
    ASSERT_EQ(v.size(), 3u);
    EXPECT_EQ(v[0], 1.0);
    EXPECT_EQ(v[1], roundTo(3.0e38, Elem::BF16));
    EXPECT_TRUE(std::signbit(v[2]));
    r = runFunc("testing$func @f(%a: tile<4xf32>) -> tile<4xi8> {\n"
                "  %r = ftoi %a signed : tile<4xf32> -> tile<4xi8>\n"
                "  return %r : tile<4xi8>\n}",
                {floats(Elem::F32, {4}, {-2.7, 2.7, 1000.0, std::nan("")})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{-2, 2, 127, 0}));
    r = runFunc("testing$func @f(%a: tile<2xi32>) -> tile<2xf16> {\n"
                "  %r = itof %a unsigned : tile<2xi32> -> tile<2xf16>\n"
                "  return %r : tile<2xf16>\n}",
                {ints(Elem::I32, {2}, {2049, -1})});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{2048.0, kInf})); // tie to even; 2^32-1 overflows
    r = runFunc("testing$func @f(%a: tile<1xf32>) -> tile<1xi32> {\n"
                "  %r = bitcast %a : tile<1xf32> -> tile<1xi32>\n"
                "  return %r : tile<1xi32>\n}",
                {floats(Elem::F32, {1}, {1.0})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{0x3F800000}));
}

TEST(EvalFloatOps, TranscendentalsAndApproxAreReportedAsTolerance)
{
    FuncRun r = runFunc("testing$func @f(%a: tile<2xf32>) -> tile<2xf32> {\n"
                        "  %e = exp2 %a flush_to_zero : tile<2xf32>\n"
                        "  %d = divf %e, %a rounding<approx> : tile<2xf32>\n"
                        "  return %d : tile<2xf32>\n}",
                        {floats(Elem::F32, {2}, {3.0, 200.0})});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{double(8.0f / 3.0f), kInf}));
    EXPECT_EQ(r.stats.approximations, (std::set<std::string>{"divf rounding<approx>", "exp2"}));
}

TEST(EvalFloatOps, OverflowOfExpInF16IsInf)
{
    // The issue's example: exp of a large f16 argument overflows to inf and inf/inf is NaN.
    FuncRun r = runFunc("testing$func @f(%a: tile<1xf16>) -> tile<1xf16> {\n"
                        "  %e = exp %a : tile<1xf16>\n"
                        "  %s = addf %e, %e : tile<1xf16>\n"
                        "  %q = divf %e, %s : tile<1xf16>\n"
                        "  return %q : tile<1xf16>\n}",
                        {floats(Elem::F16, {1}, {100.0})});
    EXPECT_TRUE(std::isnan(floatsOf(r)[0]));
}
