// Rounding to every modelled float format and integer wrapping, against
// values worked out by hand from the formats' definitions.

#include "eval/Numeric.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using namespace tilelens::eval;

TEST(EvalNumeric, Bf16RoundsToNearestEvenOnTies)
{
    // bf16 keeps 8 significant bits: near 1 the step is 2^-7.
    const double step = std::ldexp(1.0, -7);
    EXPECT_EQ(roundTo(1.0 + step / 2, Elem::BF16), 1.0);                // tie -> even (1.0)
    EXPECT_EQ(roundTo(1.0 + 3 * step / 2, Elem::BF16), 1.0 + 2 * step); // tie -> even
    EXPECT_EQ(roundTo(1.0 + step / 2 + 1e-9, Elem::BF16), 1.0 + step);  // above the tie
    EXPECT_EQ(roundTo(-(1.0 + step / 2), Elem::BF16), -1.0);
}

TEST(EvalNumeric, DirectedRoundingModes)
{
    const double step = std::ldexp(1.0, -10); // f16 step near 1
    const double x = 1.0 + step / 4;
    EXPECT_EQ(roundTo(x, Elem::F16, Rounding::Zero), 1.0);
    EXPECT_EQ(roundTo(x, Elem::F16, Rounding::PositiveInf), 1.0 + step);
    EXPECT_EQ(roundTo(x, Elem::F16, Rounding::NegativeInf), 1.0);
    EXPECT_EQ(roundTo(-x, Elem::F16, Rounding::NegativeInf), -(1.0 + step));
    EXPECT_EQ(roundTo(-x, Elem::F16, Rounding::PositiveInf), -1.0);
    EXPECT_EQ(roundTo(-x, Elem::F16, Rounding::Zero), -1.0);
}

TEST(EvalNumeric, OverflowGivesInfOrLargestFiniteOrNaN)
{
    EXPECT_TRUE(std::isinf(roundTo(70000.0, Elem::F16)));
    EXPECT_EQ(roundTo(65519.0, Elem::F16), 65504.0);      // below the halfway point to 65536
    EXPECT_TRUE(std::isinf(roundTo(65520.0, Elem::F16))); // the halfway point rounds up
    EXPECT_EQ(roundTo(70000.0, Elem::F16, Rounding::Zero), 65504.0);
    EXPECT_EQ(roundTo(-70000.0, Elem::F16, Rounding::PositiveInf), -65504.0);
    EXPECT_EQ(roundTo(448.0, Elem::F8E4M3FN), 448.0);
    EXPECT_TRUE(std::isnan(roundTo(1000.0, Elem::F8E4M3FN))); // no inf in E4M3FN
    EXPECT_TRUE(std::isnan(roundTo(std::numeric_limits<double>::infinity(), Elem::F8E4M3FN)));
    EXPECT_EQ(roundTo(57344.0, Elem::F8E5M2), 57344.0);
    EXPECT_TRUE(std::isinf(roundTo(1e6, Elem::F8E5M2)));
}

TEST(EvalNumeric, DenormalsAndFlushToZero)
{
    const double tiny = std::ldexp(1.0, -24); // smallest f16 denormal
    EXPECT_EQ(roundTo(tiny, Elem::F16), tiny);
    EXPECT_EQ(roundTo(tiny * 0.4, Elem::F16), 0.0);
    EXPECT_EQ(roundTo(tiny * 0.6, Elem::F16), tiny);
    const double f32Denormal = std::ldexp(1.0, -130);
    EXPECT_EQ(roundTo(f32Denormal, Elem::F32), f32Denormal);
    const double flushed = roundTo(-f32Denormal, Elem::F32, Rounding::NearestEven, true);
    EXPECT_EQ(flushed, 0.0);
    EXPECT_TRUE(std::signbit(flushed));
    EXPECT_EQ(flushDenormal(f32Denormal, Elem::F32), 0.0);
    EXPECT_EQ(flushDenormal(1.0, Elem::F32), 1.0);
}

TEST(EvalNumeric, Tf32AndFp8Precision)
{
    EXPECT_EQ(roundTo(1.0 + std::ldexp(1.0, -11), Elem::TF32), 1.0); // tie -> even
    EXPECT_EQ(roundTo(1.0 + std::ldexp(1.0, -10), Elem::TF32), 1.0 + std::ldexp(1.0, -10));
    EXPECT_EQ(roundTo(1.0625, Elem::F8E4M3FN), 1.0);  // step 0.125: tie -> even
    EXPECT_EQ(roundTo(1.1875, Elem::F8E4M3FN), 1.25); // tie -> even (1.25 has even mantissa)
    EXPECT_EQ(roundTo(1.1, Elem::F8E5M2), 1.0);       // step 0.25
}

TEST(EvalNumeric, IntegerWrapping)
{
    EXPECT_EQ(wrapInt(uint64_t(int64_t(2147483647)) + 1, 32), -2147483648LL);
    EXPECT_EQ(wrapInt(255, 8), -1);
    EXPECT_EQ(toUnsigned(-1, 8), 255u);
    EXPECT_EQ(wrapInt(3, 1), 1);
    EXPECT_EQ(toSigned(1, 1), -1); // i1 true sign-extends to all ones
    EXPECT_EQ(minSigned(16), -32768);
    EXPECT_EQ(maxSigned(16), 32767);
}

TEST(EvalNumeric, UlpDistanceCountsRepresentableValues)
{
    const double step = std::ldexp(1.0, -7);
    EXPECT_EQ(ulpDistance(1.0, 1.0 + 2 * step, Elem::BF16), 2);
    EXPECT_EQ(ulpDistance(-step * 0, step * 0, Elem::BF16), 0);
    EXPECT_EQ(ulpDistance(1.0, -1.0, Elem::F16), 2 * 15360); // 0x3C00 on each side of zero
    EXPECT_EQ(ulpDistance(1.0, std::numeric_limits<double>::infinity(), Elem::F32),
              std::numeric_limits<int64_t>::max());
}
