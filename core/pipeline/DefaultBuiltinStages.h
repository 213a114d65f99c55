#pragma once
// Wires the built-in stage names used by the default StageSpecs to TileLens'
// own implementations:
//   "ir-diff"  (stage C)   pair::analysePair per variant, classified by the given rules; writes
//                          generated/diff_report.md (+ diff_report[_v].json)
//   "validate"             ws::validateAnalysis + ws::validateKernelDir
//   "perf"                 ws::compareKernelPerf (baseline vs perf_cutile_rs logs)
// Call once at startup (the CLI's `run` does; the GUI should too). Calling it
// again replaces the registrations; tests may register their own instead.

#include <memory>

namespace tilelens::diff {
class RuleSet;
} // namespace tilelens::diff

namespace tilelens::pipeline {

// \a rules: those of `--rules FILE` / the GUI's rules file; null = the built-in rules.
void registerDefaultBuiltinStages(std::shared_ptr<const diff::RuleSet> rules = nullptr);

// Only "ir-diff", with \a rules (the GUI calls it again when the user picks another rules file).
void registerIrDiffStage(std::shared_ptr<const diff::RuleSet> rules);

} // namespace tilelens::pipeline
