#pragma once
// A quick CPU search for the counterexamples of a plain diff's unproven criticals (issue 30
// item 2). Where the solver and the float witness leave a critical unproven and a binding is at
// hand that is not a guess (a given one, or one derived from the port), the interpreter runs
// both entries once, bounded, tapping exactly those criticals' reference and generated ops
// (eval::TapPair): the random input case (seed 1), then the edge-value case if time is left, on
// the first and last tile block of each grid dimension only (the last is where tail masks
// bite), within a budget of interpreter work for the whole diff. A tapped difference is the
// critical's counterexample, in the words `diff --eval` gives a tapped one; otherwise its unproven
// reason says what was searched, or why nothing ran. `diff --eval` runs the full check instead.

#include "common/CancelToken.h"
#include "crosscheck/DiffCrossCheck.h"
#include "diff/DiffResult.h"
#include "eval/Binding.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tilelens::ir {
struct Module;
}

namespace tilelens::crosscheck {

// The budget of one diff's search in seconds (`tilelens-cli diff --cpu-search-budget`). It is
// spent as interpreter work (kQuickSearchWorkPerSecond units a second, about what one core
// runs), so that a diff says the same on a busy machine as on an idle one; the wall clock
// stops a search only at kQuickSearchWallFactor times the budget.
constexpr double kDefaultQuickSearchSeconds = 1.0;
constexpr double kQuickSearchWorkPerSecond = 2e8;
constexpr double kQuickSearchWallFactor = 10.0;

struct QuickSearchOptions
{
    // The binding given (a binding file, read): it binds every entry pair whose parameters it
    // lists (every pair when there is one), the others are guesses and do not run. Null: each
    // pair's binding comes from bindingWithoutFile() (`provider`'s launch chain, else the pair
    // as the differ compared it), and a pair with none but a guess does not run (and says
    // nothing: without a binding a plain diff reads as it always did).
    std::shared_ptr<const eval::Binding> given;
    BindingProvider provider;
    double budgetSeconds = kDefaultQuickSearchSeconds;
    CancelToken cancel;
};

struct QuickSearch
{
    // By divergence id: the tapped difference in words (tapCounterexampleText), or why the
    // search found or ran none (said after the finding's own unproven reason).
    std::map<std::string, std::string> counterexamples;
    std::map<std::string, std::string> reasons;
    size_t pairsRun = 0; // entry pairs the interpreter ran
    uint64_t work = 0;   // interpreter work spent (within the budget's units)
    double seconds = 0;  // wall time of the search
};

// Searches the unproven criticals of `result`; nothing (at no cost) when it has none or the
// differ skipped its searches over the op limit (DiffResult::solverSkipped).
QuickSearch quickSearch(const diff::DiffResult& result,
                        const std::vector<const ir::Module*>& reference,
                        const std::vector<const ir::Module*>& generated,
                        const QuickSearchOptions& options);

// The search's outcome written into the diff: each counterexample on its critical as
// "CPU run: ..." (no longer unproven), each reason after its critical's unproven reason.
void applyQuickSearch(diff::DiffResult& result, const QuickSearch& search);

} // namespace tilelens::crosscheck
