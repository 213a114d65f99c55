// The "slurm" launcher against a real single-node Slurm that this test starts
// (scripts/slurm/start_slurm.sh: private munged + slurmctld + slurmd on random
// localhost ports) and always stops. Skips with a message where that cannot
// work: not root, slurm-wlm/munge not installed, or the daemons do not start.
// Under scripts/test.sh it uses the node of scripts/slurm/single_node.sh
// (TILELENS_SLURM_CONF) and must not skip (TILELENS_REQUIRE_SLURM=1).

#include "pipeline/SlurmLauncher.h"

#include "TestPaths.h"
#include "pipeline/ProcessControl.h"
#include "pipeline/StageRunnerThread.h"
#include "pipeline/TrustStore.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace tilelens::pipeline;

namespace {

QString script(const char* name)
{
    return tilelens::test::sourceDir() + QStringLiteral("/scripts/slurm/") +
           QString::fromLatin1(name);
}

class SlurmCluster : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        static int argc = 1;
        static char name[] = "tilelens_slurm_tests";
        static char* argv[] = {name, nullptr};
        if (!QCoreApplication::instance())
            new QCoreApplication(argc, argv);
        s_skip.clear();
        // scripts/test.sh starts one single-node Slurm for the suite (scripts/slurm/single_node.sh)
        // and requires it: then a Slurm that does not work is a failure, not a skip.
        s_required = qEnvironmentVariable("TILELENS_REQUIRE_SLURM") == QLatin1String("1");
        const QString shared = qEnvironmentVariable("TILELENS_SLURM_CONF");
        if (!shared.isEmpty()) {
            if (!QFileInfo(shared).isFile())
                s_skip = "TILELENS_SLURM_CONF names no file: " + shared.toStdString();
            else
                qputenv("SLURM_CONF", shared.toUtf8());
            return;
        }
        if (::geteuid() != 0) {
            s_skip = "needs root to start slurmd (run the suite as root, as CI does)";
            return;
        }
        const QStringList sbin = {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"),
                                  QStringLiteral("/sbin")};
        for (const char* tool :
             {"munged", "slurmctld", "slurmd", "srun", "sbatch", "squeue", "scancel"}) {
            if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty() &&
                QStandardPaths::findExecutable(QString::fromLatin1(tool), sbin).isEmpty()) {
                s_skip = std::string(tool) +
                         " not installed (scripts/setup.sh installs slurm-wlm and munge)";
                return;
            }
        }
        s_dir = new QTemporaryDir(QDir::tempPath() + QStringLiteral("/tilelens-slurm-XXXXXX"));
        QProcess start;
        start.setProcessChannelMode(QProcess::MergedChannels);
        start.start(script("start_slurm.sh"), {s_dir->path()});
        if (!start.waitForFinished(90000) || start.exitCode() != 0) {
            s_skip = "could not start a private Slurm: " + start.readAll().trimmed().toStdString();
            return;
        }
        qputenv("SLURM_CONF", (s_dir->path() + QStringLiteral("/slurm.conf")).toUtf8());
    }

    static void TearDownTestSuite()
    {
        if (s_dir) {
            QProcess::execute(script("stop_slurm.sh"), {s_dir->path()});
            delete s_dir;
            s_dir = nullptr;
        }
        qunsetenv("SLURM_CONF");
    }

    void SetUp() override
    {
        if (!s_skip.empty() && s_required)
            FAIL() << s_skip << " (TILELENS_REQUIRE_SLURM=1)";
        if (!s_skip.empty())
            GTEST_SKIP() << s_skip;
        m_ws = m_tmp.path() + QStringLiteral("/slurmop");
        QDir().mkpath(m_ws);
    }

    void writeConfig(const QByteArray& stagesJson)
    {
        QByteArray json = "{\"stages\": " + stagesJson + "}";
        json.replace(
            "@FAKE@",
            (tilelens::test::testDataDir() + QStringLiteral("/pipeline/fake_stage.sh")).toUtf8());
        QFile f(m_ws + QStringLiteral("/tilelens.json"));
        f.open(QIODevice::WriteOnly | QIODevice::Truncate);
        f.write(json);
        f.close();
        TrustStore(trustFile()).decide(loadStageSet(m_ws), true);
    }

    QString trustFile() const { return m_tmp.path() + QStringLiteral("/trust.json"); }

    // Runs one stage to its end through a runner thread; collects output and progress states.
    StageRun run(const QString& stage,
                 const std::function<void(StageRunnerThread&, const QString&)>& whileRunning = {})
    {
        StageRunnerThread worker;
        const QString trust = trustFile();
        worker.configure([trust](StageRunner& r) {
            r.setTrustStorePath(trust);
            r.setTerminateGraceMs(1000);
        });
        StageRun result;
        bool done = false;
        QObject ctx;
        QObject::connect(worker.runner(), &StageRunner::outputChunk, &ctx,
                         [this](const QString&, const QByteArray& d, qint64) { m_output += d; });
        QObject::connect(worker.runner(), &StageRunner::progress, &ctx,
                         [this](const QString&, const StageProgress& p) {
                             if (!p.state.isEmpty())
                                 m_states << p.state;
                         });
        QObject::connect(worker.runner(), &StageRunner::finished, &ctx, [&](const StageRun& r) {
            result = r;
            done = true;
        });
        const StageRequest req = StageRequest::make(m_ws, stage);
        worker.request(req);
        QTimer wake;
        wake.start(20);
        bool acted = false;
        QDeadlineTimer deadline(120000);
        while (!done && !deadline.hasExpired()) {
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
            if (whileRunning && !acted && m_output.contains("started")) {
                acted = true;
                whileRunning(worker, req.runId);
            }
        }
        return result;
    }

    static bool jobGone(const QString& jobName)
    {
        QDeadlineTimer deadline(20000);
        while (!deadline.hasExpired()) {
            QProcess q;
            q.start(QStringLiteral("squeue"),
                    {QStringLiteral("--noheader"), QStringLiteral("--name=") + jobName});
            q.waitForFinished(10000);
            if (q.exitCode() == 0 && q.readAllStandardOutput().trimmed().isEmpty())
                return true;
            QThread::msleep(200);
        }
        return false;
    }

    static std::string s_skip;
    static bool s_required;
    static QTemporaryDir* s_dir;
    QTemporaryDir m_tmp;
    QString m_ws;
    QByteArray m_output;
    QStringList m_states;
};

std::string SlurmCluster::s_skip;
bool SlurmCluster::s_required = false;
QTemporaryDir* SlurmCluster::s_dir = nullptr;

} // namespace

TEST_F(SlurmCluster, SrunStreamsOutputAndReturnsTheExitCode)
{
    writeConfig(
        R"({"remote": {"argv": ["@FAKE@", "exit", "3"], "launcher": {"kind": "slurm", "mode": "srun"}}})");
    const StageRun r = run(QStringLiteral("remote"));
    EXPECT_EQ(r.status, RunStatus::Exited) << r.message.toStdString();
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_EQ(r.launcher, QStringLiteral("slurm"));
    EXPECT_TRUE(r.slurmJobName.startsWith(QStringLiteral("tilelens-remote-")));
    EXPECT_TRUE(m_output.contains("exiting with 3")) << m_output.toStdString();
}

TEST_F(SlurmCluster, SbatchWaitsAndTheJobOutputIsStreamed)
{
    writeConfig(R"({"batch": {"argv": ["@FAKE@", "pytest-like"], "verdict": "log",
                              "launcher": {"kind": "slurm", "mode": "sbatch"}}})");
    const StageRun r = run(QStringLiteral("batch"));
    EXPECT_EQ(r.status, RunStatus::Exited) << r.message.toStdString();
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.verdict, QStringLiteral("ALL_PASS"));
    EXPECT_TRUE(m_output.contains("test_op[cutile_rs-d] PASSED")) << m_output.toStdString();
}

TEST_F(SlurmCluster, CancelRunsScancelAndLeavesNothingBehind)
{
    writeConfig(
        R"({"long": {"argv": ["@FAKE@", "sleep-tree", "${WS}/tree.pid"], "launcher": "slurm"}})");
    QString jobName;
    const StageRun r =
        run(QStringLiteral("long"), [&jobName](StageRunnerThread& w, const QString& id) {
            QThread::msleep(2500); // long enough for the 1 s squeue poll to see RUNNING
            QCoreApplication::processEvents();
            jobName = slurmJobName(QStringLiteral("long"), id);
            w.cancel(id);
        });
    EXPECT_EQ(r.status, RunStatus::Cancelled) << r.message.toStdString();
    EXPECT_TRUE(m_states.contains(QStringLiteral("RUNNING"))) << "squeue state never reported";
    ASSERT_FALSE(jobName.isEmpty());
    EXPECT_TRUE(jobGone(jobName)) << "job still in squeue after cancel";
    QFile pidFile(m_ws + QStringLiteral("/tree.pid"));
    ASSERT_TRUE(pidFile.open(QIODevice::ReadOnly));
    for (const QByteArray& pid : pidFile.readAll().trimmed().split(' ')) {
        QDeadlineTimer deadline(10000);
        while (processAlive(pid.toLongLong()) && !deadline.hasExpired())
            QThread::msleep(50);
        EXPECT_FALSE(processAlive(pid.toLongLong()))
            << "job process " << pid.toStdString() << " survived";
    }
}
