#include "pipeline/StageRunner.h"

#include "common/OwnedFiles.h"
#include "common/WorkerPool.h"
#include "pipeline/ActiveRun.h"
#include "pipeline/ProcessControl.h"
#include "pipeline/RunHistory.h"
#include "pipeline/RunMessages.h"
#include "pipeline/StageSet.h"
#include "pipeline/TrustStore.h"
#include "pipeline/WorkspacePaths.h"

#include <QDir>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>
#include <csignal>
#include <unistd.h>

namespace tilelens::pipeline {

namespace {

constexpr int kTailLines = 40;

QString capKey(const QString& kernelDir, const QString& stageId)
{
    return kernelDir + QLatin1Char('\n') + stageId;
}

QString lastLines(const QByteArray& tail)
{
    QList<QByteArray> lines = tail.split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    if (lines.size() > kTailLines)
        lines = lines.mid(lines.size() - kTailLines);
    return QString::fromUtf8(lines.join('\n'));
}

QString pytestVerdict(const ResolvedStage& st, int exitCode)
{
    if (exitCode == 0)
        return st.passVerdict;
    if (exitCode == 1 || exitCode == 5) // 1: tests failed, 5: nothing collected
        return st.failVerdict;
    return QStringLiteral("ERROR"); // interrupted, internal or usage error
}

} // namespace

StageRunner::StageRunner(QObject* parent)
    : QObject(parent), m_trustFile(TrustStore::defaultPath()),
      m_env(QProcessEnvironment::systemEnvironment())
{
    registerPipelineMetaTypes();
    qRegisterMetaType<StageRequest>("tilelens::pipeline::StageRequest");
    m_flushTimer = new QTimer(this);
    m_flushTimer->setInterval(50);
    connect(m_flushTimer, &QTimer::timeout, this, &StageRunner::flushLive);
    m_tickTimer = new QTimer(this);
    m_tickTimer->setInterval(1000);
    connect(m_tickTimer, &QTimer::timeout, this, &StageRunner::tick);
}

StageRunner::~StageRunner()
{
    shutdown();
}

void StageRunner::setTrustStorePath(const QString& path)
{
    m_trustFile = path;
}
void StageRunner::setMaxConcurrentRuns(int n)
{
    m_maxConcurrent = std::max(1, n);
}
void StageRunner::setTerminateGraceMs(int ms)
{
    m_graceMs = std::max(0, ms);
}
void StageRunner::setLiveOutputLimit(int bytes, int intervalMs)
{
    m_liveBytes = std::max(1024, bytes);
    m_flushTimer->setInterval(std::max(5, intervalMs));
}
void StageRunner::setBaseEnvironment(const QProcessEnvironment& env)
{
    m_env = env;
}
int StageRunner::activeCount() const
{
    return int(m_active.size());
}
int StageRunner::queuedCount() const
{
    return int(m_queue.size());
}

void StageRunner::reject(StageRun run, RunStatus status, const QString& message)
{
    run.status = status;
    run.message = message;
    run.endedAt = QDateTime::currentDateTimeUtc();
    // Rejections are recorded too: "untrusted workspace ran nothing" is worth seeing later.
    if (status == RunStatus::Rejected && QFileInfo(run.kernelDir).isDir())
        appendRunRecord(run, HistoryEvent::End);
    emitFinished(run);
}

void StageRunner::request(const StageRequest& req)
{
    StageRun run;
    run.runId =
        req.runId.isEmpty() ? StageRequest::make(req.kernelDir, req.stageId).runId : req.runId;
    run.kernelDir = QDir::cleanPath(QFileInfo(req.kernelDir).absoluteFilePath());
    run.stageId = req.stageId;
    run.queuedAt = QDateTime::currentDateTimeUtc();
    if (m_shuttingDown)
        return reject(run, RunStatus::Cancelled, runmsg::text(runmsg::kShuttingDown));

    const StageSet set = loadStageSet(run.kernelDir);
    if (!QFileInfo(run.kernelDir).isDir())
        return reject(run, RunStatus::Rejected,
                      runmsg::text(runmsg::kNotADirectory).arg(run.kernelDir));
    StageSpec adhoc;
    if (!req.adhocArgv.isEmpty()) {
        adhoc.id = req.stageId;
        adhoc.title =
            QStringLiteral("%1: %2").arg(req.stageId, req.adhocArgv.join(QLatin1Char(' ')));
        adhoc.argv = req.adhocArgv;
        adhoc.origin = QStringLiteral("ad hoc");
    }
    const StageSpec* spec = req.adhocArgv.isEmpty() ? set.find(req.stageId) : &adhoc;
    if (!spec)
        return reject(run, RunStatus::Rejected,
                      runmsg::text(runmsg::kUnknownStage)
                          .arg(req.stageId, set.ids().join(QStringLiteral(", "))));
    run.stageId = spec->id;
    run.title = spec->title;
    for (const auto& d : set.diagnostics)
        if (d.severity == Severity::Error)
            return reject(
                run, RunStatus::Rejected,
                runmsg::text(runmsg::kInvalidConfig).arg(QString::fromStdString(d.format())));

    auto pending = std::make_unique<Pending>();
    pending->request = req;
    pending->stage = resolveStage(set, *spec, m_env);
    for (auto it = req.extraEnv.begin(); it != req.extraEnv.end(); ++it) {
        pending->stage.envChanges.insert(it.key(), it.value());
        pending->stage.envRemoved.removeAll(it.key());
    }
    pending->capLimit = set.caps.value(spec->id, -1);
    const ResolvedStage& st = pending->stage;
    run.kind =
        st.kind == StageKind::Builtin ? QStringLiteral("builtin") : QStringLiteral("external");
    run.launcher = st.kind == StageKind::Builtin ? QStringLiteral("builtin") : st.launcher.kind;
    run.argv = st.argv;
    run.envChanges = st.envChanges;
    run.envRemoved = st.envRemoved;
    run.cwd = st.cwd;
    run.capLimit = pending->capLimit;

    if (!st.runnable)
        return reject(run, RunStatus::Rejected, runmsg::text(runmsg::kNotRunnable).arg(st.reason));
    if (st.kind == StageKind::Builtin && !BuiltinStageRegistry::find(st.builtin))
        return reject(run, RunStatus::Rejected,
                      runmsg::text(runmsg::kBuiltinMissing).arg(st.builtin));
    if (st.kind == StageKind::External && !req.trustOverride) {
        const TrustStore store(m_trustFile);
        const TrustState trust = store.state(set, m_env);
        if (trust != TrustState::Trusted) {
            const QString why = store.changeReason(set, m_env);
            return reject(run, RunStatus::Rejected,
                          runmsg::text(runmsg::kNotTrusted)
                              .arg(QString::fromLatin1(trustStateName(trust)) +
                                   (why.isEmpty() ? QString() : QStringLiteral(": ") + why)));
        }
    }

    // One pending run per stage: the newest request wins.
    for (auto it = m_queue.begin(); it != m_queue.end(); ++it) {
        if ((*it)->record.kernelDir == run.kernelDir && (*it)->record.stageId == run.stageId) {
            StageRun old = (*it)->record;
            m_queue.erase(it);
            old.status = RunStatus::Superseded;
            old.message = runmsg::text(runmsg::kSuperseded).arg(run.runId);
            old.endedAt = QDateTime::currentDateTimeUtc();
            emitFinished(old);
            break;
        }
    }
    pending->record = run;
    Q_EMIT queued(run);
    m_queue.push_back(std::move(pending));
    schedule();
}

void StageRunner::schedule()
{
    while (!m_shuttingDown && !m_queue.empty() && int(m_active.size()) < m_maxConcurrent) {
        std::unique_ptr<Pending> next = std::move(m_queue.front());
        m_queue.pop_front();
        start(std::move(next));
    }
    if (m_active.empty()) {
        m_flushTimer->stop();
        m_tickTimer->stop();
        if (m_queue.empty())
            Q_EMIT idle();
    }
}

void StageRunner::start(std::unique_ptr<Pending> pending)
{
    StageRun record = pending->record;
    const QString key = capKey(record.kernelDir, record.stageId);
    const int used = m_capCounts[key];
    if (!pending->request.ignoreCaps && pending->capLimit >= 0 && used >= pending->capLimit)
        return reject(
            record, RunStatus::Rejected,
            runmsg::text(runmsg::kCapReached).arg(record.stageId).arg(used).arg(pending->capLimit));

    auto active = std::make_unique<ActiveRun>();
    ActiveRun& run = *active;
    run.stage = pending->stage;
    run.record = record;
    const QString logName =
        record.runId + QLatin1Char('_') + record.stageId + QStringLiteral(".log");
    run.record.logPath = logsDir(record.kernelDir) + QLatin1Char('/') + logName;
    // TileLens's own files, never through a symbolic link in .tilelens (issue 32): the log is
    // opened below descriptors of real folders, and a run whose record could not be kept
    // does not start.
    QString error;
    const bool historyWritable = runHistoryWritable(record.kernelDir, &error);
    const auto logs =
        historyWritable ? OwnedDir::open(record.kernelDir, QStringLiteral(".tilelens/logs"), &error)
                        : std::nullopt;
    const int logFd = logs ? logs->openForAppend(logName, &error) : -1;
    if (logFd < 0 || !run.log.open(logFd, QIODevice::WriteOnly | QIODevice::Append,
                                   QFileDevice::AutoCloseHandle)) {
        if (logFd >= 0 && !run.log.isOpen())
            ::close(logFd);
        run.record.status = RunStatus::FailedToStart;
        run.record.message = runmsg::text(runmsg::kNothingWasRun).arg(error);
        run.record.endedAt = QDateTime::currentDateTimeUtc();
        emitFinished(run.record);
        return;
    }
    m_capCounts[key] = used + 1;
    run.record.capUsed = used + 1;
    run.record.status = RunStatus::Running;
    run.record.startedAt = QDateTime::currentDateTimeUtc();
    run.outputsBefore = snapshotOutputs(run.stage.outputs);
    run.clock.start();
    const QString runId = record.runId;
    m_active.emplace(runId, std::move(active));
    if (!m_flushTimer->isActive())
        m_flushTimer->start();
    if (!m_tickTimer->isActive())
        m_tickTimer->start();

    if (run.stage.kind == StageKind::Builtin)
        startBuiltin(run);
    else
        startExternal(run);
}

void StageRunner::startExternal(ActiveRun& run)
{
    const QString runId = run.record.runId;
    run.launch = buildLaunchCommand(run.stage, runId, logsDir(run.record.kernelDir));
    run.record.slurmJobName = run.launch.jobName;
    run.process = new QProcess(this);
    run.process->setProcessChannelMode(QProcess::MergedChannels);
    run.process->setProcessEnvironment(run.stage.environment(m_env));
    // Where it runs is resolved again now, links followed, and must be where it resolved
    // when the run was requested (and trusted): a folder swapped for a link in between
    // would run the command elsewhere (issue 32).
    const QString cwdNow = physicalPath(run.stage.cwd);
    if (!run.stage.launcher.isSlurm() && cwdNow != run.stage.physicalCwd) {
        run.record.status = RunStatus::FailedToStart;
        run.record.message =
            runmsg::text(runmsg::kNothingWasRun)
                .arg(QStringLiteral("the working directory %1 now resolves to %2, not to %3 as "
                                    "when the run was requested")
                         .arg(run.stage.cwd, cwdNow, run.stage.physicalCwd));
        finish(run);
        return;
    }
    run.process->setWorkingDirectory(run.stage.launcher.isSlurm() ? run.stage.cwd : cwdNow);
    run.process->setInputChannelMode(QProcess::ManagedInputChannel);
    // The supervisor learns of our death by SIGTERM and then takes the stage's tree with it.
    makeProcessGroupLeader(*run.process, SIGTERM);

    QProcess* proc = run.process;
    connect(proc, &QProcess::started, this, [this, runId, proc] {
        auto it = m_active.find(runId);
        if (it == m_active.end())
            return;
        ActiveRun& r = *it->second;
        r.record.pid = proc->processId();
        proc->closeWriteChannel(); // stages get an empty stdin, never the terminal's
        QString error;
        if (!appendRunRecord(r.record, HistoryEvent::Start, &error))
            r.record.message = error;
        Q_EMIT started(r.record);
    });
    connect(proc, &QProcess::readyRead, this, [this, runId, proc] {
        auto it = m_active.find(runId);
        if (it != m_active.end())
            handleOutput(*it->second, proc->readAll());
    });
    connect(proc, &QProcess::finished, this,
            [this, runId](int exitCode, QProcess::ExitStatus status) {
                onProcessFinished(runId, exitCode, status == QProcess::CrashExit);
            });
    connect(proc, &QProcess::errorOccurred, this,
            [this, runId, proc](QProcess::ProcessError error) {
                if (error != QProcess::FailedToStart)
                    return;
                auto it = m_active.find(runId);
                if (it == m_active.end())
                    return;
                ActiveRun& r = *it->second;
                r.record.status = RunStatus::FailedToStart;
                r.record.message =
                    runmsg::text(runmsg::kCannotStart).arg(r.launch.program, proc->errorString());
                finish(r);
            });

    if (run.stage.timeoutMs > 0) {
        run.timeoutTimer = new QTimer(this);
        run.timeoutTimer->setSingleShot(true);
        connect(run.timeoutTimer, &QTimer::timeout, this, [this, runId] {
            auto it = m_active.find(runId);
            if (it != m_active.end())
                terminate(*it->second, RunStatus::TimedOut);
        });
        run.timeoutTimer->start(run.stage.timeoutMs);
    }
    QStringList lookedIn;
    const QString supervisor = stageSupervisorPath(&lookedIn);
    if (supervisor.isEmpty()) {
        run.record.status = RunStatus::FailedToStart;
        run.record.message =
            runmsg::text(runmsg::kNoSupervisor).arg(lookedIn.join(QStringLiteral(", ")));
        finish(run);
        return;
    }
    proc->start(supervisor,
                supervisorArguments(m_graceMs, run.launch.program, run.launch.arguments));
}

void StageRunner::startBuiltin(ActiveRun& run)
{
    const QString runId = run.record.runId;
    run.record.pid = 0;
    appendRunRecord(run.record, HistoryEvent::Start);
    Q_EMIT started(run.record);

    BuiltinContext ctx;
    ctx.kernelDir = run.record.kernelDir;
    ctx.stageId = run.record.stageId;
    ctx.logPath = run.record.logPath;
    ctx.cancel = run.cancel.token();
    // The built-in runs on the pool; its log lines hop back to this thread.
    QPointer<StageRunner> self(this);
    ctx.log = [self, runId](const QByteArray& data) {
        if (!self)
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, runId, data] {
                if (!self)
                    return;
                auto it = self->m_active.find(runId);
                if (it != self->m_active.end())
                    self->handleOutput(*it->second, data);
            },
            Qt::QueuedConnection);
    };
    BuiltinFunction fn = BuiltinStageRegistry::find(run.stage.builtin);
    run.watcher = new QFutureWatcher<BuiltinResult>(this);
    connect(run.watcher, &QFutureWatcher<BuiltinResult>::finished, this,
            [this, runId] { onBuiltinFinished(runId); });
    // TileLens's own pool at lowered priority: on Qt's global pool a long IR diff held up the
    // raster engine's painting (common/WorkerPool.h). The context holds the token, so the flag
    // outlives this run's record.
    run.watcher->setFuture(QtConcurrent::run(backgroundPool(), [fn, ctx]() -> BuiltinResult {
        lowerWorkerPriority();
        if (!fn)
            return {3, QString(), QStringLiteral("built-in not available"), {}};
        try {
            return fn(ctx);
        } catch (const Cancelled&) {
            return {1, QString(), QStringLiteral("cancelled"), {}};
        }
    }));
}

void StageRunner::terminate(ActiveRun& run, RunStatus reason)
{
    if (run.requestedEnd != RunStatus::Running || run.done)
        return;
    run.requestedEnd = reason;
    if (run.timeoutTimer)
        run.timeoutTimer->stop();
    run.cancel.cancel();
    if (!run.process)
        return; // a built-in stops at its next cancellation check
    if (!run.launch.jobName.isEmpty())
        QProcess::startDetached(QStringLiteral("scancel"), scancelArguments(run.launch.jobName));
    // Before `started` arrived the record has no pid yet; the process already has one.
    const qint64 pgid = run.record.pid > 0 ? run.record.pid : run.process->processId();
    if (pgid > 0) {
        signalProcessGroup(pgid, SIGTERM);
        run.killTimer = new QTimer(this);
        run.killTimer->setSingleShot(true);
        // The supervisor (the group leader) kills the whole tree, escaped members included.
        connect(run.killTimer, &QTimer::timeout, this, [pgid] { ::kill(pid_t(pgid), SIGUSR1); });
        run.killTimer->start(m_graceMs);
    } else {
        run.process->kill();
    }
}

void StageRunner::onProcessFinished(const QString& runId, int exitCode, bool crashed)
{
    auto it = m_active.find(runId);
    if (it == m_active.end())
        return;
    ActiveRun& run = *it->second;
    if (run.done)
        return;
    handleOutput(run, run.process->readAll());
    // Whatever the leader left behind in its group goes with it.
    if (run.record.pid > 0)
        signalProcessGroup(run.record.pid, SIGKILL);
    if (!run.launch.outputFile.isEmpty())
        tailSlurmOutput(run, true);

    if (run.requestedEnd != RunStatus::Running) {
        run.record.status = run.requestedEnd;
        run.record.signal = crashed ? exitCode : 0;
        run.record.exitCode = crashed ? -1 : exitCode;
        run.record.message = run.requestedEnd == RunStatus::TimedOut
                                 ? runmsg::text(runmsg::kTimedOut).arg(run.stage.timeoutMs / 1000)
                                 : runmsg::text(runmsg::kCancelled);
    } else if (crashed) {
        run.record.status = RunStatus::Crashed;
        run.record.signal = exitCode; // QProcess reports the terminating signal as the code
        run.record.message = runmsg::text(runmsg::kKilledBySignal)
                                 .arg(exitCode)
                                 .arg(QString::fromLocal8Bit(strsignal(exitCode)));
    } else {
        run.record.status = RunStatus::Exited;
        run.record.exitCode = exitCode;
        switch (run.stage.verdictSource) {
        case VerdictSource::ExitCode:
            run.record.verdict = exitCode == 0 ? run.stage.passVerdict : run.stage.failVerdict;
            break;
        case VerdictSource::Pytest:
            run.record.verdict = pytestVerdict(run.stage, exitCode);
            break;
        case VerdictSource::LogLine:
            run.record.verdict = run.parser.lastVerdict();
            break;
        case VerdictSource::File:
            // Checked again now: the stage may have replaced a directory with a link.
            if (isInsideWorkspace(run.record.kernelDir, run.stage.verdictFile))
                run.record.verdict = verdictFromFile(run.stage.verdictFile);
            break;
        case VerdictSource::Builtin:
            break;
        }
        QString where;
        if (!run.stage.logCopy.isEmpty() &&
            !isInsideWorkspace(run.record.kernelDir, run.stage.logCopy, &where)) {
            run.record.message =
                runmsg::text(runmsg::kLogCopyRefused).arg(run.stage.logCopy, where);
        } else if (!run.stage.logCopy.isEmpty()) {
            run.log.flush();
            QDir().mkpath(QFileInfo(run.stage.logCopy).absolutePath());
            QFile::remove(run.stage.logCopy);
            if (!QFile::copy(run.record.logPath, run.stage.logCopy))
                run.record.message = runmsg::text(runmsg::kLogCopyFailed).arg(run.stage.logCopy);
        }
    }
    finish(run);
}

void StageRunner::onBuiltinFinished(const QString& runId)
{
    auto it = m_active.find(runId);
    if (it == m_active.end())
        return;
    ActiveRun& run = *it->second;
    const BuiltinResult result = run.watcher->result();
    if (run.requestedEnd != RunStatus::Running) {
        run.record.status = run.requestedEnd;
        run.record.message = QStringLiteral("cancelled");
    } else {
        run.record.status = RunStatus::Exited;
        run.record.exitCode = result.exitCode;
        run.record.message = result.message;
        run.record.verdict = result.verdict;
        if (run.record.verdict.isEmpty())
            run.record.verdict = result.exitCode == 0   ? QStringLiteral("PASS")
                                 : result.exitCode == 2 ? QStringLiteral("PASS_WITH_NOTES")
                                 : result.exitCode == 1 ? QStringLiteral("FAIL")
                                                        : QStringLiteral("ERROR");
    }
    finish(run);
}

void StageRunner::finish(ActiveRun& run)
{
    if (run.done)
        return;
    run.done = true;
    if (run.timeoutTimer)
        run.timeoutTimer->stop();
    if (run.killTimer)
        run.killTimer->stop();
    flushLive(); // the last bytes reach the GUI before `finished`
    run.log.close();
    run.record.endedAt = QDateTime::currentDateTimeUtc();
    run.record.logTail = lastLines(run.tail);
    run.record.changedOutputs =
        changedOutputs(run.outputsBefore, snapshotOutputs(run.stage.outputs));
    for (const QString& path : run.record.changedOutputs)
        run.record.irChanged |= isIrFile(path);
    QString error;
    if (!appendRunRecord(run.record, HistoryEvent::End, &error))
        run.record.message +=
            (run.record.message.isEmpty() ? QString() : QStringLiteral("; ")) + error;

    const QString runId = run.record.runId;
    StageRun record = run.record;
    auto node = m_active.extract(runId);
    if (node.mapped()->process) {
        node.mapped()->process->disconnect(this);
        node.mapped()->process->deleteLater();
    }
    if (node.mapped()->watcher)
        node.mapped()->watcher->deleteLater();
    if (node.mapped()->timeoutTimer)
        node.mapped()->timeoutTimer->deleteLater();
    if (node.mapped()->killTimer)
        node.mapped()->killTimer->deleteLater();
    emitFinished(record);
    schedule();
}

void StageRunner::emitFinished(StageRun run)
{
    Q_EMIT finished(run);
}

} // namespace tilelens::pipeline
