#pragma once
// Statistics over per-configuration ratios (candidate median / baseline
// median): geometric mean, a seeded bootstrap interval of the geomean, and the
// TileGym Agent E severity thresholds (port-workspace.md §4.2).

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace tilelens::perf {

// Agent E's severity words. MissingData: some selected configuration has no
// median (verdict INVESTIGATE even when the geomean would be DONE).
enum class PerfSeverity
{
    Done,
    MildGap,
    ModerateGap,
    LargeGap,
    MissingData
};

QString
severityName(PerfSeverity s); // "DONE", "MILD_GAP", "MODERATE_GAP", "LARGE_GAP", "MISSING_DATA"

// Upper bounds (inclusive) of each band; above `moderate` is LARGE_GAP.
struct PerfThresholds
{
    double done = 1.05;
    double mild = 1.10;
    double moderate = 1.50;
};

// Severity of a geomean; nullopt (no matched configuration) or missingData -> MissingData.
PerfSeverity severityFor(std::optional<double> geomean, bool missingData,
                         const PerfThresholds& t = PerfThresholds());

// "DONE" when the severity is Done, else "INVESTIGATE" (E never returns FAIL).
QString verdictFor(PerfSeverity s);

// exp(mean(ln r)); nullopt for an empty list or any non-positive / non-finite ratio.
std::optional<double> geomean(const std::vector<double>& ratios);

struct Interval
{
    double low = 0.0;
    double high = 0.0;
    double level = 0.95;
};

struct BootstrapOptions
{
    int samples = 2000;                // resamples of the ratio list
    uint64_t seed = 0x7153e11a5eedULL; // fixed: the same input always gives the same interval
    double level = 0.95;
};

// Percentile bootstrap of the geomean: resample the ratios with replacement
// `samples` times, take the geomean of each resample, report the (1-level)/2 and
// (1+level)/2 percentiles (linear interpolation between order statistics).
// Uses its own generator (splitmix64) so results do not depend on the standard
// library. nullopt when geomean(ratios) is nullopt.
std::optional<Interval>
bootstrapGeomeanInterval(const std::vector<double>& ratios,
                         const BootstrapOptions& options = BootstrapOptions());

// Percentile with linear interpolation between closest ranks of a sorted list
// (p in [0,1]); exposed for tests.
double percentileOfSorted(const std::vector<double>& sorted, double p);

} // namespace tilelens::perf
