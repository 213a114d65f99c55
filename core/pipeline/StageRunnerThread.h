#pragma once
// Owns a StageRunner in its own QThread. Create it in the GUI (or CLI main)
// thread; connect to runner()'s signals (they arrive queued, in the caller's
// thread); call request()/cancel() from the owning thread. Destroying it (or
// shutdown()) cancels every run and returns only when no child is left.
//
//   StageRunnerThread worker;
//   connect(worker.runner(), &StageRunner::finished, this, &Panel::onRunFinished);
//   worker.request(StageRequest::make(kernelDir, QStringLiteral("D")));

#include "pipeline/StageRunner.h"

#include <QObject>
#include <QThread>

namespace tilelens::pipeline {

class StageRunnerThread : public QObject
{
    Q_OBJECT
public:
    explicit StageRunnerThread(QObject* parent = nullptr);
    ~StageRunnerThread() override;

    // Signals only; its methods run in the worker thread (use the methods below).
    StageRunner* runner() const { return m_runner; }

    // Thread-safe configuration (blocks briefly until the worker applied it).
    void configure(const std::function<void(StageRunner&)>& fn);

    void request(const StageRequest& req);
    void cancel(const QString& runId);
    void cancelStage(const QString& kernelDir, const QString& stageId);
    void cancelAll();
    void resetCaps(const QString& kernelDir);
    bool hasRunsInFlight() const; // for "really quit?" prompts
    void shutdown();              // blocking; idempotent

private:
    QThread m_thread;
    StageRunner* m_runner = nullptr;
    bool m_down = false;
};

} // namespace tilelens::pipeline
