// tilelens-cli profile: runs a command N times under libtilelens_cupti.so and
// writes a CUPTI device-time profile (tilelens.profile/1). With --records it
// re-analyses the record directories of an earlier profile without running.

#include "CliRegistry.h"
#include "perf/cupti/ProfileJson.h"
#include "pipeline/CommandProfile.h"
#include "pipeline/ProfiledRun.h"
#include "profiler/CuptiRecordFormat.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <optional>

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

struct ProfileArgs
{
    QCommandLineOption runs{QStringLiteral("runs"),
                            QStringLiteral("Runs of the command (default 4)."), QStringLiteral("N"),
                            QStringLiteral("4")};
    QCommandLineOption out{QStringLiteral("out"),
                           QStringLiteral("Output directory (default tilelens-profile)."),
                           QStringLiteral("DIR"), QStringLiteral("tilelens-profile")};
    QCommandLineOption label{QStringLiteral("label"),
                             QStringLiteral("Name of this side, e.g. the backend (pairing key)."),
                             QStringLiteral("NAME")};
    QCommandLineOption warmup{
        QStringLiteral("warmup-ranges"),
        QStringLiteral("Iterations skipped at the start of each configuration."),
        QStringLiteral("K"), QStringLiteral("0")};
    QCommandLineOption library{QStringLiteral("library"),
                               QStringLiteral("Path of libtilelens_cupti.so."),
                               QStringLiteral("PATH")};
    QCommandLineOption memory{QStringLiteral("memory"),
                              QStringLiteral("Also record memcpy/memset.")};
    QCommandLineOption timeout{QStringLiteral("timeout"),
                               QStringLiteral("Kill a run after SEC seconds (default: no limit)."),
                               QStringLiteral("SEC"), QStringLiteral("0")};
    QCommandLineOption records{
        QStringLiteral("records"),
        QStringLiteral(
            "Analyse the run-* record directories under DIR instead of running a command."),
        QStringLiteral("DIR")};
    QCommandLineOption json{QStringLiteral("o"),
                            QStringLiteral("Profile JSON path (default DIR/profile.json)."),
                            QStringLiteral("FILE")};

    void declare(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QStringLiteral(
            "Runs CMD N times with the CUPTI injection library and writes a device-time "
            "profile.\nKernels are grouped by their enclosing NVTX range (one range occurrence = "
            "one measured\niteration of the configuration the range names), or by kernel name "
            "when the command\nopens no range. Per configuration: median per run, best run of "
            "N.\nExit: 0 measured, 1 a run failed or nothing was measured, 3 usage or input "
            "error."));
        parser.setOptionsAfterPositionalArgumentsMode(
            QCommandLineParser::ParseAsPositionalArguments);
        parser.addHelpOption();
        parser.addOptions({runs, out, label, warmup, library, memory, timeout, records, json});
        parser.addPositionalArgument(QStringLiteral("CMD"),
                                     QStringLiteral("Command and its arguments, after --."),
                                     QStringLiteral("-- CMD [ARGS...]"));
    }

    // --runs, --warmup-ranges and --timeout; false, said on stderr, for a value out of range.
    bool readNumbers(const QCommandLineParser& parser, pipeline::CommandProfileRequest& request,
                     int& warmupRanges) const
    {
        bool ok = false;
        request.runs = parser.value(runs).toInt(&ok);
        if (!ok || request.runs < 1 || request.runs > 1000) {
            printErr(
                QStringLiteral("tilelens-cli profile: --runs must be a number from 1 to 1000\n"));
            return false;
        }
        warmupRanges = parser.value(warmup).toInt(&ok);
        if (!ok || warmupRanges < 0) {
            printErr(
                QStringLiteral("tilelens-cli profile: --warmup-ranges must be a number >= 0\n"));
            return false;
        }
        request.timeoutS = parser.value(timeout).toDouble(&ok);
        if (!ok || request.timeoutS < 0) {
            printErr(QStringLiteral("tilelens-cli profile: --timeout must be seconds >= 0\n"));
            return false;
        }
        return true;
    }
};

void printProgress(const QString& line)
{
    printErr(QStringLiteral("tilelens-cli profile: ") + line + QLatin1Char('\n'));
}

// The command's runs under the injection library, or with --records the runs recorded
// before; nullopt when there is nothing to build a profile of (said on stderr).
std::optional<pipeline::CommandProfileRuns> measure(const QCommandLineParser& parser,
                                                    const ProfileArgs& opt,
                                                    pipeline::CommandProfileRequest& request)
{
    pipeline::CommandProfileRuns runs;
    if (parser.isSet(opt.records)) {
        request.outDir = parser.value(opt.records);
        runs = pipeline::readProfileRecords(request.outDir);
    } else if (request.command.isEmpty()) {
        printErr(QStringLiteral("tilelens-cli profile: no command given (put it after --)\n") +
                 parser.helpText());
        return std::nullopt;
    } else if ((request.library = findLibrary(parser.value(opt.library))).isEmpty()) {
        printProgress(QStringLiteral("cannot find %1 (built only with the CUDA Toolkit and "
                                     "CUPTI); pass --library PATH or set TILELENS_CUPTI_LIBRARY")
                          .arg(QLatin1String(kLibraryFile)));
        return std::nullopt;
    } else {
        request.outDir = parser.value(opt.out);
        request.memory = parser.isSet(opt.memory);
        request.progress = &printProgress;
        runs = pipeline::runCommandProfiled(request);
    }
    if (!runs.failed())
        return runs;
    if (runs.errorPath.isEmpty())
        printProgress(runs.error);
    else
        printErr(QStringLiteral("%1: error: %2\n").arg(runs.errorPath, runs.error));
    return std::nullopt;
}

} // namespace

int runProfile(const QStringList& args)
{
    QCommandLineParser parser;
    const ProfileArgs opt;
    opt.declare(parser);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::WithHelp))
        return *code;
    pipeline::CommandProfileRequest request;
    int warmupRanges = 0;
    if (!opt.readNumbers(parser, request, warmupRanges))
        return ExitInputError;
    request.command = parser.positionalArguments();
    const std::optional<pipeline::CommandProfileRuns> runs = measure(parser, opt, request);
    if (!runs)
        return ExitInputError;

    ProfileOptions options;
    options.label = parser.value(opt.label);
    options.command = request.command;
    options.grouping.warmupIterations = warmupRanges;
    Profile profile = buildProfile(runs->traces, options, runs->runs);
    const QString jsonPath = parser.isSet(opt.json)
                                 ? parser.value(opt.json)
                                 : QDir(request.outDir).filePath(QStringLiteral("profile.json"));
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
