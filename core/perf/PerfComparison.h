#pragma once
// Pairs candidate (cuTile Rust) records with baseline records by configuration
// id and computes per-config ratios, the geomean over matched configurations,
// its bootstrap interval, the severity and the verdict (port-workspace.md
// §4.2, §5.5). Also merges several runs taking the best (minimum) median per
// configuration, as NVIDIA's headline "best of 4" numbers did.

#include "perf/PerfData.h"
#include "perf/PerfStatistics.h"

#include <functional>
#include <optional>
#include <vector>

namespace tilelens::perf {

// Merges runs into one PerfData keeping, per (backend, configId, direction),
// the record with the smallest median (records without a median only survive
// when no run has one). runIndex of each kept record tells which run won.
PerfData bestOfRuns(const std::vector<PerfData>& runs);

struct PairingOptions
{
    // Backends whose records are the candidate side (in the candidate input).
    QStringList candidateBackends = {QStringLiteral("cutile_rs")};
    // Which baseline backend to use for a configuration (e.g. the variant's
    // winner via config_to_variant). Empty result or unset: any backend of the
    // baseline input that is not a candidate backend and not pytorch.
    std::function<QString(const QString& configId)> baselineBackendFor;
    QString direction = QStringLiteral("forward");
    PerfThresholds thresholds;
    BootstrapOptions bootstrap;
};

// One row of the comparison table.
struct PairedConfig
{
    QString configId;
    QString baselineBackend;
    std::optional<double> baselineMs;
    std::optional<double> candidateMs;
    std::optional<double> ratio; // candidate / baseline when both exist
    bool inBaseline = false;     // the configuration appears in the baseline input
    bool inCandidate = false;    // ... in the candidate input
    QString baselineSource;      // file:line of the baseline record, for navigation
    QString candidateSource;
    QString rowVerdict() const; // "PASS" (ratio <= done threshold), "INVESTIGATE", or "NA"
};

struct PerfComparison
{
    std::vector<PairedConfig> rows;   // baseline order first, then candidate-only configs
    int matched = 0;                  // rows with a ratio
    int missingCandidate = 0;         // baseline configs with no candidate median
    int missingBaseline = 0;          // candidate configs with no baseline median (listed as NA)
    std::optional<double> geomean;    // over matched rows only
    std::optional<Interval> interval; // bootstrap interval of the geomean
    PerfSeverity severity = PerfSeverity::MissingData;
    QString verdict() const { return verdictFor(severity); }
};

// Selected configurations are the baseline's: a baseline configuration whose
// candidate median is missing makes the severity MissingData; a candidate
// configuration with no baseline is listed (ratio NA) but neither averaged nor
// counted as missing data.
PerfComparison comparePerf(const PerfData& baseline, const PerfData& candidate,
                           const PairingOptions& options = PairingOptions());

// Pairs a CUPTI profile (tilelens.profile/1) with its baseline by role, whatever
// the labels: every candidate record is the candidate, a baseline profile is
// the baseline; tilegym baseline logs keep their backends (the pairing picks
// the non-candidate, non-pytorch one). options.candidateBackends is replaced.
PerfComparison compareProfileByRole(PerfData baseline, PerfData candidateProfile,
                                    PairingOptions options = PairingOptions());

} // namespace tilelens::perf
