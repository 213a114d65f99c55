// StageRunner in its own thread, driven like the GUI drives it, against the
// fake stage commands of tests/data/pipeline.

#include "PipelineTestSupport.h"
#include "pipeline/BuiltinStage.h"
#include "pipeline/ProcessControl.h"
#include "pipeline/RunHistory.h"
#include "pipeline/StageFreshness.h"
#include "pipeline/StageRunnerThread.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QThread>
#include <csignal>
#include <gtest/gtest.h>

using namespace tilelens::pipeline;
using tilelens::test::RunCollector;
using tilelens::test::TempWorkspace;

namespace {

struct Fixture
{
    TempWorkspace ws;
    StageRunnerThread worker;
    RunCollector events{worker.runner()};

    explicit Fixture(bool trusted = true, int graceMs = 3000)
    {
        if (trusted)
            ws.trust();
        const QString trustFile = ws.trustFile();
        worker.configure([trustFile, graceMs](StageRunner& r) {
            r.setTrustStorePath(trustFile);
            r.setTerminateGraceMs(graceMs);
        });
    }

    QString request(const QString& stage, bool trustOverride = false, bool ignoreCaps = false)
    {
        StageRequest req = StageRequest::make(ws.dir(), stage);
        req.trustOverride = trustOverride;
        req.ignoreCaps = ignoreCaps;
        worker.request(req);
        return req.runId;
    }

    StageRun run(const QString& stage) { return events.waitFinished(request(stage)); }
};

// "LEADER GRANDCHILD" written by fake_stage.sh sleep-tree.
QList<qint64> treePids(const TempWorkspace& ws)
{
    QFile f(ws.path(QStringLiteral("tree.pid")));
    QDeadlineTimer deadline(10000);
    while (!deadline.hasExpired()) {
        if (f.open(QIODevice::ReadOnly)) {
            const QList<QByteArray> parts = f.readAll().trimmed().split(' ');
            f.close();
            if (parts.size() == 2)
                return {parts.at(0).toLongLong(), parts.at(1).toLongLong()};
        }
        QThread::msleep(20);
    }
    return {};
}

// Orphans are reaped by init asynchronously: allow a moment.
bool goneWithin(qint64 pid, int ms)
{
    QDeadlineTimer deadline(ms);
    while (processAlive(pid) && !deadline.hasExpired())
        QThread::msleep(10);
    return !processAlive(pid);
}

} // namespace

TEST(StageRunner, CancelKillsTheWholeProcessGroup)
{
    Fixture f;
    const QString id = f.request(QStringLiteral("sleep"));
    ASSERT_TRUE(f.events.waitOutputContains(id, "started tree"));
    const QList<qint64> pids = treePids(f.ws);
    ASSERT_EQ(pids.size(), 2);
    EXPECT_TRUE(processAlive(pids[1]));
    // The supervisor leads the run's own group; the shell and its child are in it.
    const qint64 pgid = f.events.started.value(id).pid;
    EXPECT_TRUE(processGroupMembers(pgid).contains(pids[0]));
    EXPECT_TRUE(processGroupMembers(pgid).contains(pids[1]));

    f.worker.cancel(id);
    const StageRun run = f.events.waitFinished(id);
    EXPECT_EQ(run.status, RunStatus::Cancelled);
    EXPECT_TRUE(goneWithin(pids[0], 3000));
    EXPECT_TRUE(goneWithin(pids[1], 3000)) << "the grandchild survived the cancel";
    EXPECT_TRUE(processGroupMembers(pgid).isEmpty());

    const RunHistory h = loadRunHistory(f.ws.dir());
    ASSERT_EQ(h.runs.size(), 1u);
    EXPECT_EQ(h.runs[0].status, RunStatus::Cancelled);
    EXPECT_EQ(h.runs[0].runId, id);
}

TEST(StageRunner, CancelKillsAGrandchildThatLeftTheGroupWithSetsid)
{
    Fixture f;
    const QString id = f.request(QStringLiteral("escape"));
    ASSERT_TRUE(f.events.waitOutputContains(id, "started escaping tree"));
    const QList<qint64> pids = treePids(f.ws);
    ASSERT_EQ(pids.size(), 2);
    ASSERT_TRUE(processAlive(pids[1]));
    // setsid took it out of the run's process group: a group signal cannot reach it.
    EXPECT_FALSE(processGroupMembers(f.events.started.value(id).pid).contains(pids[1]));

    f.worker.cancel(id);
    EXPECT_EQ(f.events.waitFinished(id).status, RunStatus::Cancelled);
    EXPECT_TRUE(goneWithin(pids[0], 3000));
    EXPECT_TRUE(goneWithin(pids[1], 3000)) << "the setsid grandchild survived the cancel";
}

TEST(StageRunner, ProcessIgnoringSigtermIsKilledAfterTheGracePeriod)
{
    Fixture f(true, 300);
    const QString id = f.request(QStringLiteral("stubborn"));
    ASSERT_TRUE(f.events.waitOutputContains(id, "started stubborn"));
    const QList<qint64> pids = treePids(f.ws);
    ASSERT_EQ(pids.size(), 2);
    f.worker.cancel(id);
    const StageRun run = f.events.waitFinished(id);
    EXPECT_EQ(run.status, RunStatus::Cancelled);
    EXPECT_EQ(run.signal, SIGKILL);
    EXPECT_TRUE(f.events.output.value(id).contains("ignoring SIGTERM"));
    EXPECT_TRUE(goneWithin(pids[0], 3000));
    EXPECT_TRUE(goneWithin(pids[1], 3000));
}

TEST(StageRunner, TimeoutKillsAndIsRecorded)
{
    Fixture f;
    const StageRun run = f.run(QStringLiteral("slow")); // timeout_s: 1, would print for 10 s
    EXPECT_EQ(run.status, RunStatus::TimedOut);
    EXPECT_GE(run.elapsedMs(), 900);
    EXPECT_LT(run.elapsedMs(), 8000);
    EXPECT_TRUE(run.message.contains(QStringLiteral("timed out")));
    EXPECT_FALSE(run.passed());
    EXPECT_EQ(loadRunHistory(f.ws.dir()).runs.at(0).status, RunStatus::TimedOut);
}

TEST(StageRunner, ChildCrashIsRecordedWithItsSignal)
{
    Fixture f;
    const StageRun run = f.run(QStringLiteral("crash"));
    EXPECT_EQ(run.status, RunStatus::Crashed);
    EXPECT_EQ(run.signal, SIGSEGV);
    EXPECT_TRUE(run.logTail.contains(QStringLiteral("about to crash")));
    const RunHistory h = loadRunHistory(f.ws.dir());
    ASSERT_EQ(h.runs.size(), 1u);
    EXPECT_EQ(h.runs[0].status, RunStatus::Crashed);
    EXPECT_EQ(h.runs[0].signal, SIGSEGV);
}

TEST(StageRunner, ExitCodesBecomeVerdicts)
{
    Fixture f;
    const StageRun fail = f.run(QStringLiteral("fail"));
    EXPECT_EQ(fail.status, RunStatus::Exited);
    EXPECT_EQ(fail.exitCode, 1);
    EXPECT_EQ(fail.verdict, QStringLiteral("FAIL"));
    EXPECT_FALSE(fail.passed());
    const StageRun ok = f.run(QStringLiteral("ok"));
    EXPECT_EQ(ok.exitCode, 0);
    EXPECT_EQ(ok.verdict, QStringLiteral("DONE"));
    EXPECT_TRUE(ok.passed());
    EXPECT_TRUE(QFile::exists(ok.logPath));
    EXPECT_TRUE(ok.logPath.startsWith(f.ws.dir() + QStringLiteral("/.tilelens/logs/")));
}

TEST(StageRunner, PytestProgressAndLogVerdict)
{
    Fixture f;
    const QString id = f.request(QStringLiteral("pytest"));
    const StageRun run = f.events.waitFinished(id);
    EXPECT_EQ(run.verdict, QStringLiteral("ALL_PASS"));
    const StageProgress p = f.events.lastProgress.value(id);
    EXPECT_EQ(p.total, 4);
    EXPECT_EQ(p.done, 4);
    EXPECT_EQ(p.percent, 100);
}

TEST(StageRunner, UntrustedWorkspaceRunsNothing)
{
    Fixture f(false);
    const StageRun run = f.run(QStringLiteral("touch"));
    EXPECT_EQ(run.status, RunStatus::Rejected);
    EXPECT_TRUE(run.message.contains(QStringLiteral("not trusted"))) << run.message.toStdString();
    EXPECT_FALSE(QFile::exists(f.ws.path(QStringLiteral("generated/generated_fake.mlir"))));
    EXPECT_FALSE(QFileInfo::exists(f.ws.path(QStringLiteral(".tilelens/logs"))));
    EXPECT_TRUE(f.events.started.isEmpty());

    f.ws.trust(false); // an explicit "no" is remembered and also runs nothing
    EXPECT_EQ(f.run(QStringLiteral("touch")).status, RunStatus::Rejected);
    EXPECT_FALSE(QFile::exists(f.ws.path(QStringLiteral("generated/generated_fake.mlir"))));

    // The CLI's --trust runs it without storing anything.
    const QString id = f.request(QStringLiteral("touch"), true);
    EXPECT_EQ(f.events.waitFinished(id).status, RunStatus::Exited);
    EXPECT_TRUE(QFile::exists(f.ws.path(QStringLiteral("generated/generated_fake.mlir"))));
    EXPECT_EQ(TrustStore(f.ws.trustFile()).state(loadStageSet(f.ws.dir())), TrustState::Denied);
}

TEST(StageRunner, EditedConfigNeedsTrustAgain)
{
    Fixture f;
    EXPECT_EQ(f.run(QStringLiteral("ok")).status, RunStatus::Exited);
    f.ws.writeConfig(R"({"stages": {"ok": {"argv": ["/bin/sh", "-c", "echo changed"]}}})");
    const StageRun run = f.run(QStringLiteral("ok"));
    EXPECT_EQ(run.status, RunStatus::Rejected);
    EXPECT_TRUE(run.message.contains(QStringLiteral("changed")));
}

TEST(StageRunner, NewRequestReplacesTheQueuedOne)
{
    Fixture f;
    const QString sleeping = f.request(QStringLiteral("sleep"));
    ASSERT_TRUE(f.events.waitStarted(sleeping));
    const QString first = f.request(QStringLiteral("ok"));
    const QString second = f.request(QStringLiteral("ok"));
    const StageRun replaced = f.events.waitFinished(first, 5000);
    EXPECT_EQ(replaced.status, RunStatus::Superseded);
    EXPECT_FALSE(f.events.finished.contains(second));
    f.worker.cancel(sleeping);
    EXPECT_EQ(f.events.waitFinished(second).status, RunStatus::Exited);
    EXPECT_FALSE(f.events.started.contains(first));
}

TEST(StageRunner, CapsAreEnforcedUnlessOverridden)
{
    Fixture f; // tilelens.json: caps.touch = 2
    const StageRun r1 = f.run(QStringLiteral("touch"));
    EXPECT_EQ(r1.capUsed, 1);
    EXPECT_EQ(r1.capLimit, 2);
    EXPECT_EQ(f.run(QStringLiteral("touch")).status, RunStatus::Exited);
    const StageRun third = f.run(QStringLiteral("touch"));
    EXPECT_EQ(third.status, RunStatus::Rejected);
    EXPECT_TRUE(third.message.contains(QStringLiteral("cap 2")));
    EXPECT_EQ(f.events.waitFinished(f.request(QStringLiteral("touch"), false, true)).status,
              RunStatus::Exited);
    f.worker.resetCaps(f.ws.dir());
    EXPECT_EQ(f.run(QStringLiteral("touch")).status, RunStatus::Exited);
}

TEST(StageRunner, ShellOnlyWhenTheStageAsksForIt)
{
    Fixture f;
    const QString id = f.request(QStringLiteral("shell"));
    const StageRun run = f.events.waitFinished(id);
    EXPECT_EQ(run.argv.value(0), QStringLiteral("/bin/sh"));
    EXPECT_TRUE(f.events.output.value(id).contains("one\nTWO"));
    // A normal stage gets its argv verbatim: the placeholder is expanded, no shell involved.
    const StageRun env = f.run(QStringLiteral("env"));
    EXPECT_EQ(env.argv.value(0), tilelens::test::fakeStageScript());
    EXPECT_EQ(env.envChanges.value(QStringLiteral("STAGE_MARK")), QStringLiteral("kernel=fakeop"));
    EXPECT_TRUE(env.logTail.contains(QStringLiteral("STAGE_MARK=kernel=fakeop")));
}

TEST(StageRunner, ReportsChangedOutputsAndIr)
{
    Fixture f;
    const StageSet set = loadStageSet(f.ws.dir());
    const ResolvedStage touch = resolveStage(set, *set.find(QStringLiteral("touch")));
    EXPECT_EQ(stageFreshness(touch).state, Freshness::Missing);
    const StageRun run = f.run(QStringLiteral("touch"));
    ASSERT_EQ(run.changedOutputs.size(), 1);
    EXPECT_TRUE(run.changedOutputs[0].endsWith(QStringLiteral("generated/generated_fake.mlir")));
    EXPECT_TRUE(run.irChanged);
    EXPECT_EQ(stageFreshness(touch).state, Freshness::UpToDate);
    QFile ref(f.ws.path(QStringLiteral("reference/reference.mlir")));
    ref.open(QIODevice::ReadWrite);
    ref.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime);
    ref.close();
    EXPECT_EQ(stageFreshness(touch).state, Freshness::Stale);
}

TEST(StageRunner, BuiltinStagesNeedNoTrustAndCanBeCancelled)
{
    Fixture f(false);
    BuiltinStageRegistry::add(QStringLiteral("ir-diff"), [](const BuiltinContext& ctx) {
        ctx.log("diffing reference vs generated\n");
        QFile out(ctx.kernelDir + QStringLiteral("/generated/diff_report.md"));
        out.open(QIODevice::WriteOnly);
        out.write("VERDICT: PASS_WITH_NOTES\n");
        return BuiltinResult{
            2, QStringLiteral("PASS_WITH_NOTES"), QStringLiteral("1 note"), {out.fileName()}};
    });
    QDir().mkpath(f.ws.path(QStringLiteral("generated")));
    const QString id = f.request(QStringLiteral("C"));
    const StageRun c = f.events.waitFinished(id);
    BuiltinStageRegistry::remove(QStringLiteral("ir-diff"));
    EXPECT_EQ(c.status, RunStatus::Exited);
    EXPECT_EQ(c.verdict, QStringLiteral("PASS_WITH_NOTES"));
    EXPECT_EQ(c.kind, QStringLiteral("builtin"));
    EXPECT_TRUE(f.events.output.value(id).contains("diffing reference"));
    EXPECT_TRUE(c.changedOutputs.value(0).endsWith(QStringLiteral("diff_report.md")));

    BuiltinStageRegistry::add(QStringLiteral("validate"), [](const BuiltinContext& ctx) {
        while (!ctx.isCancelled())
            QThread::msleep(5);
        return BuiltinResult{1, {}, QStringLiteral("stopped"), {}};
    });
    const QString v = f.request(QStringLiteral("validate"));
    ASSERT_TRUE(f.events.waitStarted(v));
    f.worker.cancel(v);
    EXPECT_EQ(f.events.waitFinished(v).status, RunStatus::Cancelled);
    BuiltinStageRegistry::remove(QStringLiteral("validate"));

    const StageRun missing = f.run(QStringLiteral("perf"));
    EXPECT_EQ(missing.status, RunStatus::Rejected);
    EXPECT_TRUE(missing.message.contains(QStringLiteral("not available")));
}

TEST(StageRunner, GpuStagesAreNotRunnableWithoutAGpu)
{
    qputenv("TILELENS_ASSUME_GPU", "0");
    Fixture f;
    const StageRun run = f.run(QStringLiteral("gpu"));
    qunsetenv("TILELENS_ASSUME_GPU");
    EXPECT_EQ(run.status, RunStatus::Rejected);
    EXPECT_TRUE(run.message.contains(QStringLiteral("needs an NVIDIA GPU")));
    const StageRun unknown = f.run(QStringLiteral("nope"));
    EXPECT_TRUE(unknown.message.contains(QStringLiteral("unknown stage")));
}

TEST(StageRunner, QuittingWithARunInFlightLeavesNoOrphan)
{
    TempWorkspace ws;
    ws.trust();
    QList<qint64> pids;
    QString id;
    {
        StageRunnerThread worker;
        RunCollector events(worker.runner());
        const QString& trustFile = ws.trustFile();
        worker.configure([trustFile](StageRunner& r) { r.setTrustStorePath(trustFile); });
        StageRequest req = StageRequest::make(ws.dir(), QStringLiteral("sleep"));
        id = req.runId;
        worker.request(req);
        ASSERT_TRUE(events.waitOutputContains(id, "started tree"));
        pids = treePids(ws);
        ASSERT_EQ(pids.size(), 2);
        EXPECT_TRUE(worker.hasRunsInFlight());
    } // the app quits: the worker is destroyed with the run in flight
    EXPECT_TRUE(goneWithin(pids[0], 3000));
    EXPECT_TRUE(goneWithin(pids[1], 3000)) << "orphan left behind";
    const RunHistory h = loadRunHistory(ws.dir());
    ASSERT_EQ(h.runs.size(), 1u);
    EXPECT_EQ(h.runs[0].status, RunStatus::Cancelled);
}
