#include "perf/PerfReport.h"

#include "common/JsonWrite.h"
#include "perf/PerfInput.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace tilelens::perf {
namespace {

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

nlohmann::ordered_json comparisonJson(const PerfComparison& cmp, const BootstrapOptions& boot)
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
            {"severity", severityName(cmp.severity).toStdString()},
            {"verdict", cmp.verdict().toStdString()}};
}

nlohmann::ordered_json sourcesJson(const PerfData& data)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const QString& s : data.sources)
        out.push_back(s.toStdString());
    return out;
}

} // namespace

PerfFilesComparison comparePerfFiles(const QStringList& baseline, const QStringList& candidate,
                                     const PairingOptions& options)
{
    PerfFilesComparison out;
    out.baseline = readPerfRuns(baseline);
    out.candidate = readPerfRuns(candidate);
    out.comparison = out.candidate.format == QLatin1String("tilelens.profile/1")
                         ? compareProfileByRole(out.baseline, out.candidate, options)
                         : comparePerf(out.baseline, out.candidate, options);
    return out;
}

QString perfTableText(const PerfComparison& cmp)
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
               .arg(severityName(cmp.severity), cmp.verdict());
    return out;
}

std::string perfReportJson(const PerfComparison& cmp, const BootstrapOptions& boot,
                           const PerfData& baseline, const PerfData& candidate)
{
    nlohmann::ordered_json out = comparisonJson(cmp, boot);
    out["schema"] = "tilelens.perf/1";
    out["baseline"] = sourcesJson(baseline);
    out["candidate"] = sourcesJson(candidate);
    return jsonText(out) + "\n";
}

} // namespace tilelens::perf
