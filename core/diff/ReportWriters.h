#pragma once
// The outputs of `tilelens-cli diff`: a text summary in the manner of
// TileGym's diff_ir.sh plus one line per divergence, the `tilelens.diff/1`
// JSON object of architecture.md, a `diff_report.md` with TileGym's five
// steps that passes validate_diff_report.sh (port-workspace.md §4.3),
// SARIF 2.1.0 for CI annotations and a self-contained HTML page to send.

#include "diff/DiffResult.h"

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

namespace tilelens::diff {

class RuleSet;

std::string writeTextReport(const DiffResult& r);

nlohmann::ordered_json toJson(const DiffResult& r);
std::string writeJsonReport(const DiffResult& r); // pretty-printed, trailing newline

// `kernel` names the report ("# IR Diff Report: softmax"); empty = derived
// from the reference entry name.
std::string writeMarkdownReport(const DiffResult& r, const std::string& kernel = {});

// How the markdown report writes a text of an input (a name, a path, a message quoting them)
// outside code: no control character, and nothing in it opens markup (an HTML tag or comment,
// an autolink, a link or image, a code span, an entity); the IR's own <f32>, tile<4xf32> stay.
std::string markdownText(const std::string& text);

// SARIF 2.1.0: one result per divergence; rule help from `rules` (the rule set
// that classified `r`); level error / warning / note for critical / warn / the rest.
nlohmann::ordered_json toSarif(const DiffResult& r, const RuleSet& rules);
std::string writeSarifReport(const DiffResult& r, const RuleSet& rules);
const char* sarifLevel(Severity s);

// One self-contained HTML page (inline CSS and JS, no external reference):
// verdict, counts, functions, the divergence table with severity and text
// filters, and both IR texts side by side, aligned on matched ops, the lines
// of each divergence marked in the app's severity colours. A side given as
// bytecode has no text (empty view). `title` names the kernel; may be empty. `writer` is the
// program the page says wrote it: the CLI's or the app's (File > Export Diff as HTML).
constexpr const char* kHtmlWriterCli = "tilelens-cli";
constexpr const char* kHtmlWriterApp = "TileLens";
std::string writeHtmlReport(const DiffResult& r, std::string_view referenceText,
                            std::string_view generatedText, const std::string& title = {},
                            const std::string& writer = kHtmlWriterCli);
std::string htmlEscape(std::string_view text);        // & < > " ' as entities
std::uint32_t htmlSeverityRgb(Severity s, bool dark); // the page's marker colour, 0xRRGGBB

// "VERDICT: PASS_WITH_NOTES (0 workaround op(s), 3 note(s))" as diff_ir.sh prints it.
std::string verdictLine(const DiffResult& r);

// What every report says of an unproven critical (Divergence::unproven).
inline constexpr const char* kUnprovenText = "no counterexample found: the differ could not "
                                             "show the two sides equal, nor find an input on "
                                             "which they differ";
// kUnprovenText, then the finding's unprovenReason when it has one.
inline std::string unprovenText(const Divergence& d)
{
    return d.unprovenReason.empty() ? std::string(kUnprovenText)
                                    : std::string(kUnprovenText) + "; " + d.unprovenReason;
}

// How the criticals of `r` stand, for the summary lines: " (K with counterexample, U unproven)"
// where r has a critical (its count from r.counts), "" where it has none.
std::string criticalEvidence(const DiffResult& r);
int criticalsWithCounterexample(const DiffResult& r);

// Owner of the fix for a failing diff: host when every critical divergence is host-owned.
Owner fixOwner(const DiffResult& r);

} // namespace tilelens::diff
