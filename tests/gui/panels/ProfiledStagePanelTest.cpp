// Stage E as a profiled run through the stage panel's runner, offscreen and
// without a GPU: the workspace's stage E is a fake command that writes
// tilelens.cupti v1 records into TILELENS_CUPTI_OUT, as libtilelens_cupti.so
// would. The perf panel, connected as the main window connects it, must update
// after every run and pair the final profile with the baseline profile.

#include "../GuiTestSupport.h"
#include "FakeCupti.h"
#include "PanelTestSupport.h"
#include "panels/PerfPanel.h"
#include "panels/StagePanel.h"
#include "perf/cupti/CuptiTraceReader.h"
#include "perf/cupti/ProfileJson.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui::panels;

namespace {

// A kernel dir whose stage E is the fake benchmark at BASE_NS 1000.
QString profiledWorkspace(const QTemporaryDir& tmp)
{
    test::writeKernelDir(tmp.path(), QStringLiteral("fakeop"));
    QString dir = tmp.filePath(QStringLiteral("fakeop"));
    QFile f(QDir(dir).filePath(QStringLiteral("tilelens.json")));
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(test::fakeCuptiStagesJson({{QStringLiteral("E"), 1000}}));
    return dir;
}

// A profiled stage A as the baseline: the fake benchmark at BASE_NS 2000, one
// run (in a folder named run-2, where the fake adds no extra 100 ns).
void writeBaselineProfile(const QString& dir)
{
    const QString run = QDir(dir).filePath(QStringLiteral(".tilelens/profiles/A/run-2"));
    ASSERT_TRUE(QDir().mkpath(run));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TILELENS_CUPTI_OUT"), run);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("/bin/sh"), {test::fakeCuptiCommand(), QStringLiteral("2000")});
    ASSERT_TRUE(p.waitForFinished(10000));
    perf::ProfileOptions o;
    o.label = QStringLiteral("cutile");
    const perf::Profile prof = perf::buildProfile({perf::readCuptiRunDirectory(run)}, o);
    QFile out(QDir(dir).filePath(QStringLiteral(".tilelens/profiles/A/profile.json")));
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(perf::profileToJson(prof)));
}

struct Seen
{
    int run;
    int matched;
    QString summary;
};

} // namespace

TEST(ProfiledStagePanel, StageEUpdatesThePerfPanelPerRunAndPairsWithTheBaseline)
{
    QTemporaryDir tmp;
    const QString dir = profiledWorkspace(tmp);
    writeBaselineProfile(dir);
    auto session = test::openSession(dir);
    ASSERT_NE(session->currentKernel(), nullptr);
    StagePanel stages(session.get(), nullptr);
    stages.setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
    stages.setTrustPrompt([](const QString&, const QString&) { return true; });
    stages.setCuptiLibrary(test::fakeCuptiCommand()); // any file: the fake command ignores it
    stages.setProfileRuns(3);
    PerfPanel perfPanel(session.get(), nullptr);
    // What the main window connects.
    QObject::connect(&stages, &StagePanel::profiledRunUpdated, &perfPanel,
                     &PerfPanel::showProfiledRun);
    QList<Seen> seen;
    QObject::connect(
        &stages, &StagePanel::profiledRunUpdated, &perfPanel,
        [&](const pipeline::ProfiledRunUpdate& u) {
            seen << Seen{u.run, perfPanel.comparison().matched, perfPanel.summaryText()};
        });
    QSignalSpy done(stages.profiledRun(), &pipeline::ProfiledRun::finished);

    ASSERT_TRUE(stages.rerun(QStringLiteral("E")));
    ASSERT_TRUE(done.wait(30000)) << "the profiled stage E did not finish";
    EXPECT_TRUE(done.first().at(0).toBool()) << done.first().at(1).toString().toStdString();

    ASSERT_EQ(seen.size(), 3);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(seen[i].run, i);
        EXPECT_EQ(seen[i].matched, 3) << "run " << i; // live: paired from the first run on
        EXPECT_TRUE(seen[i].summary.contains(QStringLiteral("run %1 of 3").arg(i + 1)))
            << seen[i].summary.toStdString();
    }
    EXPECT_EQ(perfPanel.source(), PerfPanel::Source::Profiles);
    const perf::PerfComparison& c = perfPanel.comparison();
    ASSERT_TRUE(c.geomean);
    EXPECT_NEAR(*c.geomean, 0.5, 1e-6); // E's best of 3 against A: twice as fast
    EXPECT_TRUE(perfPanel.summaryText().contains(QStringLiteral("cutile_rs vs cutile")))
        << perfPanel.summaryText().toStdString();
    // The three runs are ordinary stage E runs in the history, with their logs.
    EXPECT_EQ(QDir(dir + QStringLiteral("/.tilelens/profiles/E"))
                  .entryList({QStringLiteral("run-*")}, QDir::Dirs)
                  .size(),
              3);
}

TEST(ProfiledStagePanel, WithoutTheLibraryStageEStillRunsAndThePanelSaysWhy)
{
    QTemporaryDir tmp;
    const QString dir = profiledWorkspace(tmp);
    auto session = test::openSession(dir);
    StagePanel stages(session.get(), nullptr);
    stages.setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
    stages.setTrustPrompt([](const QString&, const QString&) { return true; });
    stages.setCuptiLibrary(QString());
    PerfPanel perfPanel(session.get(), nullptr);
    QObject::connect(&stages, &StagePanel::profiledRunUpdated, &perfPanel,
                     &PerfPanel::showProfiledRun);
    QSignalSpy finished(&stages, &StagePanel::runFinished);
    QSignalSpy done(stages.profiledRun(), &pipeline::ProfiledRun::finished);
    ASSERT_TRUE(stages.rerun(QStringLiteral("E")));
    ASSERT_TRUE(done.wait(30000));
    ASSERT_EQ(finished.count(), 1); // one plain run
    EXPECT_EQ(finished.first().at(0).value<pipeline::StageRun>().status,
              pipeline::RunStatus::Exited);
    const QString summary = perfPanel.summaryText();
    EXPECT_TRUE(summary.contains(QStringLiteral("No device times")) &&
                summary.contains(QStringLiteral("libtilelens_cupti.so was not found")))
        << summary.toStdString();
}
