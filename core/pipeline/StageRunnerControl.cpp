// Cancelling, cap resets and shutdown of the StageRunner.

#include "pipeline/ActiveRun.h"
#include "pipeline/ProcessControl.h"
#include "pipeline/RunMessages.h"
#include "pipeline/StageRunner.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <csignal>

namespace tilelens::pipeline {

void StageRunner::cancel(const QString& runId)
{
    for (auto it = m_queue.begin(); it != m_queue.end(); ++it) {
        if ((*it)->record.runId == runId) {
            StageRun r = (*it)->record;
            m_queue.erase(it);
            r.status = RunStatus::Cancelled;
            r.message = runmsg::text(runmsg::kCancelledBeforeStart);
            r.endedAt = QDateTime::currentDateTimeUtc();
            emitFinished(r);
            schedule();
            return;
        }
    }
    auto it = m_active.find(runId);
    if (it != m_active.end())
        terminate(*it->second, RunStatus::Cancelled);
}

void StageRunner::cancelStage(const QString& kernelDir, const QString& stageId)
{
    const QString dir = QDir::cleanPath(QFileInfo(kernelDir).absoluteFilePath());
    QStringList ids;
    for (const auto& p : m_queue)
        if (p->record.kernelDir == dir && p->record.stageId == stageId)
            ids << p->record.runId;
    for (const auto& [id, run] : m_active)
        if (run->record.kernelDir == dir && run->record.stageId == stageId)
            ids << id;
    for (const QString& id : ids)
        cancel(id);
}

void StageRunner::cancelAll()
{
    QStringList ids;
    for (const auto& p : m_queue)
        ids << p->record.runId;
    for (const auto& [id, run] : m_active)
        ids << id;
    for (const QString& id : ids)
        cancel(id);
}

void StageRunner::resetCaps(const QString& kernelDir)
{
    const QString prefix =
        QDir::cleanPath(QFileInfo(kernelDir).absoluteFilePath()) + QLatin1Char('\n');
    for (auto it = m_capCounts.begin(); it != m_capCounts.end();)
        it = it->first.startsWith(prefix) ? m_capCounts.erase(it) : std::next(it);
}

void StageRunner::shutdown()
{
    m_shuttingDown = true;
    cancelAll();
    // Wait for every process (bounded); the finished handlers write the end records.
    QDeadlineTimer deadline(m_graceMs + 5000);
    QStringList ids;
    for (const auto& [id, run] : m_active)
        ids << id;
    for (const QString& id : ids) {
        auto it = m_active.find(id);
        if (it == m_active.end())
            continue;
        ActiveRun& run = *it->second;
        if (run.process) {
            QProcess* proc = run.process;
            const qint64 pgid = run.record.pid;
            if (!proc->waitForFinished(int(
                    std::max<qint64>(0, std::min<qint64>(m_graceMs, deadline.remainingTime()))))) {
                // Kill now: the supervisor takes every descendant with it before it exits.
                if (pgid > 0)
                    ::kill(pid_t(pgid), SIGUSR1);
                if (!proc->waitForFinished(3000)) {
                    if (pgid > 0)
                        signalProcessGroup(pgid, SIGKILL);
                    proc->kill();
                    proc->waitForFinished(2000);
                }
            }
            if (pgid > 0)
                signalProcessGroup(pgid, SIGKILL);
        } else if (run.watcher) {
            run.watcher->waitForFinished(); // the built-in saw the cancel flag
        }
        it = m_active.find(id);
        if (it != m_active.end() && !it->second->done) {
            // The finished signal did not arrive (e.g. still queued): record it now.
            it->second->record.status = RunStatus::Cancelled;
            it->second->record.message = runmsg::text(runmsg::kCancelledAppQuit);
            finish(*it->second);
        }
    }
    m_flushTimer->stop();
    m_tickTimer->stop();
}

} // namespace tilelens::pipeline
