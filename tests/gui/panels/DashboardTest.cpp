// The dashboard: both bundled examples with their stage verdicts, IR verdict
// and critical count, geomean and severity; the overall geomean; double-click
// selects the kernel; its rows are computed on the background pool, after
// the inspector's diff.

#include "PanelTestSupport.h"
#include "TestPaths.h"
#include "common/WorkerPool.h"
#include "panels/DashboardModel.h"
#include "panels/DashboardView.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui::panels;

namespace {

int rowOf(const DashboardModel& m, const QString& kernel)
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, DashboardModel::KernelColumn).data().toString() == kernel)
            return r;
    return -1;
}

bool waitLoaded(DashboardModel& m)
{
    if (!m.isLoading())
        return true;
    QSignalSpy spy(&m, &DashboardModel::loaded);
    return spy.wait(30000);
}

// Keeps every thread of a pool busy until destroyed (also when a test fails).
class OccupiedPool
{
public:
    explicit OccupiedPool(QThreadPool* pool) : m_pool(pool), m_threads(pool->maxThreadCount())
    {
        for (int i = 0; i < m_threads; ++i)
            (void)QtConcurrent::run(m_pool, [this] {
                m_started.release();
                m_release.acquire();
            });
        m_started.acquire(m_threads);
    }
    ~OccupiedPool()
    {
        m_release.release(m_threads);
        m_pool->waitForDone();
    }
    OccupiedPool(const OccupiedPool&) = delete;
    OccupiedPool& operator=(const OccupiedPool&) = delete;

private:
    QThreadPool* m_pool;
    int m_threads;
    QSemaphore m_started;
    QSemaphore m_release;
};

} // namespace

TEST(Dashboard, ShowsBothBundledExamples)
{
    auto session = test::openSession(test::examplesDir(), -1);
    ASSERT_TRUE(session->workspace());
    DashboardView view(session.get(), nullptr);
    DashboardModel& m = *view.model();
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_TRUE(waitLoaded(m));
    ASSERT_EQ(m.rowCount(), int(session->workspace()->kernels.size()));
    const int softmax = rowOf(m, QStringLiteral("softmax"));
    const int matmul = rowOf(m, QStringLiteral("matmul"));
    ASSERT_GE(softmax, 0);
    ASSERT_GE(matmul, 0);
    EXPECT_EQ(
        m.index(softmax, DashboardModel::IrColumn).data(DashboardModel::VerdictRole).toString(),
        QStringLiteral("FAIL_FIXABLE"));
    EXPECT_EQ(
        m.index(softmax, DashboardModel::IrColumn).data(DashboardModel::CriticalCountRole).toInt(),
        4);
    EXPECT_TRUE(m.index(softmax, DashboardModel::IrColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("4 critical")));
    EXPECT_NEAR(m.index(softmax, 0).data(DashboardModel::GeomeanRole).toDouble(), 1.06, 0.005);
    EXPECT_EQ(m.index(softmax, DashboardModel::SeverityColumn).data().toString(),
              QStringLiteral("MILD_GAP"));
    EXPECT_EQ(
        m.index(softmax, DashboardModel::EColumn).data(DashboardModel::VerdictRole).toString(),
        QStringLiteral("INVESTIGATE"));
    EXPECT_TRUE(m.index(matmul, 0).data(DashboardModel::GeomeanRole).isValid());
    ASSERT_TRUE(m.overallGeomean().has_value());
    EXPECT_TRUE(view.headerText().contains(QStringLiteral("overall geomean")))
        << view.headerText().toStdString();
    EXPECT_TRUE(view.headerText().contains(QString::number(*m.overallGeomean(), 'f', 4)));

    // Double-click opens the kernel.
    QSignalSpy activated(&view, &DashboardView::kernelActivated);
    view.resize(1000, 400);
    view.show();
    QTableView* t = view.table();
    const QRect rect = t->visualRect(m.index(matmul, DashboardModel::KernelColumn));
    // Qt 6 item views act on a double-click only after the press on the same index.
    QTest::mouseClick(t->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
    QTest::mouseDClick(t->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
    ASSERT_EQ(activated.count(), 1);
    EXPECT_EQ(activated.at(0).at(0).toInt(), test::kernelIndex(*session, QStringLiteral("matmul")));
    EXPECT_EQ(session->kernelIndex(), test::kernelIndex(*session, QStringLiteral("matmul")));
}

TEST(Dashboard, AReplacedWorkspaceDropsTheStaleResult)
{
    auto session = test::openSession(test::examplesDir(), -1);
    DashboardView view(session.get(), nullptr);
    // Replace before the first result arrives: only the second workspace's rows show.
    session->setWorkspace(std::make_shared<const ws::Workspace>(
        ws::discoverWorkspace(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")))));
    ASSERT_TRUE(waitLoaded(*view.model()));
    QTest::qWait(100); // a late result of the first workspace must not replace it
    EXPECT_EQ(view.model()->rowCount(), 1);
    EXPECT_EQ(view.model()->rows().at(0).kernel, QStringLiteral("softmax"));
}

TEST(Dashboard, RowsAreComputedOnTheBackgroundPoolNotTheGlobalOne)
{
    // The rows diff every variant again (for one kernel: the diff the
    // inspector is computing). On Qt's global pool, which the raster engine
    // waits on, at the GUI's priority, that doubled the first paint's work.
    const auto workspace =
        std::make_shared<const ws::Workspace>(ws::discoverWorkspace(test::examplesDir()));
    {
        const OccupiedPool global(QThreadPool::globalInstance());
        DashboardModel m;
        m.setWorkspace(workspace);
        ASSERT_TRUE(waitLoaded(m)) << "the rows waited for Qt's global thread pool";
        EXPECT_EQ(m.rowCount(), int(workspace->kernels.size()));
    }
    DashboardModel m;
    {
        const OccupiedPool background(tilelens::backgroundPool());
        m.setWorkspace(workspace);
        QTest::qWait(200);
        EXPECT_TRUE(m.isLoading()) << "the rows were not computed on the background pool";
    }
    ASSERT_TRUE(waitLoaded(m));
    EXPECT_EQ(m.rowCount(), int(workspace->kernels.size()));
}

TEST(Dashboard, RowsWaitForTheInspectorsDiffOfTheSelectedKernel)
{
    // On a one-kernel workspace (or an IR pair) the rows' diff is the one the
    // inspector computes for first paint; beside it, it doubled the work.
    auto session = test::openSession(test::examplesDir(), -1);
    DashboardView view(session.get(), nullptr);
    DashboardModel& m = *view.model();
    ASSERT_TRUE(waitLoaded(m));
    QSignalSpy loaded(&m, &DashboardModel::loaded);
    bool loadedBeforeTheDiff = false;
    QObject::connect(&m, &DashboardModel::loaded, &view,
                     [&] { loadedBeforeTheDiff = session->diff() == nullptr; });
    {
        // The inspector's diff waits for a worker thread, so the rows wait too.
        const OccupiedPool workers(tilelens::workerPool());
        session->setWorkspace(session->workspace());
        session->select(test::kernelIndex(*session, QStringLiteral("softmax")));
        ASSERT_TRUE(session->isDiffPending());
        QTest::qWait(300);
        EXPECT_TRUE(m.isLoading()) << "the rows were computed beside the inspector's diff";
        EXPECT_EQ(loaded.count(), 0);
    }
    ASSERT_TRUE(waitLoaded(m));
    EXPECT_FALSE(loadedBeforeTheDiff);
    EXPECT_EQ(m.rowCount(), int(session->workspace()->kernels.size()));
}
