#pragma once
// The perf comparison of one kernel working directory (port-workspace.md
// §5.5): candidate perf_cutile_rs*.txt against the winning baseline log of
// each configuration's variant (config_to_variant + per-variant winner).

#include "perf/PerfComparison.h"
#include "workspace/Workspace.h"

namespace tilelens::ws {

struct KernelPerf
{
    perf::PerfData baseline;  // every baseline log read (merged)
    perf::PerfData candidate; // perf_cutile_rs.txt plus per-variant logs (merged)
    perf::PerfComparison comparison;
    Diagnostics diagnostics; // missing logs; the logs' own diagnostics are in baseline/candidate
    bool inputError = false; // no baseline or no candidate log at all
};

KernelPerf compareKernelPerf(const Kernel& kernel,
                             const perf::PairingOptions& base = perf::PairingOptions());

} // namespace tilelens::ws
