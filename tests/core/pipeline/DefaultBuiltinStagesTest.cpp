// The built-in stages C / validate / perf wired to TileLens' own diff,
// validator and perf comparison, run through the StageRunner on a copy of the
// bundled example (resources/examples/softmax; skipped when it is absent).

#include "pipeline/DefaultBuiltinStages.h"

#include "PipelineTestSupport.h"
#include "TestPaths.h"
#include "pipeline/BuiltinStage.h"
#include "pipeline/StageRunnerThread.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens::pipeline;
using tilelens::test::RunCollector;

namespace {

void copyTree(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    for (const QFileInfo& fi : QDir(from).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot)) {
        if (fi.isDir())
            copyTree(fi.filePath(), to + QLatin1Char('/') + fi.fileName());
        else
            QFile::copy(fi.filePath(), to + QLatin1Char('/') + fi.fileName());
    }
}

} // namespace

TEST(DefaultBuiltinStages, ExampleStagesRunOnACpuMachineWithoutTrust)
{
    const QString example = tilelens::test::examplesDir() + QStringLiteral("/softmax");
    if (!QFileInfo(example + QStringLiteral("/reference/analysis.json")).exists())
        GTEST_SKIP() << "bundled example not found at " << example.toStdString();
    tilelens::test::ensureCoreApp();
    QTemporaryDir tmp;
    const QString ws = tmp.path() + QStringLiteral("/softmax");
    copyTree(example, ws);
    QFile::remove(ws + QStringLiteral("/generated/diff_report.md"));
    registerDefaultBuiltinStages();

    StageRunnerThread worker;
    RunCollector events(worker.runner());
    const QString trust = tmp.path() + QStringLiteral("/trust.json"); // empty: nothing is trusted
    worker.configure([trust](StageRunner& r) { r.setTrustStorePath(trust); });
    auto run = [&](const char* stage) {
        const StageRequest req = StageRequest::make(ws, QString::fromLatin1(stage));
        worker.request(req);
        return events.waitFinished(req.runId, 60000);
    };

    const StageRun c = run("C");
    EXPECT_EQ(c.status, RunStatus::Exited) << c.message.toStdString();
    EXPECT_TRUE(QStringList({QStringLiteral("PASS"), QStringLiteral("PASS_WITH_NOTES"),
                             QStringLiteral("FAIL_FIXABLE")})
                    .contains(c.verdict))
        << c.verdict.toStdString();
    QFile report(ws + QStringLiteral("/generated/diff_report.md"));
    ASSERT_TRUE(report.open(QIODevice::ReadOnly));
    EXPECT_EQ(report.readLine().trimmed(), (QStringLiteral("VERDICT: ") + c.verdict).toUtf8());
    EXPECT_TRUE(c.changedOutputs.contains(ws + QStringLiteral("/generated/diff_report.md")));
    EXPECT_TRUE(c.logTail.contains(QStringLiteral("VERDICT:")));

    const StageRun v = run("validate");
    EXPECT_EQ(v.status, RunStatus::Exited);
    EXPECT_TRUE(v.verdict == QLatin1String("PASS") || v.verdict == QLatin1String("FAIL"));
    const StageRun p = run("perf");
    EXPECT_EQ(p.status, RunStatus::Exited);
    EXPECT_TRUE(p.logTail.contains(QStringLiteral("geomean_ratio=")));
    EXPECT_FALSE(p.verdict.isEmpty());
    for (const char* name : {"ir-diff", "validate", "perf"})
        BuiltinStageRegistry::remove(QString::fromLatin1(name));
}
