#include "pipeline/CommandProfile.h"

#include "perf/cupti/CuptiTraceReader.h"
#include "profiler/CuptiRecordFormat.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <algorithm>

namespace tilelens::pipeline {
namespace {

namespace fmt = tilelens::profiler;

// Removes record files a previous profile left in a run directory.
void clearRecords(const QString& dir)
{
    QDir d(dir);
    const QStringList old =
        d.entryList({QString::fromLatin1(fmt::kFilePrefix) + QStringLiteral("*") +
                     QString::fromLatin1(fmt::kFileSuffix)},
                    QDir::Files);
    for (const QString& f : old)
        d.remove(f);
}

QProcessEnvironment injectionEnvironment(const CommandProfileRequest& request,
                                         const QString& recordDir)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QLatin1String(fmt::kEnvCudaInjection), request.library);
    env.insert(QLatin1String(fmt::kEnvNvtxInjection), request.library);
    env.insert(QLatin1String(fmt::kEnvOutDir), recordDir);
    if (request.memory)
        env.insert(QLatin1String(fmt::kEnvMemory), QStringLiteral("1"));
    return env;
}

// Run \a i (from 0) into its record directory; false with out's error when it cannot start.
bool runOnce(const CommandProfileRequest& request, int i, CommandProfileRuns& out)
{
    const QString runName = QStringLiteral("run-%1").arg(i + 1);
    const QString recordDir = QDir(request.outDir).absoluteFilePath(runName);
    QDir().mkpath(recordDir);
    clearRecords(recordDir);
    QProcess process;
    process.setProcessEnvironment(injectionEnvironment(request, recordDir));
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.setInputChannelMode(QProcess::ForwardedInputChannel);
    if (request.progress)
        request.progress(QStringLiteral("run %1/%2: %3")
                             .arg(i + 1)
                             .arg(request.runs)
                             .arg(request.command.join(QLatin1Char(' '))));
    QElapsedTimer timer;
    timer.start();
    process.start(request.command.first(), request.command.mid(1));
    if (!process.waitForStarted(30000)) {
        out.error = QStringLiteral("cannot start '%1': %2")
                        .arg(request.command.first(), process.errorString());
        return false;
    }
    const double timeoutS = request.timeoutS;
    const int waitMs = timeoutS > 0 ? int(std::min(timeoutS * 1000.0, 2.0e9)) : -1;
    if (!process.waitForFinished(waitMs)) {
        if (request.progress)
            request.progress(
                QStringLiteral("run %1 exceeded %2 s; killed").arg(i + 1).arg(timeoutS));
        process.kill();
        process.waitForFinished(10000);
    }
    perf::ProfileRun info;
    info.wallSeconds = double(timer.nsecsElapsed()) / 1e9;
    info.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    info.recordDir = runName;
    out.runs.push_back(info);
    out.traces.push_back(perf::readCuptiRunDirectory(recordDir));
    return true;
}

} // namespace

CommandProfileRuns runCommandProfiled(const CommandProfileRequest& request)
{
    CommandProfileRuns out;
    if (!QDir().mkpath(request.outDir)) {
        out.error = QStringLiteral("cannot create the output directory");
        out.errorPath = request.outDir;
        return out;
    }
    for (int i = 0; i < request.runs; ++i)
        if (!runOnce(request, i, out))
            break;
    return out;
}

CommandProfileRuns readProfileRecords(const QString& dirPath)
{
    CommandProfileRuns out;
    const QDir dir(dirPath);
    QStringList runDirs = dir.entryList({QStringLiteral("run-*")}, QDir::Dirs, QDir::Name);
    std::sort(runDirs.begin(), runDirs.end(), [](const QString& a, const QString& b) {
        return a.mid(4).toInt() < b.mid(4).toInt();
    });
    if (!dir.exists() || runDirs.isEmpty()) {
        out.error = QStringLiteral("no run-N record directory to analyse");
        out.errorPath = dirPath;
        return out;
    }
    for (const QString& r : runDirs) {
        out.traces.push_back(perf::readCuptiRunDirectory(dir.filePath(r)));
        perf::ProfileRun info;
        info.recordDir = r;
        out.runs.push_back(info);
    }
    return out;
}

} // namespace tilelens::pipeline
