#pragma once
// Groups the kernels of one profiled run into configurations and measured
// iterations, the way TileGym measures (port-workspace.md §5.1): the device
// time of an iteration is the sum of the durations of every kernel it ran.
//
// With NVTX ranges: each range occurrence that contains at least one kernel is
// one iteration of the configuration named by the range; a kernel belongs to
// the innermost range (latest start) whose [start, end] contains the kernel's
// start. Ranges are host times, so a harness must synchronize before closing a
// range (resources/harness does). Kernels outside every range are counted as
// unattributed and ignored. Without ranges: each launch of a kernel is one
// iteration of the configuration named by the kernel.

#include "perf/cupti/CuptiTrace.h"

#include <QString>
#include <array>
#include <optional>
#include <vector>

namespace tilelens::perf {

enum class GroupingMode
{
    NvtxRanges,
    KernelNames
};

QString groupingModeName(GroupingMode m); // "nvtx", "kernel"

struct GroupingOptions
{
    // Iterations dropped at the start of each configuration (warmup inside ranges).
    int warmupIterations = 0;
};

// What one kernel contributed to a configuration's measured iterations.
struct KernelContribution
{
    QString name;
    QString demangled;
    int64_t launches = 0;
    uint64_t totalNs = 0;
    std::array<int64_t, 3> grid{{0, 0, 0}}; // of the first launch
    std::array<int64_t, 3> block{{0, 0, 0}};
    int registers = 0;
};

struct ConfigIterations
{
    QString name;                    // range name or kernel name
    std::vector<double> iterationMs; // measured iterations, in time order
    int warmupSkipped = 0;
    std::vector<KernelContribution> kernels; // largest total first
};

struct RunGrouping
{
    GroupingMode mode = GroupingMode::KernelNames;
    std::vector<ConfigIterations> configs; // in order of first appearance
    int64_t unattributedKernels = 0;       // NVTX mode: kernels outside every range
    int64_t emptyRanges = 0;               // NVTX mode: ranges without a kernel
};

RunGrouping groupRun(const CuptiTrace& trace, const GroupingOptions& options = GroupingOptions());

// Median as TileGym reports it (torch.median): the lower of the two middle
// values for an even count. nullopt for an empty list.
std::optional<double> lowerMedian(std::vector<double> values);

} // namespace tilelens::perf
