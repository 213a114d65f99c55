#include "perf/PerfStatistics.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace tilelens::perf;

TEST(PerfStatistics, GeomeanOfKnownRatios)
{
    // (1.1 * 1.0 * 1.0)^(1/3) computed by hand: 1.1^(1/3) = 1.0322801154...
    const auto g = geomean({1.1, 1.0, 1.0});
    ASSERT_TRUE(g);
    EXPECT_NEAR(*g, 1.0322801154, 1e-9);
    // (2 * 0.5)^(1/2) = 1
    EXPECT_NEAR(*geomean({2.0, 0.5}), 1.0, 1e-12);
}

TEST(PerfStatistics, GeomeanRejectsEmptyAndNonPositive)
{
    EXPECT_FALSE(geomean({}));
    EXPECT_FALSE(geomean({1.0, 0.0}));
    EXPECT_FALSE(geomean({1.0, -2.0}));
    EXPECT_FALSE(geomean({1.0, std::nan("")}));
}

TEST(PerfStatistics, SeverityThresholdsAreInclusiveUpperBounds)
{
    EXPECT_EQ(severityFor(1.05, false), PerfSeverity::Done);
    EXPECT_EQ(severityFor(1.0500001, false), PerfSeverity::MildGap);
    EXPECT_EQ(severityFor(1.10, false), PerfSeverity::MildGap);
    EXPECT_EQ(severityFor(1.11, false), PerfSeverity::ModerateGap);
    EXPECT_EQ(severityFor(1.50, false), PerfSeverity::ModerateGap);
    EXPECT_EQ(severityFor(1.51, false), PerfSeverity::LargeGap);
    EXPECT_EQ(severityFor(0.80, false), PerfSeverity::Done);
    EXPECT_EQ(severityFor(1.00, true), PerfSeverity::MissingData);
    EXPECT_EQ(severityFor(std::nullopt, false), PerfSeverity::MissingData);
    EXPECT_EQ(verdictFor(PerfSeverity::Done), QStringLiteral("DONE"));
    EXPECT_EQ(verdictFor(PerfSeverity::MildGap), QStringLiteral("INVESTIGATE"));
    EXPECT_EQ(verdictFor(PerfSeverity::MissingData), QStringLiteral("INVESTIGATE"));
    EXPECT_EQ(severityName(PerfSeverity::ModerateGap), QStringLiteral("MODERATE_GAP"));
}

TEST(PerfStatistics, PercentileInterpolatesLinearly)
{
    const std::vector<double> v{1.0, 2.0, 3.0, 4.0, 5.0};
    EXPECT_DOUBLE_EQ(percentileOfSorted(v, 0.0), 1.0);
    EXPECT_DOUBLE_EQ(percentileOfSorted(v, 0.5), 3.0);
    EXPECT_DOUBLE_EQ(percentileOfSorted(v, 1.0), 5.0);
    EXPECT_DOUBLE_EQ(percentileOfSorted(v, 0.125), 1.5); // position 0.5 between 1 and 2
}

TEST(PerfStatistics, BootstrapOfIdenticalRatiosIsAPoint)
{
    const auto iv = bootstrapGeomeanInterval({1.04, 1.04, 1.04, 1.04});
    ASSERT_TRUE(iv);
    EXPECT_NEAR(iv->low, 1.04, 1e-12);
    EXPECT_NEAR(iv->high, 1.04, 1e-12);
}

TEST(PerfStatistics, BootstrapOfTwoRatiosSpansThem)
{
    // Resamples of {a, b} have geomean a (p=1/4), sqrt(ab) (1/2) or b (1/4), so
    // the 2.5% and 97.5% percentiles are a and b exactly (by hand).
    BootstrapOptions o;
    o.samples = 4000;
    const auto iv = bootstrapGeomeanInterval({1.0, 1.21}, o);
    ASSERT_TRUE(iv);
    EXPECT_DOUBLE_EQ(iv->low, 1.0);
    EXPECT_NEAR(iv->high, 1.21, 1e-12);
}

TEST(PerfStatistics, BootstrapIsDeterministicAndSeedDependent)
{
    const std::vector<double> r{1.01, 1.07, 0.98, 1.12, 1.03, 1.05, 0.99, 1.09};
    const auto a = bootstrapGeomeanInterval(r);
    const auto b = bootstrapGeomeanInterval(r);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->low, b->low);
    EXPECT_EQ(a->high, b->high);
    const double g = *geomean(r);
    EXPECT_LT(a->low, g);
    EXPECT_GT(a->high, g);
    // The interval lies within the range of the data.
    EXPECT_GE(a->low, 0.98);
    EXPECT_LE(a->high, 1.12);
    BootstrapOptions other;
    other.seed = 42;
    const auto c = bootstrapGeomeanInterval(r, other);
    EXPECT_TRUE(c->low != a->low || c->high != a->high);
}

TEST(PerfStatistics, BootstrapOfNothingIsNothing)
{
    EXPECT_FALSE(bootstrapGeomeanInterval({}));
}
