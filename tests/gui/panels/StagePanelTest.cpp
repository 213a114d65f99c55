// The stage panel: model shape and roles (QAbstractItemModelTester), a real
// built-in stage run on a copy of the example, trust before an external
// command, and cancelling a long external stage leaves no process.

#include "panels/StagePanel.h"

#include "../GuiTestSupport.h"
#include "PanelTestSupport.h"
#include "TestPaths.h"
#include "panels/StageTableModel.h"
#include "panels/StatusStyle.h"
#include "pipeline/ProcessControl.h"
#include "pipeline/RunHistory.h"
#include "pipeline/StageResolver.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <gtest/gtest.h>
#include <sys/types.h>
#include <unistd.h>

using namespace tilelens;
using namespace tilelens::gui::panels;

namespace {

QString exampleCopy(const QTemporaryDir& tmp, const QString& name = QStringLiteral("softmax"))
{
    QString dst = tmp.filePath(name);
    EXPECT_TRUE(test::copyTree(QDir(test::examplesDir()).filePath(name), dst));
    return dst;
}

QVariant cell(const StageTableModel& m, const QString& stage, int column,
              int role = Qt::DisplayRole)
{
    return m.index(m.rowOf(stage), column).data(role);
}

// Waits for the run of `stage` to finish; the finished record.
pipeline::StageRun waitFinished(StagePanel& panel, QSignalSpy& spy, const QString& stage,
                                int timeoutMs = 60000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        for (const QList<QVariant>& args : spy) {
            auto run = args.at(0).value<pipeline::StageRun>();
            if (run.stageId == stage)
                return run;
        }
        spy.wait(200);
    }
    (void)panel;
    return {};
}

} // namespace

TEST(StageTableModel, ExampleStagesWithVerdictsCapsAndNextStep)
{
    QTemporaryDir tmp;
    const QString dir = exampleCopy(tmp);
    StageTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.reload(dir);
    for (const char* id : {"A", "B", "C", "D", "E", "F", "validate", "perf"})
        EXPECT_GE(model.rowOf(QString::fromLatin1(id)), 0) << id;
    EXPECT_EQ(model.columnCount(), StageTableModel::ColumnCount);
    // The example's C report says FAIL_FIXABLE, E says INVESTIGATE (reports/*.md).
    EXPECT_EQ(cell(model, QStringLiteral("C"), 0, StageTableModel::VerdictRole).toString(),
              QStringLiteral("FAIL_FIXABLE"));
    EXPECT_EQ(cell(model, QStringLiteral("E"), 0, StageTableModel::VerdictRole).toString(),
              QStringLiteral("INVESTIGATE"));
    EXPECT_EQ(cell(model, QStringLiteral("B"), 0, StageTableModel::CapRole).toInt(), 2);
    EXPECT_EQ(cell(model, QStringLiteral("A"), 0, StageTableModel::CapRole).toInt(), 1);
    EXPECT_TRUE(cell(model, QStringLiteral("validate"), 0, StageTableModel::BuiltinRole).toBool());
    // Exactly one row carries the routing table's next step, when there is one.
    int nextRows = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        nextRows += model.index(r, StageTableModel::NextColumn).data().toString().isEmpty() ? 0 : 1;
    EXPECT_LE(nextRows, 1);
    EXPECT_FALSE(model.pipelineState().next.isEmpty());
    model.reload(QString());
    EXPECT_EQ(model.rowCount(), 0);
}

TEST(StagePanel, RunsTheValidateBuiltinOnACopyOfTheExampleAndShowsItsVerdict)
{
    QTemporaryDir tmp;
    const QString dir = exampleCopy(tmp);
    auto session = test::openSession(dir);
    ASSERT_NE(session->currentKernel(), nullptr);
    StagePanel panel(session.get(), nullptr);
    panel.setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
    bool asked = false;
    panel.setTrustPrompt([&asked](const QString&, const QString&) {
        asked = true;
        return false;
    });
    QSignalSpy finished(&panel, &StagePanel::runFinished);
    QSignalSpy rescan(&panel, &StagePanel::workspaceRescanRequested);
    ASSERT_TRUE(panel.rerun(QStringLiteral("validate")));
    const pipeline::StageRun run = waitFinished(panel, finished, QStringLiteral("validate"));
    ASSERT_EQ(run.stageId, QStringLiteral("validate")) << "validate did not finish";
    EXPECT_FALSE(asked) << "built-ins need no trust";
    EXPECT_EQ(run.status, pipeline::RunStatus::Exited);
    EXPECT_FALSE(run.verdict.isEmpty());
    EXPECT_GE(rescan.count(), 1);
    EXPECT_FALSE(panel.hasRunsInFlight());
    // The table shows the run's verdict and the history has it.
    const StageTableModel* m = panel.model();
    EXPECT_EQ(cell(*m, QStringLiteral("validate"), 0, StageTableModel::VerdictRole).toString(),
              run.verdict);
    EXPECT_EQ(cell(*m, QStringLiteral("validate"), 0, StageTableModel::RunCountRole).toInt(), 1);
    const pipeline::RunHistory h = pipeline::loadRunHistory(dir);
    ASSERT_EQ(h.forStage(QStringLiteral("validate")).size(), 1u);
    // Its log is offered in the log viewer.
    panel.selectStage(QStringLiteral("validate"));
    EXPECT_GE(panel.logSourceBox()->findData(run.logPath), 0);
    EXPECT_FALSE(panel.logView()->toPlainText().isEmpty());
}

TEST(StagePanel, GpuStagesSayWhyTheyCannotRunHere)
{
    if (pipeline::gpuAvailable())
        GTEST_SKIP() << "this machine has a GPU";
    QTemporaryDir tmp;
    const QString dir = exampleCopy(tmp);
    auto session = test::openSession(dir);
    StagePanel panel(session.get(), nullptr);
    const StageTableModel* m = panel.model();
    EXPECT_FALSE(cell(*m, QStringLiteral("D"), 0, StageTableModel::RunnableRole).toBool());
    EXPECT_FALSE(
        cell(*m, QStringLiteral("D"), 0, StageTableModel::ReasonRole).toString().isEmpty());
    EXPECT_FALSE(panel.rerun(QStringLiteral("D")));
    EXPECT_TRUE(panel.runStatusText().contains(QStringLiteral("cannot run here")))
        << panel.runStatusText().toStdString();
}

namespace {

QString sleepyWorkspace(const QTemporaryDir& tmp)
{
    test::writeKernelDir(tmp.path(), QStringLiteral("sleepy"));
    QString dir = tmp.filePath(QStringLiteral("sleepy"));
    QFile f(QDir(dir).filePath(QStringLiteral("tilelens.json")));
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"stages": {"nap": {"argv": ["sleep", "30"], "title": "nap: a long fake stage"}}})");
    f.close();
    return dir;
}

} // namespace

TEST(StagePanel, UntrustedWorkspaceRunsNothing)
{
    QTemporaryDir tmp;
    const QString dir = sleepyWorkspace(tmp);
    auto session = test::openSession(dir);
    StagePanel panel(session.get(), nullptr);
    panel.setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
    QString shown;
    panel.setTrustPrompt([&shown](const QString&, const QString& description) {
        shown = description;
        return false;
    });
    EXPECT_FALSE(panel.rerun(QStringLiteral("nap")));
    EXPECT_TRUE(shown.contains(QStringLiteral("sleep"))) << shown.toStdString();
    EXPECT_FALSE(panel.hasRunsInFlight());
    EXPECT_TRUE(pipeline::loadRunHistory(dir).runs.empty());
}

// Issue 14, S3: the prompt shows every field the trust digest covers.
TEST(StagePanel, TrustPromptShowsEverythingThatDecidesWhatRunsAndWhereItWrites)
{
    QTemporaryDir tmp;
    const QString dir = sleepyWorkspace(tmp);
    QFile f(QDir(dir).filePath(QStringLiteral("tilelens.json")));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(R"({"stages": {"nap": {"shell": true, "argv": ["sleep 1; echo ${KERNEL}"],
        "env": {"MODE": "fast"}, "unset_env": ["HOME"], "timeout_s": 9,
        "log_copy": "logs/nap.txt", "outputs": ["gen/*.mlir"], "verdict": "file",
        "verdict_file": "verdict.txt"}}})");
    f.close();
    auto session = test::openSession(dir);
    StagePanel panel(session.get(), nullptr);
    panel.setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
    QString shown;
    panel.setTrustPrompt([&shown](const QString&, const QString& description) {
        shown = description;
        return false;
    });
    EXPECT_FALSE(panel.rerun(QStringLiteral("nap")));
    for (const QString& part :
         {QStringLiteral("argv: /bin/sh -c 'sleep 1; echo \"${KERNEL}\"'"),
          QStringLiteral("env: KERNEL=sleepy"), QStringLiteral("env: MODE=fast"),
          QStringLiteral("env: unset HOME"), QStringLiteral("timeout: 9 s"),
          QStringLiteral("cwd: ") + dir,
          QStringLiteral("writes the log to: ") +
              QDir(dir).filePath(QStringLiteral("logs/nap.txt")),
          QStringLiteral("outputs: ") + QDir(dir).filePath(QStringLiteral("gen/*.mlir")),
          QStringLiteral("verdict: file ") + QDir(dir).filePath(QStringLiteral("verdict.txt"))})
        EXPECT_TRUE(shown.contains(part)) << part.toStdString() << " missing in\n"
                                          << shown.toStdString();
}

// Issue 14: a run whose TileLens process died (no end record) is interrupted, not running,
// even while a process still holds its group.
TEST(StagePanel, ARunOfACrashedTileLensShowsAsInterrupted)
{
    QTemporaryDir tmp;
    const QString dir = sleepyWorkspace(tmp);
    QProcess gone;
    gone.start(QStringLiteral("true"), {});
    ASSERT_TRUE(gone.waitForFinished(10000));
    pipeline::StageRun r;
    r.runId = QStringLiteral("crashed1");
    r.kernelDir = dir;
    r.stageId = QStringLiteral("nap");
    r.status = pipeline::RunStatus::Running;
    r.startedAt = QDateTime::currentDateTimeUtc();
    r.pid = ::getpgrp(); // alive: this test's own group
    r.logPath = QDir(dir).filePath(QStringLiteral(".tilelens/logs/crashed1_nap.log"));
    QJsonObject o = r.toJson();
    o.insert(QStringLiteral("event"), QStringLiteral("start"));
    o.insert(QStringLiteral("runner"),
             QJsonObject{{QStringLiteral("pid"), double(gone.processId())},
                         {QStringLiteral("start_ticks"), 1.0},
                         {QStringLiteral("boot_id"), pipeline::bootId()},
                         {QStringLiteral("host"), QSysInfo::machineHostName()}});
    QDir().mkpath(QDir(dir).filePath(QStringLiteral(".tilelens/logs")));
    QFile log(r.logPath);
    ASSERT_TRUE(log.open(QIODevice::WriteOnly));
    log.write("half a log\n");
    log.close();
    QFile h(pipeline::historyFile(dir));
    ASSERT_TRUE(h.open(QIODevice::WriteOnly));
    h.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
    h.close();

    auto session = test::openSession(dir);
    StagePanel panel(session.get(), nullptr);
    const StageRow* row = panel.model()->row(panel.model()->rowOf(QStringLiteral("nap")));
    ASSERT_NE(row, nullptr);
    ASSERT_EQ(row->history.size(), 1u);
    EXPECT_EQ(row->history[0].status, pipeline::RunStatus::Interrupted);
    EXPECT_FALSE(row->live);
    panel.selectStage(QStringLiteral("nap"));
    const int i = panel.logSourceBox()->findData(r.logPath);
    ASSERT_GE(i, 0);
    EXPECT_TRUE(panel.logSourceBox()->itemText(i).contains(QStringLiteral("interrupted")))
        << panel.logSourceBox()->itemText(i).toStdString();
}

TEST(StagePanel, CancellingALongExternalStageLeavesNoProcess)
{
    QTemporaryDir tmp;
    const QString dir = sleepyWorkspace(tmp);
    auto session = test::openSession(dir);
    StagePanel panel(session.get(), nullptr);
    panel.setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
    int prompts = 0;
    panel.setTrustPrompt([&prompts](const QString&, const QString&) {
        ++prompts;
        return true;
    });
    QSignalSpy finished(&panel, &StagePanel::runFinished);
    ASSERT_TRUE(panel.rerun(QStringLiteral("nap")));
    EXPECT_EQ(prompts, 1);
    // Wait until it runs (the model shows it live with a pid).
    QElapsedTimer t;
    t.start();
    qint64 pid = 0;
    while (t.elapsed() < 20000 && pid == 0) {
        QTest::qWait(50);
        const StageRow* row = panel.model()->row(panel.model()->rowOf(QStringLiteral("nap")));
        if (row && row->live && row->liveRun.pid > 0)
            pid = row->liveRun.pid;
    }
    ASSERT_GT(pid, 0) << "the stage never started";
    EXPECT_TRUE(panel.hasRunsInFlight());
    EXPECT_TRUE(
        cell(*panel.model(), QStringLiteral("nap"), 0, StageTableModel::RunningRole).toBool());
    panel.cancelStage(QStringLiteral("nap"));
    const pipeline::StageRun run = waitFinished(panel, finished, QStringLiteral("nap"), 20000);
    ASSERT_EQ(run.stageId, QStringLiteral("nap"));
    EXPECT_EQ(run.status, pipeline::RunStatus::Cancelled);
    EXPECT_NE(::kill(pid_t(pid), 0), 0) << "process " << pid << " survived the cancel";
    EXPECT_NE(::kill(-pid_t(pid), 0), 0) << "process group " << pid << " survived the cancel";
    EXPECT_FALSE(panel.hasRunsInFlight());
    // Trusted once: a second run does not ask again.
    finished.clear();
    ASSERT_TRUE(panel.rerun(QStringLiteral("nap"), true));
    EXPECT_EQ(prompts, 1);
    panel.cancelAll();
    EXPECT_EQ(waitFinished(panel, finished, QStringLiteral("nap"), 20000).status,
              pipeline::RunStatus::Cancelled);
}

TEST(StagePanel, AFailedRunShowsItsExitStatusAndLastLogLines)
{
    QTemporaryDir tmp;
    test::writeKernelDir(tmp.path(), QStringLiteral("failing"));
    const QString dir = tmp.filePath(QStringLiteral("failing"));
    QFile f(QDir(dir).filePath(QStringLiteral("tilelens.json")));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(
        R"({"stages": {"boom": {"argv": ["/bin/sh", "-c", "echo first line; echo the-last-words; exit 3"]}}})");
    f.close();
    auto session = test::openSession(dir);
    StagePanel panel(session.get(), nullptr);
    panel.setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
    panel.setTrustPrompt([](const QString&, const QString&) { return true; });
    QSignalSpy finished(&panel, &StagePanel::runFinished);
    panel.selectStage(QStringLiteral("boom"));
    ASSERT_TRUE(panel.rerun(QStringLiteral("boom")));
    const pipeline::StageRun run = waitFinished(panel, finished, QStringLiteral("boom"), 20000);
    ASSERT_EQ(run.stageId, QStringLiteral("boom"));
    EXPECT_EQ(run.status, pipeline::RunStatus::Exited);
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_TRUE(panel.runStatusText().contains(QStringLiteral("exit 3")))
        << panel.runStatusText().toStdString();
    const QString log = panel.logView()->toPlainText();
    EXPECT_TRUE(log.contains(QStringLiteral("exit 3"))) << log.toStdString();
    EXPECT_TRUE(log.contains(QStringLiteral("the-last-words"))) << log.toStdString();
    EXPECT_EQ(panel.logSourceBox()->currentData().toString(), run.logPath);
}

// Issue 32: Rerun of a built-in (no trust asked) never appends its record through a link
// planted as .tilelens/runs.jsonl; the run fails to start and says why.
TEST(StagePanel, RerunNeverWritesThroughALinkInTilelens)
{
    QTemporaryDir tmp;
    const QString dir = exampleCopy(tmp);
    QTemporaryDir outside;
    QDir().mkpath(dir + QStringLiteral("/.tilelens"));
    ASSERT_TRUE(QFile::link(outside.filePath(QStringLiteral("runs.jsonl")),
                            dir + QStringLiteral("/.tilelens/runs.jsonl")));
    auto session = test::openSession(dir);
    StagePanel panel(session.get(), nullptr);
    panel.setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
    QSignalSpy finished(&panel, &StagePanel::runFinished);
    ASSERT_TRUE(panel.rerun(QStringLiteral("validate")));
    const pipeline::StageRun run = waitFinished(panel, finished, QStringLiteral("validate"));
    ASSERT_EQ(run.stageId, QStringLiteral("validate"));
    EXPECT_EQ(run.status, pipeline::RunStatus::FailedToStart);
    EXPECT_TRUE(run.message.contains(QStringLiteral("symbolic link"))) << run.message.toStdString();
    EXPECT_FALSE(QFile::exists(outside.filePath(QStringLiteral("runs.jsonl"))));
}

// Issue 31 tour (Xvfb): a checkout IR stage that wrote its IR showed a red dot beside "done":
// its pass word is a pass, its fail word a failure.
TEST(StageTableModel, TheIrStagesPassWordIsAPass)
{
    EXPECT_EQ(statusKeyForVerdict(QStringLiteral("IR_WRITTEN")), QStringLiteral("pass"));
    EXPECT_EQ(statusKeyForVerdict(QStringLiteral("NO_IR")), QStringLiteral("fail"));
}

TEST(StagePanel, AReportsHiddenCharactersAreNamedInTheLogView)
{
    QTemporaryDir tmp;
    const QString dir = exampleCopy(tmp);
    const QString report = QDir(dir).filePath(QStringLiteral("reports/correctness.md"));
    {
        QFile f(report);
        ASSERT_TRUE(f.open(QIODevice::Append));
        // Shown as is, this line would read "All 12 tests PASS" (an RLO reverses the rest).
        f.write("\nAll 12 tests \u202eLIAF\n");
    }
    auto session = test::openSession(dir);
    ASSERT_NE(session->currentKernel(), nullptr);
    StagePanel panel(session.get(), nullptr);
    panel.selectStage(QStringLiteral("D"));
    const int item = panel.logSourceBox()->findData(report);
    ASSERT_GE(item, 0);
    panel.logSourceBox()->setCurrentIndex(item);
    const QString shown = panel.logView()->toPlainText();
    EXPECT_TRUE(shown.contains(QStringLiteral("All 12 tests \u2039RLO\u203aLIAF")))
        << shown.toStdString();
    EXPECT_FALSE(shown.contains(QChar(0x202E)));
}
