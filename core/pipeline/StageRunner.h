#pragma once
// The stage worker: a QObject meant to live in its own QThread (see
// StageRunnerThread) that owns the QProcess of every running stage and the
// futures of running built-ins. The GUI thread only receives its signals.
//
// * argv execution; a shell only when the stage says so (StageSpec::shell)
// * every child runs below tilelens-stage-supervisor (supervisor/), which leads
//   its own process group, adopts descendants that leave it (setsid) and dies
//   with the runner; cancel/timeout send SIGTERM to the group, the supervisor
//   SIGKILLs the whole tree after the grace period, and a finished run's
//   leftovers are killed too, so nothing a stage started outlives its run
// * full output to KERNEL_DIR/.tilelens/logs/<run>.log; the live stream to
//   the GUI is coalesced (one chunk per interval, bounded, with a count of
//   skipped bytes) so heavy output cannot flood the GUI's event loop
// * one pending request per (kernel dir, stage): a new one replaces it
// * pipeline caps (A1 B2 C1 D2 E2 F1, tilelens.json "caps") unless ignoreCaps
// * untrusted workspaces run nothing external (TrustStore)
// * every run is recorded in KERNEL_DIR/.tilelens/runs.jsonl (RunHistory)

#include "pipeline/StageRequest.h"
#include "pipeline/StageRun.h"

#include <QObject>
#include <QProcessEnvironment>
#include <QTimer>
#include <deque>
#include <map>
#include <memory>

namespace tilelens::pipeline {

struct ActiveRun;
struct StageSet;

class StageRunner : public QObject
{
    Q_OBJECT
public:
    explicit StageRunner(QObject* parent = nullptr);
    ~StageRunner() override; // shutdown(): no child survives the runner

    // Configuration: call before the first request (or from the runner's thread).
    void setTrustStorePath(const QString& path);             // default TrustStore::defaultPath()
    void setMaxConcurrentRuns(int n);                        // default 1
    void setTerminateGraceMs(int ms);                        // SIGTERM -> SIGKILL, default 3000
    void setLiveOutputLimit(int bytes, int intervalMs);      // default 64 KiB per 50 ms
    void setBaseEnvironment(const QProcessEnvironment& env); // default: the process environment

    int activeCount() const;
    int queuedCount() const;

public Q_SLOTS:
    void request(const tilelens::pipeline::StageRequest& req);
    void cancel(const QString& runId); // queued or running
    void cancelStage(const QString& kernelDir, const QString& stageId);
    void cancelAll();
    void resetCaps(const QString& kernelDir); // a new pipeline run starts
    // Cancels everything and waits (bounded by the grace period) until every
    // process group is gone and every record is written. Blocking.
    void shutdown();

Q_SIGNALS:
    void queued(const tilelens::pipeline::StageRun& run);
    void started(const tilelens::pipeline::StageRun& run);
    // Live output (stdout and stderr merged, in order). skippedBytes > 0 when the live
    // stream dropped that much before `data` to stay bounded (the log file has it all).
    void outputChunk(const QString& runId, const QByteArray& data, qint64 skippedBytes);
    void progress(const QString& runId, const tilelens::pipeline::StageProgress& progress);
    void finished(const tilelens::pipeline::StageRun& run);
    void idle(); // nothing running or queued any more

private:
    struct Pending;

    void reject(StageRun run, RunStatus status, const QString& message);
    void schedule();
    void start(std::unique_ptr<Pending> pending);
    void startExternal(ActiveRun& run);
    void startBuiltin(ActiveRun& run);
    void terminate(ActiveRun& run, RunStatus reason);
    void handleOutput(ActiveRun& run, const QByteArray& data);
    void flushLive();
    void tick();
    void pollSlurm(ActiveRun& run);
    void tailSlurmOutput(ActiveRun& run, bool all);
    void onProcessFinished(const QString& runId, int exitCode, bool crashed);
    void onBuiltinFinished(const QString& runId);
    void finish(ActiveRun& run);
    void emitFinished(StageRun run);

    QString m_trustFile;
    int m_maxConcurrent = 1;
    int m_graceMs = 3000;
    int m_liveBytes = 64 * 1024;
    QProcessEnvironment m_env;
    bool m_shuttingDown = false;

    std::deque<std::unique_ptr<Pending>> m_queue;
    std::map<QString, std::unique_ptr<ActiveRun>> m_active;
    std::map<QString, int> m_capCounts; // "kernelDir\nstage" -> runs started
    QTimer* m_flushTimer = nullptr;     // children: they move to the worker thread with the runner
    QTimer* m_tickTimer = nullptr;
};

} // namespace tilelens::pipeline
