#pragma once
// Reads and writes a Profile as JSON (`"schema": "tilelens.profile/1"`) and
// turns it into PerfData, so that `tilelens-cli perf` and the perf view pair
// profiles exactly like tilegym logs (ratio, geomean, interval, verdict).
//
// Shape (times in milliseconds of device time):
// {
//   "schema": "tilelens.profile/1", "label": "triton", "command": ["python3", "bench.py"],
//   "device": "NVIDIA H200", "created": "2026-12-02T16:00:00Z",
//   "grouping": "nvtx", "warmup_iterations": 0, "dropped_records": 0,
//   "runs": [{"index": 0, "exit_code": 0, "wall_s": 3.2, "record_dir": "run-1",
//             "processes": 1, "complete_processes": 1, "kernels": 840, "ranges": 840,
//             "unattributed_kernels": 0, "dropped": 0, "library_errors": []}],
//   "configs": [{"name": "softmax-4096-1024", "best_ms": 0.0123, "best_run": 2,
//                "run_median_ms": [0.0125, 0.0124, 0.0123, null], "run_iterations": [20, 20, 20,
//                0], "min_ms": ..., "max_ms": ..., "mean_ms": ..., "std_ms": ..., "kernels":
//                [{"name": "...", "demangled": "...", "launches_per_iteration": 1,
//                             "ms_per_iteration": 0.0123, "grid": [4096,1,1], "block": [128,1,1],
//                             "registers": 32}]}],
//   "diagnostics": ["run-1/tilelens-cupti-42.jsonl:7: warning: ..."]
// }

#include "perf/PerfData.h"
#include "perf/cupti/Profile.h"

#include <optional>
#include <string>

namespace tilelens::perf {

std::string profileToJson(const Profile& profile, int indent = 2);

// Parses profile JSON text. nullopt (with an error diagnostic) when it is not
// a tilelens.profile/1 document; missing optional members take defaults.
std::optional<Profile> parseProfileJson(const std::string& text, const QString& fileName,
                                        Diagnostics& diags);
std::optional<Profile> readProfileJson(const QString& path, Diagnostics& diags);

// True when `text` starts (after blanks) like a JSON object whose schema is
// tilelens.profile/... : lets `perf` tell profiles from tilegym logs.
bool looksLikeProfileJson(const std::string& text);

// One PerfRecord per configuration with a best median: configId is the range
// name without a backend segment, backend the profile's label (normalized),
// medianMs the best-of-N median, runIndex the best run.
PerfData profileToPerfData(const Profile& profile, const QString& sourceFile);

// readProfileJson + profileToPerfData; problems land in PerfData::diagnostics.
PerfData readProfilePerfData(const QString& path);

} // namespace tilelens::perf
