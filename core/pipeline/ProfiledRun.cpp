#include "pipeline/ProfiledRun.h"

#include "common/OwnedFiles.h"
#include "perf/PerfInput.h"
#include "perf/cupti/CuptiTraceReader.h"
#include "perf/cupti/ProfileJson.h"
#include "pipeline/RunMessages.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRunnerThread.h"
#include "profiler/CuptiRecordFormat.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <unistd.h>

namespace tilelens::pipeline {
namespace {

constexpr const char* kLibraryFile = "libtilelens_cupti.so";

QString noDeviceTimeReason(const perf::ProfileRun& r, const QString& library)
{
    if (library.isEmpty())
        return cuptiUnavailableReason(library);
    if (r.kernels > 0)
        return {};
    if (!r.libraryErrors.isEmpty())
        return runmsg::text(runmsg::kCuptiRecordedNothing)
            .arg(r.libraryErrors.join(QStringLiteral("; ")));
    if (!gpuAvailable())
        return cuptiUnavailableReason(library);
    if (r.processes == 0)
        return runmsg::text(runmsg::kNoRecordFiles);
    return runmsg::text(runmsg::kNoKernelSeen);
}

// Removes the run-* records of an earlier profile in `dir`; a link is removed, never followed.
void removeRunFolders(const QString& dir)
{
    for (const QFileInfo& fi : QDir(dir).entryInfoList(
             {QStringLiteral("run-*")}, QDir::AllEntries | QDir::Hidden | QDir::System)) {
        if (fi.isSymLink() || !fi.isDir())
            QFile::remove(fi.filePath());
        else
            QDir(fi.filePath()).removeRecursively();
    }
}

} // namespace

ProfiledRun::ProfiledRun(StageRunnerThread* worker, QObject* parent)
    : QObject(parent), m_worker(worker)
{
    qRegisterMetaType<ProfiledRunUpdate>("tilelens::pipeline::ProfiledRunUpdate");
    connect(worker->runner(), &StageRunner::finished, this, &ProfiledRun::onStageFinished);
    connect(worker->runner(), &StageRunner::started, this, [this](const StageRun& run) {
        if (run.runId == m_currentRunId)
            Q_EMIT runStarted(run.runId, m_run, m_runs);
    });
}

QString ProfiledRun::profilePath() const
{
    return QDir(m_options.outDir).absoluteFilePath(QStringLiteral("profile.json"));
}

QString ProfiledRun::runDir(int run) const
{
    return QDir(m_options.outDir).absoluteFilePath(QStringLiteral("run-%1").arg(run + 1));
}

bool ProfiledRun::start(const ProfiledRunOptions& options, QString* error)
{
    const auto fail = [error](const QString& msg) {
        if (error)
            *error = msg;
        return false;
    };
    if (isRunning())
        return fail(QStringLiteral("a profiled run is already in progress"));
    if (options.kernelDir.isEmpty() || !QFileInfo(options.kernelDir).isDir())
        return fail(QStringLiteral("no kernel directory to run in"));
    if (options.runs < 1 || options.runs > 100)
        return fail(QStringLiteral("runs must be between 1 and 100"));
    m_options = options;
    // Not the bare stage id: a label is dropped from range names as a backend
    // segment, and "a" or "e" would eat parts of names such as "cfg-a".
    if (m_options.label.isEmpty())
        m_options.label = QStringLiteral("stage-") + m_options.stageId;
    if (m_options.outDir.isEmpty())
        m_options.outDir =
            QDir(options.kernelDir)
                .absoluteFilePath(QStringLiteral(".tilelens/profiles/") + m_options.stageId);
    m_options.outDir = QDir::cleanPath(QDir(m_options.outDir).absolutePath());
    m_ownedDir = tileLensRelativePath(m_options.kernelDir, m_options.outDir);
    QString why;
    if (!clearEarlierProfile(&why))
        return fail(why);
    // Without the library, repeating the run measures nothing more.
    m_runs = m_options.library.isEmpty() ? 1 : m_options.runs;
    m_run = 0;
    m_cancelled = false;
    m_anyFailed = false;
    m_done.clear();
    requestNext();
    return true;
}

// Records of an earlier profile in the same folder would mix in: they go first.
bool ProfiledRun::clearEarlierProfile(QString* error)
{
    if (m_ownedDir.isEmpty()) {
        if (!QDir().mkpath(m_options.outDir)) {
            *error = QStringLiteral("cannot create %1").arg(m_options.outDir);
            return false;
        }
        removeRunFolders(m_options.outDir);
        QFile::remove(profilePath());
        return true;
    }
    const auto dir = OwnedDir::open(m_options.kernelDir, m_ownedDir, error);
    if (!dir)
        return false;
    removeRunFolders(dir->heldPath()); // the folder held open, whatever replaced its path since
    ::unlinkat(dir->fd(), "profile.json", 0);
    return true;
}

bool ProfiledRun::makeRunDir(const QString& dir, QString* error)
{
    if (m_ownedDir.isEmpty()) {
        if (QDir().mkpath(dir))
            return true;
        *error = QStringLiteral("cannot create %1").arg(dir);
        return false;
    }
    return bool(OwnedDir::open(m_options.kernelDir,
                               m_ownedDir + QLatin1Char('/') + QFileInfo(dir).fileName(), error));
}

void ProfiledRun::writeProfile(const QByteArray& json)
{
    if (!m_ownedDir.isEmpty()) {
        QString error;
        writeOwnedFile(m_options.kernelDir, m_ownedDir + QStringLiteral("/profile.json"), json,
                       &error);
        return;
    }
    QSaveFile f(profilePath());
    if (f.open(QIODevice::WriteOnly)) {
        f.write(json);
        f.commit();
    }
}

void ProfiledRun::cancel()
{
    m_cancelled = true;
    if (!m_currentRunId.isEmpty())
        m_worker->cancel(m_currentRunId); // onStageFinished reports it
}

void ProfiledRun::requestNext()
{
    StageRequest req = StageRequest::make(m_options.kernelDir, m_options.stageId);
    req.adhocArgv = m_options.adhocArgv;
    req.trustOverride = m_options.trustOverride;
    req.ignoreCaps = m_options.ignoreCaps || m_run > 0; // N runs are one semantic run
    if (!m_options.library.isEmpty()) {
        const QString dir = runDir(m_run);
        QString error;
        if (!makeRunDir(dir, &error)) {
            Q_EMIT finished(false, error);
            return;
        }
        req.extraEnv.insert(QLatin1String(profiler::kEnvCudaInjection), m_options.library);
        req.extraEnv.insert(QLatin1String(profiler::kEnvNvtxInjection), m_options.library);
        req.extraEnv.insert(QLatin1String(profiler::kEnvOutDir), dir);
    }
    m_currentRunId = req.runId;
    Q_EMIT runRequested(req.runId, m_run, m_runs);
    m_worker->request(req);
}

void ProfiledRun::onStageFinished(const StageRun& run)
{
    if (run.runId != m_currentRunId)
        return;
    m_currentRunId.clear();
    m_done << run;
    const bool ran = run.status == RunStatus::Exited || run.status == RunStatus::Crashed ||
                     run.status == RunStatus::TimedOut;
    if (!ran || m_cancelled) {
        // Rejected (trust, cap, not runnable), cancelled, failed to start: nothing to measure.
        const QString why =
            run.message.isEmpty() ? QString::fromLatin1(runStatusName(run.status)) : run.message;
        Q_EMIT finished(false, m_cancelled ? QStringLiteral("profiling cancelled")
                                           : QStringLiteral("run %1 of %2 did not run: %3")
                                                 .arg(m_run + 1)
                                                 .arg(m_runs)
                                                 .arg(why));
        return;
    }
    if (!(run.status == RunStatus::Exited && run.exitCode == 0))
        m_anyFailed = true;
    measure(run);
    if (++m_run < m_runs)
        return requestNext();
    Q_EMIT finished(!m_anyFailed, m_anyFailed ? QStringLiteral("done; some runs failed")
                                              : QStringLiteral("done"));
}

void ProfiledRun::measure(const StageRun& run)
{
    std::vector<perf::CuptiTrace> traces;
    std::vector<perf::ProfileRun> info;
    for (int i = 0; i <= m_run; ++i) {
        traces.push_back(m_options.library.isEmpty() ? perf::CuptiTrace()
                                                     : perf::readCuptiRunDirectory(runDir(i)));
        const StageRun& s = m_done.at(i);
        perf::ProfileRun r;
        r.index = i;
        r.exitCode = s.status == RunStatus::Exited ? s.exitCode : -1;
        r.wallSeconds = double(s.elapsedMs()) / 1000.0;
        r.recordDir = QStringLiteral("run-%1").arg(i + 1);
        info.push_back(r);
    }
    perf::ProfileOptions po;
    po.label = m_options.label;
    po.command = m_options.adhocArgv.isEmpty() ? run.argv : m_options.adhocArgv;
    const perf::Profile profile = perf::buildProfile(traces, po, info);
    writeProfile(QByteArray::fromStdString(perf::profileToJson(profile)));

    ProfiledRunUpdate u;
    u.run = m_run;
    u.runs = m_runs;
    u.last = m_run + 1 >= m_runs;
    u.stageRun = run;
    u.profilePath = profilePath();
    u.configs = int(profile.configs.size());
    u.stageId = m_options.stageId;
    u.baseline = m_options.baseline;
    u.noDeviceTimes = m_run < int(profile.runs.size())
                          ? noDeviceTimeReason(profile.runs.at(size_t(m_run)), m_options.library)
                          : cuptiUnavailableReason(m_options.library);
    if (u.last && !m_options.baseline.isEmpty())
        u.comparison = pairWithBaseline(perf::profileToPerfData(profile, u.profilePath),
                                        m_options.baseline, &u.baselineProblems, &u.paired);
    Q_EMIT runMeasured(u);
}

perf::PerfComparison pairWithBaseline(const perf::PerfData& candidateProfile,
                                      const QStringList& baseline, QStringList* problems,
                                      bool* paired)
{
    perf::PerfData base = baseline.isEmpty() ? perf::PerfData() : perf::readPerfRuns(baseline);
    for (const Diagnostic& d : base.diagnostics)
        if (problems)
            *problems << QString::fromStdString(d.format());
    if (paired)
        *paired = !base.empty();
    return perf::compareProfileByRole(std::move(base), candidateProfile);
}

QString findCuptiLibrary(const QString& appDir)
{
    const QString env = qEnvironmentVariable("TILELENS_CUPTI_LIBRARY");
    if (!env.isEmpty())
        return QFileInfo(env).isFile() ? QFileInfo(env).absoluteFilePath() : QString();
    const QDir exeDir(appDir);
    // The package's private library directory first (/usr/bin -> ../lib/<multiarch>/tilelens).
    const QStringList candidates = {
        QStringLiteral("../lib/" TILELENS_MULTIARCH "/tilelens"),
        QStringLiteral("../" TILELENS_CUPTI_PRIVATE_LIBDIR),
        QStringLiteral("."),
        QStringLiteral("../lib"),
        QStringLiteral("../lib64"),
        QStringLiteral("../lib/x86_64-linux-gnu"),
        QStringLiteral("../lib/tilelens"),
        QStringLiteral("../../core/profiler"),
        QStringLiteral("../core/profiler"),
        // the configured install, for a program run from elsewhere
        QStringLiteral(TILELENS_CUPTI_PRIVATE_LIBDIR_FULL),
    };
    for (const QString& c : candidates) {
        // An absolute candidate stays absolute: QDir::filePath keeps absolute paths as given.
        const QFileInfo f(exeDir.filePath(c + QLatin1Char('/') + QLatin1String(kLibraryFile)));
        if (f.isFile())
            return f.absoluteFilePath();
    }
    return {};
}

QString cuptiUnavailableReason(const QString& library)
{
    QStringList why;
    if (library.isEmpty())
        why << runmsg::text(runmsg::kNoCuptiLibrary);
    if (!gpuAvailable())
        why << runmsg::text(runmsg::kNoGpu);
    return why.join(QStringLiteral("; "));
}

QStringList defaultProfileBaseline(const QString& kernelDir, const QString& stageId)
{
    if (stageId != QLatin1String("E"))
        return {};
    const QDir dir(kernelDir);
    const QString profiledA =
        dir.absoluteFilePath(QStringLiteral(".tilelens/profiles/A/profile.json"));
    if (QFileInfo(profiledA).isFile())
        return {profiledA};
    QStringList logs;
    for (const QString& f :
         dir.entryList({QStringLiteral("baseline_perf*.txt")}, QDir::Files, QDir::Name))
        logs << dir.absoluteFilePath(f);
    return logs;
}

} // namespace tilelens::pipeline
