#include "panels/ProfileJob.h"

#include "RunMessageText.h"
#include "common/OwnedFiles.h"
#include "pipeline/ProfiledRun.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRunnerThread.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <unistd.h>

namespace tilelens::gui::panels {

ProfileJob::ProfileJob(QObject* parent)
    : QObject(parent), m_worker(std::make_unique<pipeline::StageRunnerThread>())
{
    m_profiled = new pipeline::ProfiledRun(m_worker.get(), this);
    connect(m_profiled, &pipeline::ProfiledRun::runStarted, this,
            [this](const QString&, int run, int runs) {
                Q_EMIT logLine(tr("%1 run %2/%3: %4")
                                   .arg(m_side == 0 ? tr("baseline") : tr("candidate"))
                                   .arg(run + 1)
                                   .arg(runs)
                                   .arg(m_sides[m_side].command.join(QLatin1Char(' '))));
            });
    connect(m_worker->runner(), &pipeline::StageRunner::outputChunk, this,
            [this](const QString& runId, const QByteArray& data, qint64) {
                if (runId != m_profiled->currentRunId())
                    return;
                for (const QString& l : QString::fromLocal8Bit(data).split(QLatin1Char('\n')))
                    if (!l.isEmpty())
                        Q_EMIT logLine(l);
            });
    connect(m_profiled, &pipeline::ProfiledRun::runMeasured, this, &ProfileJob::onMeasured);
    connect(m_profiled, &pipeline::ProfiledRun::finished, this, &ProfileJob::onSideFinished);
}

ProfileJob::~ProfileJob()
{
    // The worker cancels and waits for every child before the ProfiledRun goes.
    m_worker->shutdown();
}

QString ProfileJob::findCuptiLibrary()
{
    return pipeline::findCuptiLibrary(QCoreApplication::applicationDirPath());
}

QString ProfileJob::unavailableReason(const QString& library)
{
    QStringList why;
    if (library.isEmpty())
        why << tr(
            "libtilelens_cupti.so was not found (it is built only with the CUDA Toolkit and CUPTI; "
            "set TILELENS_CUPTI_LIBRARY to its path).");
    if (!pipeline::gpuAvailable())
        why << tr("No NVIDIA GPU is visible on this machine, so no kernel can be measured.");
    return why.join(QLatin1Char(' '));
}

bool ProfileJob::isRunning() const
{
    return m_running;
}

QString ProfileJob::profilePath(int side) const
{
    return QDir(m_outDir).absoluteFilePath(side == 0 ? QStringLiteral("baseline/profile.json")
                                                     : QStringLiteral("candidate/profile.json"));
}

bool ProfileJob::start(const Side& baseline, const Side& candidate, int runs, const QString& outDir,
                       const QString& library, QString* error)
{
    const auto fail = [error](const QString& msg) {
        if (error)
            *error = msg;
        return false;
    };
    if (m_running)
        return fail(tr("A profile is already running."));
    if (library.isEmpty() || !QFileInfo(library).isFile())
        return fail(unavailableReason(library));
    if (baseline.command.isEmpty() || candidate.command.isEmpty())
        return fail(tr("Give both a baseline and a candidate command."));
    if (runs < 1 || runs > 100)
        return fail(tr("Runs must be between 1 and 100."));
    // In the workspace's .tilelens the folders are TileLens's own: never made through a link.
    const QString owned = m_workDir.isEmpty() ? QString() : tileLensRelativePath(m_workDir, outDir);
    QString why;
    if (!owned.isEmpty() ? !OwnedDir::open(m_workDir, owned, &why) : !QDir().mkpath(outDir))
        return fail(why.isEmpty() ? tr("Cannot create the output folder %1.").arg(outDir) : why);
    m_sides[0] = baseline;
    m_sides[1] = candidate;
    m_runs = runs;
    m_outDir = QDir(outDir).absolutePath();
    m_library = library;
    m_anyFailed = false;
    // Clear an earlier candidate: until it is measured again the view shows "not measured yet".
    if (owned.isEmpty()) {
        QFile::remove(profilePath(1));
    } else if (const auto candidate =
                   OwnedDir::open(m_workDir, owned + QStringLiteral("/candidate"), &why)) {
        ::unlinkat(candidate->fd(), "profile.json", 0);
    }
    if (!startSide(0, error))
        return false;
    m_running = true;
    return true;
}

bool ProfileJob::startSide(int side, QString* error)
{
    m_side = side;
    pipeline::ProfiledRunOptions o;
    o.kernelDir = m_workDir.isEmpty() ? m_outDir : m_workDir;
    o.stageId = QStringLiteral("profile");
    o.adhocArgv = m_sides[side].command;
    o.label = m_sides[side].label;
    o.runs = m_runs;
    o.library = m_library;
    o.outDir = QFileInfo(profilePath(side)).absolutePath();
    // The user typed these commands: that is their decision, not the workspace's.
    o.trustOverride = true;
    QString why;
    if (!m_profiled->start(o, &why)) {
        if (error)
            *error = why;
        return false;
    }
    return true;
}

void ProfileJob::cancel()
{
    if (m_running)
        m_profiled->cancel(); // finished() reports it
}

void ProfileJob::onMeasured(const pipeline::ProfiledRunUpdate& u)
{
    const int code = u.stageRun.status == pipeline::RunStatus::Exited ? u.stageRun.exitCode : -1;
    Q_EMIT logLine(tr("run finished with exit code %1; %2 configuration(s) measured so far")
                       .arg(code)
                       .arg(u.configs));
    if (!u.noDeviceTimes.isEmpty())
        Q_EMIT logLine(
            tr("No device times from this run: %1").arg(translatedRunMessage(u.noDeviceTimes)));
    Q_EMIT sideUpdated(m_side, u.profilePath);
}

void ProfileJob::onSideFinished(bool ok, const QString& message)
{
    if (!ok)
        m_anyFailed = true;
    const bool ran = ok || message.startsWith(QLatin1String("done"));
    if (!ran) { // cancelled, rejected or failed to start: stop here
        m_running = false;
        Q_EMIT finished(false, message.contains(QLatin1String("cancelled"))
                                   ? tr("Profiling cancelled.")
                                   : tr("Stopped: %1").arg(message));
        return;
    }
    if (m_side == 0) {
        QString error;
        if (startSide(1, &error))
            return;
        m_running = false;
        Q_EMIT finished(false, error);
        return;
    }
    m_running = false;
    Q_EMIT finished(!m_anyFailed, m_anyFailed ? tr("Done; some runs exited with an error.")
                                              : tr("Done: both sides measured."));
}

} // namespace tilelens::gui::panels
