#include "crosscheck/DiffCrossCheck.h"

#include "common/PrintableText.h"
#include "crosscheck/CrossCheckMessages.h"
#include "crosscheck/DataflowSlice.h"
#include "crosscheck/PairBinding.h"
#include "diff/ReportWriters.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

namespace tilelens::crosscheck {
namespace {

using diff::DiffKind;
using diff::Divergence;
using diff::Severity;

const std::set<std::string> kStoreOps = {"store_view_tko", "store_ptr_tko"};

std::string joinIndex(const std::vector<int64_t>& v)
{
    std::string s;
    for (size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
    return s;
}

std::string joinIds(const std::vector<std::string>& ids)
{
    std::string s;
    for (size_t i = 0; i < ids.size(); ++i)
        s += (i ? ", " : "") + ids[i];
    return s;
}

// "c[0, 3]: reference 1e-36, generated nan; inputs a[0, 3] = 100, ...; edge inputs, seed 1,
// C = 4000; first written differently by ..."
std::string counterexampleText(const eval::EvalResult& r)
{
    if (!r.counterexample)
        return {};
    const eval::Counterexample& c = *r.counterexample;
    std::ostringstream s;
    if (c.refIssue || c.genIssue) {
        s << "reference " << (c.refIssue ? c.refIssue->format() : std::string("runs"))
          << ", generated " << (c.genIssue ? c.genIssue->format() : std::string("runs"));
    } else {
        s << c.array << "[" << joinIndex(c.index) << "]: reference " << c.refValue << ", generated "
          << c.genValue;
    }
    std::vector<std::string> inputs;
    for (const auto& [k, v] : c.inputsAtIndex)
        inputs.push_back(k + "[" + joinIndex(c.index) + "] = " + v);
    for (const auto& [k, v] : c.scalars)
        inputs.push_back(k + " = " + v);
    if (!inputs.empty())
        s << "; inputs " << joinIds(inputs);
    if (r.counterexampleCase) {
        const std::string& kind = r.counterexampleCase->inputs;
        s << "; " << (kind == "magnitudes" ? "inputs of every magnitude" : kind + " inputs")
          << ", seed " << r.counterexampleCase->seed;
        for (const auto& [k, v] : r.counterexampleCase->dims)
            s << ", " << k << " = " << v;
    }
    if (r.firstDivergence) {
        const eval::FirstDivergence& f = *r.firstDivergence;
        s << "; first diverging store: " << f.reference.op << " at reference line "
          << f.reference.line << " / " << f.generated.op << " at generated line "
          << f.generated.line << " (block " << joinIndex(f.reference.block) << ")";
        if (f.array != c.array || f.index != c.index)
            s << " writing " << f.array << "[" << joinIndex(f.index) << "]: reference "
              << f.refValue << ", generated " << f.genValue;
    }
    return s.str();
}

// Where the outputs first differ, in a few words: "the first differing output, out[0, 3]", or
// the op that failed on one side.
std::string firstDifferenceText(const eval::EvalResult& r)
{
    const auto element = [](const std::string& array, const std::vector<int64_t>& index) {
        return "the first differing output, " + array + "[" + joinIndex(index) + "],";
    };
    if (r.firstDivergence)
        return element(r.firstDivergence->array, r.firstDivergence->index);
    if (!r.counterexample)
        return "the difference";
    const eval::Counterexample& c = *r.counterexample;
    if (c.refIssue)
        return "the reference's failure at line " + std::to_string(c.refIssue->line);
    if (c.genIssue)
        return "the generated side's failure at line " + std::to_string(c.genIssue->line);
    return element(c.array, c.index);
}

// Lines of each side that the differing output depends on: the slice of the store
// first written differently, of the op that failed on one side, else of every store.
void differingPaths(const eval::EvalResult& r, const ir::Function& ref, const ir::Function& gen,
                    std::set<int>& refLines, std::set<int>& genLines)
{
    auto roots = [](const ir::Function& fn, int line, bool anyOp) {
        std::vector<const ir::Op*> ops;
        if (line > 0)
            ops = findOps(fn, {line}, anyOp ? std::set<std::string>{} : kStoreOps);
        return ops.empty() ? findOps(fn, {}, kStoreOps) : ops;
    };
    int refLine = 0, genLine = 0;
    bool anyOp = false;
    if (r.firstDivergence) {
        refLine = r.firstDivergence->reference.line;
        genLine = r.firstDivergence->generated.line;
    } else if (r.counterexample && (r.counterexample->refIssue || r.counterexample->genIssue)) {
        anyOp = true;
        refLine = r.counterexample->refIssue ? r.counterexample->refIssue->line : 0;
        genLine = r.counterexample->genIssue ? r.counterexample->genIssue->line : 0;
    }
    // One side failed: the difference is that side's failing op; the other side's stores did
    // nothing wrong (the slice of all of them would hold every finding).
    const bool oneSideFailed = anyOp && (refLine > 0) != (genLine > 0);
    refLines =
        oneSideFailed && refLine <= 0 ? std::set<int>{} : sliceLines(roots(ref, refLine, anyOp));
    genLines =
        oneSideFailed && genLine <= 0 ? std::set<int>{} : sliceLines(roots(gen, genLine, anyOp));
}

bool onPath(const Divergence& d, const std::set<int>& refLines, const std::set<int>& genLines)
{
    auto hit = [&](const std::optional<diff::OpSite>& r, const std::optional<diff::OpSite>& g) {
        return (r && refLines.count(r->line)) || (g && genLines.count(g->line));
    };
    if (hit(d.reference, d.generated))
        return true;
    return std::any_of(d.sites.begin(), d.sites.end(), [&](const diff::DivergenceSite& s) {
        return hit(s.reference, s.generated);
    });
}

// A finding that says the difference cannot change a result.
bool claimsHarmless(const Divergence& d)
{
    return d.severity == Severity::Equivalent ||
           (d.severity != Severity::Critical && !d.proof.empty());
}

// A divergence found in the entry pair (ref, gen); one without a function is the module's.
bool ofPair(const Divergence& d, const ir::Function& ref, const ir::Function& gen)
{
    return d.function.empty() || d.function == ref.name || d.function == gen.name;
}

// "%1" of an English template filled in order (the templates of CrossCheckMessages.h).
std::string fill(const char* text, const std::vector<std::string>& args)
{
    std::string out(text);
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string mark = "%" + std::to_string(i + 1);
        for (size_t at = out.find(mark); at != std::string::npos;
             at = out.find(mark, at + args[i].size()))
            out.replace(at, mark.size(), args[i]);
    }
    return out;
}

// Sizes chosen without the launch: the guess's, and the pair binding's (its parameters are
// tied, its sizes are the guess's).
bool guessedSource(const std::string& source)
{
    return source == "mangled" || source == "positional" || source == "pair";
}

const char* bindingTemplate(const CrossCheck& c)
{
    if (c.eval.bindingSource == "pair")
        return msg::kPairBinding;
    if (c.bindingGuessed)
        return msg::kGuessedBinding;
    return c.eval.bindingSource == "derived" ? msg::kDerivedBinding : msg::kGivenBinding;
}

// "S = 16, 48; n = 4": the sizes a binding runs.
std::string dimsText(const eval::Binding& b)
{
    std::string s;
    for (const auto& [name, values] : b.dims) {
        s += (s.empty() ? "" : "; ") + name + " = ";
        for (size_t i = 0; i < values.size(); ++i)
            s += (i ? ", " : "") + std::to_string(values[i]);
    }
    return s.empty() ? "no sizes" : s;
}

// How the binding bound the parameters and the sizes it runs: a guess says how it guessed.
void describeBinding(const eval::Binding& b, CrossCheck& c)
{
    const BindingWords words = bindingWords(b);
    c.bindingGuessed = words.guessed;
    c.bindingDetail = words.detail;
    c.bindingText = fill(words.text, {c.bindingDetail});
}

// The reference failed on the differing case: its inputs are outside its contract.
const eval::EvalIssue* referenceRejection(const eval::EvalResult& r)
{
    if (!r.counterexample || !r.counterexample->refIssue ||
        !eval::outsideContract(*r.counterexample->refIssue))
        return nullptr;
    return &*r.counterexample->refIssue;
}

// The run refutes nothing: every unproven critical of the pair says why it got nothing.
void inconclusive(const diff::DiffResult& result, CrossCheck& c)
{
    c.inconclusive = true;
    c.summary = inconclusiveMessage(c).english();
    for (const Divergence& d : result.divergences)
        if (d.unproven())
            c.unprovenReasons[d.id] = c.summary;
}

void judge(const diff::DiffResult& all, const ir::Function& ref, const ir::Function& gen,
           CrossCheck& c)
{
    diff::DiffResult result;
    for (const Divergence& d : all.divergences)
        if (ofPair(d, ref, gen))
            result.divergences.push_back(d);
    const eval::EvalResult& r = c.eval;
    if (r.verdict == "same") {
        for (const Divergence& d : result.divergences)
            if (d.severity == Severity::Equivalent)
                c.confirmed.push_back(d.id);
        c.summary =
            "same: both sides give the same outputs on " + std::to_string(r.cases.size()) +
            " input case(s)" +
            (c.confirmed.empty() ? std::string()
                                 : ", consistent with " + std::to_string(c.confirmed.size()) +
                                       " equivalent finding(s) (a run is evidence, not a proof)");
        if (c.bindingGuessed)
            c.summary += "; on " + c.bindingText;
        for (const Divergence& d : result.divergences)
            if (d.unproven())
                c.unprovenReasons[d.id] = "equal within the modelled rounding on " + c.bindingText +
                                          " (" + std::to_string(r.cases.size()) + " input case(s))";
        return;
    }
    if (r.verdict != "different") {
        c.summary = r.verdict + (r.message.empty() ? std::string() : ": " + r.message) +
                    " (the run decides nothing about the divergences)";
        for (const Divergence& d : result.divergences)
            if (d.unproven())
                c.unprovenReasons[d.id] = "not decided: " + c.summary;
        return;
    }
    c.counterexample = counterexampleText(r);
    if (referenceRejection(r)) {
        inconclusive(result, c);
        return;
    }
    std::set<int> refLines, genLines;
    differingPaths(r, ref, gen, refLines, genLines);
    std::vector<std::string> criticalsOnPath, allCriticals;
    for (const Divergence& d : result.divergences) {
        if (d.severity == Severity::Critical) {
            allCriticals.push_back(d.id);
            if (onPath(d, refLines, genLines))
                criticalsOnPath.push_back(d.id);
        }
    }
    if (!allCriticals.empty()) {
        // The slice may miss a dependency through memory: then every critical may explain it.
        c.attachedTo = criticalsOnPath.empty() ? allCriticals : criticalsOnPath;
        c.summary = "different: counterexample attached to " + joinIds(c.attachedTo);
        if (c.bindingGuessed)
            c.summary += "; on " + c.bindingText;
        // The other unproven criticals are off the dataflow slice of the first differing output:
        // the run shows no difference that they cause.
        for (const Divergence& d : result.divergences)
            if (d.unproven() &&
                std::find(c.attachedTo.begin(), c.attachedTo.end(), d.id) == c.attachedTo.end())
                c.unprovenReasons[d.id] =
                    "the outputs differ on " + c.bindingText +
                    ", but not through this finding: " + firstDifferenceText(r) +
                    " does not depend on its ops";
        return;
    }
    if (c.bindingGuessed) {
        inconclusive(result, c);
        return;
    }
    c.differBug = true;
    for (const Divergence& d : result.divergences)
        if (claimsHarmless(d) && onPath(d, refLines, genLines))
            c.refuted.push_back(d.id);
    c.summary = "DIFFER BUG: the outputs differ but the diff reports no critical divergence";
    if (!c.refuted.empty())
        c.summary += "; refuted: " + joinIds(c.refuted);
}

// The op a finding names on one side: the op at its line (and column, when known) with its
// mnemonic; null when there is none or several.
const ir::Op* siteOp(const ir::Function& fn, const std::optional<diff::OpSite>& site)
{
    if (!site || site->line <= 0)
        return nullptr;
    const ir::Op* found = nullptr;
    for (const ir::Op* op : findOps(fn, {site->line}, {})) {
        if (op->name.mnemonic() != site->op ||
            (site->column > 0 && op->range.beginColumn != site->column))
            continue;
        if (found)
            return nullptr;
        found = op;
    }
    return found;
}

// The reference and generated ops of each unproven critical of the pair, to tap during the run:
// their values may differ where no output shows it.
// Two ops of one kind that differ in an attribute only (a rounding mode, flush-to-zero, a
// predicate) compute different values from the same operands wherever the attribute matters,
// often by one ulp or a denormal, within the tolerance of outputs: their values are compared
// bit for bit where their operands agree. Anything else, as outputs are.
eval::TapCompare tapCompareOf(const Divergence& d, const ir::Op& ref, const ir::Op& gen)
{
    const bool attributeOnly = d.kind == DiffKind::AttributeChanged ||
                               d.kind == DiffKind::AttributeMissing ||
                               d.kind == DiffKind::AttributeExtra;
    return attributeOnly && ref.id() == gen.id() ? eval::TapCompare::ExactWhereOperandsAgree
                                                 : eval::TapCompare::WithinTolerance;
}

std::vector<eval::TapPair> tapPairs(const diff::DiffResult& result, const ir::Function& ref,
                                    const ir::Function& gen)
{
    std::vector<eval::TapPair> taps;
    for (const Divergence& d : result.divergences) {
        if (!d.unproven() || !ofPair(d, ref, gen))
            continue;
        const ir::Op* r = siteOp(ref, d.reference);
        const ir::Op* g = siteOp(gen, d.generated);
        if (r && g && !r->results.empty() && !g->results.empty())
            taps.push_back({d.id, r, g, tapCompareOf(d, *r, *g)});
    }
    return taps;
}

// The unproven criticals the run attached nothing to whose tapped values differ: that
// difference is their counterexample, in the words of an output's.
void attachTapDifferences(CrossCheck& c)
{
    for (const auto& [id, difference] : c.eval.tapDifferences) {
        if (std::find(c.attachedTo.begin(), c.attachedTo.end(), id) != c.attachedTo.end())
            continue;
        c.tapCounterexamples[id] = tapCounterexampleText(difference);
        c.unprovenReasons.erase(id);
    }
}

} // namespace

const ir::Function* findFunction(const std::vector<const ir::Module*>& modules,
                                 const std::string& name)
{
    for (const ir::Module* m : modules)
        for (const ir::Function* f : m->functions)
            if (f->name == name)
                return f;
    return nullptr;
}

BindingWords bindingWords(const eval::Binding& b)
{
    BindingWords w;
    w.guessed = guessedSource(b.source);
    w.text = b.source == "pair"      ? msg::kPairBinding
             : w.guessed             ? msg::kGuessedBinding
             : b.source == "derived" ? msg::kDerivedBinding
                                     : msg::kGivenBinding;
    w.detail = dimsText(b);
    if (b.source == "pair")
        w.detail = b.derivation + "; " + w.detail;
    if (b.source == "mangled")
        w.detail = "parameters by position from the reference's mangled entry name; " + w.detail;
    else if (b.source == "positional")
        w.detail = "parameters by position from the kernels' make_tensor_view ops; " + w.detail;
    return w;
}

std::vector<eval::TapPair> unprovenTapPairs(const diff::DiffResult& result, const ir::Function& ref,
                                            const ir::Function& gen)
{
    return tapPairs(result, ref, gen);
}

bool ofEntryPair(const diff::Divergence& d, const ir::Function& ref, const ir::Function& gen)
{
    return ofPair(d, ref, gen);
}

std::string tapCounterexampleText(const eval::TapDifference& difference)
{
    eval::EvalResult shown;
    shown.counterexample = difference.counterexample;
    shown.counterexampleCase = difference.inputs;
    return counterexampleText(shown);
}

std::vector<std::pair<const ir::Function*, const ir::Function*>>
entryPairs(const diff::DiffResult& result, const std::vector<const ir::Module*>& reference,
           const std::vector<const ir::Module*>& generated)
{
    std::vector<std::pair<const ir::Function*, const ir::Function*>> pairs;
    for (const diff::FunctionDiff& f : result.functions) {
        if (f.reference.empty() || f.generated.empty())
            continue;
        const ir::Function* ref = findFunction(reference, f.reference);
        const ir::Function* gen = findFunction(generated, f.generated);
        if (ref && gen)
            pairs.push_back({ref, gen});
    }
    return pairs;
}

namespace {

// Runs the pair on `binding` (null: not run, `error` says why).
CrossCheck checkPair(const diff::DiffResult& result, const ir::Function& ref,
                     const ir::Function& gen, const eval::Binding* binding,
                     const std::string& error, const eval::EvalOptions& options)
{
    CrossCheck c;
    c.referenceEntry = std::string(ref.name);
    c.generatedEntry = std::string(gen.name);
    if (!binding) {
        c.error = "binding: " + error;
        c.summary = "not run: " + c.error;
        return c;
    }
    describeBinding(*binding, c);
    eval::EvalOptions run = options;
    // A guessed binding's sizes may lie outside what the reference was compiled for: once the
    // reference fails on them, their other cases would only repeat that.
    run.skipSizesTheReferenceRejects = c.bindingGuessed;
    run.taps = tapPairs(result, ref, gen);
    c.eval = eval::evaluatePair(ref, gen, *binding, run);
    judge(result, ref, gen, c);
    attachTapDifferences(c);
    return c;
}

// The binding of one pair: the file when given (`fileBindsPair`: it binds the only pair, else
// only a pair whose parameters it lists, the others guessed as before), else the chain without
// a file (PairBinding.h). False with why.
bool bindingOf(const diff::DiffResult& result, const ir::Function& ref, const ir::Function& gen,
               const eval::Binding* file, const std::string& fileError, bool fileBindsPair,
               const BindingProvider& provider, const eval::EvalOptions& options,
               eval::Binding& out, std::string& error)
{
    if (!fileError.empty()) {
        error = fileError;
        return false;
    }
    if (file && fileBindsPair) {
        out = *file;
        return true;
    }
    if (file)
        return eval::bindingForPair(file, ref, gen, out, error, options.bindingWay);
    return bindingWithoutFile(result, ref, gen, provider, options.bindingWay, out, error);
}

CrossCheck bindAndCheck(const diff::DiffResult& result, const ir::Function& ref,
                        const ir::Function& gen, const eval::Binding* file,
                        const std::string& fileError, bool fileBindsPair,
                        const BindingProvider& provider, const eval::EvalOptions& options)
{
    eval::Binding binding;
    std::string error;
    const bool bound = bindingOf(result, ref, gen, file, fileError, fileBindsPair, provider,
                                 options, binding, error);
    return checkPair(result, ref, gen, bound ? &binding : nullptr, error, options);
}

size_t decidingCheck(const std::vector<CrossCheck>& checks)
{
    for (size_t i = 0; i < checks.size(); ++i)
        if (checks[i].differBug)
            return i;
    for (size_t i = 0; i < checks.size(); ++i)
        if (checks[i].ran() && checks[i].eval.verdict == "different" && !checks[i].inconclusive)
            return i;
    for (const char* verdict : {"different", "unsupported", "error", "cancelled"})
        for (size_t i = 0; i < checks.size(); ++i)
            if (checks[i].ran() && checks[i].eval.verdict == verdict)
                return i;
    for (size_t i = 0; i < checks.size(); ++i)
        if (!checks[i].ran())
            return i;
    return 0;
}

} // namespace

CrossCheck crossCheck(const diff::DiffResult& result, const ir::Function& ref,
                      const ir::Function& gen, const std::string& bindingFile,
                      const eval::EvalOptions& options)
{
    eval::Binding file;
    std::string error;
    if (!bindingFile.empty())
        eval::loadBinding(bindingFile, file, error);
    return bindAndCheck(result, ref, gen, bindingFile.empty() ? nullptr : &file, error, true, {},
                        options);
}

CrossCheck crossCheckAll(const diff::DiffResult& result,
                         const std::vector<const ir::Module*>& reference,
                         const std::vector<const ir::Module*>& generated,
                         const std::string& bindingFile, const eval::EvalOptions& options)
{
    return crossCheckAll(result, reference, generated, bindingFile, options, {});
}

namespace {

// crossCheckAll() with the binding given (`file`: read, or null with `fileError` when it could
// not be; both empty: none given).
CrossCheck runAll(const diff::DiffResult& result, const std::vector<const ir::Module*>& reference,
                  const std::vector<const ir::Module*>& generated, const eval::Binding* file,
                  const std::string& fileError, const eval::EvalOptions& options,
                  const BindingProvider& provider)
{
    const auto pairs = entryPairs(result, reference, generated);
    if (pairs.empty()) {
        CrossCheck c;
        c.error = "no paired entry functions to run";
        c.summary = "not run: " + c.error;
        return c;
    }
    const bool given = file || !fileError.empty();
    const eval::Binding unread;
    if (!file && given)
        file = &unread;
    std::vector<CrossCheck> checks;
    for (const auto& [ref, gen] : pairs) {
        // The first pair always runs: a cancel before it is then its run's "cancelled"
        // verdict, and there is a deciding check to return.
        if (!checks.empty() && options.cancel.isCancelled())
            break;
        checks.push_back(bindAndCheck(result, *ref, *gen, file, fileError, pairs.size() == 1,
                                      provider, options));
        if (!checks.back().ran()) // why the run gives the pair's unproven criticals nothing
            for (const Divergence& d : result.divergences)
                if (d.unproven() && ofPair(d, *ref, *gen))
                    checks.back().unprovenReasons[d.id] = checks.back().summary;
    }
    CrossCheck top = checks[decidingCheck(checks)];
    if (checks.size() > 1) {
        top.attachedTo.clear();
        top.confirmed.clear();
        top.refuted.clear();
        top.unprovenReasons.clear();
        top.tapCounterexamples.clear();
        for (const CrossCheck& c : checks) {
            top.tapCounterexamples.insert(c.tapCounterexamples.begin(), c.tapCounterexamples.end());
            top.attachedTo.insert(top.attachedTo.end(), c.attachedTo.begin(), c.attachedTo.end());
            top.confirmed.insert(top.confirmed.end(), c.confirmed.begin(), c.confirmed.end());
            top.refuted.insert(top.refuted.end(), c.refuted.begin(), c.refuted.end());
            top.unprovenReasons.insert(c.unprovenReasons.begin(), c.unprovenReasons.end());
        }
        top.summary = std::to_string(checks.size()) + " entry pairs, decided by " +
                      top.referenceEntry + " / " + top.generatedEntry + ": " + top.summary;
    }
    top.entries = std::move(checks);
    return top;
}

} // namespace

CrossCheck crossCheckAll(const diff::DiffResult& result,
                         const std::vector<const ir::Module*>& reference,
                         const std::vector<const ir::Module*>& generated,
                         const std::string& bindingFile, const eval::EvalOptions& options,
                         const BindingProvider& provider)
{
    eval::Binding file;
    std::string fileError;
    if (bindingFile.empty())
        return runAll(result, reference, generated, nullptr, {}, options, provider);
    if (!eval::loadBinding(bindingFile, file, fileError))
        return runAll(result, reference, generated, nullptr, fileError, options, provider);
    return runAll(result, reference, generated, &file, {}, options, provider);
}

CrossCheck crossCheckAll(const diff::DiffResult& result,
                         const std::vector<const ir::Module*>& reference,
                         const std::vector<const ir::Module*>& generated,
                         const eval::Binding& given, const eval::EvalOptions& options)
{
    return runAll(result, reference, generated, &given, {}, options, {});
}

std::vector<std::string> counterexampleInputs(const eval::EvalResult& r)
{
    std::vector<std::string> lines;
    if (!r.counterexample)
        return lines;
    const eval::Counterexample& c = *r.counterexample;
    if (const auto& k = r.counterexampleCase) {
        const std::string seed = ", seed " + std::to_string(k->seed);
        if (k->inputs != "edge")
            lines.push_back(k->inputs + " inputs" + seed);
        else if (k->edgeArray.empty())
            lines.push_back("edge values in every array" + seed);
        else
            lines.push_back("edge values in " + k->edgeArray + " (the other arrays random)" + seed);
        std::string dims;
        for (const auto& [name, value] : k->dims)
            dims += (dims.empty() ? "" : ", ") + name + " = " + std::to_string(value);
        if (!dims.empty())
            lines.push_back(dims);
    }
    for (const auto& [name, value] : c.scalars)
        lines.push_back(name + " = " + value);
    for (const auto& [name, value] : c.inputsAtIndex)
        lines.push_back(name + "[" + joinIndex(c.index) + "] = " + value);
    return lines;
}

std::string noteFor(const CrossCheck& check, const std::string& id)
{
    auto has = [&](const std::vector<std::string>& ids) {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    if (has(check.attachedTo))
        return "counterexample: " + check.counterexample;
    if (const auto tapped = check.tapCounterexamples.find(id);
        tapped != check.tapCounterexamples.end())
        return "counterexample: " + tapped->second;
    if (has(check.refuted))
        return "REFUTED, a differ bug: " + check.counterexample;
    if (has(check.confirmed))
        return "confirmed on " + std::to_string(check.eval.cases.size()) +
               " input case(s) (evidence, not a proof)";
    const auto reason = check.unprovenReasons.find(id);
    return reason == check.unprovenReasons.end() ? std::string() : reason->second;
}

std::string CpuRunMessage::english() const
{
    if (!text)
        return {};
    return fill(text, {fill(binding, {bindingDetail}), failure});
}

CpuRunMessage inconclusiveMessage(const CrossCheck& check)
{
    CpuRunMessage m;
    if (!check.inconclusive)
        return m;
    m.binding = bindingTemplate(check);
    m.bindingDetail = check.bindingDetail;
    if (const eval::EvalIssue* rejected = referenceRejection(check.eval)) {
        m.text = msg::kReferenceOutsideContract;
        m.failure = rejected->format();
    } else if (check.bindingGuessed) {
        m.text = msg::kGuessedBindingDiffers;
    }
    return m;
}

diff::DiffResult withCpuRun(const diff::DiffResult& result, const CrossCheck& check)
{
    diff::DiffResult out = result;
    // Each pair's counterexample goes to the criticals of that pair it was attached to.
    std::map<std::string, std::string> counterexampleOf;
    auto collect = [&](const CrossCheck& c) {
        for (const std::string& id : c.attachedTo)
            counterexampleOf.emplace(id, c.counterexample);
    };
    if (check.entries.empty())
        collect(check);
    for (const CrossCheck& pair : check.entries)
        collect(pair);
    for (Divergence& d : out.divergences) {
        if (!d.unproven())
            continue;
        const auto cx = counterexampleOf.find(d.id);
        if (cx != counterexampleOf.end() && !cx->second.empty()) {
            d.counterexample = "CPU run: " + cx->second;
            continue;
        }
        const auto tapped = check.tapCounterexamples.find(d.id);
        if (tapped != check.tapCounterexamples.end()) {
            d.counterexample = "CPU run: " + tapped->second;
            continue;
        }
        const auto reason = check.unprovenReasons.find(d.id);
        if (reason != check.unprovenReasons.end())
            d.unprovenReason = "CPU run: " + reason->second;
    }
    return out;
}

namespace {

nlohmann::json checkJson(const CrossCheck& c)
{
    nlohmann::json e = {{"verdict", c.ran() ? c.eval.verdict : std::string("error")},
                        {"summary", c.summary},
                        {"reference_entry", c.referenceEntry},
                        {"generated_entry", c.generatedEntry},
                        {"counterexample", c.counterexample},
                        {"attached_to", c.attachedTo},
                        {"confirmed_equivalents", c.confirmed},
                        {"refuted", c.refuted},
                        {"differ_bug", c.differBug},
                        {"inconclusive", c.inconclusive},
                        {"binding", c.bindingText},
                        {"binding_guessed", c.bindingGuessed},
                        {"result", nullptr}};
    if (c.ran())
        e["result"] = eval::evalResultJson(c.eval);
    else
        e["message"] = c.error;
    return e;
}

} // namespace

void addToDiffJson(nlohmann::json& diff, const CrossCheck& c)
{
    nlohmann::json e = checkJson(c);
    e["entries"] = nlohmann::json::array();
    for (const CrossCheck& pair : c.entries)
        e["entries"].push_back(checkJson(pair));
    diff["eval"] = e;
    for (nlohmann::json& d : diff["divergences"]) {
        const std::string id = d.value("id", "");
        auto in = [&](const std::vector<std::string>& ids) {
            return std::find(ids.begin(), ids.end(), id) != ids.end();
        };
        if (in(c.attachedTo))
            d["cpu_counterexample"] = c.counterexample;
        else if (const auto tapped = c.tapCounterexamples.find(id);
                 tapped != c.tapCounterexamples.end())
            d["cpu_counterexample"] = tapped->second;
        if (in(c.refuted))
            d["cpu_refuted"] = c.counterexample;
    }
}

std::string crossCheckText(const CrossCheck& c, ReportFormat format)
{
    const auto show = [format](const std::string& text) {
        return format == ReportFormat::Markdown ? diff::markdownText(text) : printableText(text);
    };
    std::ostringstream s;
    s << "\nCPU run of both sides (--eval): " << show(c.summary) << "\n";
    if (!c.referenceEntry.empty())
        s << "  entries: " << show(c.referenceEntry) << " / " << show(c.generatedEntry) << "\n";
    // An inconclusive run's differing case is outside a contract: what it saw, not a refutation.
    if (!c.counterexample.empty())
        s << (c.inconclusive ? "  what the run saw: " : "  counterexample: ")
          << show(c.counterexample) << "\n";
    if (c.entries.size() > 1)
        for (const CrossCheck& pair : c.entries)
            s << "  entry " << show(pair.referenceEntry) << " / " << show(pair.generatedEntry)
              << ": " << show(pair.summary) << "\n";
    if (c.ran() && !c.eval.approximations.empty()) {
        s << "  within tolerance only:";
        for (const std::string& a : c.eval.approximations)
            s << " " << show(a) << ";";
        s << "\n";
    }
    return s.str();
}

} // namespace tilelens::crosscheck
