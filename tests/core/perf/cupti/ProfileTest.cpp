#include "CuptiTestRecords.h"
#include "perf/PerfComparison.h"
#include "perf/cupti/CuptiTraceReader.h"
#include "perf/cupti/ProfileJson.h"

#include <QFile>
#include <QTemporaryDir>
#include <cmath>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::perf;
using tilelens::test::RecordText;

namespace {

// One run: for each config, `iterations` ranges whose single kernel lasts the given ns.
CuptiTrace run(const std::vector<std::pair<std::string, std::vector<uint64_t>>>& configs)
{
    RecordText r;
    uint64_t t = 1000;
    for (const auto& [name, durations] : configs) {
        for (uint64_t d : durations) {
            r.range(name, t, t + d + 100).kernel("kern_" + name, t + 10, t + 10 + d);
            t += d + 1000;
        }
    }
    r.summary();
    CuptiTrace trace;
    parseCuptiRecords(r.text, QStringLiteral("run.jsonl"), trace);
    return trace;
}

const ProfileConfig* find(const Profile& p, const char* name)
{
    for (const auto& c : p.configs)
        if (c.name == QLatin1String(name))
            return &c;
    return nullptr;
}

ProfileOptions options(const char* label)
{
    ProfileOptions o;
    o.label = QLatin1String(label);
    o.command = {QStringLiteral("python3"), QStringLiteral("bench.py")};
    return o;
}

} // namespace

TEST(Profile, TakesTheMedianPerRunAndTheBestRun)
{
    std::vector<CuptiTrace> runs;
    runs.push_back(run({{"a", {1000, 3000, 2000}}, {"b", {500}}})); // a: median 2000
    runs.push_back(run({{"a", {1500, 1600, 9000}}}));               // a: median 1600, b absent
    runs.push_back(
        run({{"a", {1700, 1800, 1900, 2000}}, {"b", {400, 600}}})); // a: 1800; b: lower median 400
    const Profile p = buildProfile(runs, options("triton"));
    EXPECT_EQ(p.grouping, GroupingMode::NvtxRanges);
    ASSERT_EQ(p.runs.size(), 3u);
    EXPECT_EQ(p.runs[2].kernels, 6);
    const ProfileConfig* a = find(p, "a");
    ASSERT_NE(a, nullptr);
    ASSERT_EQ(a->runMedianMs.size(), 3u);
    EXPECT_DOUBLE_EQ(*a->runMedianMs[0], 2000e-6);
    EXPECT_DOUBLE_EQ(*a->runMedianMs[1], 1600e-6);
    EXPECT_DOUBLE_EQ(*a->runMedianMs[2], 1800e-6);
    EXPECT_EQ(a->bestRun, 1);
    EXPECT_DOUBLE_EQ(*a->bestMs, 1600e-6);
    EXPECT_DOUBLE_EQ(a->minMs, 1500e-6);
    EXPECT_DOUBLE_EQ(a->maxMs, 9000e-6);
    EXPECT_NEAR(a->meanMs, 4033.333e-6, 1e-9);
    EXPECT_EQ(a->runIterations[1], 3);
    ASSERT_EQ(a->kernels.size(), 1u);
    EXPECT_EQ(a->kernels[0].name, QStringLiteral("kern_a"));
    EXPECT_DOUBLE_EQ(a->kernels[0].launchesPerIteration, 1.0);
    EXPECT_NEAR(a->kernels[0].msPerIteration, a->meanMs, 1e-12);
    const ProfileConfig* b = find(p, "b");
    ASSERT_NE(b, nullptr);
    EXPECT_FALSE(b->runMedianMs[1].has_value());
    EXPECT_EQ(b->bestRun, 2);
    EXPECT_DOUBLE_EQ(*b->bestMs, 400e-6);
}

TEST(Profile, DroppedRecordsBecomeAWarning)
{
    std::vector<CuptiTrace> runs{run({{"a", {1000}}})};
    runs[0].dropped = 7;
    const Profile p = buildProfile(runs, options("x"));
    EXPECT_EQ(p.droppedRecords(), 7u);
    bool warned = false;
    for (const auto& d : p.diagnostics)
        warned = warned || d.message.find("lost 7 CUPTI records") != std::string::npos;
    EXPECT_TRUE(warned);
}

TEST(ProfileJson, RoundTripsEveryMember)
{
    std::vector<CuptiTrace> runs{run({{"a", {1000, 2000}}}),
                                 run({{"a", {900, 950}}, {"b", {300}}})};
    std::vector<ProfileRun> info(2);
    info[0].exitCode = 0;
    info[0].wallSeconds = 1.25;
    info[0].recordDir = QStringLiteral("run-1");
    info[1].exitCode = 3;
    const Profile p = buildProfile(runs, options("cutile-rs"), info);
    const std::string text = profileToJson(p);
    EXPECT_TRUE(looksLikeProfileJson(text));
    Diagnostics diags;
    const auto back = parseProfileJson(text, QStringLiteral("p.json"), diags);
    ASSERT_TRUE(back.has_value()) << (diags.empty() ? "" : diags.front().format());
    EXPECT_EQ(back->label, QStringLiteral("cutile-rs"));
    EXPECT_EQ(back->command, p.command);
    EXPECT_EQ(back->grouping, GroupingMode::NvtxRanges);
    ASSERT_EQ(back->runs.size(), 2u);
    EXPECT_DOUBLE_EQ(back->runs[0].wallSeconds, 1.25);
    EXPECT_EQ(back->runs[0].recordDir, QStringLiteral("run-1"));
    EXPECT_EQ(back->runs[1].exitCode, 3);
    ASSERT_EQ(back->configs.size(), 2u);
    EXPECT_EQ(back->configs[0].bestRun, 1);
    EXPECT_DOUBLE_EQ(*back->configs[0].bestMs, *p.configs[0].bestMs);
    EXPECT_FALSE(back->configs[1].runMedianMs[0].has_value());
    EXPECT_DOUBLE_EQ(*back->configs[1].runMedianMs[1], 300e-6);
    ASSERT_EQ(back->configs[0].kernels.size(), 1u);
    EXPECT_EQ(back->configs[0].kernels[0].block[0], 64);
    EXPECT_EQ(profileToJson(*back).substr(0, 200), text.substr(0, 200));
}

TEST(ProfileJson, NumberOutsideDoubleRangeIsLocated)
{
    Diagnostics diags;
    EXPECT_FALSE(parseProfileJson("{\"schema\":\"tilelens.profile/1\",\n \"configs\": 1e400}",
                                  QStringLiteral("p.json"), diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].format(),
              "p.json:2:13: error: invalid JSON: number overflow parsing '1e400'");
}

TEST(ProfileJson, HugeFloatsInIntegerFieldsAreNotCast)
{
    // int64_t(1e300) is undefined behaviour; such a field reads as its default.
    Diagnostics diags;
    const auto p = parseProfileJson(
        "{\"schema\":\"tilelens.profile/1\",\"warmup_iterations\":1e300,\"configs\":[]}",
        QStringLiteral("p.json"), diags);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->warmupIterations, 0);
}

TEST(ProfileJson, RejectsOtherDocumentsWithAPlace)
{
    Diagnostics diags;
    EXPECT_FALSE(
        parseProfileJson("{\"schema\":\"tilelens.diff/1\"}", QStringLiteral("d.json"), diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].jsonPointer, "/schema");
    diags.clear();
    EXPECT_FALSE(parseProfileJson("not json", QStringLiteral("d.json"), diags));
    EXPECT_EQ(diags.size(), 1u);
    diags.clear();
    EXPECT_FALSE(
        parseProfileJson("{\"schema\":\"tilelens.profile/1\",\"configs\":[{\"best_ms\":1}]}",
                         QStringLiteral("d.json"), diags));
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].jsonPointer, "/configs/0");
    EXPECT_FALSE(
        looksLikeProfileJson("tests/ops/test_x.py::test_perf[...]\nPerformance Test Results"));
    EXPECT_FALSE(looksLikeProfileJson(""));
}

TEST(ProfileJson, PerfDataCarriesBestMediansAndStripsTheBackend)
{
    std::vector<CuptiTrace> runs{run({{"cutile_rs-True-1024-torch.float16", {1000, 1200, 1100}}})};
    const Profile p = buildProfile(runs, options("cutile-rs"));
    const PerfData d = profileToPerfData(p, QStringLiteral("rs.json"));
    EXPECT_EQ(d.format, QStringLiteral("tilelens.profile/1"));
    ASSERT_EQ(d.records.size(), 1u);
    const PerfRecord& r = d.records[0];
    EXPECT_EQ(r.configId, QStringLiteral("True-1024-torch.float16"));
    EXPECT_EQ(r.fullId, QStringLiteral("cutile_rs-True-1024-torch.float16"));
    EXPECT_EQ(r.backend, QStringLiteral("cutile_rs"));
    ASSERT_TRUE(r.medianMs.has_value());
    EXPECT_DOUBLE_EQ(*r.medianMs, 1100e-6);
    EXPECT_EQ(r.nrep, 3);
    EXPECT_EQ(r.kernelName, QStringLiteral("kern_cutile_rs-True-1024-torch.float16"));
    EXPECT_EQ(r.sourceFile, QStringLiteral("rs.json"));
}

TEST(ProfileJson, TwoProfilesPairLikeTilegymLogs)
{
    // Baseline and candidate over 20 configurations; candidate is 10% slower on even ones.
    std::vector<std::pair<std::string, std::vector<uint64_t>>> base, cand;
    for (int i = 0; i < 20; ++i) {
        const std::string name = "n" + std::to_string(1024 * (i + 1));
        const uint64_t t = 10000 + uint64_t(i) * 100;
        base.push_back({name, {t, t, t}});
        const uint64_t c = i % 2 ? t : t + t / 10;
        cand.push_back({name, {c, c, c}});
    }
    const PerfData baseline =
        profileToPerfData(buildProfile({run(base)}, options("torch")), QStringLiteral("a.json"));
    const PerfData candidate =
        profileToPerfData(buildProfile({run(cand)}, options("triton")), QStringLiteral("b.json"));
    PairingOptions po;
    po.candidateBackends = {QStringLiteral("triton")};
    const PerfComparison cmp = comparePerf(baseline, candidate, po);
    EXPECT_EQ(cmp.matched, 20);
    ASSERT_TRUE(cmp.geomean.has_value());
    EXPECT_NEAR(*cmp.geomean, std::sqrt(1.1), 1e-3);
    ASSERT_TRUE(cmp.interval.has_value());
    EXPECT_LE(cmp.interval->low, *cmp.geomean);
    EXPECT_GE(cmp.interval->high, *cmp.geomean);
    EXPECT_EQ(cmp.verdict(), QStringLiteral("DONE")); // 1.049 <= 1.05
}

TEST(ProfileJson, ReadProfilePerfDataReportsUnreadableFiles)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("{\"schema\":\"tilelens.profile/1\"}");
    f.close();
    const PerfData d = readProfilePerfData(path);
    EXPECT_TRUE(d.records.empty());
    EXPECT_TRUE(hasErrors(d.diagnostics));
    const PerfData missing = readProfilePerfData(dir.filePath(QStringLiteral("none.json")));
    EXPECT_TRUE(hasErrors(missing.diagnostics));
}
