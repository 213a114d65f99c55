// The GUI's job idiom (JobTracker, SlicedRun): a superseded job is cancelled before the next one
// starts and its result and posts are dropped; the owner may go while a job still runs;
// Parallel jobs all deliver; sliced GUI-thread work of a restarted run stops.

#include "JobTracker.h"

#include <QTest>
#include <QThreadPool>
#include <atomic>
#include <gtest/gtest.h>
#include <memory>
#include <vector>

using namespace tilelens;
using gui::JobContext;
using gui::JobEvent;
using gui::JobPolicy;
using gui::JobTracker;
using gui::SlicedRun;

namespace {

constexpr int kWaitMs = 10000;

// Blocks the job until its token is cancelled or `release` is set (then it returns normally).
void waitForCancelOr(const JobContext& context, const std::atomic<bool>& release)
{
    QDeadlineTimer deadline(kWaitMs);
    while (!context.token().isCancelled() && !release && !deadline.hasExpired())
        QThread::msleep(1);
}

struct Pool
{
    Pool() { pool.setMaxThreadCount(4); }
    ~Pool() { pool.waitForDone(); }
    QThreadPool pool;
};

} // namespace

TEST(JobTracker, ASupersededJobIsCancelledBeforeTheNextStartsAndNeverApplied)
{
    Pool p;
    QObject context;
    JobTracker tracker(&context, &p.pool);
    std::vector<JobEvent::Kind> firstEvents;
    quint64 first = 0;
    tracker.setObserver([&](const JobEvent& e) {
        if (e.job == first)
            firstEvents.push_back(e.kind);
    });
    auto firstToken = std::make_shared<CancelToken>();
    std::atomic<bool> firstRunning{false};
    std::atomic<bool> never{false};
    int applied = 0;
    first = 1; // the first job's id, known before start() reports it
    EXPECT_EQ(tracker.start(
                  [&](JobContext& c) {
                      *firstToken = c.token();
                      firstRunning = true;
                      waitForCancelOr(c, never);
                      return 1;
                  },
                  [&](int v) { applied += v; }),
              first);
    ASSERT_TRUE(QTest::qWaitFor([&] { return firstRunning.load(); }, kWaitMs));
    EXPECT_TRUE(tracker.isRunning());

    std::atomic<bool> cancelledWhenSecondRan{false};
    tracker.start(
        [&](JobContext&) {
            cancelledWhenSecondRan = firstToken->isCancelled();
            return 10;
        },
        [&](int v) { applied += v; });
    EXPECT_TRUE(firstToken->isCancelled()); // at once, not when the second job gets a thread
    ASSERT_TRUE(QTest::qWaitFor([&] { return !tracker.isRunning(); }, kWaitMs));
    p.pool.waitForDone();
    QCoreApplication::processEvents();
    EXPECT_TRUE(cancelledWhenSecondRan);
    EXPECT_EQ(applied, 10);
    using K = JobEvent::Kind;
    EXPECT_EQ(firstEvents, (std::vector<K>{K::Started, K::Superseded, K::Returned, K::Dropped}));
}

TEST(JobTracker, AJobThatThrowsCancelledDeliversNothing)
{
    Pool p;
    QObject context;
    JobTracker tracker(&context, &p.pool);
    bool applied = false;
    tracker.start([](JobContext&) -> int { throw Cancelled{}; }, [&](int) { applied = true; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !tracker.isRunning(); }, kWaitMs));
    EXPECT_FALSE(applied);
}

TEST(JobTracker, PostsAndProgressOfAStaleJobAreDropped)
{
    Pool p;
    QObject context;
    JobTracker tracker(&context, &p.pool);
    std::vector<int> progress;
    tracker.setProgressHandler([&](int done, int) { progress.push_back(done); });
    std::atomic<bool> running{false};
    std::atomic<bool> posted{false};
    std::atomic<bool> never{false};
    bool postRan = false;
    tracker.start(
        [&](JobContext& c) {
            c.progress(1, 3);
            running = true;
            waitForCancelOr(c, never);
            // Superseded by now, but this job does not look at its token again.
            c.progress(2, 3);
            c.post([&] { postRan = true; });
            posted = true;
        },
        [] {});
    ASSERT_TRUE(QTest::qWaitFor([&] { return running.load(); }, kWaitMs));
    ASSERT_TRUE(QTest::qWaitFor([&] { return progress.size() == 1; }, kWaitMs));
    tracker.cancel();
    EXPECT_FALSE(tracker.isRunning());
    ASSERT_TRUE(QTest::qWaitFor([&] { return posted.load(); }, kWaitMs));
    p.pool.waitForDone();
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    EXPECT_FALSE(postRan);
    EXPECT_EQ(progress, std::vector<int>{1});
}

TEST(JobTracker, TheOwnerMayGoWhileAJobRuns)
{
    Pool p;
    struct Owner : QObject
    {
        explicit Owner(QThreadPool* pool) : tracker(this, pool) {}
        JobTracker tracker;
        int value = 0;
    };
    auto* owner = new Owner(&p.pool);
    std::atomic<bool> running{false};
    std::atomic<bool> release{false};
    CancelToken token;
    owner->tracker.start(
        [&](JobContext& c) {
            token = c.token();
            running = true;
            waitForCancelOr(c, release);
            return std::make_shared<int>(7); // freed wherever the result is dropped
        },
        [owner](const std::shared_ptr<int>& v) { owner->value = *v; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return running.load(); }, kWaitMs));
    delete owner; // never waits for the job
    EXPECT_TRUE(token.isCancelled());
    release = true;
    p.pool.waitForDone();
    QCoreApplication::processEvents(); // nothing left to run on a deleted owner
    SUCCEED();
}

TEST(JobTracker, TheContextMayGoBeforeTheTracker)
{
    Pool p;
    auto context = std::make_unique<QObject>();
    JobTracker tracker(context.get(), &p.pool);
    std::atomic<bool> running{false};
    std::atomic<bool> release{false};
    bool applied = false;
    tracker.start(
        [&](JobContext& c) {
            running = true;
            waitForCancelOr(c, release);
        },
        [&] { applied = true; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return running.load(); }, kWaitMs));
    context.reset();
    release = true;
    p.pool.waitForDone();
    QCoreApplication::processEvents();
    EXPECT_FALSE(applied);
}

TEST(JobTracker, ParallelJobsAllDeliverAndCancelStopsThemAll)
{
    Pool p;
    QObject context;
    JobTracker tracker(&context, &p.pool, JobPolicy::Parallel);
    std::vector<int> applied;
    tracker.start([](JobContext&) { return 1; }, [&](int v) { applied.push_back(v); });
    tracker.start([](JobContext&) { return 2; }, [&](int v) { applied.push_back(v); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !tracker.isRunning(); }, kWaitMs));
    std::sort(applied.begin(), applied.end());
    EXPECT_EQ(applied, (std::vector<int>{1, 2}));

    std::atomic<int> cancelled{0};
    std::atomic<bool> never{false};
    for (int i = 0; i < 2; ++i) {
        tracker.start(
            [&](JobContext& c) {
                waitForCancelOr(c, never);
                cancelled += c.token().isCancelled() ? 1 : 0;
                return 3;
            },
            [&](int v) { applied.push_back(v); });
    }
    tracker.cancel();
    p.pool.waitForDone();
    QCoreApplication::processEvents();
    EXPECT_EQ(cancelled, 2);
    EXPECT_EQ(applied.size(), 2U);
}

TEST(SlicedRun, StepsTakeTurnsAndARestartDropsTheOldRun)
{
    QObject context;
    SlicedRun run(&context);
    int first = 0;
    run.start([&] { return ++first < 100; });
    EXPECT_EQ(first, 1); // the first step runs now
    EXPECT_TRUE(run.isRunning());
    QCoreApplication::processEvents();
    const int afterOneTurn = first;
    EXPECT_GE(afterOneTurn, 2);
    EXPECT_LT(afterOneTurn, 100);

    int second = 0;
    run.start([&] { return ++second < 3; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !run.isRunning(); }, kWaitMs));
    EXPECT_EQ(second, 3);
    EXPECT_EQ(first, afterOneTurn); // no step of the old run after the restart

    bool later = false;
    run.later([&] { later = true; });
    run.cancel();
    EXPECT_FALSE(run.isRunning());
    QCoreApplication::processEvents();
    EXPECT_FALSE(later);
}
