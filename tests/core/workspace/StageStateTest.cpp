#include "workspace/StageState.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens::ws;

namespace {

void write(const QTemporaryDir& dir, const QString& rel, const QByteArray& text)
{
    const QString path = dir.filePath(rel);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

QByteArray envelope(const char* verdict, int exitCode = 0)
{
    return QByteArray("<VALIDATOR_OUTPUT>\n$ bash validate.sh k\nexit=") +
           QByteArray::number(exitCode) + "\n</VALIDATOR_OUTPUT>\nVERDICT: " + verdict + "\n";
}

} // namespace

TEST(Routing, Table)
{
    const RouteContext none;
    EXPECT_EQ(routeAfter('A', 1, QStringLiteral("PASS"), {}, none), QStringLiteral("B(1)"));
    EXPECT_EQ(routeAfter('A', 1, QStringLiteral("BLOCKED"), {}, none), QStringLiteral("STOP"));
    EXPECT_EQ(routeAfter('B', 1, QStringLiteral("COMPILED"), {}, none), QStringLiteral("D(1)"));
    EXPECT_EQ(routeAfter('B', 1, QStringLiteral("FAIL_COMPILE"), {}, none), QStringLiteral("STOP"));
    EXPECT_EQ(routeAfter('D', 1, QStringLiteral("FAIL"), QStringLiteral("host"), none),
              QStringLiteral("D(2)"));
    EXPECT_EQ(routeAfter('D', 1, QStringLiteral("FAIL"), QStringLiteral("kernel"), none),
              QStringLiteral("C"));
    EXPECT_EQ(routeAfter('D', 1, QStringLiteral("FAIL"), {}, none), QStringLiteral("C"));
    EXPECT_EQ(routeAfter('D', 1, QStringLiteral("BLOCKED"), QStringLiteral("env"), none),
              QStringLiteral("STOP"));
    EXPECT_EQ(routeAfter('E', 1, QStringLiteral("DONE"), {}, none),
              QStringLiteral("PIPELINE_COMPLETE"));
    EXPECT_EQ(routeAfter('E', 1, QStringLiteral("INVESTIGATE"), {}, none), QStringLiteral("C"));
    RouteContext cRan;
    cRan.cRan = true;
    EXPECT_EQ(routeAfter('E', 1, QStringLiteral("INVESTIGATE"), {}, cRan),
              QStringLiteral("PIPELINE_COMPLETE"));
    EXPECT_EQ(routeAfter('C', 1, QStringLiteral("FAIL_FIXABLE"), {}, none), QStringLiteral("B(2)"));
    EXPECT_EQ(routeAfter('C', 1, QStringLiteral("FAIL_FIXABLE"), QStringLiteral("host"), none),
              QStringLiteral("D(2)"));
    RouteContext dRespawned;
    dRespawned.dRespawned = true;
    EXPECT_EQ(
        routeAfter('C', 1, QStringLiteral("FAIL_FIXABLE"), QStringLiteral("host"), dRespawned),
        QStringLiteral("PIPELINE_COMPLETE"));
    EXPECT_EQ(routeAfter('C', 1, QStringLiteral("PASS_WITH_NOTES"), {}, none),
              QStringLiteral("PIPELINE_COMPLETE"));
    EXPECT_EQ(routeAfter('B', 2, QStringLiteral("COMPILED"), {}, none), QStringLiteral("D(2)"));
    EXPECT_EQ(routeAfter('D', 2, QStringLiteral("ALL_PASS"), {}, none), QStringLiteral("E(2)"));
    EXPECT_EQ(routeAfter('D', 2, QStringLiteral("FAIL"), {}, none),
              QStringLiteral("PIPELINE_COMPLETE"));
    EXPECT_EQ(routeAfter('E', 2, QStringLiteral("INVESTIGATE"), {}, none),
              QStringLiteral("PIPELINE_COMPLETE"));
}

TEST(StageState, EmptyDirectoryStartsAtA)
{
    QTemporaryDir dir;
    const PipelineState ps = derivePipelineState(dir.path());
    EXPECT_EQ(ps.next, QStringLiteral("A"));
    for (const StageState& s : ps.stages)
        EXPECT_FALSE(s.ran);
}

TEST(StageState, HappyPathAfterD)
{
    QTemporaryDir dir;
    write(dir, QStringLiteral("reference/analysis.json"), "{}");
    write(dir, QStringLiteral("reports/agent_logs/agent_b.md"), envelope("COMPILED"));
    write(dir, QStringLiteral("reports/agent_logs/agent_d.md"), envelope("ALL_PASS"));
    const PipelineState ps = derivePipelineState(dir.path());
    EXPECT_TRUE(ps.stage('A').ran);
    EXPECT_EQ(ps.stage('B').verdict, QStringLiteral("COMPILED"));
    EXPECT_EQ(ps.stage('B').runs, 1);
    EXPECT_EQ(ps.next, QStringLiteral("E(1)"));
    ASSERT_EQ(ps.trail.size(), 3);
    EXPECT_EQ(ps.trail[1], QStringLiteral("B(1) COMPILED -> D(1)"));
}

TEST(StageState, FixLoopThroughCAndSecondRuns)
{
    QTemporaryDir dir;
    write(dir, QStringLiteral("reports/agent_logs/agent_a.md"), envelope("PASS"));
    write(dir, QStringLiteral("reports/agent_logs/agent_b.md"),
          envelope("COMPILED") + envelope("COMPILED"));
    write(dir, QStringLiteral("reports/agent_logs/agent_d.md"),
          envelope("FAIL") + envelope("ALL_PASS"));
    write(dir, QStringLiteral("reports/correctness.md"), "VERDICT: ALL_PASS\n| Test | x |\n");
    write(dir, QStringLiteral("generated/diff_report.md"),
          "VERDICT: FAIL_FIXABLE\nowner: kernel\n");
    write(dir, QStringLiteral("reports/agent_logs/agent_c.md"), envelope("FAIL_FIXABLE"));
    const PipelineState ps = derivePipelineState(dir.path());
    EXPECT_EQ(ps.stage('D').runs, 2);
    EXPECT_EQ(ps.stage('C').classLine, QStringLiteral("owner: kernel"));
    EXPECT_EQ(ps.next, QStringLiteral("E(2)"));
    EXPECT_EQ(ps.trail.join(QStringLiteral("; ")),
              QStringLiteral("A PASS -> B(1); B(1) COMPILED -> D(1); D(1) FAIL -> C; C "
                             "FAIL_FIXABLE (kernel) -> B(2); "
                             "B(2) COMPILED -> D(2); D(2) ALL_PASS -> E(2)"));
}

TEST(StageState, HostClassRoutesToSecondD)
{
    QTemporaryDir dir;
    write(dir, QStringLiteral("reports/agent_logs/agent_a.md"), envelope("PASS"));
    write(dir, QStringLiteral("reports/agent_logs/agent_b.md"), envelope("COMPILED"));
    write(dir, QStringLiteral("reports/agent_logs/agent_d.md"), envelope("FAIL"));
    write(dir, QStringLiteral("reports/correctness.md"),
          "VERDICT: FAIL\n| Test | x |\nfail_class: host\nhost_fix: grid\n");
    const PipelineState ps = derivePipelineState(dir.path());
    EXPECT_EQ(ps.stage('D').classLine, QStringLiteral("fail_class: host"));
    EXPECT_EQ(ps.next, QStringLiteral("D(2)"));
}

TEST(StageState, CapOverrunAndBlockedFile)
{
    QTemporaryDir dir;
    write(dir, QStringLiteral("reports/agent_logs/agent_a.md"),
          envelope("PASS") + envelope("PASS"));
    write(dir, QStringLiteral("SKILL_METHODOLOGY_BLOCKED.txt"),
          "tileiras not found on PATH\nmore\n");
    const PipelineState ps = derivePipelineState(dir.path());
    EXPECT_TRUE(ps.stage('A').overCap());
    bool warned = false;
    for (const auto& d : ps.diagnostics)
        warned = warned || d.message.find("cap is 1") != std::string::npos;
    EXPECT_TRUE(warned);
    EXPECT_EQ(ps.blockedReason, QStringLiteral("tileiras not found on PATH"));
    EXPECT_EQ(ps.next, QStringLiteral("STOP"));
}

TEST(StageState, ReportsAloneGiveVerdicts)
{
    QTemporaryDir dir;
    write(dir, QStringLiteral("reference/analysis.json"), "{}");
    write(dir, QStringLiteral("reports/agent_b.md"),
          "VERDICT: COMPILED\n"); // legacy location, soft gate
    write(dir, QStringLiteral("reports/correctness.md"), "VERDICT: ALL_PASS\n| Test |\n");
    write(dir, QStringLiteral("reports/performance.md"), "VERDICT: DONE\ngeomean_ratio=1.0100\n");
    const PipelineState ps = derivePipelineState(dir.path());
    EXPECT_EQ(ps.stage('B').gateNote, QStringLiteral("SOFT_VALIDATOR_MISSING"));
    EXPECT_EQ(ps.stage('E').verdict, QStringLiteral("DONE"));
    EXPECT_EQ(ps.stage('E').runs, 0);
    EXPECT_EQ(ps.next, QStringLiteral("PIPELINE_COMPLETE"));
}
