#pragma once
// The three outputs of `tilelens-cli diff`: a text summary in the manner of
// TileGym's diff_ir.sh plus one line per divergence, the `tilelens.diff/1`
// JSON object of architecture.md, and a `diff_report.md` with TileGym's five
// steps that passes validate_diff_report.sh (port-workspace.md §4.3).

#include "diff/DiffResult.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace tilelens::diff {

std::string writeTextReport(const DiffResult& r);

nlohmann::ordered_json toJson(const DiffResult& r);
std::string writeJsonReport(const DiffResult& r); // pretty-printed, trailing newline

// `kernel` names the report ("# IR Diff Report: softmax"); empty = derived
// from the reference entry name.
std::string writeMarkdownReport(const DiffResult& r, const std::string& kernel = {});

// "VERDICT: PASS_WITH_NOTES (0 workaround op(s), 3 note(s))" as diff_ir.sh prints it.
std::string verdictLine(const DiffResult& r);

// Owner of the fix for a failing diff: host when every critical divergence is host-owned.
Owner fixOwner(const DiffResult& r);

} // namespace tilelens::diff
