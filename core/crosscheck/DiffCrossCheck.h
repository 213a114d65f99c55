#pragma once
// The differ's claims checked by running both sides (issue 16 item 3): after a
// diff, the CPU interpreter runs the reference and generated entries on the same
// inputs. A differing output gets its counterexample attached to the critical
// divergences on the dataflow path to it; a run that finds a difference where
// the differ found no critical refutes the differ's `equivalent` (and other
// proven-harmless) findings on that path — a bug of the differ, reported
// loudly; a run that finds no difference confirms the equivalents on the tried
// inputs (not a proof). Unsupported ops are reported as such, never as a pass.
// Used by `tilelens-cli diff --eval` and the GUI's "Run both on CPU".

#include "diff/DiffResult.h"
#include "eval/Differential.h"
#include "ir/Module.h"

#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tilelens::crosscheck {

struct CrossCheck
{
    eval::EvalResult eval;
    std::string referenceEntry, generatedEntry; // the entries that ran
    std::string error;                          // no run: entries or binding not found
    // One line each: the outcome, and the counterexample (inputs that matter,
    // both outputs, the first store written differently when known).
    std::string summary;
    std::string counterexample;
    std::vector<std::string> attachedTo; // critical divergence ids given the counterexample
    std::vector<std::string> confirmed;  // equivalent ids the run agrees with
    std::vector<std::string> refuted;    // ids of harmless-claiming findings the run refutes
    // The run differs although the differ reports no critical: the differ is wrong.
    bool differBug = false;
    // The binding the run used, in words (`bindingText`): a binding file, the one derived from
    // the port's launch chain, or a guess (no file, no chain: parameters by position, one size
    // S for every dimension), which may lie outside what the kernels were compiled for.
    bool bindingGuessed = false;
    std::string bindingDetail; // how it bound and the sizes ("S = 16", "n_ctx = 16, 48")
    std::string bindingText;   // the binding in English ("a guessed binding (S = 16)")
    // The run decides nothing although it ran: the reference itself fails on the inputs (out of
    // bounds, undefined behaviour, a violated assume: outside its contract), or the outputs
    // differ on a guessed binding with no critical divergence to explain them. Nothing is
    // attached or refuted then, and it is never a differ bug.
    bool inconclusive = false;
    // Why the run gives an unproven critical divergence (Divergence::unproven) no
    // counterexample, by id: the outputs are equal within the modelled rounding on the binding,
    // or the run is inconclusive (its summary). Said after the unproven mark, after "CPU run: "
    // (Divergence::unprovenReason), and by noteFor().
    std::map<std::string, std::string> unprovenReasons;
    // Counterexamples of unproven critical divergences, by id, that the outputs do not show:
    // the run tapped the finding's reference and generated op on every case and their values
    // differ there (eval::TapDifference), in the counterexample's words.
    std::map<std::string, std::string> tapCounterexamples;
    // Every entry pair that ran, when crossCheckAll() ran them (the fields above are
    // then those of the deciding pair, with the ids of every pair merged).
    std::vector<CrossCheck> entries;

    bool ran() const { return error.empty(); }
};

// The entry named `name` in the modules, or null.
const ir::Function* findFunction(const std::vector<const ir::Module*>& modules,
                                 const std::string& name);

// Every entry pair of `result` (both sides named), found in the modules.
std::vector<std::pair<const ir::Function*, const ir::Function*>>
entryPairs(const diff::DiffResult& result, const std::vector<const ir::Module*>& reference,
           const std::vector<const ir::Module*>& generated);

// Runs both entries (binding from `bindingFile`, or the default binding when empty)
// and checks the result's divergences of that pair against the outcome.
CrossCheck crossCheck(const diff::DiffResult& result, const ir::Function& ref,
                      const ir::Function& gen, const std::string& bindingFile,
                      const eval::EvalOptions& options);

// crossCheck() for every entry pair. A binding file binds the pairs whose parameters it
// lists (all of them when there is one pair), the others get the default binding. The
// deciding pair (first differing, else first not run, else first) gives the top-level
// fields; attached, confirmed and refuted ids of all pairs are merged.
CrossCheck crossCheckAll(const diff::DiffResult& result,
                         const std::vector<const ir::Module*>& reference,
                         const std::vector<const ir::Module*>& generated,
                         const std::string& bindingFile, const eval::EvalOptions& options);

// Where the binding of an entry pair comes from when no binding file is given: the caller's
// derivation (the port's launch chain: workspace/DerivedBinding.h); nullopt = the default.
// `why` says why none was derived (added to the message when the default binding fails too).
using BindingProvider = std::function<std::optional<eval::Binding>(
    const ir::Function& ref, const ir::Function& gen, std::string& why)>;
CrossCheck crossCheckAll(const diff::DiffResult& result,
                         const std::vector<const ir::Module*>& reference,
                         const std::vector<const ir::Module*>& generated,
                         const std::string& bindingFile, const eval::EvalOptions& options,
                         const BindingProvider& provider);

// The same with a binding already read (the GUI's binding dialog keeps text, not a file): it
// binds as a binding file does.
CrossCheck crossCheckAll(const diff::DiffResult& result,
                         const std::vector<const ir::Module*>& reference,
                         const std::vector<const ir::Module*>& generated,
                         const eval::Binding& given, const eval::EvalOptions& options);

// A binding in the words a run's messages name it with: whether its sizes are a guess, the
// template (msg::kGuessedBinding / kPairBinding / kDerivedBinding / kGivenBinding) and its %1, how
// it bound and the sizes ("parameters by position from the reference's mangled entry name; S =
// 16").
struct BindingWords
{
    bool guessed = false;
    const char* text = nullptr;
    std::string detail;
};
BindingWords bindingWords(const eval::Binding& b);

// The input case a counterexample came from, one line each (the GUI's details): the kind of
// inputs and the seed ("edge values in q (the other arrays random), seed 1"), the sizes
// ("R = 16, H = 1024"), the float scalars ("scale = 0.125") and the inputs of the same shape at
// the differing element's index ("x[0, 3] = 1.5"). Empty without a counterexample.
std::vector<std::string> counterexampleInputs(const eval::EvalResult& r);

// The reference and generated ops of each unproven critical of the entry pair (ref, gen), to tap
// during a run: their values may differ where no output shows it. A finding whose place names
// no single op with a result on each side has none.
std::vector<eval::TapPair> unprovenTapPairs(const diff::DiffResult& result, const ir::Function& ref,
                                            const ir::Function& gen);
// Whether a divergence belongs to the entry pair (ref, gen); one without a function is the
// module's, so every pair's.
bool ofEntryPair(const diff::Divergence& d, const ir::Function& ref, const ir::Function& gen);
// A tapped difference as a counterexample's words, as `--eval` attaches it (after "CPU run: ").
std::string tapCounterexampleText(const eval::TapDifference& difference);

// What the check says about one divergence ("" when nothing), to show after
// "CPU run:": the attached counterexample, a refutation or a confirmation.
std::string noteFor(const CrossCheck& check, const std::string& divergenceId);

// The diff as the run leaves it: each critical the run attached its counterexample to carries
// it ("CPU run: ..."), so it is no longer unproven; each unproven critical the run says
// something about carries that reason. Reports written from it say both.
diff::DiffResult withCpuRun(const diff::DiffResult& result, const CrossCheck& check);

// What the check says when it refutes nothing although it ran (CrossCheck::inconclusive), as
// an English template with its arguments (CrossCheckMessages.h): the CLI fills it in, the GUI
// translates it first. Empty when the check is not inconclusive.
struct CpuRunMessage
{
    const char* text = nullptr;    // msg::kReferenceOutsideContract / kGuessedBindingDiffers
    const char* binding = nullptr; // msg::kGuessedBinding / kDerivedBinding / kGivenBinding
    std::string bindingDetail;     // the binding text's %1
    std::string failure;           // kReferenceOutsideContract's %2: the reference's issue
    std::string english() const;   // "" when there is no text
};
CpuRunMessage inconclusiveMessage(const CrossCheck& check);

// Adds the check to a tilelens.diff/1 document: top-level "eval" and, per
// divergence, "cpu_counterexample" / "cpu_refuted" (docs/cli.md).
void addToDiffJson(nlohmann::json& diff, const CrossCheck& check);
// The "CPU run" section appended to the text and markdown reports; its names and messages
// written as the report writes them (markdown escapes, no control characters).
enum class ReportFormat
{
    Text,
    Markdown
};
std::string crossCheckText(const CrossCheck& check, ReportFormat format = ReportFormat::Text);

} // namespace tilelens::crosscheck
