#include "panels/ProfileJob.h"

#include "perf/cupti/CuptiTraceReader.h"
#include "perf/cupti/ProfileJson.h"
#include "pipeline/StageResolver.h"
#include "profiler/CuptiRecordFormat.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSaveFile>

namespace tilelens::gui::panels {
namespace {

constexpr const char* kLibraryFile = "libtilelens_cupti.so";

QString runDir(const QString& outDir, int side, int run)
{
    return QDir(outDir).absoluteFilePath(
        QStringLiteral("%1/run-%2")
            .arg(side == 0 ? QStringLiteral("baseline") : QStringLiteral("candidate"))
            .arg(run + 1));
}

} // namespace

ProfileJob::ProfileJob(QObject* parent) : QObject(parent) {}

ProfileJob::~ProfileJob()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(3000);
    }
}

QString ProfileJob::findCuptiLibrary()
{
    const QString env = qEnvironmentVariable("TILELENS_CUPTI_LIBRARY");
    if (!env.isEmpty())
        return QFileInfo(env).isFile() ? QFileInfo(env).absoluteFilePath() : QString();
    const QDir exeDir(QCoreApplication::applicationDirPath());
    const QStringList candidates = {QStringLiteral("."),
                                    QStringLiteral("../lib"),
                                    QStringLiteral("../lib64"),
                                    QStringLiteral("../lib/x86_64-linux-gnu"),
                                    QStringLiteral("../lib/tilelens"),
                                    QStringLiteral("../../core/profiler"),
                                    QStringLiteral("../core/profiler")};
    for (const QString& c : candidates) {
        const QFileInfo f(exeDir.filePath(c + QLatin1Char('/') + QLatin1String(kLibraryFile)));
        if (f.isFile())
            return f.absoluteFilePath();
    }
    return {};
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
    if (m_process)
        return fail(tr("A profile is already running."));
    if (library.isEmpty() || !QFileInfo(library).isFile())
        return fail(unavailableReason(library));
    if (baseline.command.isEmpty() || candidate.command.isEmpty())
        return fail(tr("Give both a baseline and a candidate command."));
    if (runs < 1 || runs > 100)
        return fail(tr("Runs must be between 1 and 100."));
    if (!QDir().mkpath(outDir))
        return fail(tr("Cannot create the output folder %1.").arg(outDir));
    m_sides[0] = baseline;
    m_sides[1] = candidate;
    m_runs = runs;
    m_outDir = QDir(outDir).absolutePath();
    m_library = library;
    m_side = 0;
    m_run = 0;
    m_cancelled = false;
    m_anyFailed = false;
    for (int s = 0; s < 2; ++s) {
        m_exitCodes[s].clear();
        m_wall[s].clear();
    }
    startNext();
    return true;
}

void ProfileJob::cancel()
{
    m_cancelled = true;
    if (m_process)
        m_process->kill(); // onRunFinished reports the cancel
}

void ProfileJob::startNext()
{
    const Side& side = m_sides[m_side];
    const QString dir = runDir(m_outDir, m_side, m_run);
    QDir(dir).removeRecursively(); // records of an earlier profile would mix in
    QDir().mkpath(dir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QLatin1String(profiler::kEnvCudaInjection), m_library);
    env.insert(QLatin1String(profiler::kEnvNvtxInjection), m_library);
    env.insert(QLatin1String(profiler::kEnvOutDir), dir);
    m_process = new QProcess(this);
    m_process->setProcessEnvironment(env);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::readyRead, this, [this] {
        const QStringList lines =
            QString::fromLocal8Bit(m_process->readAll()).split(QLatin1Char('\n'));
        for (const QString& l : lines)
            if (!l.isEmpty())
                Q_EMIT logLine(l);
    });
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus st) {
        onRunFinished(code, st != QProcess::NormalExit);
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            onRunFinished(-1, true);
    });
    Q_EMIT logLine(tr("%1 run %2/%3: %4")
                       .arg(m_side == 0 ? tr("baseline") : tr("candidate"))
                       .arg(m_run + 1)
                       .arg(m_runs)
                       .arg(side.command.join(QLatin1Char(' '))));
    m_startMs = QDateTime::currentMSecsSinceEpoch();
    m_process->start(side.command.first(), side.command.mid(1));
}

void ProfileJob::onRunFinished(int exitCode, bool crashed)
{
    if (!m_process)
        return;
    QProcess* p = m_process;
    m_process = nullptr;
    p->disconnect(this);
    p->deleteLater();
    const int code = crashed ? -1 : exitCode;
    m_exitCodes[m_side] << code;
    m_wall[m_side] << double(QDateTime::currentMSecsSinceEpoch() - m_startMs) / 1000.0;
    if (code != 0)
        m_anyFailed = true;
    if (m_cancelled) {
        Q_EMIT finished(false, tr("Profiling cancelled."));
        return;
    }
    if (crashed && p->error() == QProcess::FailedToStart) {
        Q_EMIT finished(
            false,
            tr("Cannot start '%1': %2").arg(m_sides[m_side].command.first(), p->errorString()));
        return;
    }

    // Rebuild this side's profile from every run so far.
    std::vector<perf::CuptiTrace> traces;
    std::vector<perf::ProfileRun> info;
    for (int i = 0; i <= m_run; ++i) {
        traces.push_back(perf::readCuptiRunDirectory(runDir(m_outDir, m_side, i)));
        perf::ProfileRun r;
        r.index = i;
        r.exitCode = m_exitCodes[m_side].value(i, -1);
        r.wallSeconds = m_wall[m_side].value(i, 0.0);
        r.recordDir = QStringLiteral("run-%1").arg(i + 1);
        info.push_back(r);
    }
    perf::ProfileOptions options;
    options.label = m_sides[m_side].label;
    options.command = m_sides[m_side].command;
    const perf::Profile profile = perf::buildProfile(traces, options, info);
    const QString path = profilePath(m_side);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(QByteArray::fromStdString(perf::profileToJson(profile)));
        f.commit();
    }
    Q_EMIT logLine(tr("run finished with exit code %1; %2 configuration(s) measured so far")
                       .arg(code)
                       .arg(profile.configs.size()));
    Q_EMIT sideUpdated(m_side, path);

    if (++m_run >= m_runs) {
        m_run = 0;
        if (++m_side >= 2) {
            Q_EMIT finished(!m_anyFailed, m_anyFailed ? tr("Done; some runs exited with an error.")
                                                      : tr("Done: both sides measured."));
            return;
        }
    }
    startNext();
}

} // namespace tilelens::gui::panels
