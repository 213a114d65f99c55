#include "pipeline/RunHistory.h"

#include "PipelineTestSupport.h"
#include "pipeline/ProcessControl.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSysInfo>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace tilelens::pipeline;
using tilelens::test::TempWorkspace;

namespace {
StageRun sample(const TempWorkspace& ws, const QString& id, const QString& stage)
{
    StageRun r;
    r.runId = id;
    r.kernelDir = ws.dir();
    r.stageId = stage;
    r.argv = {QStringLiteral("pytest"), QStringLiteral("-k"), QStringLiteral("a b")};
    r.envChanges.insert(QStringLiteral("CUPTI"), QStringLiteral("1"));
    r.cwd = ws.dir();
    r.startedAt = QDateTime::currentDateTimeUtc();
    r.status = RunStatus::Running;
    r.logPath = ws.path(QStringLiteral(".tilelens/logs/") + id + QStringLiteral(".log"));
    return r;
}
} // namespace

TEST(RunHistory, StartAndEndRecordsMerge)
{
    TempWorkspace ws;
    StageRun a = sample(ws, QStringLiteral("r1"), QStringLiteral("D"));
    ASSERT_TRUE(appendRunRecord(a, HistoryEvent::Start));
    a.status = RunStatus::Exited;
    a.exitCode = 1;
    a.verdict = QStringLiteral("FAIL");
    a.endedAt = a.startedAt.addSecs(3);
    ASSERT_TRUE(appendRunRecord(a, HistoryEvent::End));
    StageRun b = sample(ws, QStringLiteral("r2"), QStringLiteral("E"));
    b.status = RunStatus::Crashed;
    b.signal = 9;
    ASSERT_TRUE(appendRunRecord(b, HistoryEvent::End));

    const RunHistory h = loadRunHistory(ws.dir());
    EXPECT_TRUE(h.diagnostics.empty());
    ASSERT_EQ(h.runs.size(), 2u);
    EXPECT_EQ(h.runs[0].status, RunStatus::Exited);
    EXPECT_EQ(h.runs[0].exitCode, 1);
    EXPECT_EQ(h.runs[0].verdict, QStringLiteral("FAIL"));
    EXPECT_EQ(h.runs[0].argv, a.argv);
    EXPECT_EQ(h.runs[0].envChanges.value(QStringLiteral("CUPTI")), QStringLiteral("1"));
    EXPECT_EQ(h.runs[0].elapsedMs(), 3000);
    EXPECT_EQ(h.runs[1].signal, 9);
    EXPECT_EQ(h.forStage(QStringLiteral("E")).size(), 1u);
    EXPECT_TRUE(h.forStage(QStringLiteral("A")).empty());
}

TEST(RunHistory, TornAndForeignLinesAreSkippedNotFatal)
{
    TempWorkspace ws;
    StageRun a = sample(ws, QStringLiteral("r1"), QStringLiteral("B"));
    a.pid = 999999999; // no such process group: the run counts as interrupted
    ASSERT_TRUE(appendRunRecord(a, HistoryEvent::Start));
    QFile f(historyFile(ws.dir()));
    ASSERT_TRUE(f.open(QIODevice::Append));
    f.write("not json at all\n{\"run_id\": \"r2\", \"stage\": \"C\", \"status\": \"exi");
    f.close();

    const RunHistory h = loadRunHistory(ws.dir());
    ASSERT_EQ(h.runs.size(), 1u);
    EXPECT_EQ(h.runs[0].status, RunStatus::Interrupted);
    ASSERT_EQ(h.diagnostics.size(), 2u);
    EXPECT_EQ(h.diagnostics[0].place.line, 2);
    EXPECT_NE(h.diagnostics[1].message.find("incomplete last line"), std::string::npos);

    // Appending after a torn line still yields readable records.
    StageRun c = sample(ws, QStringLiteral("r3"), QStringLiteral("C"));
    c.status = RunStatus::Exited;
    c.exitCode = 0;
    ASSERT_TRUE(appendRunRecord(c, HistoryEvent::End));
    EXPECT_EQ(loadRunHistory(ws.dir()).runs.size(), 2u);
}

// Issue 14: a run whose TileLens process died is interrupted, not running, even while
// something still holds its process group (a leftover child, or a reused pid).
TEST(RunHistory, StartRecordOfADeadRunnerIsInterruptedEvenIfItsGroupLives)
{
    TempWorkspace ws;
    QProcess gone;
    gone.start(QStringLiteral("true"), {});
    ASSERT_TRUE(gone.waitForFinished(10000));
    const qint64 deadPid = gone.processId() > 0 ? gone.processId() : 999999999;
    auto writeStart = [&ws](const QString& id, const QJsonObject& runner) {
        StageRun r = sample(ws, id, QStringLiteral("D"));
        r.pid = ::getpgrp(); // a group that is certainly alive: this test's own
        QJsonObject o = r.toJson();
        o.insert(QStringLiteral("event"), QStringLiteral("start"));
        if (!runner.isEmpty())
            o.insert(QStringLiteral("runner"), runner);
        QFile f(historyFile(ws.dir()));
        QDir().mkpath(historyDir(ws.dir()));
        ASSERT_TRUE(f.open(QIODevice::Append));
        f.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
    };
    const QJsonObject dead{{QStringLiteral("pid"), double(deadPid)},
                           {QStringLiteral("start_ticks"), 1.0},
                           {QStringLiteral("boot_id"), bootId()},
                           {QStringLiteral("host"), QSysInfo::machineHostName()}};
    writeStart(QStringLiteral("dead"), dead);
    QJsonObject reused = dead; // our own pid, but another process's start time
    reused.insert(QStringLiteral("pid"), double(::getpid()));
    reused.insert(QStringLiteral("start_ticks"), double(processStartTicks(::getpid()) + 1));
    writeStart(QStringLiteral("reused"), reused);
    writeStart(QStringLiteral("legacy"), {}); // older records: the live group decides
    StageRun live = sample(ws, QStringLiteral("live"), QStringLiteral("D"));
    live.pid = ::getpgrp();
    ASSERT_TRUE(appendRunRecord(live, HistoryEvent::Start)); // written by this live process

    const RunHistory h = loadRunHistory(ws.dir());
    ASSERT_EQ(h.runs.size(), 4u);
    EXPECT_EQ(h.runs[0].status, RunStatus::Interrupted);
    EXPECT_EQ(h.runs[1].status, RunStatus::Interrupted);
    EXPECT_EQ(h.runs[2].status, RunStatus::Running);
    EXPECT_EQ(h.runs[3].status, RunStatus::Running);
}

TEST(RunHistory, ReadsOnlyTheTailOfAHugeFile)
{
    TempWorkspace ws;
    for (int i = 0; i < 200; ++i) {
        StageRun r = sample(ws, QStringLiteral("r%1").arg(i), QStringLiteral("D"));
        r.status = RunStatus::Exited;
        ASSERT_TRUE(appendRunRecord(r, HistoryEvent::End));
    }
    const RunHistory h = loadRunHistory(ws.dir(), 20 * 1024);
    EXPECT_GT(h.runs.size(), 5u);
    EXPECT_LT(h.runs.size(), 200u);
    EXPECT_EQ(h.runs.back().runId, QStringLiteral("r199"));
}

TEST(RunHistory, ManyForeignLinesAreCountedNotEachSaid)
{
    // A file of nothing but foreign lines (32 MB of them held 3.4 GB of diagnostics).
    TempWorkspace ws;
    StageRun a = sample(ws, QStringLiteral("r1"), QStringLiteral("B"));
    a.status = RunStatus::Exited;
    ASSERT_TRUE(appendRunRecord(a, HistoryEvent::End));
    QFile f(historyFile(ws.dir()));
    ASSERT_TRUE(f.open(QIODevice::Append));
    for (int i = 0; i < 5000; ++i)
        f.write("x\n");
    f.close();
    const RunHistory h = loadRunHistory(ws.dir());
    ASSERT_EQ(h.runs.size(), 1u);
    ASSERT_EQ(h.diagnostics.size(), 101u);
    EXPECT_EQ(h.diagnostics[0].place.line, 2);
    EXPECT_EQ(h.diagnostics[99].place.line, 101);
    EXPECT_EQ(h.diagnostics.back().message, "skipped 4900 more lines that are not run records");
}

TEST(RunHistory, UnwritableDirectoryIsAnErrorValue)
{
    StageRun r;
    r.runId = QStringLiteral("x");
    r.kernelDir = QStringLiteral("/proc/version"); // a file, cannot hold .tilelens
    QString error;
    EXPECT_FALSE(appendRunRecord(r, HistoryEvent::Start, &error));
    EXPECT_FALSE(error.isEmpty());
}

// Issue 32: a dangling link planted as runs.jsonl (or .tilelens) is not followed.
TEST(RunHistory, ARecordIsNeverAppendedThroughALink)
{
    QTemporaryDir ws;
    QTemporaryDir outside;
    StageRun r;
    r.runId = QStringLiteral("x");
    r.kernelDir = ws.path();
    ASSERT_TRUE(QFile::link(outside.path(), ws.path() + QStringLiteral("/.tilelens")));
    QString error;
    EXPECT_FALSE(appendRunRecord(r, HistoryEvent::Start, &error));
    EXPECT_TRUE(error.contains(QStringLiteral(".tilelens is a symbolic link")))
        << error.toStdString();
    QFile::remove(ws.path() + QStringLiteral("/.tilelens"));
    QDir().mkpath(ws.path() + QStringLiteral("/.tilelens"));
    ASSERT_TRUE(QFile::link(outside.path() + QStringLiteral("/h.jsonl"),
                            ws.path() + QStringLiteral("/.tilelens/runs.jsonl")));
    EXPECT_FALSE(appendRunRecord(r, HistoryEvent::End, &error));
    EXPECT_FALSE(QFile::exists(outside.path() + QStringLiteral("/h.jsonl")));
}

// A run history is a file of the workspace, which may come from anywhere: numbers that are no
// qint64 (1e300, a fraction) read as absent instead of an undefined conversion.
TEST(RunHistory, NumbersBeyondQint64ReadAsAbsent)
{
    TempWorkspace ws;
    QJsonObject o{{QStringLiteral("run_id"), QStringLiteral("r1")},
                  {QStringLiteral("stage"), QStringLiteral("B")},
                  {QStringLiteral("event"), QStringLiteral("start")},
                  {QStringLiteral("status"), QStringLiteral("running")},
                  {QStringLiteral("pid"), 1e300},
                  {QStringLiteral("output_bytes"), -1e300}};
    // This machine's boot and host, so that the runner's pid is the one checked.
    o.insert(QStringLiteral("runner"),
             QJsonObject{{QStringLiteral("pid"), 1e300},
                         {QStringLiteral("start_ticks"), 2.5},
                         {QStringLiteral("boot_id"), bootId()},
                         {QStringLiteral("host"), QSysInfo::machineHostName()}});
    QFile f(historyFile(ws.dir()));
    ASSERT_TRUE(QDir().mkpath(historyDir(ws.dir())));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
    f.close();
    const RunHistory h = loadRunHistory(ws.dir());
    ASSERT_EQ(h.runs.size(), 1u);
    EXPECT_EQ(h.runs[0].pid, 0);
    EXPECT_EQ(h.runs[0].outputBytes, 0);
    EXPECT_EQ(h.runs[0].status, RunStatus::Interrupted);
}

// A pid read from a file may be any number: one past pid_t would wrap to -1 in kill(-pgid),
// which signals every process this user may signal.
TEST(RunHistory, ProcessGroupsOutsidePidRangeAreNeverSignalled)
{
    EXPECT_FALSE(signalProcessGroup((qint64(1) << 32) + 1, 0)); // -(2^32 + 1) wraps to -1
    EXPECT_FALSE(signalProcessGroup(1, 0));
    EXPECT_FALSE(signalProcessGroup(0, 0));
    EXPECT_TRUE(signalProcessGroup(::getpgrp(), 0)); // this test's own group exists
}
