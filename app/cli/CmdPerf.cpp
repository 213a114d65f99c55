// `tilelens-cli perf [--json] (KERNEL_DIR | --baseline FILE... --candidate FILE...)`
// Pairs cuTile Rust (candidate) and baseline medians per configuration, prints
// the table, the geomean with a bootstrap 95% interval, the severity and the
// verdict. Several files per side are runs: the best (minimum) median wins.
// Exit 0 DONE, 1 INVESTIGATE, 3 usage or input error.

#include "CliRegistry.h"
#include "common/JsonWrite.h"
#include "perf/PerfInput.h"
#include "workspace/KernelPerf.h"

#include <QDir>
#include <QFileInfo>
#include <cmath>
#include <nlohmann/json.hpp>

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

// Four decimals, more for small medians so that 0.00448 ms keeps three significant digits.
QString fmt(const std::optional<double>& v)
{
    if (!v)
        return QStringLiteral("NA");
    int decimals = 4;
    if (*v > 0.0 && *v < 0.01)
        decimals = std::min(9, 2 - int(std::floor(std::log10(*v))));
    return QString::number(*v, 'f', decimals);
}

nlohmann::ordered_json optJson(const std::optional<double>& v)
{
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

void printDiagnostics(const Diagnostics& diags)
{
    for (const Diagnostic& d : diags)
        printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
}

QString tableText(const perf::PerfComparison& cmp)
{
    int width = 6;
    for (const auto& row : cmp.rows)
        width = std::max(width, int(row.configId.size()));
    QString out = QStringLiteral("%1  %2  %3  %4  %5\n")
                      .arg(QStringLiteral("Config"), -width)
                      .arg(QStringLiteral("baseline (ms)"), 13)
                      .arg(QStringLiteral("cutile-rs (ms)"), 14)
                      .arg(QStringLiteral("ratio"), 7)
                      .arg(QStringLiteral("verdict"));
    for (const auto& row : cmp.rows)
        out += QStringLiteral("%1  %2  %3  %4  %5\n")
                   .arg(row.configId, -width)
                   .arg(fmt(row.baselineMs), 13)
                   .arg(fmt(row.candidateMs), 14)
                   .arg(fmt(row.ratio), 7)
                   .arg(row.rowVerdict());
    const int selected = cmp.matched + cmp.missingCandidate;
    out += QStringLiteral("\nmatched: %1 of %2 baseline configs; no candidate median: %3; no "
                          "baseline (NA, not averaged): %4\n")
               .arg(cmp.matched)
               .arg(selected)
               .arg(cmp.missingCandidate)
               .arg(cmp.missingBaseline);
    out += QStringLiteral("geomean_ratio=%1\n").arg(fmt(cmp.geomean));
    if (cmp.interval)
        out += QStringLiteral("95% interval: [%1, %2] (bootstrap of the geomean)\n")
                   .arg(fmt(cmp.interval->low), fmt(cmp.interval->high));
    out += QStringLiteral("Severity: %1\nVERDICT: %2\n")
               .arg(perf::severityName(cmp.severity), cmp.verdict());
    return out;
}

nlohmann::ordered_json comparisonJson(const perf::PerfComparison& cmp,
                                      const perf::BootstrapOptions& boot)
{
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const auto& row : cmp.rows)
        rows.push_back({{"config", row.configId.toStdString()},
                        {"baseline_backend", row.baselineBackend.toStdString()},
                        {"baseline_ms", optJson(row.baselineMs)},
                        {"candidate_ms", optJson(row.candidateMs)},
                        {"ratio", optJson(row.ratio)},
                        {"verdict", row.rowVerdict().toStdString()},
                        {"baseline_source", row.baselineSource.toStdString()},
                        {"candidate_source", row.candidateSource.toStdString()}});
    nlohmann::ordered_json interval = nullptr;
    if (cmp.interval)
        interval = {{"low", cmp.interval->low},
                    {"high", cmp.interval->high},
                    {"level", cmp.interval->level},
                    {"samples", boot.samples},
                    {"seed", boot.seed}};
    return {{"rows", rows},
            {"matched", cmp.matched},
            {"missing_candidate", cmp.missingCandidate},
            {"missing_baseline", cmp.missingBaseline},
            {"geomean_ratio", optJson(cmp.geomean)},
            {"interval", interval},
            {"severity", perf::severityName(cmp.severity).toStdString()},
            {"verdict", cmp.verdict().toStdString()}};
}

int runPerf(const QStringList& args)
{
    bool json = false;
    QStringList baseline, candidate, positional;
    perf::PairingOptions options;
    QStringList* collecting = nullptr;
    for (int i = 1; i < args.size(); ++i) {
        const QString& a = args.at(i);
        const auto intValue = [&](const char* name, auto& target) {
            bool ok = false;
            const qlonglong v = i + 1 < args.size() ? args.at(i + 1).toLongLong(&ok) : 0;
            if (!ok || v <= 0) {
                printErr(QStringLiteral("tilelens-cli perf: %1 needs a positive integer\n")
                             .arg(QLatin1String(name)));
                return false;
            }
            target = static_cast<std::decay_t<decltype(target)>>(v);
            ++i;
            return true;
        };
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            printOut(QString::fromLatin1(kUsage));
            return ExitOk;
        } else if (a == QLatin1String("--json")) {
            json = true;
        } else if (a == QLatin1String("--baseline")) {
            collecting = &baseline;
        } else if (a == QLatin1String("--candidate")) {
            collecting = &candidate;
        } else if (a.startsWith(QLatin1String("--baseline="))) {
            baseline << a.mid(11);
        } else if (a.startsWith(QLatin1String("--candidate="))) {
            candidate << a.mid(12);
        } else if (a == QLatin1String("--samples")) {
            if (!intValue("--samples", options.bootstrap.samples))
                return ExitInputError;
        } else if (a == QLatin1String("--seed")) {
            if (!intValue("--seed", options.bootstrap.seed))
                return ExitInputError;
        } else if (a.startsWith(QLatin1String("--"))) {
            printErr(QStringLiteral("tilelens-cli perf: unknown option '%1'\n\n").arg(a) +
                     QString::fromLatin1(kUsage));
            return ExitInputError;
        } else if (collecting) {
            *collecting << a;
        } else {
            positional << a;
        }
    }
    const bool fileMode = !baseline.isEmpty() || !candidate.isEmpty();
    if ((fileMode && (baseline.isEmpty() || candidate.isEmpty() || !positional.isEmpty())) ||
        (!fileMode && positional.size() != 1)) {
        printErr(QStringLiteral("tilelens-cli perf: give KERNEL_DIR, or both --baseline and "
                                "--candidate files\n\n") +
                 QString::fromLatin1(kUsage));
        return ExitInputError;
    }

    perf::PerfData base, cand;
    perf::PerfComparison cmp;
    Diagnostics extra;
    if (fileMode) {
        base = perf::readPerfRuns(baseline);
        cand = perf::readPerfRuns(candidate);
        // A CUPTI profile pairs with its baseline by role, whatever the labels.
        cmp = cand.format == QLatin1String("tilelens.profile/1")
                  ? perf::compareProfileByRole(base, cand, options)
                  : perf::comparePerf(base, cand, options);
    } else {
        if (!QFileInfo(positional.first()).isDir()) {
            printErr(QStringLiteral("tilelens-cli perf: %1: no such kernel directory\n")
                         .arg(positional.first()));
            return ExitInputError;
        }
        const ws::Kernel kernel = ws::loadKernel(positional.first());
        ws::KernelPerf kp = ws::compareKernelPerf(kernel, options);
        if (kp.inputError) {
            printDiagnostics(kp.diagnostics);
            return ExitInputError;
        }
        base = std::move(kp.baseline);
        cand = std::move(kp.candidate);
        cmp = std::move(kp.comparison);
    }
    printDiagnostics(base.diagnostics);
    printDiagnostics(cand.diagnostics);
    if (base.records.empty() || cand.records.empty()) {
        printErr(QStringLiteral("tilelens-cli perf: no perf records in the %1 input\n")
                     .arg(base.records.empty() ? QStringLiteral("baseline")
                                               : QStringLiteral("candidate")));
        return ExitInputError;
    }
    if (json) {
        nlohmann::ordered_json out = comparisonJson(cmp, options.bootstrap);
        out["schema"] = "tilelens.perf/1";
        nlohmann::ordered_json b = nlohmann::ordered_json::array(),
                               c = nlohmann::ordered_json::array();
        for (const QString& s : base.sources)
            b.push_back(s.toStdString());
        for (const QString& s : cand.sources)
            c.push_back(s.toStdString());
        out["baseline"] = b;
        out["candidate"] = c;
        printOutUtf8(jsonText(out) + "\n");
    } else {
        printOut(tableText(cmp));
    }
    return cmp.severity == perf::PerfSeverity::Done ? ExitOk : ExitFail;
}

CliCommandRegistration reg(
    {QStringLiteral("perf"),
     QStringLiteral("pair perf medians, geomean with 95% interval, DONE/INVESTIGATE"), &runPerf});

} // namespace
