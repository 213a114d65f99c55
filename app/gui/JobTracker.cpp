#include "JobTracker.h"

#include <QTimer>

namespace tilelens::gui {

void detail::JobState::deliver(std::function<void()> onContextThread)
{
    // Under the lock: the receiver cannot be deleted between the test and the post, and once
    // it is deleted, Qt drops what was posted to it.
    const std::lock_guard<std::mutex> lock(mutex);
    if (receiver)
        QMetaObject::invokeMethod(receiver, std::move(onContextThread), Qt::QueuedConnection);
}

void JobContext::progress(int done, int total) const
{
    m_state->deliver([state = m_state, job = m_job, done, total] {
        if (state->isCurrent(job) && state->progress)
            state->progress(done, total);
    });
}

void JobContext::post(std::function<void()> onContextThread) const
{
    m_state->deliver([state = m_state, job = m_job, call = std::move(onContextThread)] {
        if (state->isCurrent(job))
            call();
    });
}

JobTracker::JobTracker(QObject* context, QThreadPool* pool, JobPolicy policy)
    : m_state(std::make_shared<detail::JobState>()), m_pool(pool), m_policy(policy),
      m_receiver(new QObject(context))
{
    m_state->receiver = m_receiver;
    // The context may go first (its children with it): nothing is delivered after that.
    QObject::connect(m_receiver, &QObject::destroyed, [state = m_state] {
        const std::lock_guard<std::mutex> lock(state->mutex);
        state->receiver = nullptr;
    });
}

JobTracker::~JobTracker()
{
    for (auto& [job, source] : m_state->running)
        source.cancel();
    m_state->running.clear();
    {
        const std::lock_guard<std::mutex> lock(m_state->mutex);
        m_state->receiver = nullptr;
    }
    delete m_receiver; // drops the results already posted; null if the context went first
}

std::pair<quint64, CancelToken> JobTracker::begin()
{
    // The superseded job's token is cancelled before the new job is queued.
    if (m_policy == JobPolicy::Supersede)
        cancel();
    const quint64 job = ++m_state->lastJob;
    CancelSource source;
    CancelToken token = source.token();
    m_state->running.emplace(job, std::move(source));
    m_state->report(stampJobEvent(JobEvent::Kind::Started, job));
    return {job, std::move(token)};
}

void JobTracker::cancel()
{
    std::map<quint64, CancelSource> cancelled;
    cancelled.swap(m_state->running);
    for (auto& [job, source] : cancelled) {
        source.cancel();
        m_state->report(stampJobEvent(JobEvent::Kind::Superseded, job));
    }
}

bool JobTracker::isRunning() const
{
    return !m_state->running.empty();
}

bool JobTracker::finish(detail::JobState& state, quint64 job, const JobEvent& returned,
                        bool hasResult)
{
    const bool applied = state.running.erase(job) != 0 && hasResult;
    state.report(returned);
    state.report(stampJobEvent(applied ? JobEvent::Kind::Applied : JobEvent::Kind::Dropped, job));
    return applied;
}

void SlicedRun::start(std::function<bool()> step)
{
    cancel();
    run(m_current, std::make_shared<std::function<bool()>>(std::move(step)));
}

void SlicedRun::run(quint64 id, const std::shared_ptr<std::function<bool()>>& step)
{
    // Done, or the step itself cancelled or restarted the run.
    if (!(*step)() || id != m_current)
        return;
    later([this, id, step] { run(id, step); });
}

void SlicedRun::later(std::function<void()> step)
{
    const quint64 id = m_current;
    ++m_queued;
    QTimer::singleShot(0, m_context, [this, id, step = std::move(step)] {
        if (id != m_current)
            return; // cancelled or restarted meanwhile
        --m_queued;
        step();
    });
}

void SlicedRun::cancel()
{
    ++m_current;
    m_queued = 0;
}

} // namespace tilelens::gui
