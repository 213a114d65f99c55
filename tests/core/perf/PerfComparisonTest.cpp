#include "perf/PerfComparison.h"

#include "TestPaths.h"
#include "perf/TilegymLogParser.h"

#include <gtest/gtest.h>

using namespace tilelens::perf;

namespace {

PerfRecord rec(const QString& backend, const QString& config, std::optional<double> median)
{
    PerfRecord r;
    r.backend = backend;
    r.configId = config;
    r.fullId = backend + QLatin1Char('-') + config;
    r.medianMs = median;
    return r;
}

QString data(const char* name)
{
    return tilelens::test::testDataDir() + QStringLiteral("/perf/") + QString::fromLatin1(name);
}

} // namespace

TEST(ConfigId, BackendSegmentRemovedByTokenNotPosition)
{
    EXPECT_EQ(configIdWithoutBackend(QStringLiteral("cutile_rs-True-1024-torch.float16")),
              QStringLiteral("True-1024-torch.float16"));
    EXPECT_EQ(configIdWithoutBackend(QStringLiteral("8-4096-cutile-torch.float16"),
                                     QStringLiteral("cutile")),
              QStringLiteral("8-4096-torch.float16"));
    QString removed;
    EXPECT_EQ(configIdWithoutBackend(QStringLiteral("True-64"), QString(), &removed),
              QStringLiteral("True-64"));
    EXPECT_TRUE(removed.isEmpty());
    EXPECT_EQ(configIdWithoutBackend(QStringLiteral("cutile_rs-64"), QStringLiteral("cutile-rs")),
              QStringLiteral("64"));
}

TEST(PerfComparison, MissingAndExtraConfigs)
{
    const PerfData base = readTilegymLog(data("baseline_cutile.txt"));
    const PerfData cand = readTilegymLog(data("candidate_cutile_rs.txt"));
    ASSERT_EQ(base.records.size(), 4u);
    ASSERT_EQ(cand.records.size(), 4u);
    const PerfComparison cmp = comparePerf(base, cand);
    ASSERT_EQ(cmp.rows.size(), 5u);
    EXPECT_EQ(cmp.matched, 3);
    EXPECT_EQ(cmp.missingCandidate, 1); // False-4096 was not measured on cutile_rs
    EXPECT_EQ(cmp.missingBaseline, 1);  // True-8192 has no baseline: NA, not averaged
    ASSERT_TRUE(cmp.geomean);
    EXPECT_NEAR(*cmp.geomean, 1.0322801154, 1e-9); // (0.044/0.040 * 1 * 1)^(1/3)
    EXPECT_EQ(cmp.severity, PerfSeverity::MissingData);
    EXPECT_EQ(cmp.verdict(), QStringLiteral("INVESTIGATE"));
    EXPECT_EQ(cmp.rows[0].configId, QStringLiteral("True-1024-1024-512-torch.float16"));
    EXPECT_NEAR(*cmp.rows[0].ratio, 1.1, 1e-12);
    EXPECT_EQ(cmp.rows[0].rowVerdict(), QStringLiteral("INVESTIGATE"));
    EXPECT_EQ(cmp.rows[1].rowVerdict(), QStringLiteral("PASS"));
    EXPECT_EQ(cmp.rows[3].configId, QStringLiteral("False-4096-4096-4096-torch.bfloat16"));
    EXPECT_FALSE(cmp.rows[3].candidateMs);
    EXPECT_EQ(cmp.rows[3].rowVerdict(), QStringLiteral("NA"));
    EXPECT_EQ(cmp.rows[4].configId, QStringLiteral("True-8192-8192-8192-torch.bfloat16"));
    EXPECT_FALSE(cmp.rows[4].inBaseline);
    ASSERT_TRUE(cmp.interval);
    EXPECT_LE(cmp.interval->low, *cmp.geomean);
    EXPECT_GE(cmp.interval->high, *cmp.geomean);
}

TEST(PerfComparison, AllMatchedUnderThresholdIsDone)
{
    PerfData base, cand;
    base.records = {rec(QStringLiteral("cutile"), QStringLiteral("a"), 1.0),
                    rec(QStringLiteral("cutile"), QStringLiteral("b"), 2.0)};
    cand.records = {rec(QStringLiteral("cutile_rs"), QStringLiteral("b"), 2.08),
                    rec(QStringLiteral("cutile_rs"), QStringLiteral("a"), 1.0)};
    const PerfComparison cmp = comparePerf(base, cand);
    EXPECT_EQ(cmp.matched, 2);
    EXPECT_NEAR(*cmp.geomean, std::sqrt(1.04), 1e-12);
    EXPECT_EQ(cmp.severity, PerfSeverity::Done);
    EXPECT_EQ(cmp.verdict(), QStringLiteral("DONE"));
}

TEST(PerfComparison, BaselineBackendChosenPerConfig)
{
    PerfData base, cand;
    base.records = {rec(QStringLiteral("cutile"), QStringLiteral("a"), 1.0),
                    rec(QStringLiteral("triton"), QStringLiteral("a"), 0.5)};
    cand.records = {rec(QStringLiteral("cutile_rs"), QStringLiteral("a"), 1.0)};
    PairingOptions o;
    o.baselineBackendFor = [](const QString&) { return QStringLiteral("triton"); };
    const PerfComparison cmp = comparePerf(base, cand, o);
    ASSERT_EQ(cmp.rows.size(), 1u);
    EXPECT_EQ(cmp.rows[0].baselineBackend, QStringLiteral("triton"));
    EXPECT_NEAR(*cmp.geomean, 2.0, 1e-12);
    EXPECT_EQ(cmp.severity, PerfSeverity::LargeGap);
}

TEST(PerfComparison, BestOfRunsTakesMinimumMedian)
{
    PerfData r1, r2, r3;
    r1.records = {rec(QStringLiteral("cutile_rs"), QStringLiteral("a"), 1.30),
                  rec(QStringLiteral("cutile_rs"), QStringLiteral("b"), std::nullopt)};
    r2.records = {rec(QStringLiteral("cutile_rs"), QStringLiteral("a"), 1.10),
                  rec(QStringLiteral("cutile_rs"), QStringLiteral("b"), 2.0)};
    r3.records = {rec(QStringLiteral("cutile_rs"), QStringLiteral("a"), 1.20)};
    const PerfData best = bestOfRuns({r1, r2, r3});
    ASSERT_EQ(best.records.size(), 2u);
    EXPECT_DOUBLE_EQ(*best.records[0].medianMs, 1.10);
    EXPECT_EQ(best.records[0].runIndex, 1);
    EXPECT_DOUBLE_EQ(*best.records[1].medianMs, 2.0);
}

TEST(PerfComparison, NothingMatchedIsMissingData)
{
    PerfData base, cand;
    base.records = {rec(QStringLiteral("cutile"), QStringLiteral("a"), 1.0)};
    cand.records = {rec(QStringLiteral("cutile_rs"), QStringLiteral("z"), 1.0)};
    const PerfComparison cmp = comparePerf(base, cand);
    EXPECT_EQ(cmp.matched, 0);
    EXPECT_FALSE(cmp.geomean);
    EXPECT_FALSE(cmp.interval);
    EXPECT_EQ(cmp.severity, PerfSeverity::MissingData);
}
