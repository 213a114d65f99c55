#pragma once
// Differential runs: both entries on the same logical inputs, every array
// compared afterwards (tilelens-cli eval, JSON schema tilelens.eval/1).

#include "common/CancelToken.h"
#include "eval/Binding.h"
#include "eval/Interpreter.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tilelens::eval {

enum class InputKind
{
    Random, // normal(0, 1) floats, uniform integers
    Edge,   // 0, -0, +-1, large enough to overflow exp, denormals, NaN, +-inf, mixed with random
    All,    // both
    // Finite values of every magnitude (zeros, denormals, up to where exp overflows), no NaN or
    // inf: where flush-to-zero and rounding modes change a value (EvalOptions::magnitudesAfter).
    Magnitudes,
};

// Defaults of the budgets of an evaluation (docs/cli.md, "Budgets"), beside those of each
// interpreter run (Interpreter.h).
constexpr uint64_t kDefaultMaxCases = 10'000;
constexpr uint64_t kDefaultMaxInputElements = uint64_t(1) << 27; // 1 GiB per copy of the inputs
constexpr double kDefaultTimeoutSeconds = 120;
// Above this many float arrays, edge inputs go into every array at once only (a case per
// array alone would make the cases times the buffers grow with the square of the arrays).
constexpr size_t kMaxEdgeAloneArrays = 32;

// Two ops whose values a finding says differ (its reference and generated op), tapped on every
// case the evaluation runs (OpTap): `id` names the finding.
// How a tapped pair's values are compared.
enum class TapCompare
{
    WithinTolerance, // as outputs are: beyond EvalOptions' ulp and relative tolerance
    // Bit for bit, at elements where the two ops' operands agree bit for bit: for two ops of
    // one kind that differ in an attribute only (a rounding mode, flush-to-zero), whose values
    // then differ by the attribute alone, often by one ulp or a denormal.
    ExactWhereOperandsAgree,
};

struct TapPair
{
    std::string id;
    const ir::Op* reference = nullptr;
    const ir::Op* generated = nullptr;
    TapCompare compare = TapCompare::WithinTolerance;
};

struct EvalOptions
{
    uint64_t seed = 1;
    InputKind inputs = InputKind::All;
    // Floats are the same when equal (NaN equals NaN, -0 equals +0) or within maxUlp
    // units in the last place of the array's element type, or within rtol relative.
    int64_t maxUlp = 2;
    double rtol = 0.0;
    // Non-empty: the edge cases are only those with edge values in one of these arrays
    // alone (a caller that knows which input matters; the default runs all of them).
    std::set<std::string> edgeArrays;
    // Hooks for a background worker: a cancelled token stops the run (verdict "cancelled",
    // the interpreter looks at it between ops); progress(done, total) is called after each case.
    CancelToken cancel;
    std::function<void(size_t done, size_t total)> progress;
    // Budgets: one that runs out gives the verdict `error` with an issue of kind `limit` that
    // names it, its number and where (binding item, or op and loop), never a crash or a hang.
    uint64_t maxCases = kDefaultMaxCases; // dims values x kinds of input
    // Elements of all arrays of one case (each held by the inputs and by both sides' memories).
    uint64_t maxInputElements = kDefaultMaxInputElements;
    uint64_t maxLiveElements = kDefaultMaxLiveElements; // tiles one side holds at once
    // Work of one side's run; a tile block gets at most kDefaultMaxBlockWork of it.
    uint64_t maxWork = kDefaultMaxWork;
    // Work of the whole evaluation (every case, both sides); 0 = no limit. When it runs out the
    // evaluation ends with an issue of kind `limit` and EvalResult::workRanOut: a budget that,
    // unlike the wall time, ends a run at the same place on any machine.
    uint64_t maxTotalWork = 0;
    double timeoutSeconds = kDefaultTimeoutSeconds; // the whole evaluation; 0 = no limit
    // When set, the evaluation stops here instead, timeoutSeconds still naming the budget:
    // for a caller that runs several evaluations under one budget (eval with several pairs).
    std::optional<std::chrono::steady_clock::time_point> deadline;
    // Skip the remaining cases of a dims value once the reference itself fails on one of them
    // (out of bounds, undefined behaviour, a violated assume): for a guessed binding, whose
    // sizes may lie outside what the reference was compiled for; the skip is noted.
    bool skipSizesTheReferenceRejects = false;
    // How messages that need a binding say to give one (askForBinding): the CLI's option, or
    // the GUI's menu item.
    std::string bindingWay = kBindingWayOfCli;
    // Ops to compare on every case where both sides run within their contract (no issue, no
    // read without a padding value): the first element where a pair's values differ beyond the
    // tolerance goes to EvalResult::tapDifferences.
    std::vector<TapPair> taps;
    // A bounded search (the quick CPU search of a plain diff, crosscheck/QuickSearch.h) runs
    // less than the full check: only the tile blocks of `blocks`, only the first value of each
    // dims list, edge values only in every float array at once (no array alone), no rerun
    // that names the first store written differently, and it ends once every tapped pair
    // differs.
    BlockSubset blocks = BlockSubset::All;
    bool firstSizesOnly = false;
    bool edgeInEveryArrayOnly = false;
    bool locateFirstDivergence = true;
    bool stopOnceEveryTapDiffers = false;
    // After the other cases, one of values of every magnitude (InputKind::Magnitudes).
    bool magnitudesAfter = false;
};

// An issue of the reference that puts the inputs outside its contract: it reads out of bounds,
// hits undefined behaviour or violates one of its own `assume`s. Such a case says nothing
// about the port.
bool outsideContract(const EvalIssue& issue);

struct Counterexample
{
    std::string array; // the logical array where the outputs differ
    std::vector<int64_t> index;
    std::string refValue, genValue;
    int64_t ulp = -1; // distance for floats; -1 for integers or non-finite
    std::map<std::string, std::string> inputsAtIndex; // other arrays of the same shape at index
    std::map<std::string, std::string> scalars;
    std::optional<EvalIssue> refIssue, genIssue; // when only one side failed
};

// Where the two runs of a differing case first write different values: stores compared
// in the reference's program order, element by element against the generated side's write
// of the same element (meaningful when both sides compute the same arrays).
struct FirstDivergence
{
    StoreEvent reference, generated; // the two stores (op, line, column, block; no values)
    std::string array;
    std::vector<int64_t> index; // tensor index (buffer element for non-row-major arrays)
    std::string refValue, genValue;
};

struct CaseResult
{
    std::string inputs; // "random" / "edge" / "magnitudes"
    // For edge inputs: the one array given edge values (the others random); empty = all
    // arrays at once. One NaN in a reduced input poisons every output that reduces over
    // it, so edge values in one array at a time reach the ops behind the others.
    std::string edgeArray;
    uint64_t seed = 0;
    std::map<std::string, int64_t> dims;
    Grid refGrid, genGrid;
    std::string verdict; // same / different / unsupported / error
    size_t elementsCompared = 0;
    int64_t maxUlpSeen = 0;
    double refSeconds = 0, genSeconds = 0;
};

// Where a tapped pair of ops first gives different values: `counterexample` names the value
// ("divf at reference line 40 / generated line 52 (block 0, 0, 0)"), its tile index, both values
// and both ops' element-wise operands there; `inputs` is the case (kind, seed, sizes).
struct TapDifference
{
    Counterexample counterexample;
    CaseResult inputs;
};

struct EvalResult
{
    std::string verdict; // same / different / unsupported / error / cancelled
    std::string message; // why, for unsupported, error and cancelled
    std::string bindingSource;
    std::vector<std::string> bindingFacts; // Binding::facts: how a default binding chose sizes
    std::optional<EvalIssue> issue;        // the issue behind unsupported / error
    std::string issueSide;                 // "reference" / "generated"
    std::vector<CaseResult> cases;
    std::optional<Counterexample> counterexample;
    std::optional<CaseResult> counterexampleCase;
    std::optional<FirstDivergence> firstDivergence; // for a counterexample where both ran
    std::set<std::string> approximations;
    std::set<std::string> notes;
    // By TapPair::id: the first difference of its values, or why they could not be compared
    // (shapes, element types or the number of runs differ; no case where both ran in contract).
    std::map<std::string, TapDifference> tapDifferences;
    std::map<std::string, std::string> tapUncompared;
    uint64_t undefinedReads = 0;
    uint64_t elementOps = 0;
    uint64_t work = 0;       // of every run (RunStats::work), bounded by maxTotalWork
    bool workRanOut = false; // maxTotalWork ended the evaluation
    double seconds = 0;
};

EvalResult evaluatePair(const ir::Function& ref, const ir::Function& gen, const Binding& binding,
                        const EvalOptions& options);

nlohmann::json evalResultJson(const EvalResult& r);
std::string evalResultText(const EvalResult& r);
// "first written differently by store_view_tko at reference line 40 / ... : c[0, 3] ..."
std::string firstDivergenceText(const FirstDivergence& f);

} // namespace tilelens::eval
