// tilelens-cli profile: runs a command N times under libtilelens_cupti.so and
// writes a CUPTI device-time profile (tilelens.profile/1). With --records it
// re-analyses the record directories of an earlier profile without running.

#include "CliRegistry.h"
#include "perf/cupti/CuptiTraceReader.h"
#include "perf/cupti/ProfileJson.h"
#include "pipeline/ProfiledRun.h"
#include "profiler/CuptiRecordFormat.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>

namespace tilelens::cli {
namespace {

namespace fmt = tilelens::profiler;
namespace pipeline = tilelens::pipeline;
using namespace tilelens::perf;

constexpr const char* kLibraryFile = "libtilelens_cupti.so";

// Where the injection library is: --library, else as the app finds it
// ($TILELENS_CUPTI_LIBRARY, beside the executable: see findCuptiLibrary).
QString findLibrary(const QString& explicitPath)
{
    if (!explicitPath.isEmpty())
        return QFileInfo(explicitPath).isFile() ? QFileInfo(explicitPath).absoluteFilePath()
                                                : QString();
    return pipeline::findCuptiLibrary(QCoreApplication::applicationDirPath());
}

void printDiagnostics(const Diagnostics& diags)
{
    for (const Diagnostic& d : diags)
        printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
}

QString formatMs(const std::optional<double>& v)
{
    return v ? QString::number(*v, 'f', 6) : QStringLiteral("-");
}

void printSummary(const Profile& p, const QString& jsonPath)
{
    printOut(QStringLiteral("profile '%1': %2 run(s), grouped by %3%4\n")
                 .arg(p.label.isEmpty() ? QStringLiteral("(no label)") : p.label)
                 .arg(p.runs.size())
                 .arg(groupingModeName(p.grouping))
                 .arg(p.device.isEmpty() ? QString() : QStringLiteral(", device ") + p.device));
    int width = 6;
    for (const ProfileConfig& c : p.configs)
        width = std::max(width, std::min(60, int(c.name.size())));
    printOut(QStringLiteral("%1  %2  %3  %4\n")
                 .arg(QStringLiteral("config"), -width)
                 .arg(QStringLiteral("best ms"), 10)
                 .arg(QStringLiteral("iters"), 5)
                 .arg(QStringLiteral("run medians ms (best in [])")));
    for (const ProfileConfig& c : p.configs) {
        QStringList medians;
        for (size_t i = 0; i < c.runMedianMs.size(); ++i) {
            const QString m = formatMs(c.runMedianMs[i]);
            medians << (int(i) == c.bestRun ? QLatin1Char('[') + m + QLatin1Char(']') : m);
        }
        const int iters = c.bestRun >= 0 ? c.runIterations[size_t(c.bestRun)] : 0;
        printOut(QStringLiteral("%1  %2  %3  %4\n")
                     .arg(c.name.left(60), -width)
                     .arg(formatMs(c.bestMs), 10)
                     .arg(iters, 5)
                     .arg(medians.join(QLatin1Char(' '))));
    }
    for (const ProfileRun& r : p.runs) {
        if (r.exitCode != 0)
            printErr(QStringLiteral("run %1: the command exited with %2\n")
                         .arg(r.index + 1)
                         .arg(r.exitCode));
        for (const QString& e : r.libraryErrors)
            printErr(QStringLiteral("run %1: tilelens-cupti: %2\n").arg(r.index + 1).arg(e));
    }
    if (p.droppedRecords() > 0)
        printErr(QStringLiteral("warning: %1 CUPTI records were dropped; raise %2\n")
                     .arg(p.droppedRecords())
                     .arg(QLatin1String(fmt::kEnvMaxBuffers)));
    printOut(QStringLiteral("wrote %1\n").arg(jsonPath));
}

bool writeText(const QString& path, const std::string& text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(text.data(), qint64(text.size())) == qint64(text.size());
}

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

} // namespace

int runProfile(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Runs CMD N times with the CUPTI injection library and writes a device-time profile.\n"
        "Kernels are grouped by their enclosing NVTX range (one range occurrence = one measured\n"
        "iteration of the configuration the range names), or by kernel name when the command\n"
        "opens no range. Per configuration: median per run, best run of N.\n"
        "Exit: 0 measured, 1 a run failed or nothing was measured, 3 usage or input error."));
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    parser.addHelpOption();
    const QCommandLineOption runsOpt(QStringLiteral("runs"),
                                     QStringLiteral("Runs of the command (default 4)."),
                                     QStringLiteral("N"), QStringLiteral("4"));
    const QCommandLineOption outOpt(QStringLiteral("out"),
                                    QStringLiteral("Output directory (default tilelens-profile)."),
                                    QStringLiteral("DIR"), QStringLiteral("tilelens-profile"));
    const QCommandLineOption labelOpt(
        QStringLiteral("label"),
        QStringLiteral("Name of this side, e.g. the backend (pairing key)."),
        QStringLiteral("NAME"));
    const QCommandLineOption warmupOpt(
        QStringLiteral("warmup-ranges"),
        QStringLiteral("Iterations skipped at the start of each configuration."),
        QStringLiteral("K"), QStringLiteral("0"));
    const QCommandLineOption libraryOpt(QStringLiteral("library"),
                                        QStringLiteral("Path of libtilelens_cupti.so."),
                                        QStringLiteral("PATH"));
    const QCommandLineOption memoryOpt(QStringLiteral("memory"),
                                       QStringLiteral("Also record memcpy/memset."));
    const QCommandLineOption timeoutOpt(
        QStringLiteral("timeout"),
        QStringLiteral("Kill a run after SEC seconds (default: no limit)."), QStringLiteral("SEC"),
        QStringLiteral("0"));
    const QCommandLineOption recordsOpt(
        QStringLiteral("records"),
        QStringLiteral(
            "Analyse the run-* record directories under DIR instead of running a command."),
        QStringLiteral("DIR"));
    const QCommandLineOption jsonOpt(
        QStringLiteral("o"), QStringLiteral("Profile JSON path (default DIR/profile.json)."),
        QStringLiteral("FILE"));
    parser.addOptions({runsOpt, outOpt, labelOpt, warmupOpt, libraryOpt, memoryOpt, timeoutOpt,
                       recordsOpt, jsonOpt});
    parser.addPositionalArgument(QStringLiteral("CMD"),
                                 QStringLiteral("Command and its arguments, after --."),
                                 QStringLiteral("-- CMD [ARGS...]"));
    if (const auto code = parseCommandLine(parser, args, UsageOnError::WithHelp))
        return *code;
    bool ok = false;
    const int runs = parser.value(runsOpt).toInt(&ok);
    if (!ok || runs < 1 || runs > 1000) {
        printErr(QStringLiteral("tilelens-cli profile: --runs must be a number from 1 to 1000\n"));
        return ExitInputError;
    }
    const int warmup = parser.value(warmupOpt).toInt(&ok);
    if (!ok || warmup < 0) {
        printErr(QStringLiteral("tilelens-cli profile: --warmup-ranges must be a number >= 0\n"));
        return ExitInputError;
    }
    const double timeoutS = parser.value(timeoutOpt).toDouble(&ok);
    if (!ok || timeoutS < 0) {
        printErr(QStringLiteral("tilelens-cli profile: --timeout must be seconds >= 0\n"));
        return ExitInputError;
    }
    const QStringList command = parser.positionalArguments();

    ProfileOptions options;
    options.label = parser.value(labelOpt);
    options.command = command;
    options.grouping.warmupIterations = warmup;

    std::vector<CuptiTrace> traces;
    std::vector<ProfileRun> runInfo;
    QString outDir;

    if (parser.isSet(recordsOpt)) {
        outDir = parser.value(recordsOpt);
        const QDir dir(outDir);
        QStringList runDirs = dir.entryList({QStringLiteral("run-*")}, QDir::Dirs, QDir::Name);
        std::sort(runDirs.begin(), runDirs.end(), [](const QString& a, const QString& b) {
            return a.mid(4).toInt() < b.mid(4).toInt();
        });
        if (!dir.exists() || runDirs.isEmpty()) {
            printErr(
                QStringLiteral("%1: error: no run-N record directory to analyse\n").arg(outDir));
            return ExitInputError;
        }
        for (const QString& r : runDirs) {
            traces.push_back(readCuptiRunDirectory(dir.filePath(r)));
            ProfileRun info;
            info.recordDir = r;
            runInfo.push_back(info);
        }
    } else {
        if (command.isEmpty()) {
            printErr(QStringLiteral("tilelens-cli profile: no command given (put it after --)\n") +
                     parser.helpText());
            return ExitInputError;
        }
        const QString library = findLibrary(parser.value(libraryOpt));
        if (library.isEmpty()) {
            printErr(QStringLiteral(
                         "tilelens-cli profile: cannot find %1 (built only with the CUDA Toolkit "
                         "and CUPTI); pass --library PATH or set TILELENS_CUPTI_LIBRARY\n")
                         .arg(QLatin1String(kLibraryFile)));
            return ExitInputError;
        }
        outDir = parser.value(outOpt);
        if (!QDir().mkpath(outDir)) {
            printErr(QStringLiteral("%1: error: cannot create the output directory\n").arg(outDir));
            return ExitInputError;
        }
        for (int i = 0; i < runs; ++i) {
            const QString runName = QStringLiteral("run-%1").arg(i + 1);
            const QString recordDir = QDir(outDir).absoluteFilePath(runName);
            QDir().mkpath(recordDir);
            clearRecords(recordDir);
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QLatin1String(fmt::kEnvCudaInjection), library);
            env.insert(QLatin1String(fmt::kEnvNvtxInjection), library);
            env.insert(QLatin1String(fmt::kEnvOutDir), recordDir);
            if (parser.isSet(memoryOpt))
                env.insert(QLatin1String(fmt::kEnvMemory), QStringLiteral("1"));
            QProcess process;
            process.setProcessEnvironment(env);
            process.setProcessChannelMode(QProcess::ForwardedChannels);
            process.setInputChannelMode(QProcess::ForwardedInputChannel);
            printErr(QStringLiteral("tilelens-cli profile: run %1/%2: %3\n")
                         .arg(i + 1)
                         .arg(runs)
                         .arg(command.join(QLatin1Char(' '))));
            QElapsedTimer timer;
            timer.start();
            process.start(command.first(), command.mid(1));
            if (!process.waitForStarted(30000)) {
                printErr(QStringLiteral("tilelens-cli profile: cannot start '%1': %2\n")
                             .arg(command.first(), process.errorString()));
                return ExitInputError;
            }
            const int waitMs = timeoutS > 0 ? int(std::min(timeoutS * 1000.0, 2.0e9)) : -1;
            if (!process.waitForFinished(waitMs)) {
                printErr(QStringLiteral("tilelens-cli profile: run %1 exceeded %2 s; killed\n")
                             .arg(i + 1)
                             .arg(timeoutS));
                process.kill();
                process.waitForFinished(10000);
            }
            ProfileRun info;
            info.wallSeconds = double(timer.nsecsElapsed()) / 1e9;
            info.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
            info.recordDir = runName;
            runInfo.push_back(info);
            traces.push_back(readCuptiRunDirectory(recordDir));
        }
    }

    Profile profile = buildProfile(traces, options, runInfo);
    const QString jsonPath = parser.isSet(jsonOpt)
                                 ? parser.value(jsonOpt)
                                 : QDir(outDir).filePath(QStringLiteral("profile.json"));
    if (!writeText(jsonPath, profileToJson(profile))) {
        printErr(QStringLiteral("%1: error: cannot write the profile\n").arg(jsonPath));
        return ExitInputError;
    }
    printDiagnostics(profile.diagnostics);
    printSummary(profile, jsonPath);

    bool anyFailed = false;
    for (const ProfileRun& r : profile.runs)
        anyFailed = anyFailed || r.exitCode != 0;
    bool anyMeasured = false;
    for (const ProfileConfig& c : profile.configs)
        anyMeasured = anyMeasured || c.bestMs.has_value();
    if (!anyMeasured)
        printErr(QStringLiteral("tilelens-cli profile: no kernel was measured\n"));
    return anyFailed || !anyMeasured ? ExitFail : ExitOk;
}

namespace {
CliCommandRegistration
    reg({QStringLiteral("profile"),
         QStringLiteral("run a command N times under CUPTI and write a device-time profile"),
         &runProfile});
} // namespace

} // namespace tilelens::cli
