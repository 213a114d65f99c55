#pragma once
// The report of an analysed pair in one of the diff's formats, with what a CPU run added:
// what `tilelens-cli diff` prints and writes (docs/cli.md), one function for every front end.

#include "crosscheck/DiffCrossCheck.h"

#include <optional>
#include <string>
#include <string_view>

namespace tilelens::diff {
class RuleSet;
}

namespace tilelens::pair {

struct PairAnalysis;

enum class DiffFormat : uint8_t
{
    Text,
    Json,
    Markdown,
    Sarif,
    Html,
};

// The format a `--format` word names ("text", "json", "markdown", "sarif", "html"), if any.
std::optional<DiffFormat> diffFormatNamed(std::string_view name);
// The words diffFormatNamed() knows: "text, json, markdown, sarif, html".
std::string diffFormatList();

// The cross-check of an analysis (its models kept): each entry pair bound by \a bindingFile,
// else through the port's launch chain of the two files when one is found
// (workspace/DerivedBinding.h), else by default; a message asking for a binding names
// options.bindingWay.
crosscheck::CrossCheck crossCheckPort(const PairAnalysis& analysis, const std::string& bindingFile,
                                      const eval::EvalOptions& options);

// The report of a compared analysis in \a format; \a check, when given, is the CPU run of it:
// its counterexamples on the criticals it was attached to and its summary (every format but
// sarif and html). \a kernel titles the markdown and html reports (empty: from the entry).
std::string diffReport(const PairAnalysis& analysis, const diff::RuleSet& rules, DiffFormat format,
                       const std::string& kernel, const crosscheck::CrossCheck* check);

} // namespace tilelens::pair
