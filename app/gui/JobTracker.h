#pragma once
// The GUI's one idiom for background work (in the spirit of KDAB hotspot's JobTracker): a job
// starts with a CancelToken on a pool, a superseded job is cancelled (it stops at its next poll
// point instead of running to its end) and its result is never applied.
//
// Whether a job is current is decided on the context's thread, when its result arrives (the job
// id against the tracker's running jobs), so a late result and a new start() cannot race. Its
// work never touches the owner: the result, progress and post()ed calls reach the owner's
// thread through a receiver object that the tracker deletes, so nothing of a job outlives it
// there (the destructor cancels and never waits).
//
// SlicedRun is the same idea for GUI-thread work cut into event-loop turns (a pane's chunked
// fill, the aligned view's phantom and marker batches).

#include "JobEvent.h"
#include "common/CancelToken.h"
#include "common/WorkerPool.h"

#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>

namespace tilelens::gui {

enum class JobPolicy
{
    Supersede, // start() cancels the running job and drops its result (selection, workspace, ...)
    Parallel,  // jobs run side by side; cancel() and the tracker's end cancel them all (export)
};

namespace detail {

// Shared by a tracker and its jobs still on the pool.
struct JobState
{
    std::mutex mutex;
    QObject* receiver = nullptr; // guarded by mutex; null once the tracker or its context is gone

    // The context's thread only.
    std::map<quint64, CancelSource> running; // current jobs that have not delivered yet
    quint64 lastJob = 0;
    std::function<void(int done, int total)> progress;
    JobObserver observer;

    // Runs `onContextThread` there later, unless the tracker is gone by then.
    void deliver(std::function<void()> onContextThread);
    bool isCurrent(quint64 job) const { return running.count(job) != 0; }
    void report(const JobEvent& e) const
    {
        if (observer)
            observer(e);
    }
};

} // namespace detail

// What a running job may use: its token, and progress and calls that reach the context's thread
// only while the job is current.
class JobContext
{
public:
    JobContext(std::shared_ptr<detail::JobState> state, quint64 job, CancelToken token)
        : m_state(std::move(state)), m_job(job), m_token(std::move(token))
    {
    }
    const CancelToken& token() const { return m_token; }
    quint64 job() const { return m_job; }
    // -> the tracker's progress handler, dropped once the job is no longer current.
    void progress(int done, int total) const;
    // `onContextThread` runs there, dropped once the job is no longer current.
    void post(std::function<void()> onContextThread) const;

private:
    std::shared_ptr<detail::JobState> m_state;
    quint64 m_job;
    CancelToken m_token;
};

class JobTracker
{
public:
    // Results are applied on `context`'s thread; jobs run on `pool` (workerPool() or
    // backgroundPool()).
    JobTracker(QObject* context, QThreadPool* pool, JobPolicy policy = JobPolicy::Supersede);
    ~JobTracker();
    JobTracker(const JobTracker&) = delete;
    JobTracker& operator=(const JobTracker&) = delete;

    // work(JobContext&) -> R runs on the pool, after lowerWorkerPriority(); apply(R&&) (apply()
    // for void) runs on the context's thread, only if this job is still current. A job that
    // throws Cancelled, or fails with another exception (logged), delivers nothing. Work and
    // apply are copied once into the task: capture shared data, not big values.
    template <typename Work, typename Apply> quint64 start(Work work, Apply apply);

    void cancel();          // cancels the current job(s); their results are dropped
    bool isRunning() const; // a current job has not delivered yet
    void setProgressHandler(std::function<void(int done, int total)> handler)
    {
        m_state->progress = std::move(handler);
    }
    // Benchmarks and tests: Started, Superseded (also on cancel()), Returned (stamped on the
    // pool thread), Applied or Dropped, for each job.
    void setObserver(JobObserver observer) { m_state->observer = std::move(observer); }

private:
    // Cancels what the new job supersedes, registers it; its token.
    std::pair<quint64, CancelToken> begin();
    // The end of a job, on the context's thread: true when its result is to be applied.
    static bool finish(detail::JobState& state, quint64 job, const JobEvent& returned,
                       bool hasResult);

    std::shared_ptr<detail::JobState> m_state;
    QThreadPool* m_pool;
    JobPolicy m_policy;
    QPointer<QObject> m_receiver;
};

template <typename Work, typename Apply> quint64 JobTracker::start(Work work, Apply apply)
{
    using R = std::invoke_result_t<Work&, JobContext&>;
    const std::pair<quint64, CancelToken> begun = begin();
    const quint64 job = begun.first;
    m_pool->start([state = m_state, job, token = begun.second, work = std::move(work),
                   apply = std::move(apply)]() mutable {
        lowerWorkerPriority();
        JobContext context(state, job, token);
        auto result =
            std::make_shared<std::optional<std::conditional_t<std::is_void_v<R>, bool, R>>>();
        try {
            if constexpr (std::is_void_v<R>) {
                work(context);
                result->emplace(true);
            } else {
                result->emplace(work(context));
            }
        } catch (const Cancelled&) { // superseded: nothing to deliver
        } catch (const std::exception& e) {
            qWarning("tilelens: a background job failed: %s", e.what());
        }
        const JobEvent returned = stampJobEvent(JobEvent::Kind::Returned, job);
        state->deliver([state, job, returned, result, apply = std::move(apply)]() mutable {
            if (!finish(*state, job, returned, result->has_value()))
                return;
            if constexpr (std::is_void_v<R>)
                apply();
            else
                apply(std::move(**result));
        });
    });
    return job;
}

// GUI-thread work cut into event-loop turns. start() cancels the previous run; the steps of a
// cancelled or restarted run are dropped.
class SlicedRun
{
public:
    explicit SlicedRun(QObject* context) : m_context(context) {}

    // Calls step() now, then once per event-loop turn until it returns false.
    void start(std::function<bool()> step);
    // Calls step() once, a turn later, as part of the current run (an extra stage of it).
    void later(std::function<void()> step);
    void cancel();
    bool isRunning() const { return m_queued > 0; }

private:
    void run(quint64 id, const std::shared_ptr<std::function<bool()>>& step);

    QObject* m_context;
    quint64 m_current = 0; // the run whose steps are wanted
    int m_queued = 0;      // its steps waiting for a turn
};

} // namespace tilelens::gui
