#include "perf/cupti/RunGrouping.h"

#include "CuptiTestRecords.h"
#include "perf/cupti/CuptiTraceReader.h"

#include <gtest/gtest.h>

using namespace tilelens::perf;
using tilelens::test::RecordText;

namespace {
CuptiTrace parse(const RecordText& r)
{
    CuptiTrace t;
    parseCuptiRecords(r.text, QStringLiteral("run.jsonl"), t);
    return t;
}
const ConfigIterations* find(const RunGrouping& g, const char* name)
{
    for (const auto& c : g.configs)
        if (c.name == QLatin1String(name))
            return &c;
    return nullptr;
}
} // namespace

TEST(LowerMedian, MatchesTorchMedianForOddAndEvenCounts)
{
    EXPECT_FALSE(lowerMedian({}).has_value());
    EXPECT_DOUBLE_EQ(*lowerMedian({3.0}), 3.0);
    EXPECT_DOUBLE_EQ(*lowerMedian({5.0, 1.0, 3.0}), 3.0);
    EXPECT_DOUBLE_EQ(*lowerMedian({4.0, 1.0, 3.0, 2.0}), 2.0); // lower of 2 and 3
}

TEST(RunGrouping, SumsKernelsPerRangeOccurrence)
{
    RecordText r;
    // Two iterations of "a" with two kernels each, one of "b"; a kernel outside.
    r.range("a", 1000, 2000).kernel("k1", 1100, 1300).kernel("k2", 1400, 1500);
    r.range("a", 3000, 4000).kernel("k1", 3100, 3200).kernel("k2", 3300, 3400);
    r.range("b", 5000, 6000).kernel("k1", 5100, 5900);
    r.kernel("flush", 2500, 2600);
    const RunGrouping g = groupRun(parse(r));
    EXPECT_EQ(g.mode, GroupingMode::NvtxRanges);
    EXPECT_EQ(g.unattributedKernels, 1);
    ASSERT_EQ(g.configs.size(), 2u);
    const ConfigIterations* a = find(g, "a");
    ASSERT_NE(a, nullptr);
    ASSERT_EQ(a->iterationMs.size(), 2u);
    EXPECT_DOUBLE_EQ(a->iterationMs[0], 300e-6); // 200 ns + 100 ns
    EXPECT_DOUBLE_EQ(a->iterationMs[1], 200e-6);
    ASSERT_EQ(a->kernels.size(), 2u);
    EXPECT_EQ(a->kernels[0].name, QStringLiteral("k1")); // 300 ns total beats k2's 200 ns
    EXPECT_EQ(a->kernels[0].launches, 2);
    EXPECT_EQ(a->kernels[0].totalNs, 300u);
    EXPECT_EQ(a->kernels[0].grid[0], 2);
    EXPECT_EQ(a->kernels[0].block[0], 64);
    const ConfigIterations* b = find(g, "b");
    ASSERT_NE(b, nullptr);
    ASSERT_EQ(b->iterationMs.size(), 1u);
    EXPECT_DOUBLE_EQ(b->iterationMs[0], 800e-6);
}

TEST(RunGrouping, KernelGoesToTheInnermostRange)
{
    RecordText r;
    r.range("outer", 0, 10000).range("inner", 1000, 2000).range("inner", 3000, 4000);
    r.kernel("k", 1500, 1600).kernel("k", 3500, 3700).kernel("k", 5000, 5100);
    const RunGrouping g = groupRun(parse(r));
    const ConfigIterations* inner = find(g, "inner");
    const ConfigIterations* outer = find(g, "outer");
    ASSERT_NE(inner, nullptr);
    ASSERT_NE(outer, nullptr);
    EXPECT_EQ(inner->iterationMs.size(), 2u);
    ASSERT_EQ(outer->iterationMs.size(), 1u); // only the kernel after the inner ranges
    EXPECT_DOUBLE_EQ(outer->iterationMs[0], 100e-6);
    EXPECT_EQ(g.unattributedKernels, 0);
}

TEST(RunGrouping, RangesWithoutKernelsAreNotIterations)
{
    RecordText r;
    r.range("a", 0, 100).range("a", 200, 300).kernel("k", 250, 260);
    const RunGrouping g = groupRun(parse(r));
    ASSERT_EQ(g.configs.size(), 1u);
    EXPECT_EQ(g.configs[0].iterationMs.size(), 1u);
    EXPECT_EQ(g.emptyRanges, 1);
}

TEST(RunGrouping, WarmupIterationsAreSkippedPerConfiguration)
{
    RecordText r;
    for (int i = 0; i < 5; ++i) {
        const uint64_t t0 = 1000 * uint64_t(i);
        r.range("a", t0, t0 + 500).kernel("k", t0 + 10, t0 + 10 + 100 * uint64_t(i + 1));
    }
    r.range("b", 9000, 9500).kernel("k", 9010, 9020);
    GroupingOptions o;
    o.warmupIterations = 2;
    const RunGrouping g = groupRun(parse(r), o);
    const ConfigIterations* a = find(g, "a");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->warmupSkipped, 2);
    ASSERT_EQ(a->iterationMs.size(), 3u);
    EXPECT_DOUBLE_EQ(a->iterationMs[0], 300e-6); // third occurrence
    const ConfigIterations* b = find(g, "b");
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->warmupSkipped, 1);
    EXPECT_TRUE(b->iterationMs.empty());
}

TEST(RunGrouping, WithoutRangesEachLaunchIsAnIterationOfItsKernel)
{
    RecordText r;
    r.kernel("gemm", 0, 100).kernel("softmax", 200, 250).kernel("gemm", 300, 420);
    const RunGrouping g = groupRun(parse(r));
    EXPECT_EQ(g.mode, GroupingMode::KernelNames);
    ASSERT_EQ(g.configs.size(), 2u);
    EXPECT_EQ(g.configs[0].name, QStringLiteral("gemm"));
    ASSERT_EQ(g.configs[0].iterationMs.size(), 2u);
    EXPECT_DOUBLE_EQ(g.configs[0].iterationMs[1], 120e-6);
    EXPECT_EQ(g.configs[1].iterationMs.size(), 1u);
}

TEST(RunGrouping, LargeTimelineGroupsEveryKernel)
{
    RecordText r;
    // 400 sequential ranges with one kernel each, plus kernels between them.
    for (uint64_t i = 0; i < 400; ++i) {
        const uint64_t t0 = i * 1000;
        r.range(i % 2 ? "odd" : "even", t0, t0 + 600)
            .kernel("k", t0 + 100, t0 + 200)
            .kernel("gap", t0 + 700, t0 + 750);
    }
    const RunGrouping g = groupRun(parse(r));
    EXPECT_EQ(g.unattributedKernels, 400);
    ASSERT_EQ(g.configs.size(), 2u);
    EXPECT_EQ(g.configs[0].iterationMs.size(), 200u);
    EXPECT_EQ(g.configs[1].iterationMs.size(), 200u);
}
