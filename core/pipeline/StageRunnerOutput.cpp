// Live output of running stages: log file, progress parsing, the bounded
// coalesced stream to the GUI, and (slurm) job output tailing and state polls.

#include "pipeline/ActiveRun.h"
#include "pipeline/StageRunner.h"

namespace tilelens::pipeline {

void StageRunner::handleOutput(ActiveRun& run, const QByteArray& data)
{
    if (data.isEmpty())
        return;
    run.log.write(data);
    run.record.outputBytes += data.size();
    if (run.parser.feed(data))
        run.progressDirty = true;
    run.tail.append(data);
    if (run.tail.size() > 2 * kTailBytes)
        run.tail = run.tail.right(kTailBytes);
    // The live stream keeps the newest bytes; anything older is counted as skipped.
    run.pendingLive.append(data);
    if (run.pendingLive.size() > 2 * qsizetype(m_liveBytes)) {
        const qsizetype drop = run.pendingLive.size() - m_liveBytes;
        run.pendingSkipped += drop;
        run.pendingLive.remove(0, drop);
    }
}

void StageRunner::flushLive()
{
    for (auto& [id, run] : m_active) {
        if (!run->launch.outputFile.isEmpty())
            tailSlurmOutput(*run, false);
        if (!run->pendingLive.isEmpty() || run->pendingSkipped > 0) {
            QByteArray data;
            qint64 skipped = run->pendingSkipped;
            if (run->pendingLive.size() > m_liveBytes) {
                skipped += run->pendingLive.size() - m_liveBytes;
                data = run->pendingLive.right(m_liveBytes);
            } else {
                data = run->pendingLive;
            }
            run->pendingLive.clear();
            run->pendingSkipped = 0;
            Q_EMIT outputChunk(id, data, skipped);
        }
        if (run->progressDirty) {
            run->progressDirty = false;
            StageProgress p;
            p.elapsedMs = run->clock.elapsed();
            p.percent = run->parser.percent();
            p.done = run->parser.done();
            p.total = run->parser.total();
            p.state = run->slurmState;
            Q_EMIT progress(id, p);
        }
    }
}

void StageRunner::tick()
{
    for (auto& [id, run] : m_active) {
        if (!run->launch.jobName.isEmpty())
            pollSlurm(*run);
        run->progressDirty = true; // elapsed time moves on
    }
}

void StageRunner::pollSlurm(ActiveRun& run)
{
    if (run.squeue)
        return;
    auto* q = new QProcess(this);
    run.squeue = q;
    const QString runId = run.record.runId;
    connect(q, &QProcess::finished, this, [this, q, runId] {
        const QString state = QString::fromUtf8(q->readAllStandardOutput())
                                  .trimmed()
                                  .section(QLatin1Char('\n'), 0, 0);
        auto it = m_active.find(runId);
        if (it != m_active.end() && !state.isEmpty() && state != it->second->slurmState) {
            it->second->slurmState = state;
            it->second->progressDirty = true;
        }
        q->deleteLater();
    });
    connect(q, &QProcess::errorOccurred, q, [q](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            q->deleteLater();
    });
    q->start(QStringLiteral("squeue"), squeueStateArguments(run.launch.jobName));
}

void StageRunner::tailSlurmOutput(ActiveRun& run, bool all)
{
    QFile f(run.launch.outputFile);
    if (!f.open(QIODevice::ReadOnly) || f.size() <= run.slurmOffset)
        return;
    f.seek(run.slurmOffset);
    const qint64 maxRead = all ? f.size() - run.slurmOffset : 4 * 1024 * 1024;
    const QByteArray data = f.read(maxRead);
    run.slurmOffset += data.size();
    handleOutput(run, data);
}

} // namespace tilelens::pipeline
