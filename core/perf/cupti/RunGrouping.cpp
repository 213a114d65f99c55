#include "perf/cupti/RunGrouping.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace tilelens::perf {

QString groupingModeName(GroupingMode m)
{
    return m == GroupingMode::NvtxRanges ? QStringLiteral("nvtx") : QStringLiteral("kernel");
}

std::optional<double> lowerMedian(std::vector<double> values)
{
    if (values.empty())
        return std::nullopt;
    const size_t mid = (values.size() - 1) / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(mid), values.end());
    return values[mid];
}

namespace {

// One iteration under construction: its kernels and where it starts.
struct Occurrence
{
    uint64_t startNs = 0;
    uint64_t deviceNs = 0;
    std::vector<size_t> kernels; // indices into trace.kernels
};

struct ConfigBuilder
{
    QString name;
    std::vector<Occurrence> occurrences;
};

ConfigIterations finish(const CuptiTrace& trace, ConfigBuilder& b, int warmup)
{
    std::stable_sort(
        b.occurrences.begin(), b.occurrences.end(),
        [](const Occurrence& x, const Occurrence& y) { return x.startNs < y.startNs; });
    ConfigIterations out;
    out.name = b.name;
    const size_t skip = std::min(b.occurrences.size(), size_t(std::max(0, warmup)));
    out.warmupSkipped = int(skip);
    std::unordered_map<uint32_t, size_t> byName;
    for (size_t i = skip; i < b.occurrences.size(); ++i) {
        const Occurrence& o = b.occurrences[i];
        out.iterationMs.push_back(double(o.deviceNs) / 1e6);
        for (size_t ki : o.kernels) {
            const CuptiKernel& k = trace.kernels[ki];
            auto it = byName.find(k.nameIndex);
            if (it == byName.end()) {
                KernelContribution c;
                c.name = trace.nameOf(k).name;
                c.demangled = trace.nameOf(k).demangled;
                c.grid = k.grid;
                c.block = k.block;
                c.registers = k.registers;
                it = byName.emplace(k.nameIndex, out.kernels.size()).first;
                out.kernels.push_back(c);
            }
            KernelContribution& c = out.kernels[it->second];
            ++c.launches;
            c.totalNs += k.durationNs();
        }
    }
    std::stable_sort(out.kernels.begin(), out.kernels.end(),
                     [](const KernelContribution& x, const KernelContribution& y) {
                         return x.totalNs > y.totalNs;
                     });
    return out;
}

RunGrouping groupByKernelName(const CuptiTrace& trace, const GroupingOptions& options)
{
    RunGrouping g;
    g.mode = GroupingMode::KernelNames;
    std::vector<ConfigBuilder> builders;
    std::unordered_map<uint32_t, size_t> index;
    for (size_t i = 0; i < trace.kernels.size(); ++i) {
        const CuptiKernel& k = trace.kernels[i];
        auto it = index.find(k.nameIndex);
        if (it == index.end()) {
            it = index.emplace(k.nameIndex, builders.size()).first;
            builders.push_back({trace.nameOf(k).demangled, {}});
        }
        builders[it->second].occurrences.push_back({k.startNs, k.durationNs(), {i}});
    }
    // Names from different processes of one run are the same configuration.
    std::vector<ConfigBuilder> merged;
    std::unordered_map<QString, size_t> byName;
    for (auto& b : builders) {
        auto it = byName.find(b.name);
        if (it == byName.end()) {
            byName.emplace(b.name, merged.size());
            merged.push_back(std::move(b));
        } else {
            auto& occ = merged[it->second].occurrences;
            occ.insert(occ.end(), b.occurrences.begin(), b.occurrences.end());
        }
    }
    for (auto& b : merged)
        g.configs.push_back(finish(trace, b, options.warmupIterations));
    return g;
}

RunGrouping groupByRanges(const CuptiTrace& trace, const GroupingOptions& options)
{
    RunGrouping g;
    g.mode = GroupingMode::NvtxRanges;
    // Ranges by start; prefixMaxEnd lets the backward search stop as soon as
    // no earlier range can still be open at the kernel's start.
    std::vector<size_t> order(trace.ranges.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return trace.ranges[a].startNs < trace.ranges[b].startNs;
    });
    std::vector<uint64_t> starts(order.size());
    std::vector<uint64_t> prefixMaxEnd(order.size());
    for (size_t i = 0; i < order.size(); ++i) {
        const CuptiRange& r = trace.ranges[order[i]];
        starts[i] = r.startNs;
        prefixMaxEnd[i] = std::max(i ? prefixMaxEnd[i - 1] : 0, r.endNs);
    }
    std::vector<Occurrence> occurrences(order.size());
    for (size_t i = 0; i < order.size(); ++i)
        occurrences[i].startNs = starts[i];

    for (size_t ki = 0; ki < trace.kernels.size(); ++ki) {
        const CuptiKernel& k = trace.kernels[ki];
        // Last range starting at or before the kernel.
        size_t hi =
            size_t(std::upper_bound(starts.begin(), starts.end(), k.startNs) - starts.begin());
        bool found = false;
        while (hi > 0) {
            const size_t i = hi - 1;
            if (prefixMaxEnd[i] < k.startNs)
                break;
            const CuptiRange& r = trace.ranges[order[i]];
            if (r.endNs >= k.startNs &&
                (r.process == k.process || r.process == 0 || k.process == 0)) {
                occurrences[i].deviceNs += k.durationNs();
                occurrences[i].kernels.push_back(ki);
                found = true;
                break;
            }
            --hi;
        }
        if (!found)
            ++g.unattributedKernels;
    }

    std::vector<ConfigBuilder> builders;
    std::unordered_map<QString, size_t> byName;
    for (size_t i = 0; i < order.size(); ++i) {
        if (occurrences[i].kernels.empty()) {
            ++g.emptyRanges;
            continue;
        }
        const QString& name = trace.ranges[order[i]].name;
        auto it = byName.find(name);
        if (it == byName.end()) {
            it = byName.emplace(name, builders.size()).first;
            builders.push_back({name, {}});
        }
        builders[it->second].occurrences.push_back(std::move(occurrences[i]));
    }
    for (auto& b : builders)
        g.configs.push_back(finish(trace, b, options.warmupIterations));
    return g;
}

} // namespace

RunGrouping groupRun(const CuptiTrace& trace, const GroupingOptions& options)
{
    return trace.ranges.empty() ? groupByKernelName(trace, options) : groupByRanges(trace, options);
}

} // namespace tilelens::perf
