#pragma once
// What analysePair() is asked to do with a reference/generated IR pair: where each side comes
// from, which rules classify the differences, and what of the reading the caller keeps (the
// text for a pane or the HTML page, the models for a CPU run).
//
// Every front end builds one: `tilelens-cli diff` (rules from --rules, the text only for
// --format html, the models only for --eval), the GUI inspector (text for the IR panes, models
// for "Run Both on CPU", source links), the dashboard and the pipeline's IR stage.

#include "common/Side.h"
#include "crosscheck/QuickSearch.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace tilelens::diff {
class RuleSet;
} // namespace tilelens::diff

namespace tilelens::pair {

struct SideText;

struct SideSource
{
    // As given (it may hold escaped bytes, common/BytePath.h): read when `bytes` is null, and
    // named in the result, its diagnostics and the reports.
    std::string path;
    // The side's bytes already in memory (tests, a text the caller holds); null: read `path`.
    std::shared_ptr<const std::string> bytes;
};

// The quick CPU search after the diff (crosscheck/QuickSearch.h): for the unproven criticals,
// with the given binding, else the one derived from the port (pair::portBindingProvider).
struct CpuSearchRequest
{
    std::shared_ptr<const eval::Binding> binding; // given (`diff --binding FILE`); null: derived
    double budgetSeconds = crosscheck::kDefaultQuickSearchSeconds; // wall time of the diff's search
    std::string bindingWay = eval::kBindingWayOfCli; // how a message asks for a binding
};

struct PairRequest
{
    PerSide<SideSource> sides;
    // The rules that classify the divergences; null: diff::RuleSet::defaults(). pair::loadRules
    // (Rules.h) makes them from a rules file as both front ends take it.
    std::shared_ptr<const diff::RuleSet> rules;
    // The aligned rows of each function (the side-by-side views: the GUI, the HTML page). The
    // JSON, text, markdown and SARIF reports do not read them (diff::CompareOptions).
    bool alignedRows = true;
    // PairSide::text of each side after the analysis (the HTML page, an export).
    bool keepText = false;
    // A bytecode side's text is the printed module under `decodedHeader` (a pane shows it);
    // without this a bytecode side has no text (the HTML page shows none, as the CLI's does).
    bool printBytecode = false;
    // The first line(s) above a printed bytecode module, without a final newline: the GUI
    // passes its translated sentence; empty: no header.
    std::string decodedHeader;
    // PairSide::model of each side after the analysis (a CPU run without a second parse).
    bool keepModels = false;
    // PairAnalysis::alignment: where the aligned view puts filler lines (needs alignedRows).
    bool rowAlignment = false;
    // PairSide::links: each op's loc() (on the lines of the side's text), and for the generated
    // side inferred links into `rustKernelPath` when given and its IR has no loc() into it.
    bool sourceLinks = false;
    std::string rustKernelPath;
    // Set: the unproven criticals of the result get the quick CPU search (`tilelens-cli diff`
    // and the GUI's diff; not the dashboard's rows nor the pipeline's stage).
    std::optional<CpuSearchRequest> cpuSearch;
    // Called on the side's reading thread as soon as its text is known (text IR: right after
    // the read, before parsing; bytecode: after decoding and printing), so that a pane fills
    // while the pair is still parsed and compared. Not called for a side that was not read.
    std::function<void(Side, const std::shared_ptr<const SideText>&)> onSideText;
};

} // namespace tilelens::pair
