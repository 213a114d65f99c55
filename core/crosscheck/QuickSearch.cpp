#include "crosscheck/QuickSearch.h"

#include "crosscheck/PairBinding.h"
#include "eval/Differential.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>
#include <sstream>

namespace tilelens::crosscheck {
namespace {

using Clock = std::chrono::steady_clock;

// Elements of all arrays of one case: drawing inputs is not bounded by the wall budget (the
// interpreter's clock starts after it), so a quick search draws no more than this.
constexpr uint64_t kQuickMaxInputElements = uint64_t(1) << 24;

std::string secondsText(double seconds)
{
    std::ostringstream s;
    s << seconds;
    return s.str() + " s";
}

std::string fill(const char* text, const std::string& arg)
{
    std::string out(text);
    if (const size_t at = out.find("%1"); at != std::string::npos)
        out.replace(at, 2, arg);
    return out;
}

// "the given binding (M = 16)": the binding in the words a run names it with.
std::string bindingName(const eval::Binding& b)
{
    const BindingWords words = bindingWords(b);
    return fill(words.text, words.detail);
}

// Whether a binding ties the parameters of both entries: not a guess by position (from the
// reference's mangled name or the views). One derived from the port does, whatever its sizes.
bool tiesParameters(const eval::Binding& b)
{
    return b.source != "mangled" && b.source != "positional";
}

// The binding of one entry pair, or none: the given one where it binds the pair, else (none
// given) the one chain of a CPU run without a file (the launch chain, else the pair as the
// differ compared it). A guess never runs: its sizes may lie outside what the reference was
// compiled for, and a difference there is no counterexample.
std::shared_ptr<const eval::Binding> bindingOf(const diff::DiffResult& result,
                                               const ir::Function& ref, const ir::Function& gen,
                                               bool onlyPair, const QuickSearchOptions& options)
{
    if (options.given) {
        std::string misfit;
        if (onlyPair || eval::bindingFitsPair(*options.given, ref, gen, misfit))
            return options.given;
        return nullptr;
    }
    eval::Binding derived;
    std::string error;
    if (!bindingWithoutFile(result, ref, gen, options.provider, eval::kBindingWayOfCli, derived,
                            error) ||
        !tiesParameters(derived))
        return nullptr;
    return std::make_shared<const eval::Binding>(std::move(derived));
}

eval::EvalOptions searchOptions(const QuickSearchOptions& options, Clock::time_point deadline,
                                uint64_t workLeft, std::vector<eval::TapPair> taps)
{
    eval::EvalOptions o;
    o.seed = 1;
    // Random first, then edge values, then every magnitude (denormals for flush-to-zero, exp's
    // underflow) while time is left.
    o.inputs = eval::InputKind::All;
    o.magnitudesAfter = true;
    o.edgeInEveryArrayOnly = true;
    o.firstSizesOnly = true;
    o.blocks = eval::BlockSubset::FirstAndLast;
    o.locateFirstDivergence = false;
    o.stopOnceEveryTapDiffers = true;
    o.maxInputElements = kQuickMaxInputElements;
    o.maxTotalWork = workLeft;
    o.timeoutSeconds = options.budgetSeconds * kQuickSearchWallFactor;
    o.deadline = deadline;
    o.cancel = options.cancel;
    o.taps = std::move(taps);
    return o;
}

// "random inputs (seed 1), edge values in every array (seed 1) and values of every magnitude
// (seed 1)" / "random inputs (seed 1)": the cases where both sides ran.
std::string casesText(const eval::EvalResult& r)
{
    std::set<std::string> ran;
    for (const eval::CaseResult& c : r.cases)
        if (c.verdict == "same" || c.verdict == "different")
            ran.insert(c.inputs);
    std::vector<std::string> cases;
    if (ran.count("random"))
        cases.emplace_back("random inputs (seed 1)");
    if (ran.count("edge"))
        cases.emplace_back("edge values in every array (seed 1)");
    if (ran.count("magnitudes"))
        cases.emplace_back("values of every magnitude (seed 1)");
    std::string s;
    for (size_t i = 0; i < cases.size(); ++i)
        s += (i == 0 ? "" : i + 1 == cases.size() ? " and " : ", ") + cases[i];
    return s;
}

// "the first and last tile block of each grid dimension (grid 4 x 2 x 1: 4 blocks)".
std::string blocksText(const eval::EvalResult& r)
{
    if (r.cases.empty())
        return "the first and last tile block of each grid dimension";
    const eval::Grid& g = r.cases.front().refGrid;
    const auto ran = [](int64_t n) { return n > 1 ? int64_t(2) : int64_t(1); };
    const int64_t blocks = ran(g.x) * ran(g.y) * ran(g.z);
    return "the first and last tile block of each grid dimension (grid " + std::to_string(g.x) +
           " x " + std::to_string(g.y) + " x " + std::to_string(g.z) + ": " +
           std::to_string(blocks) + (blocks == 1 ? " block)" : " blocks)");
}

// Why the run of a pair gives one of its tapped criticals nothing.
std::string noDifferenceReason(const eval::EvalResult& r, const std::string& id,
                               const std::string& binding, const QuickSearchOptions& options,
                               bool outOfTime)
{
    const std::string on = "quick CPU search on " + binding + ": ";
    const std::string cases = casesText(r);
    const auto uncompared = r.tapUncompared.find(id);
    if (!cases.empty() && uncompared == r.tapUncompared.end())
        return on + "the two values agree on " + cases + " in " + blocksText(r) +
               (outOfTime ? "; the budget of " + secondsText(options.budgetSeconds) +
                                " ran out before the remaining cases"
                          : std::string());
    if (outOfTime)
        return on + "the budget of " + secondsText(options.budgetSeconds) +
               " (--cpu-search-budget) ran out before a case ended";
    if (r.verdict != "same" && r.verdict != "different")
        return on + "decided nothing: " + r.verdict +
               (r.message.empty() ? std::string() : ": " + r.message);
    if (uncompared != r.tapUncompared.end())
        return on + "its values were not compared: " + uncompared->second;
    return on + "its values were not compared";
}

// Runs one entry pair, its unproven criticals' reasons and counterexamples into `search`.
void searchPair(const diff::DiffResult& result, const ir::Function& ref, const ir::Function& gen,
                const eval::Binding& binding, const QuickSearchOptions& options,
                Clock::time_point deadline, uint64_t workLeft, QuickSearch& search)
{
    std::vector<eval::TapPair> taps = unprovenTapPairs(result, ref, gen);
    std::set<std::string> tapped;
    for (const eval::TapPair& t : taps)
        tapped.insert(t.id);
    const std::string name = bindingName(binding);
    eval::EvalResult r;
    if (!taps.empty()) {
        r = eval::evaluatePair(ref, gen, binding, searchOptions(options, deadline, workLeft, taps));
        ++search.pairsRun;
        search.work += r.work;
    }
    // The run ended on the budget: its work, or (past it) the wall clock's safety net.
    const bool outOfTime = r.verdict == "error" && r.issue &&
                           r.issue->kind == eval::IssueKind::Limit &&
                           (r.workRanOut || Clock::now() > deadline);
    for (const diff::Divergence& d : result.divergences) {
        if (!d.unproven() || !ofEntryPair(d, ref, gen) || search.reasons.count(d.id) ||
            search.counterexamples.count(d.id))
            continue;
        if (!tapped.count(d.id)) {
            search.reasons[d.id] = "quick CPU search not run: the finding names no op with a "
                                   "value on each side to compare";
            continue;
        }
        if (const auto found = r.tapDifferences.find(d.id); found != r.tapDifferences.end())
            search.counterexamples[d.id] = tapCounterexampleText(found->second);
        else
            search.reasons[d.id] = noDifferenceReason(r, d.id, name, options, outOfTime);
    }
}

// Each unproven critical of the pair says why the search did not run it.
void notRun(const diff::DiffResult& result, const ir::Function& ref, const ir::Function& gen,
            const std::string& why, QuickSearch& search)
{
    for (const diff::Divergence& d : result.divergences)
        if (d.unproven() && ofEntryPair(d, ref, gen) && !search.counterexamples.count(d.id))
            search.reasons.emplace(d.id, "quick CPU search not run: " + why);
}

} // namespace

QuickSearch quickSearch(const diff::DiffResult& result,
                        const std::vector<const ir::Module*>& reference,
                        const std::vector<const ir::Module*>& generated,
                        const QuickSearchOptions& options)
{
    QuickSearch search;
    // Over the differ's op limit nothing is searched (its unproven criticals say so), as the
    // solver and the float evaluation are not: a module of thousands of kernels stays fast.
    if (options.budgetSeconds <= 0 || result.unprovenCriticals() == 0 ||
        !result.solverSkipped.empty())
        return search;
    const auto start = Clock::now();
    const double wallSeconds = std::min(options.budgetSeconds * kQuickSearchWallFactor, 1e7);
    const Clock::time_point deadline = start + std::chrono::duration_cast<Clock::duration>(
                                                   std::chrono::duration<double>(wallSeconds));
    // A budget of less than one unit runs out before the first pair (0 turns the search off).
    const auto workBudget =
        uint64_t(std::min(options.budgetSeconds * kQuickSearchWorkPerSecond, 1e18));
    const auto pairs = entryPairs(result, reference, generated);
    for (const auto& entries : pairs) {
        const ir::Function& ref = *entries.first;
        const ir::Function& gen = *entries.second;
        if (options.cancel.isCancelled())
            break;
        const bool hasUnproven = std::any_of(
            result.divergences.begin(), result.divergences.end(),
            [&](const diff::Divergence& d) { return d.unproven() && ofEntryPair(d, ref, gen); });
        if (!hasUnproven)
            continue;
        const std::shared_ptr<const eval::Binding> binding =
            bindingOf(result, ref, gen, pairs.size() == 1, options);
        if (!binding) {
            // Without any binding the diff says nothing new; a given one that does not list
            // this pair's parameters leaves only a guess.
            if (options.given)
                notRun(result, ref, gen,
                       "the given binding does not list this entry pair's parameters, and a "
                       "guessed one proves nothing",
                       search);
            continue;
        }
        if (search.work >= workBudget || Clock::now() > deadline) {
            notRun(result, ref, gen,
                   "the budget of " + secondsText(options.budgetSeconds) +
                       " (--cpu-search-budget) ran out before this entry pair ran",
                   search);
            continue;
        }
        searchPair(result, ref, gen, *binding, options, deadline, workBudget - search.work, search);
    }
    search.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return search;
}

void applyQuickSearch(diff::DiffResult& result, const QuickSearch& search)
{
    for (diff::Divergence& d : result.divergences) {
        if (!d.unproven())
            continue;
        if (const auto cx = search.counterexamples.find(d.id); cx != search.counterexamples.end()) {
            d.counterexample = "CPU run: " + cx->second;
            d.unprovenReason.clear();
            continue;
        }
        if (const auto why = search.reasons.find(d.id); why != search.reasons.end())
            d.unprovenReason += (d.unprovenReason.empty() ? "" : "; ") + why->second;
    }
}

} // namespace tilelens::crosscheck
