#include "pipeline/StageRunnerThread.h"

namespace tilelens::pipeline {

StageRunnerThread::StageRunnerThread(QObject* parent) : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("tilelens-stage-runner"));
    m_runner = new StageRunner;
    m_runner->moveToThread(&m_thread);
    m_thread.start();
}

StageRunnerThread::~StageRunnerThread()
{
    shutdown();
}

void StageRunnerThread::configure(const std::function<void(StageRunner&)>& fn)
{
    if (m_down)
        return;
    StageRunner* r = m_runner;
    QMetaObject::invokeMethod(
        m_runner, [r, fn] { fn(*r); }, Qt::BlockingQueuedConnection);
}

void StageRunnerThread::request(const StageRequest& req)
{
    if (m_down)
        return;
    StageRunner* r = m_runner;
    QMetaObject::invokeMethod(
        m_runner, [r, req] { r->request(req); }, Qt::QueuedConnection);
}

void StageRunnerThread::cancel(const QString& runId)
{
    StageRunner* r = m_runner;
    if (!m_down)
        QMetaObject::invokeMethod(
            m_runner, [r, runId] { r->cancel(runId); }, Qt::QueuedConnection);
}

void StageRunnerThread::cancelStage(const QString& kernelDir, const QString& stageId)
{
    StageRunner* r = m_runner;
    if (!m_down)
        QMetaObject::invokeMethod(
            m_runner, [r, kernelDir, stageId] { r->cancelStage(kernelDir, stageId); },
            Qt::QueuedConnection);
}

void StageRunnerThread::cancelAll()
{
    StageRunner* r = m_runner;
    if (!m_down)
        QMetaObject::invokeMethod(
            m_runner, [r] { r->cancelAll(); }, Qt::QueuedConnection);
}

void StageRunnerThread::resetCaps(const QString& kernelDir)
{
    StageRunner* r = m_runner;
    if (!m_down)
        QMetaObject::invokeMethod(
            m_runner, [r, kernelDir] { r->resetCaps(kernelDir); }, Qt::QueuedConnection);
}

bool StageRunnerThread::hasRunsInFlight() const
{
    if (m_down)
        return false;
    int n = 0;
    StageRunner* r = m_runner;
    QMetaObject::invokeMethod(
        m_runner, [r, &n] { n = r->activeCount() + r->queuedCount(); },
        Qt::BlockingQueuedConnection);
    return n > 0;
}

void StageRunnerThread::shutdown()
{
    if (m_down)
        return;
    m_down = true;
    StageRunner* r = m_runner;
    // Cancel, wait for the process groups and write the records in the worker thread,
    // then delete the runner there (its timers and processes belong to that thread).
    QMetaObject::invokeMethod(
        m_runner,
        [r] {
            r->shutdown();
            delete r;
        },
        Qt::BlockingQueuedConnection);
    m_runner = nullptr;
    m_thread.quit();
    m_thread.wait();
}

} // namespace tilelens::pipeline
