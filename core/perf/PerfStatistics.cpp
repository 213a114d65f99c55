#include "perf/PerfStatistics.h"

#include <algorithm>
#include <cmath>

namespace tilelens::perf {

QString severityName(PerfSeverity s)
{
    switch (s) {
    case PerfSeverity::Done:
        return QStringLiteral("DONE");
    case PerfSeverity::MildGap:
        return QStringLiteral("MILD_GAP");
    case PerfSeverity::ModerateGap:
        return QStringLiteral("MODERATE_GAP");
    case PerfSeverity::LargeGap:
        return QStringLiteral("LARGE_GAP");
    case PerfSeverity::MissingData:
        return QStringLiteral("MISSING_DATA");
    }
    return QStringLiteral("MISSING_DATA");
}

PerfSeverity severityFor(std::optional<double> geomean, bool missingData, const PerfThresholds& t)
{
    if (missingData || !geomean || !std::isfinite(*geomean))
        return PerfSeverity::MissingData;
    if (*geomean <= t.done)
        return PerfSeverity::Done;
    if (*geomean <= t.mild)
        return PerfSeverity::MildGap;
    if (*geomean <= t.moderate)
        return PerfSeverity::ModerateGap;
    return PerfSeverity::LargeGap;
}

QString verdictFor(PerfSeverity s)
{
    return s == PerfSeverity::Done ? QStringLiteral("DONE") : QStringLiteral("INVESTIGATE");
}

std::optional<double> geomean(const std::vector<double>& ratios)
{
    if (ratios.empty())
        return std::nullopt;
    double sumLog = 0.0;
    for (double r : ratios) {
        if (!(r > 0.0) || !std::isfinite(r))
            return std::nullopt;
        sumLog += std::log(r);
    }
    return std::exp(sumLog / double(ratios.size()));
}

double percentileOfSorted(const std::vector<double>& sorted, double p)
{
    if (sorted.empty())
        return 0.0;
    p = std::clamp(p, 0.0, 1.0);
    const double pos = p * double(sorted.size() - 1);
    const size_t lo = size_t(std::floor(pos));
    const size_t hi = std::min(lo + 1, sorted.size() - 1);
    const double frac = pos - double(lo);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * frac;
}

namespace {

// splitmix64: tiny, well-mixed and identical on every platform, unlike the
// standard distributions whose algorithms are implementation-defined.
struct SplitMix64
{
    uint64_t state;
    uint64_t next()
    {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform index in [0, n) by rejection, so small n carry no modulo bias.
    size_t below(size_t n)
    {
        const uint64_t limit = UINT64_MAX - (UINT64_MAX % n);
        uint64_t v;
        do {
            v = next();
        } while (v >= limit);
        return size_t(v % n);
    }
};

} // namespace

std::optional<Interval> bootstrapGeomeanInterval(const std::vector<double>& ratios,
                                                 const BootstrapOptions& options)
{
    if (!geomean(ratios))
        return std::nullopt;
    std::vector<double> logs;
    logs.reserve(ratios.size());
    for (double r : ratios)
        logs.push_back(std::log(r));
    const int samples = std::clamp(options.samples, 1, 1000000);
    SplitMix64 rng{options.seed};
    std::vector<double> means;
    means.reserve(size_t(samples));
    const size_t n = logs.size();
    for (int s = 0; s < samples; ++s) {
        double sum = 0.0;
        for (size_t i = 0; i < n; ++i)
            sum += logs[rng.below(n)];
        means.push_back(sum / double(n));
    }
    std::sort(means.begin(), means.end());
    const double level = std::clamp(options.level, 0.0, 1.0);
    Interval iv;
    iv.level = level;
    iv.low = std::exp(percentileOfSorted(means, (1.0 - level) / 2.0));
    iv.high = std::exp(percentileOfSorted(means, (1.0 + level) / 2.0));
    return iv;
}

} // namespace tilelens::perf
