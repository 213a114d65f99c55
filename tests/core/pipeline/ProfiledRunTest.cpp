// ProfiledRun: stage A and E of a fake workspace run through the StageRunner
// with the CUPTI injection variables set; the fake command
// (fake_cupti_command.sh) writes tilelens.cupti v1 records as the library
// would, so no GPU is needed. Checks the per-run updates, best-of-N, the
// pairing of E with a profiled A, the cap and trust gates, and the
// no-library case.

#include "pipeline/ProfiledRun.h"

#include "FakeCupti.h"
#include "PipelineTestSupport.h"
#include "perf/cupti/ProfileJson.h"
#include "pipeline/StageRunnerThread.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::pipeline;
using tilelens::test::TempWorkspace;

namespace {

// Stages A and E replaced by the fake benchmark (A twice as slow as E).
QByteArray stagesJson()
{
    return test::fakeCuptiStagesJson({{QStringLiteral("A"), 2000}, {QStringLiteral("E"), 1000}});
}

struct Profiling
{
    TempWorkspace ws;
    StageRunnerThread worker;
    ProfiledRun job{&worker};
    QList<ProfiledRunUpdate> updates;
    bool done = false;
    bool ok = false;
    QString message;

    explicit Profiling(bool trusted = true)
    {
        ws.writeConfig(stagesJson());
        if (trusted)
            ws.trust();
        const QString trustFile = ws.trustFile();
        worker.configure([trustFile](StageRunner& r) { r.setTrustStorePath(trustFile); });
        QObject::connect(&job, &ProfiledRun::runMeasured,
                         [this](const ProfiledRunUpdate& u) { updates << u; });
        QObject::connect(&job, &ProfiledRun::finished, [this](bool k, const QString& m) {
            done = true;
            ok = k;
            message = m;
        });
    }

    bool run(ProfiledRunOptions o, int timeoutMs = 30000)
    {
        done = false;
        updates.clear();
        o.kernelDir = ws.dir();
        QString error;
        if (!job.start(o, &error)) {
            message = error;
            return false;
        }
        QDeadlineTimer deadline(timeoutMs);
        while (!done && !deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        return done;
    }
};

ProfiledRunOptions options(const QString& stage, int runs)
{
    ProfiledRunOptions o;
    o.stageId = stage;
    o.runs = runs;
    o.library = test::fakeCuptiCommand(); // any existing file: the fake command ignores it
    return o;
}

} // namespace

TEST(ProfiledRun, StageEUpdatesPerRunAndPairsWithProfiledStageA)
{
    Profiling p;
    ASSERT_TRUE(p.run(options(QStringLiteral("A"), 2))) << p.message.toStdString();
    ASSERT_TRUE(p.ok) << p.message.toStdString();
    const QString aProfile = p.ws.path(QStringLiteral(".tilelens/profiles/A/profile.json"));
    ASSERT_TRUE(QFileInfo(aProfile).isFile());
    EXPECT_EQ(defaultProfileBaseline(p.ws.dir(), QStringLiteral("E")), QStringList{aProfile});

    ProfiledRunOptions e = options(QStringLiteral("E"), 3); // beyond E's cap of 2: one run counts
    e.label = QStringLiteral("cutile_rs");
    e.baseline = defaultProfileBaseline(p.ws.dir(), QStringLiteral("E"));
    ASSERT_TRUE(p.run(e)) << p.message.toStdString();
    ASSERT_TRUE(p.ok) << p.message.toStdString();
    ASSERT_EQ(p.updates.size(), 3);
    for (int i = 0; i < 3; ++i) {
        const ProfiledRunUpdate& u = p.updates.at(i);
        EXPECT_EQ(u.run, i);
        EXPECT_EQ(u.last, i == 2);
        EXPECT_EQ(u.configs, 3);
        EXPECT_TRUE(u.noDeviceTimes.isEmpty()) << u.noDeviceTimes.toStdString();
        EXPECT_EQ(u.stageRun.stageId, QStringLiteral("E"));
        EXPECT_EQ(u.stageRun.envChanges.value(QStringLiteral("TILELENS_CUPTI_OUT")),
                  p.job.runDir(i));
        EXPECT_EQ(u.stageRun.envChanges.value(QStringLiteral("CUDA_INJECTION64_PATH")),
                  test::fakeCuptiCommand());
    }
    // After run 1 only run 1 counts (1100 ns); best of 3 is run 2 (1000 ns).
    Diagnostics diags;
    const std::optional<perf::Profile> prof = perf::readProfileJson(p.job.profilePath(), diags);
    ASSERT_TRUE(prof);
    EXPECT_EQ(prof->label, QStringLiteral("cutile_rs"));
    ASSERT_EQ(prof->runs.size(), 3u);
    ASSERT_EQ(prof->configs.size(), 3u);
    for (const perf::ProfileConfig& c : prof->configs)
        if (c.name == QLatin1String("cfg-a")) {
            EXPECT_EQ(c.bestRun, 1);
            ASSERT_TRUE(c.bestMs);
            EXPECT_NEAR(*c.bestMs, 0.001, 1e-9);
        }

    const ProfiledRunUpdate& last = p.updates.last();
    ASSERT_TRUE(last.paired);
    EXPECT_EQ(last.comparison.matched, 3);
    ASSERT_TRUE(last.comparison.geomean);
    EXPECT_NEAR(*last.comparison.geomean, 0.5, 1e-6); // E is twice as fast as A everywhere
}

TEST(ProfiledRun, FirstRunUpdateHasOnlyThatRun)
{
    Profiling p;
    ASSERT_TRUE(p.run(options(QStringLiteral("E"), 2)));
    ASSERT_EQ(p.updates.size(), 2);
    EXPECT_FALSE(p.updates.first().paired); // no baseline given
    Diagnostics diags;
    const auto prof = perf::readProfileJson(p.job.profilePath(), diags);
    ASSERT_TRUE(prof);
    for (const perf::ProfileConfig& c : prof->configs) {
        if (c.name == QLatin1String("cfg-b")) {
            EXPECT_NEAR(*c.bestMs, 0.002, 1e-9); // run 2: no extra 100 ns
        }
    }
}

TEST(ProfiledRun, UntrustedWorkspaceRunsNothing)
{
    Profiling p(false);
    ASSERT_TRUE(p.run(options(QStringLiteral("E"), 2)));
    EXPECT_FALSE(p.ok);
    EXPECT_TRUE(p.updates.isEmpty());
    EXPECT_TRUE(p.message.contains(QStringLiteral("not trusted"))) << p.message.toStdString();
}

TEST(ProfiledRun, WithoutTheLibraryTheStageRunsOnceAndSaysWhy)
{
    Profiling p;
    ProfiledRunOptions o = options(QStringLiteral("E"), 4);
    o.library.clear();
    ASSERT_TRUE(p.run(o));
    EXPECT_TRUE(p.ok) << p.message.toStdString();
    ASSERT_EQ(p.updates.size(), 1);
    const ProfiledRunUpdate& u = p.updates.first();
    EXPECT_TRUE(u.last);
    EXPECT_EQ(u.configs, 0);
    EXPECT_TRUE(u.noDeviceTimes.contains(QStringLiteral("libtilelens_cupti.so was not found")))
        << u.noDeviceTimes.toStdString();
    EXPECT_FALSE(u.stageRun.envChanges.contains(QStringLiteral("CUDA_INJECTION64_PATH")));
}

TEST(ProfiledRun, AdhocCommandRunsThroughTheRunner)
{
    Profiling p(false); // the user's own command: trustOverride stands for their decision
    ProfiledRunOptions o = options(QStringLiteral("profile"), 2);
    o.adhocArgv = {QStringLiteral("/bin/sh"), test::fakeCuptiCommand(), QStringLiteral("3000")};
    o.outDir = p.ws.path(QStringLiteral(".tilelens/profiles/adhoc"));
    o.trustOverride = true;
    ASSERT_TRUE(p.run(o));
    EXPECT_TRUE(p.ok) << p.message.toStdString();
    ASSERT_EQ(p.updates.size(), 2);
    EXPECT_EQ(p.updates.last().configs, 3);
    EXPECT_EQ(p.updates.last().stageRun.stageId, QStringLiteral("profile"));
    EXPECT_TRUE(QFileInfo(p.updates.last().stageRun.logPath).isFile());
}

TEST(ProfiledRun, RecordsThatNameNoKernelSayWhy)
{
    Profiling p;
    ProfiledRunOptions o = options(QStringLiteral("profile"), 1);
    o.adhocArgv = {QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("true")};
    o.trustOverride = true;
    ASSERT_TRUE(p.run(o));
    ASSERT_EQ(p.updates.size(), 1);
    EXPECT_FALSE(p.updates.first().noDeviceTimes.isEmpty());
}
