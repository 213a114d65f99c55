// `tilelens-cli perf [--json] (KERNEL_DIR | --baseline FILE... --candidate FILE...)`
// Pairs cuTile Rust (candidate) and baseline medians per configuration, prints
// the table, the geomean with a bootstrap 95% interval, the severity and the
// verdict. Several files per side are runs: the best (minimum) median wins.
// Exit 0 DONE, 1 INVESTIGATE, 3 usage or input error.

#include "CliRegistry.h"
#include "perf/PerfReport.h"
#include "workspace/KernelPerf.h"

#include <QFileInfo>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

const char* kUsage =
    "Usage: tilelens-cli perf [--json] [--samples N] [--seed N] KERNEL_DIR\n"
    "       tilelens-cli perf [--json] [--samples N] [--seed N] --baseline FILE... --candidate "
    "FILE...\n"
    "\n"
    "Pairs candidate (cutile_rs) and baseline medians by configuration id (the pytest id without\n"
    "its backend segment), prints per-config ratios, the geomean over matched configs with a\n"
    "bootstrap 95% interval (fixed seed), the severity and the verdict.\n"
    "FILE is a tilegym --print-record log or a tilelens.profile/1 JSON; several files per side "
    "are\n"
    "runs of the same measurement and the best (minimum) median per configuration is used.\n"
    "KERNEL_DIR pairs perf_cutile_rs*.txt with each variant's winning baseline log.\n"
    "Thresholds: <=1.05 DONE, <=1.10 MILD_GAP, <=1.50 MODERATE_GAP, else LARGE_GAP; missing data\n"
    "INVESTIGATE. Exit codes: 0 DONE, 1 INVESTIGATE, 3 usage or input error.\n";

void printDiagnostics(const Diagnostics& diags)
{
    for (const Diagnostic& d : diags)
        printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
}

struct PerfArgs
{
    bool json = false;
    QStringList baseline, candidate, positional;
    perf::PairingOptions options;

    bool fileMode() const { return !baseline.isEmpty() || !candidate.isEmpty(); }
};

// The value of --samples / --seed at args[i + 1] into \a target; false, said on stderr, when
// it is not a positive integer.
template <typename T>
bool readPositive(const QStringList& args, int& i, const char* name, T& target)
{
    bool ok = false;
    const qlonglong v = i + 1 < args.size() ? args.at(i + 1).toLongLong(&ok) : 0;
    if (!ok || v <= 0) {
        printErr(QStringLiteral("tilelens-cli perf: %1 needs a positive integer\n")
                     .arg(QLatin1String(name)));
        return false;
    }
    target = static_cast<T>(v);
    ++i;
    return true;
}

// perf's own command line (FILE lists after --baseline / --candidate): nullopt to go on, else
// the exit code (--help, or an error said on stderr).
std::optional<int> parsePerfArgs(const QStringList& args, PerfArgs& out)
{
    QStringList* collecting = nullptr;
    for (int i = 1; i < args.size(); ++i) {
        const QString& a = args.at(i);
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            printOut(QString::fromLatin1(kUsage));
            return ExitOk;
        } else if (a == QLatin1String("--json")) {
            out.json = true;
        } else if (a == QLatin1String("--baseline")) {
            collecting = &out.baseline;
        } else if (a == QLatin1String("--candidate")) {
            collecting = &out.candidate;
        } else if (a.startsWith(QLatin1String("--baseline="))) {
            out.baseline << a.mid(11);
        } else if (a.startsWith(QLatin1String("--candidate="))) {
            out.candidate << a.mid(12);
        } else if (a == QLatin1String("--samples")) {
            if (!readPositive(args, i, "--samples", out.options.bootstrap.samples))
                return ExitInputError;
        } else if (a == QLatin1String("--seed")) {
            if (!readPositive(args, i, "--seed", out.options.bootstrap.seed))
                return ExitInputError;
        } else if (a.startsWith(QLatin1String("--"))) {
            printErr(QStringLiteral("tilelens-cli perf: unknown option '%1'\n\n").arg(a) +
                     QString::fromLatin1(kUsage));
            return ExitInputError;
        } else {
            (collecting ? *collecting : out.positional) << a;
        }
    }
    if ((out.fileMode() &&
         (out.baseline.isEmpty() || out.candidate.isEmpty() || !out.positional.isEmpty())) ||
        (!out.fileMode() && out.positional.size() != 1)) {
        printErr(QStringLiteral("tilelens-cli perf: give KERNEL_DIR, or both --baseline and "
                                "--candidate files\n\n") +
                 QString::fromLatin1(kUsage));
        return ExitInputError;
    }
    return std::nullopt;
}

int runPerf(const QStringList& args)
{
    PerfArgs in;
    if (const auto code = parsePerfArgs(args, in))
        return *code;
    perf::PerfFilesComparison c;
    if (in.fileMode()) {
        c = perf::comparePerfFiles(in.baseline, in.candidate, in.options);
    } else {
        if (!QFileInfo(in.positional.first()).isDir()) {
            printErr(QStringLiteral("tilelens-cli perf: %1: no such kernel directory\n")
                         .arg(in.positional.first()));
            return ExitInputError;
        }
        ws::KernelPerf kp =
            ws::compareKernelPerf(ws::loadKernel(in.positional.first()), in.options);
        if (kp.inputError) {
            printDiagnostics(kp.diagnostics);
            return ExitInputError;
        }
        c = {std::move(kp.baseline), std::move(kp.candidate), std::move(kp.comparison)};
    }
    printDiagnostics(c.baseline.diagnostics);
    printDiagnostics(c.candidate.diagnostics);
    if (c.baseline.records.empty() || c.candidate.records.empty()) {
        printErr(QStringLiteral("tilelens-cli perf: no perf records in the %1 input\n")
                     .arg(c.baseline.records.empty() ? QStringLiteral("baseline")
                                                     : QStringLiteral("candidate")));
        return ExitInputError;
    }
    if (in.json)
        printOutUtf8(
            perf::perfReportJson(c.comparison, in.options.bootstrap, c.baseline, c.candidate));
    else
        printOut(perf::perfTableText(c.comparison));
    return c.comparison.severity == perf::PerfSeverity::Done ? ExitOk : ExitFail;
}

CliCommandRegistration reg(
    {QStringLiteral("perf"),
     QStringLiteral("pair perf medians, geomean with 95% interval, DONE/INVESTIGATE"), &runPerf});

} // namespace
