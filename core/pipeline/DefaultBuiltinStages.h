#pragma once
// Wires the built-in stage names used by the default StageSpecs to TileLens'
// own implementations:
//   "ir-diff"  (stage C)   diff::compareFiles per variant; writes
//                          generated/diff_report.md (+ diff_report[_v].json)
//   "validate"             ws::validateAnalysis + ws::validateKernelDir
//   "perf"                 ws::compareKernelPerf (baseline vs perf_cutile_rs logs)
// Call once at startup (the CLI's `run` does; the GUI should too). Calling it
// again replaces the registrations; tests may register their own instead.

namespace tilelens::pipeline {

void registerDefaultBuiltinStages();

} // namespace tilelens::pipeline
