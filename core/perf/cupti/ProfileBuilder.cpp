#include "perf/cupti/Profile.h"

#include <QDateTime>
#include <cmath>
#include <unordered_map>

namespace tilelens::perf {

uint64_t Profile::droppedRecords() const
{
    uint64_t n = 0;
    for (const ProfileRun& r : runs)
        n += r.dropped;
    return n;
}

namespace {

void fillBestRunStats(ProfileConfig& c, const ConfigIterations& it)
{
    const auto& v = it.iterationMs;
    if (v.empty())
        return;
    double sum = 0.0;
    c.minMs = v.front();
    c.maxMs = v.front();
    for (double x : v) {
        sum += x;
        c.minMs = std::min(c.minMs, x);
        c.maxMs = std::max(c.maxMs, x);
    }
    c.meanMs = sum / double(v.size());
    double sq = 0.0;
    for (double x : v)
        sq += (x - c.meanMs) * (x - c.meanMs);
    c.stdMs = v.size() > 1 ? std::sqrt(sq / double(v.size() - 1)) : 0.0;
    c.kernels.clear();
    const double n = double(v.size());
    for (const KernelContribution& k : it.kernels) {
        ProfileKernel pk;
        pk.name = k.name;
        pk.demangled = k.demangled;
        pk.launchesPerIteration = double(k.launches) / n;
        pk.msPerIteration = double(k.totalNs) / 1e6 / n;
        pk.grid = k.grid;
        pk.block = k.block;
        pk.registers = k.registers;
        c.kernels.push_back(pk);
    }
}

} // namespace

Profile buildProfile(const std::vector<CuptiTrace>& traces, const ProfileOptions& options,
                     const std::vector<ProfileRun>& runInfo)
{
    Profile p;
    p.label = options.label;
    p.command = options.command;
    p.created = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    p.warmupIterations = options.grouping.warmupIterations;

    std::vector<RunGrouping> groupings;
    groupings.reserve(traces.size());
    bool anyRanges = false;
    for (const CuptiTrace& t : traces)
        anyRanges = anyRanges || !t.ranges.empty();
    p.grouping = anyRanges ? GroupingMode::NvtxRanges : GroupingMode::KernelNames;

    for (size_t i = 0; i < traces.size(); ++i) {
        const CuptiTrace& t = traces[i];
        groupings.push_back(groupRun(t, options.grouping));
        if (groupings.back().mode != p.grouping) {
            Diagnostic d;
            d.severity = Severity::Warning;
            d.place.file = t.files.isEmpty() ? std::string() : t.files.front().toStdString();
            d.message = "run " + std::to_string(i + 1) +
                        " has no NVTX range while other runs do; its kernels are grouped by name";
            p.diagnostics.push_back(std::move(d));
        }
        ProfileRun r = i < runInfo.size() ? runInfo[i] : ProfileRun();
        r.index = int(i);
        r.processes = t.processes;
        r.completeProcesses = t.completeProcesses;
        r.kernels = int64_t(t.kernels.size());
        r.ranges = int64_t(t.ranges.size());
        r.unattributedKernels = groupings.back().unattributedKernels;
        r.dropped = t.dropped;
        r.libraryErrors = t.libraryErrors;
        p.runs.push_back(r);
        if (p.device.isEmpty())
            p.device = t.device;
        p.diagnostics.insert(p.diagnostics.end(), t.diagnostics.begin(), t.diagnostics.end());
        if (t.dropped > 0) {
            Diagnostic d;
            d.severity = Severity::Warning;
            d.place.file = t.files.isEmpty() ? std::string() : t.files.front().toStdString();
            d.message = "run " + std::to_string(i + 1) + " lost " + std::to_string(t.dropped) +
                        " CUPTI records (no buffer space); its device times may be too low";
            p.diagnostics.push_back(std::move(d));
        }
    }

    // Configurations in order of first appearance over all runs.
    std::unordered_map<QString, size_t> index;
    const size_t runs = traces.size();
    for (size_t run = 0; run < groupings.size(); ++run) {
        for (const ConfigIterations& it : groupings[run].configs) {
            auto found = index.find(it.name);
            if (found == index.end()) {
                found = index.emplace(it.name, p.configs.size()).first;
                ProfileConfig c;
                c.name = it.name;
                c.runMedianMs.assign(runs, std::nullopt);
                c.runIterations.assign(runs, 0);
                p.configs.push_back(std::move(c));
            }
            ProfileConfig& c = p.configs[found->second];
            c.runMedianMs[run] = lowerMedian(it.iterationMs);
            c.runIterations[run] = int(it.iterationMs.size());
            if (c.runMedianMs[run] && (!c.bestMs || *c.runMedianMs[run] < *c.bestMs)) {
                c.bestMs = c.runMedianMs[run];
                c.bestRun = int(run);
                fillBestRunStats(c, it);
            }
        }
    }
    return p;
}

} // namespace tilelens::perf
