// Built-in stages run on TileLens's background pool at lowered priority, not on Qt's global
// pool (which the raster paint engine waits on: a long IR diff there froze painting), and a
// cancelled run's token reaches the built-in.

#include "PipelineTestSupport.h"
#include "common/WorkerPool.h"
#include "pipeline/BuiltinStage.h"
#include "pipeline/StageRunnerThread.h"

#include <QSemaphore>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <gtest/gtest.h>
#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace tilelens::pipeline;
using tilelens::test::RunCollector;
using tilelens::test::TempWorkspace;

namespace {

// Holds every thread of a pool until destroyed.
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

struct Fixture
{
    TempWorkspace ws;
    StageRunnerThread worker;
    RunCollector events{worker.runner()};

    Fixture()
    {
        const QString trustFile = ws.trustFile();
        worker.configure([trustFile](StageRunner& r) { r.setTrustStorePath(trustFile); });
    }
    ~Fixture() { BuiltinStageRegistry::remove(QStringLiteral("validate")); }

    QString request(const QString& stage)
    {
        const StageRequest req = StageRequest::make(ws.dir(), stage);
        worker.request(req);
        return req.runId;
    }
};

// Where and how a built-in ran: whether a thread of backgroundPool() was busy (nothing else
// uses that pool in this suite), and the niceness of its thread.
struct Where
{
    std::atomic<bool> onBackgroundPool{false};
    std::atomic<int> nice{-100};
};

void registerRecorder(Where& where)
{
    BuiltinStageRegistry::add(QStringLiteral("validate"), [&where](const BuiltinContext&) {
        where.onBackgroundPool = tilelens::backgroundPool()->activeThreadCount() > 0;
#ifdef Q_OS_LINUX
        where.nice = getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)));
#else
        where.nice = tilelens::kWorkerNice;
#endif
        return BuiltinResult{0, {}, QStringLiteral("recorded"), {}};
    });
}

} // namespace

TEST(BuiltinPool, ABuiltinRunsWhileQtsGlobalPoolIsBusyAndAtLoweredPriority)
{
    tilelens::test::ensureCoreApp();
    Fixture f;
    Where where;
    registerRecorder(where);
    const OccupiedPool global(QThreadPool::globalInstance());
    const StageRun run = f.events.waitFinished(f.request(QStringLiteral("validate")), 10000);
    EXPECT_EQ(run.status, RunStatus::Exited) << "the built-in waited for Qt's global pool";
    EXPECT_TRUE(where.onBackgroundPool.load());
    EXPECT_GE(where.nice.load(), tilelens::kWorkerNice);
}

TEST(BuiltinPool, ABuiltinWaitsWhileTheBackgroundPoolIsBusy)
{
    tilelens::test::ensureCoreApp();
    Fixture f;
    Where where;
    registerRecorder(where);
    QString id;
    {
        const OccupiedPool background(tilelens::backgroundPool());
        id = f.request(QStringLiteral("validate"));
        ASSERT_TRUE(f.events.waitStarted(id));
        // Started (recorded, announced) but its function has no thread of the pool yet.
        QThread::msleep(200);
        QCoreApplication::processEvents();
        EXPECT_FALSE(f.events.finished.contains(id)) << "the built-in ran outside backgroundPool()";
        EXPECT_EQ(where.nice.load(), -100);
    }
    EXPECT_EQ(f.events.waitFinished(id, 10000).status, RunStatus::Exited);
}

TEST(BuiltinPool, ACancelledRunsTokenReachesTheBuiltinAndCancelledEndsIt)
{
    tilelens::test::ensureCoreApp();
    Fixture f;
    std::atomic<bool> sawToken{false};
    // Throws Cancelled from deep inside, as the parser and the differ do.
    BuiltinStageRegistry::add(QStringLiteral("validate"), [&sawToken](const BuiltinContext& ctx) {
        for (;;) {
            if (ctx.cancel.isCancelled())
                sawToken = true;
            ctx.cancel.throwIfCancelled();
            QThread::msleep(2);
        }
        return BuiltinResult{};
    });
    const QString id = f.request(QStringLiteral("validate"));
    ASSERT_TRUE(f.events.waitStarted(id));
    f.worker.cancel(id);
    const StageRun run = f.events.waitFinished(id, 10000);
    EXPECT_EQ(run.status, RunStatus::Cancelled);
    EXPECT_TRUE(sawToken.load());
}
