#include "workspace/Reports.h"

#include "TestPaths.h"
#include "workspace/AgentLog.h"

#include <gtest/gtest.h>

using namespace tilelens::ws;

namespace {

QString report(const char* name)
{
    return tilelens::test::testDataDir() + QStringLiteral("/workspace/reports/") +
           QString::fromLatin1(name);
}

int errorsOnLine(const tilelens::Diagnostics& d, int line)
{
    int n = 0;
    for (const auto& x : d)
        n += (x.severity == tilelens::Severity::Error && x.place.line == line) ? 1 : 0;
    return n;
}

} // namespace

TEST(PerformanceReport, GoodReport)
{
    const PerformanceReport r = readPerformanceReport(report("performance_good.md"));
    EXPECT_TRUE(r.exists);
    EXPECT_TRUE(r.firstLineValid);
    EXPECT_EQ(r.verdict, QStringLiteral("INVESTIGATE"));
    ASSERT_TRUE(r.geomeanRatio);
    EXPECT_DOUBLE_EQ(*r.geomeanRatio, 1.0676);
    EXPECT_EQ(r.geomeanLine, 11);
    EXPECT_EQ(r.severity, QStringLiteral("MILD_GAP"));
    ASSERT_EQ(r.rows.size(), 3u);
    EXPECT_EQ(r.rows[0].config, QStringLiteral("True-1024-1024-512-torch.float16"));
    EXPECT_DOUBLE_EQ(*r.rows[0].ratio, 1.12);
    EXPECT_FALSE(r.rows[2].candidateMs);
    EXPECT_EQ(r.rows[2].verdict, QStringLiteral("INVESTIGATE"));
    EXPECT_TRUE(r.diagnostics.empty());
}

TEST(PerformanceReport, TruncatedReportHasNoGeomean)
{
    const PerformanceReport r = readPerformanceReport(report("performance_truncated.md"));
    EXPECT_FALSE(r.geomeanRatio);
    EXPECT_EQ(r.rows.size(), 2u);
    EXPECT_TRUE(tilelens::hasErrors(r.diagnostics));
}

TEST(PerformanceReport, WrongFirstLine)
{
    const PerformanceReport r = readPerformanceReport(report("performance_wrong_first_line.md"));
    EXPECT_FALSE(r.firstLineValid);
    EXPECT_EQ(r.verdict, QStringLiteral("INVESTIGATE")); // still found for display
    EXPECT_EQ(errorsOnLine(r.diagnostics, 1), 1);
}

TEST(PerformanceReport, TwoGeomeanLines)
{
    const PerformanceReport r = readPerformanceReport(report("performance_two_geomean.md"));
    EXPECT_EQ(r.geomeanLines, 2);
    EXPECT_DOUBLE_EQ(*r.geomeanRatio, 1.0676); // scorers read the first
    EXPECT_EQ(errorsOnLine(r.diagnostics, 14), 1);
}

TEST(PerformanceReport, XSuffixIsRejected)
{
    const PerformanceReport r = readPerformanceReport(report("performance_x_suffix.md"));
    EXPECT_FALSE(r.geomeanRatio);
    EXPECT_EQ(errorsOnLine(r.diagnostics, 11), 1);
}

TEST(PerformanceReport, VerdictInconsistentWithGeomeanIsWarned)
{
    const PerformanceReport r = parsePerformanceReport(
        QStringLiteral(
            "VERDICT: DONE\n| Config | b | c | r | v |\ngeomean_ratio=1.2000\nSeverity: DONE\n"),
        QStringLiteral("p.md"));
    EXPECT_FALSE(tilelens::hasErrors(r.diagnostics));
    EXPECT_EQ(r.diagnostics.size(), 2u);
}

TEST(PerformanceReport, MissingFile)
{
    const PerformanceReport r = readPerformanceReport(report("nope.md"));
    EXPECT_FALSE(r.exists);
    EXPECT_TRUE(r.diagnostics.empty());
}

TEST(CorrectnessReport, FailWithClassLines)
{
    const CorrectnessReport r = readCorrectnessReport(report("correctness_fail.md"));
    EXPECT_TRUE(r.firstLineValid);
    EXPECT_EQ(r.verdict, QStringLiteral("FAIL"));
    EXPECT_EQ(r.failClass, QStringLiteral("kernel"));
    EXPECT_TRUE(r.hostFix.isEmpty());
    EXPECT_EQ(r.agentBFollowup,
              QStringLiteral("K-loop uses floor division; tail tile of K=511 dropped"));
    EXPECT_EQ(r.passed, 11);
    EXPECT_EQ(r.failed, 1);
    EXPECT_EQ(r.skipped, 4);
    EXPECT_TRUE(r.hasResultsTable);
}

TEST(CorrectnessReport, BlockedIsReadButRejectedByTheValidatorRule)
{
    const CorrectnessReport r = readCorrectnessReport(report("correctness_blocked.md"));
    EXPECT_EQ(r.verdict, QStringLiteral("BLOCKED"));
    EXPECT_FALSE(r.firstLineValid);
    EXPECT_EQ(r.blockClass, QStringLiteral("env"));
}

TEST(DiffReport, OwnerLine)
{
    const DiffReportFile r = readDiffReport(report("diff_report_host.md"));
    EXPECT_EQ(r.verdict, QStringLiteral("FAIL_FIXABLE"));
    EXPECT_EQ(r.owner, QStringLiteral("host"));
    EXPECT_TRUE(r.hasActionItems);
    const DiffReportFile w = parseDiffReport(
        QStringLiteral("VERDICT: FAIL_FIXABLE\nowner: wrapper\n"), QStringLiteral("d.md"));
    EXPECT_TRUE(w.owner.isEmpty());
    EXPECT_EQ(w.diagnostics.size(), 2u); // 'wrapper' not allowed, and FAIL_FIXABLE without owner
}

TEST(AgentLog, EnvelopeWithPerfLog)
{
    const AgentLog log =
        parseAgentLog(*readSmallText(report("agent_e_envelope.md")), QStringLiteral("agent_e.md"));
    ASSERT_EQ(log.envelopes.size(), 1u);
    const AgentEnvelope& e = log.envelopes[0];
    EXPECT_EQ(e.verdict,
              QStringLiteral("DONE")); // not the "VERDICT: DONE" inside the validator output
    EXPECT_EQ(e.verdictLine, 14);
    EXPECT_EQ(e.exitCodes, std::vector<int>{0});
    EXPECT_TRUE(e.accepted);
    ASSERT_TRUE(log.perfLog);
    EXPECT_DOUBLE_EQ(*log.perfLog->geomeanRatio, 1.031);
    EXPECT_EQ(log.perfLog->severity, QStringLiteral("DONE"));
    EXPECT_TRUE(log.diagnostics.empty());
}

TEST(AgentLog, ValidatorRepairIsNotASemanticRun)
{
    const AgentLog log =
        parseAgentLog(*readSmallText(report("agent_b_repair.md")), QStringLiteral("agent_b.md"));
    ASSERT_EQ(log.envelopes.size(), 3u);
    EXPECT_FALSE(log.envelopes[0].accepted); // exit=1 inside the block
    EXPECT_TRUE(log.envelopes[1].validatorRepair);
    EXPECT_TRUE(log.envelopes[2].accepted); // exit_code=0 spelling
    EXPECT_EQ(log.runCount(), 2);
}

TEST(AgentLog, TruncatedBlockIsAnError)
{
    const AgentLog log =
        parseAgentLog(*readSmallText(report("agent_c_truncated.md")), QStringLiteral("agent_c.md"));
    EXPECT_TRUE(log.envelopes.empty());
    EXPECT_TRUE(tilelens::hasErrors(log.diagnostics));
}

TEST(AgentLog, SoftGateWithoutBlock)
{
    const AgentLog ok =
        parseAgentLog(QStringLiteral("all good\nVERDICT: ALL_PASS\n"), QStringLiteral("a.md"));
    ASSERT_EQ(ok.envelopes.size(), 1u);
    EXPECT_TRUE(ok.envelopes[0].accepted);
    EXPECT_EQ(ok.envelopes[0].gateNote, QStringLiteral("SOFT_VALIDATOR_MISSING"));
    const AgentLog bad =
        parseAgentLog(QStringLiteral("Traceback (most recent call last)\nVERDICT: ALL_PASS\n"),
                      QStringLiteral("a.md"));
    EXPECT_FALSE(bad.envelopes[0].accepted);
    const AgentLog notPassing =
        parseAgentLog(QStringLiteral("VERDICT: FAIL\n"), QStringLiteral("a.md"));
    EXPECT_FALSE(notPassing.envelopes[0].accepted);
}

TEST(AgentLog, EveryTruncationIsSafe)
{
    const QString full = *readSmallText(report("agent_b_repair.md"));
    for (qsizetype n = 0; n <= full.size(); n += 5) {
        const AgentLog log = parseAgentLog(full.left(n), QStringLiteral("cut.md"));
        EXPECT_LE(log.envelopes.size(), 3u);
        const PerformanceReport p = parsePerformanceReport(full.left(n), QStringLiteral("cut.md"));
        EXPECT_FALSE(p.firstLineValid);
    }
}
