#include "diff/compare/FloatWitness.h"

// The search driver: which values of a finding to compare, the inputs tried, the stored values
// that must differ too, and the witness text. The evaluation is FloatWitnessEvaluator.h.

#include "common/Side.h"
#include "diff/compare/FloatWitnessEvaluator.h"
#include "diff/compare/FloatWitnessModel.h"
#include "diff/semantics/Semantics.h"
#include "eval/Differential.h"
#include "eval/FloatMath.h"
#include "eval/Numeric.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tilelens::diff {

namespace {

using namespace witness;

// Beyond the CPU comparison's tolerance (eval/Differential.cpp sameFloat): NaN equals NaN and
// -0 equals +0.
bool beyondTolerance(double x, double y, Elem e)
{
    if (x == y || (std::isnan(x) && std::isnan(y)))
        return false;
    if (!std::isfinite(x) || !std::isfinite(y))
        return true;
    return eval::ulpDistance(x, y, e) > eval::EvalOptions().maxUlp;
}

// Far beyond what approximate ops can move: NaN or infinity against a number, or, more than 64
// units in the last place apart, zero against non-zero, other signs, or normal values 1/64
// apart (relative). A subnormal's relative distance says nothing: few units apart, it may be
// large.
bool robustlyApart(double x, double y, Elem e)
{
    if (std::isnan(x) || std::isnan(y))
        return std::isnan(x) != std::isnan(y);
    if (std::isinf(x) || std::isinf(y))
        return x != y;
    constexpr int64_t kMinUlps = 64;
    if (eval::ulpDistance(x, y, e) <= kMinUlps)
        return false;
    if ((x == 0) != (y == 0) || std::signbit(x) != std::signbit(y))
        return true;
    const double small = eval::smallestNormal(e);
    return std::fabs(x) >= small && std::fabs(y) >= small &&
           std::fabs(x - y) > kApproxRelative * std::max(std::fabs(x), std::fabs(y));
}

bool apart(const Num& x, const Num& y, bool robust)
{
    if (!x.isFloat())
        return x.i != y.i;
    return robust ? robustlyApart(x.f, y.f, x.e) : beyondTolerance(x.f, y.f, x.e);
}

// Sample inputs of one element type: ordinary values, magnitudes whose exp overflows,
// subnormals (the ftz cases), signed zeros.
std::vector<double> samplesOf(Elem e, bool subnormalsFirst)
{
    std::vector<double> raw = {0.5, -1.25, 3, 100, -100, 1e4, -1e4, 1, -0.0, 0.0, 0.1, -3};
    // Subnormals, and exponents whose exp / exp2 is one (in f32, also of an f16 input that is
    // widened first).
    raw.insert(raw.end(), {-130, -90});
    if (e == Elem::F16)
        raw.insert(raw.end(), {std::ldexp(1.0, -20), std::ldexp(-1.0, -24), 60000, -20, -12});
    else
        raw.insert(raw.end(), {1e-40, std::ldexp(1.0, -130), std::ldexp(-1.0, -140), 1e30});
    std::vector<double> out;
    for (double x : raw) {
        const double r = eval::roundTo(x, e);
        if (std::isfinite(r))
            out.push_back(r);
    }
    // Memory may hold them too (a NaN that maxf without propagate_nan drops).
    out.insert(out.end(),
               {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                -std::numeric_limits<double>::infinity()});
    if (subnormalsFirst) // a changed flush_to_zero shows there first
        std::stable_partition(out.begin(), out.end(), [e](double x) {
            return x != 0 && std::fabs(x) < eval::smallestNormal(e);
        });
    return out;
}

// Inputs of one try: lane 0 of each input, and lane 1 where one alternates two values.
struct Assignment
{
    std::vector<double> first, second; // second empty: every tile uniform
};

// After the uniform tries, one input at a time alternates a base value with a sample along its
// last dimension (x - max(x) is not zero everywhere then), the others uniform at 0.5.
void addAlternating(const std::vector<Leaf>& leaves, bool subnormalsFirst,
                    std::vector<Assignment>& out)
{
    const size_t n = leaves.size();
    for (size_t k = 0; k < n; ++k) {
        if (!leaves[k].patternable)
            continue;
        for (double base : {0.0, 0.5})
            for (double x : samplesOf(leaves[k].e, subnormalsFirst)) {
                if (x == base || std::isnan(x))
                    continue;
                Assignment a{std::vector<double>(n, 0.5), {}};
                a.first[k] = base;
                a.second = a.first;
                a.second[k] = x;
                out.push_back(std::move(a));
            }
    }
}

std::vector<std::vector<double>> uniformAssignments(const std::vector<Leaf>& leaves,
                                                    bool subnormalsFirst);

// Input combinations: every input the same sample; one input varied, the others at a base
// value; then two inputs varied together; then the alternating ones (addAlternating).
std::vector<Assignment> assignments(const std::vector<Leaf>& leaves, bool subnormalsFirst)
{
    std::vector<Assignment> out;
    for (std::vector<double>& a : uniformAssignments(leaves, subnormalsFirst))
        out.push_back({std::move(a), {}});
    addAlternating(leaves, subnormalsFirst, out);
    return out;
}

std::vector<std::vector<double>> uniformAssignments(const std::vector<Leaf>& leaves,
                                                    bool subnormalsFirst)
{
    std::vector<std::vector<double>> out;
    const size_t n = leaves.size();
    if (n == 0)
        return {{}};
    std::vector<std::vector<double>> samples;
    samples.reserve(n);
    for (const Leaf& l : leaves)
        samples.push_back(samplesOf(l.e, subnormalsFirst));
    for (size_t s = 0; s < samples[0].size(); ++s) {
        std::vector<double> a(n);
        for (size_t k = 0; k < n; ++k)
            a[k] = samples[k][std::min(s, samples[k].size() - 1)];
        out.push_back(a);
    }
    for (double base : {0.5, 3.0})
        for (size_t k = 0; k < n && n > 1; ++k)
            for (double x : samples[k]) {
                std::vector<double> a(n, base);
                a[k] = x;
                out.push_back(a);
            }
    for (size_t k = 0; k < n; ++k)
        for (size_t j = k + 1; j < n; ++j)
            for (double x : samples[k])
                for (double y : samples[j]) {
                    if (out.size() >= kMaxAssignments)
                        return out;
                    std::vector<double> a(n, 0.5);
                    a[k] = x;
                    a[j] = y;
                    out.push_back(a);
                }
    return out;
}

// A value pair the kernel writes: the stored values of a store and its counterpart.
struct Output
{
    int ref = -1, gen = -1;
    std::string where; // "store_ptr_tko at generated line 9 (reference line 12)"
    // A pointer store's masks (i1 operands) on each side: the value reaches memory only where
    // they hold.
    std::vector<int> refMasks, genMasks;
    int refStore = -1, genStore = -1; // the store ops
};

// The i1 operands of a pointer store after its stored value (its masks).
std::vector<int> storeMasks(const GFunction& f, const GOp& store)
{
    std::vector<int> out;
    if (store.id != OpId::StorePtrTko)
        return out;
    for (size_t k = 2; k < store.operands.size(); ++k)
        if (elemOfType(f.values[size_t(store.operands[k])].typeText) == Elem::I1)
            out.push_back(store.operands[k]);
    return out;
}

std::vector<Output> storedValues(const GFunction& R, const GFunction& G, const OpMatching& m)
{
    std::vector<Output> out;
    for (size_t o = 0; o < R.ops.size(); ++o) {
        const GOp& a = R.ops[o];
        const int c = m.refToGen[o];
        if (c < 0 || !isOneOf(a.id, {OpId::StorePtrTko, OpId::StoreViewTko}))
            continue;
        const GOp& b = G.ops[size_t(c)];
        const size_t k = a.id == OpId::StorePtrTko ? 1 : 0; // the stored value
        if (!sameOp(a, b) || k >= a.operands.size() || k >= b.operands.size())
            continue;
        out.push_back({a.operands[k], b.operands[k],
                       std::string(b.name) + " at generated line " + std::to_string(b.line) +
                           " (reference line " + std::to_string(a.line) + ")",
                       storeMasks(R, a), storeMasks(G, b), int(o), c});
    }
    return out;
}

struct Candidate
{
    std::string what; // "" for the op's own results
    int refValue = -1, genValue = -1;
    bool observed = false; // shown only with stored values that differ (search)
    std::set<int> ownGen;  // generated values the finding computes (Evaluator::setFinding)
};

// The values of `f` that may depend on value `v` (by canonical id): its readers' results,
// transitively; an op inside a region taints its enclosing ops' results and region arguments
// (a loop's later iterations).
std::vector<char> dependents(const GFunction& f, int v)
{
    std::vector<char> dep(f.values.size(), 0);
    dep[size_t(f.values[size_t(v)].canon)] = 1;
    auto mark = [&](int value, bool& changed) {
        char& d = dep[size_t(f.values[size_t(value)].canon)];
        changed = changed || !d;
        d = 1;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (const GOp& op : f.ops) {
            bool hit = false;
            for (int x : op.operands)
                hit = hit || dep[size_t(f.values[size_t(x)].canon)];
            for (const GOp* at = &op; hit && at;) {
                for (int r : at->results)
                    mark(r, changed);
                for (int reg : at->regions)
                    for (int a : f.regions[size_t(reg)].args)
                        mark(a, changed);
                const int parent = at->region >= 0 ? f.regions[size_t(at->region)].parentOp : -1;
                at = parent >= 0 ? &f.ops[size_t(parent)] : nullptr;
            }
        }
    }
    return dep;
}

// Two values, as a probe computes them at the evaluator's inputs.
using Probe = std::function<std::pair<std::optional<Num>, std::optional<Num>>()>;

// The probe's two values at `inputs`, in some lane: apart at once, and where either went
// through an approximate op, robustly apart with every approximate result moved either way.
// The lane they are apart in, or -1 (x or y empty where not modelled).
int apartOn(Evaluator& ev, const Probe& probe, const Assignment& inputs, std::optional<Num>& x,
            std::optional<Num>& y)
{
    ev.setInputs(inputs.first, 1, inputs.second);
    const int lanes = ev.lanes();
    int found = -1;
    for (int lane = 0; lane < lanes && found < 0; ++lane) {
        ev.setInputs(inputs.first, 1, inputs.second);
        ev.setLane(lane);
        std::tie(x, y) = probe();
        if (!x || !y || x->e != y->e)
            break;
        const bool approx = x->approx || y->approx;
        if (!apart(*x, *y, approx))
            continue;
        bool robust = true;
        for (double scale : {1 + kApproxMove, 1 - kApproxMove}) {
            if (!approx || !robust)
                break;
            ev.setInputs(inputs.first, scale, inputs.second);
            ev.setLane(lane);
            const auto [xs, ys] = probe();
            robust = xs && ys && apart(*xs, *ys, true);
        }
        if (robust)
            found = lane;
    }
    ev.setLane(0);
    return found;
}

// The two values of a finding, as both kernels compute them.
Probe realProbe(Evaluator& ev, int refValue, int genValue)
{
    return [&ev, refValue, genValue] {
        return std::make_pair(ev.value(Side::Reference, refValue),
                              ev.value(Side::Generated, genValue));
    };
}

// A store's two values where both kernels store them: every loop and if around it runs and
// every mask holds on every element (their integer arguments and block id are named); else one
// value twice, no difference. A mask or bound not modelled counts only on uniform inputs (as
// before the alternating tiles; a real run confirms those).
Probe storedProbe(Evaluator& ev, const GFunction& R, const GFunction& G, const Output& o)
{
    return [&ev, &R, &G, &o] {
        auto x = ev.value(Side::Reference, o.ref);
        auto y = ev.value(Side::Generated, o.gen);
        if (!x || !y)
            return std::make_pair(x, y);
        bool extended = false;
        for (const Side side : {Side::Reference, Side::Generated}) {
            std::vector<Known> known = {
                ev.runs(side, side == Side::Reference ? o.refStore : o.genStore, extended)};
            for (int mask : side == Side::Reference ? o.refMasks : o.genMasks)
                known.push_back(ev.holds(side, mask, extended));
            const GOp& store = (side == Side::Reference ? R : G)
                                   .ops[size_t(side == Side::Reference ? o.refStore : o.genStore)];
            if (store.id == OpId::StoreViewTko)
                known.push_back(ev.tileInside(side, store, 1));
            for (const Known k : known)
                if (k == Known::No || (k == Known::Unsure && ev.lanes() > 1))
                    return std::make_pair(x, x);
        }
        x->extended = x->extended || extended;
        y->extended = y->extended || extended;
        return std::make_pair(x, y);
    };
}

// The reference's value against `patchedValue` with only the finding changed.
Probe aloneProbe(Evaluator& ev, int refValue, Side side, int patchedValue)
{
    return [&ev, refValue, side, patchedValue] {
        return std::make_pair(ev.value(Side::Reference, refValue), ev.patched(side, patchedValue));
    };
}

// Both probes modelled, of one element type; `extended` where a value reads an extension.
bool bothModelled(Evaluator& ev, const Probe& a, const Probe& b, bool& extended)
{
    ev.setInputs({}, 1);
    extended = false;
    for (const Probe* p : {&a, &b}) {
        const auto [x, y] = (*p)();
        if (!x || !y || x->e != y->e)
            return false;
        extended = extended || x->extended || y->extended;
    }
    return true;
}

// Two values a witness prints and the lane they differ in.
struct Printed
{
    Num reference, generated;
    int lane = 0;
};

// The witness text: the inputs (an alternating one's two values), the integer arguments, the
// block and the loops read where a printed value reads an extension, the finding's two values
// and, where `shown`, the stored ones.
std::string witnessText(const Evaluator& ev, const std::vector<Leaf>& leaves,
                        const Assignment& inputs, bool extended, const Printed& finding,
                        const Output* shown, const Printed& store)
{
    std::string text;
    for (size_t k = 0; k < leaves.size(); ++k) {
        const double a = inputs.first[k];
        const double b = inputs.second.empty() ? a : inputs.second[k];
        text += (k ? ", " : "") + leaves[k].name + " = " +
                numText(Num{a, 0, leaves[k].e, false, false});
        if (!sameNum(Num{a, 0, leaves[k].e, false, false}, Num{b, 0, leaves[k].e, false, false}))
            text += " and " + numText(Num{b, 0, leaves[k].e, false, false}) +
                    " alternating along its last dimension";
        else if (leaves[k].tile)
            text += " (every element)";
    }
    // Integer arguments, the block and loops read only by the extensions are named where a
    // printed value reads one.
    for (int arg : ev.integerArguments())
        if (extended)
            text += (text.empty() ? "" : ", ") + std::string("argument ") + std::to_string(arg) +
                    " = " + std::to_string(ev.integerArgument());
    if (extended && ev.firstBlock())
        text += (text.empty() ? "" : ", ") + std::string("in the tile block (0, 0, 0)");
    if (text.empty())
        text = "any input";
    std::set<std::string> loops = ev.firstIterations();
    if (extended)
        loops.insert(ev.extraIterations().begin(), ev.extraIterations().end());
    for (const std::string& loop : loops)
        text += ", in the first iteration of " + loop;
    const char* const where = " (at the elements of the second values)";
    text += " -> reference " + numText(finding.reference) + ", generated " +
            numText(finding.generated) + (finding.lane == 1 ? where : "");
    if (shown)
        text += "; stored by " + shown->where + ": reference " + numText(store.reference) +
                ", generated " + numText(store.generated) + (store.lane == 1 ? where : "");
    return text;
}

// An input on which the candidate's reference and generated values differ, as text, both as
// the two kernels compute them and with the finding alone (the reference's value against the
// finding's ops on the reference's values, Evaluator::setFinding): the difference is real and
// this finding's. With `observed`, a stored value must differ in both ways too (the two values
// need not be meant to be equal: ops of another kind paired by position). The values shown are
// the kernels'. Integer entry arguments take `integerArgument`; `readIntegers` says whether
// the finding's values read one.
std::string searchWith(const GFunction& R, const GFunction& G, const OpMatching& m,
                       const Candidate& c, bool subnormalsFirst, int64_t& spent,
                       int64_t integerArgument, bool& readIntegers)
{
    const int r = c.refValue, g = c.genValue;
    if (R.values[size_t(r)].typeText != G.values[size_t(g)].typeText)
        return {};
    Evaluator ev(R, G, m, spent);
    ev.setIntegerArgument(integerArgument);
    ev.setFinding(r, g, c.ownGen);
    const Probe findingReal = realProbe(ev, r, g),
                findingAlone = aloneProbe(ev, r, Side::Generated, g);
    bool findingExtended = false;
    const bool findingModelled = bothModelled(ev, findingReal, findingAlone, findingExtended);
    readIntegers = !ev.integerArguments().empty();
    if (!findingModelled)
        return {};
    struct Shown
    {
        const Output* output;
        Probe real, alone;
        bool extended; // reads an extension: tried only after the others (second pass)
    };
    std::vector<Output> outputs;
    if (c.observed) {
        const std::vector<char> changed = dependents(R, r);
        for (Output& o : storedValues(R, G, m))
            if (changed[size_t(R.values[size_t(o.ref)].canon)]) // else the finding cannot reach it
                outputs.push_back(std::move(o));
    }
    std::vector<Shown> stores;
    bool anyExtended = false;
    for (const Output& o : outputs) {
        Shown s{&o, storedProbe(ev, R, G, o), aloneProbe(ev, o.ref, Side::Reference, o.ref), false};
        if (bothModelled(ev, s.real, s.alone, s.extended)) {
            anyExtended = anyExtended || s.extended;
            stores.push_back(std::move(s));
        }
    }
    if (c.observed && stores.empty())
        return {};
    const std::vector<Leaf> leaves = ev.leaves();
    const std::vector<Assignment> tries = assignments(leaves, subnormalsFirst);
    // One pass over the tries: a witness, "" where it searched long enough or an input appears
    // it did not know, nothing where no try shows one.
    auto tryAll = [&](int pass) -> std::optional<std::string> {
        for (const Assignment& inputs : tries) {
            std::optional<Num> x, y, xo, yo, unused1, unused2;
            const int lane = apartOn(ev, findingReal, inputs, x, y);
            if (lane < 0 || apartOn(ev, findingAlone, inputs, unused1, unused2) < 0) {
                if (ev.leaves().size() != leaves.size() || ev.overBudget())
                    return std::string(); // an input it did not know, or searched long enough
                continue; // equal here, or this sample is not modelled (a rounding sum)
            }
            const Output* shown = nullptr;
            int shownLane = -1;
            for (size_t k = 0; k < stores.size() && !shown; ++k)
                if ((pass == 1 || !stores[k].extended) &&
                    (shownLane = apartOn(ev, stores[k].real, inputs, xo, yo)) >= 0 &&
                    apartOn(ev, stores[k].alone, inputs, unused1, unused2) >= 0)
                    shown = stores[k].output;
            if (ev.overBudget() || ev.leaves().size() != leaves.size())
                return std::string();
            if (c.observed && !shown)
                continue;
            const bool extended = x->extended || y->extended ||
                                  (shown && (xo->extended || yo->extended)) || findingExtended;
            return std::optional<std::string>(
                witnessText(ev, leaves, inputs, extended, {*x, *y, lane}, shown,
                            {shown ? *xo : *x, shown ? *yo : *y, shownLane}));
        }
        return std::nullopt;
    };
    for (int pass = 0; pass < (anyExtended ? 2 : 1); ++pass)
        if (const std::optional<std::string> text = tryAll(pass)) {
            if (!text->empty())
                return *text;
            if (ev.overBudget())
                return {};
        }
    return {};
}

// searchWith at each of kIntegerArguments in turn, where the values read integer arguments.
std::string search(const GFunction& R, const GFunction& G, const OpMatching& m, const Candidate& c,
                   bool subnormalsFirst, int64_t& spent)
{
    for (const int64_t x : kIntegerArguments) {
        bool readIntegers = false;
        std::string text = searchWith(R, G, m, c, subnormalsFirst, spent, x, readIntegers);
        if (!text.empty() || !readIntegers || spent > kMaxNodesPerFinding)
            return text;
    }
    return {};
}

// An op on one side only: the first users on that side (through ops on that side only) that
// have the same op as counterpart; the operand they read from the op, then their results. A
// user may read another formulation of the same value there (1 / (1 + exp(-x)) against
// exp(x) / (1 + exp(x))): only a difference the kernel stores counts.
std::vector<Candidate> oneSidedCandidates(const GFunction& R, const GFunction& G,
                                          const OpMatching& m, const RawDifference& d)
{
    constexpr size_t kMaxOpsVisited = 64;
    std::vector<Candidate> out;
    const Side side = d.refOp >= 0 ? Side::Reference : Side::Generated;
    const GFunction& f = side == Side::Reference ? R : G;
    const GFunction& other = side == Side::Reference ? G : R;
    const std::vector<int>& toOther = side == Side::Reference ? m.refToGen : m.genToRef;
    std::vector<std::vector<int>> readers(f.values.size()); // by canonical value id
    for (size_t o = 0; o < f.ops.size(); ++o)
        for (int v : f.ops[o].operands)
            readers[size_t(f.values[size_t(v)].canon)].push_back(int(o));
    std::set<int> computed, seen;
    std::vector<int> work = {opOn(d, side)};
    for (size_t next = 0; next < work.size() && seen.size() < kMaxOpsVisited; ++next) {
        const int o = work[next];
        if (!seen.insert(o).second)
            continue;
        const GOp& op = f.ops[size_t(o)];
        const int counterpart = o == opOn(d, side) ? -1 : toOther[size_t(o)];
        if (counterpart < 0) {
            for (int r : op.results) {
                computed.insert(f.values[size_t(r)].canon);
                const std::vector<int>& users = readers[size_t(f.values[size_t(r)].canon)];
                work.insert(work.end(), users.begin(), users.end());
            }
            continue;
        }
        const GOp& otherOp = other.ops[size_t(counterpart)];
        if (!sameOp(op, otherOp))
            continue;
        const GOp& genUser = side == Side::Reference ? otherOp : op;
        const GOp& refUser = side == Side::Reference ? op : otherOp;
        const std::string where = std::string(genUser.name) + " at generated line " +
                                  std::to_string(genUser.line) + " (reference line " +
                                  std::to_string(refUser.line) + ")";
        for (size_t k = 0; k < op.operands.size() && k < otherOp.operands.size(); ++k) {
            if (!computed.count(f.values[size_t(op.operands[k])].canon))
                continue;
            const int here = op.operands[k], there = otherOp.operands[k];
            out.push_back({"operand " + std::to_string(k) + " of " + where,
                           side == Side::Reference ? here : there,
                           side == Side::Reference ? there : here,
                           true,
                           {}});
        }
        if (op.results.size() == 1 && otherOp.results.size() == 1)
            out.push_back({where,
                           side == Side::Reference ? op.results[0] : otherOp.results[0],
                           side == Side::Reference ? otherOp.results[0] : op.results[0],
                           true,
                           {}});
    }
    if (side == Side::Generated) // the one-sided ops are the finding's: computed as generated
        for (Candidate& c : out)
            c.ownGen = computed;
    return out;
}

} // namespace

std::string floatWitness(const GFunction& R, const GFunction& G, const OpMatching& m,
                         const RawDifference& d)
{
    if (d.functionLevel)
        return {};
    std::vector<Candidate> candidates;
    if (d.refOp >= 0 && d.genOp >= 0) {
        const GOp& a = R.ops[size_t(d.refOp)];
        const GOp& b = G.ops[size_t(d.genOp)];
        // Two ops of one kind compute the same thing of corresponding operands; ops of two
        // kinds paired by position may compute other things by design (exp of x against the
        // mulf of x by log2(e) that feeds an exp2): only a difference the kernel stores counts.
        if (a.results.size() == 1 && b.results.size() == 1)
            candidates.push_back({"", a.results[0], b.results[0], !sameOp(a, b), {}});
    } else if (d.kind == DiffKind::OpMissing || d.kind == DiffKind::OpExtra) {
        candidates = oneSidedCandidates(R, G, m, d);
    }
    int64_t spent = 0; // values evaluated, over every candidate
    for (const Candidate& c : candidates) {
        const std::string text = search(R, G, m, c, d.attribute == "flush_to_zero", spent);
        if (!text.empty())
            return c.what.empty() ? text : c.what + ": " + text;
    }
    return {};
}

} // namespace tilelens::diff
