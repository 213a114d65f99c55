#include "diff/compare/RootCauses.h"

#include "common/Side.h"
#include "diff/compare/MemoryOperands.h"
#include "diff/semantics/MemoryAccess.h"
#include "diff/semantics/PointerOffsets.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>

namespace tilelens::diff {

namespace {

bool followsKind(DiffKind k)
{
    return k == DiffKind::OperandChanged || k == DiffKind::OpMissing || k == DiffKind::OpExtra;
}

// Ops whose only reported difference is operand-level (several raw
// differences of one op pair must all be so).
std::map<std::pair<int, int>, bool> operandOnlyOps(const std::vector<RawDifference>& raw,
                                                   const std::vector<Divergence>& divs)
{
    std::map<std::pair<int, int>, bool> out;
    for (size_t i = 0; i < raw.size(); ++i) {
        const auto key = std::make_pair(raw[i].refOp, raw[i].genOp);
        // Only the generic fallback follows: a rule that names the difference
        // (a memory-op family, a loop bound) says something of its own.
        // A difference that is no critical one (a flag proven harmless) changes
        // nothing the op passes on.
        const bool critical = divs[i].severity == Severity::Critical;
        const bool ok =
            !critical || (followsKind(raw[i].kind) && !raw[i].functionLevel &&
                          divs[i].rule == "fallback-semantic" &&
                          (raw[i].kind != DiffKind::OperandChanged || raw[i].operandIndex >= 0));
        auto [it, fresh] = out.emplace(key, ok);
        if (!fresh)
            it->second = it->second && ok;
    }
    return out;
}

// The ops an MMA accumulator flows through (written dataflow): the initial
// value and its casts/splats, the loop's iter value, continue, result, and the
// casts down to the stores. An accumulator type change shows at each of them.
std::set<int> accumulatorWeb(const GFunction& f, int mma)
{
    std::set<int> ops = {mma};
    const GOp& m = f.ops[size_t(mma)];
    if (m.operands.size() < 3 || m.results.empty())
        return ops;
    // Written users, built once per web (only pairs with an accumulator change get here).
    std::vector<std::vector<std::pair<int, int>>> users(f.values.size());
    for (size_t id = 0; id < f.ops.size(); ++id)
        for (size_t k = 0; k < f.ops[id].operands.size(); ++k)
            users[size_t(f.ops[id].operands[k])].emplace_back(int(id), int(k));
    std::vector<int> work = {m.operands[2], m.results[0]};
    std::set<int> seen;
    const auto passes = [](OpId n) {
        return isOneOf(n, {OpId::FToF, OpId::Broadcast, OpId::Reshape, OpId::Assume});
    };
    auto loopValues = [&](int loop, size_t k) {
        const GOp& l = f.ops[size_t(loop)];
        ops.insert(loop);
        const GRegion& body = f.regions[size_t(l.regions[0])];
        if (k < l.results.size())
            work.push_back(l.results[k]);
        if (k + 1 < body.args.size())
            work.push_back(body.args[k + 1]);
        if (k + 3 < l.operands.size())
            work.push_back(l.operands[k + 3]);
    };
    while (!work.empty() && seen.size() < 256) {
        const int v = work.back();
        work.pop_back();
        if (!seen.insert(v).second)
            continue;
        const GValue& val = f.values[size_t(v)];
        if (val.def < 0) { // an iter value of a loop body
            const int loop = val.region >= 0 ? f.regions[size_t(val.region)].parentOp : -1;
            if (loop >= 0 && f.ops[size_t(loop)].id == OpId::For && val.index >= 1)
                loopValues(loop, size_t(val.index - 1));
        } else {
            const GOp& d = f.ops[size_t(val.def)];
            if (d.id == OpId::For)
                loopValues(val.def, size_t(val.index));
            else if (d.id == OpId::Constant)
                ops.insert(val.def);
            else if (passes(d.id) && !d.operands.empty()) {
                ops.insert(val.def);
                work.push_back(d.operands[0]);
            }
        }
        for (const auto& [u, k] : users[size_t(v)]) {
            const GOp& o = f.ops[size_t(u)];
            if (o.id == OpId::For && k >= 3) {
                loopValues(u, size_t(k - 3));
            } else if (o.id == OpId::Continue || o.id == OpId::Yield) {
                const int loop = f.regions[size_t(o.region)].parentOp;
                if (loop >= 0 && f.ops[size_t(loop)].id == OpId::For)
                    loopValues(loop, size_t(k));
            } else if (passes(o.id)) {
                ops.insert(u);
                for (int r : o.results)
                    work.push_back(r);
            } else if (o.id == OpId::StorePtrTko || o.id == OpId::StoreViewTko) {
                ops.insert(u);
            }
        }
    }
    return ops;
}

// What the passes below share: the two functions, their classified
// differences, the first critical difference of each op, and the links found
// so far (`parent`: the difference each one follows from; `part`: the link
// makes it part of its root's change, not downstream of its result).
struct CauseLinks
{
    const GFunction& R;
    const GFunction& G;
    const std::vector<RawDifference>& raw;
    const std::vector<Divergence>& divs;
    std::map<int, int> byRefOp, byGenOp;
    std::vector<int> parent;
    std::vector<char> part;

    const GFunction& graph(Side side) const { return side == Side::Generated ? G : R; }
    const std::map<int, int>& findingsOn(Side side) const
    {
        return side == Side::Generated ? byGenOp : byRefOp;
    }
    // Difference i is part of difference `change` (an input of it, a step of its path).
    void attachAsPart(size_t i, int change)
    {
        parent[i] = change;
        part[i] = 1;
    }
};

// The first critical difference reported for each op, per side.
void indexCriticalOps(CauseLinks& c)
{
    for (size_t i = 0; i < c.raw.size(); ++i) {
        if (c.divs[i].severity != Severity::Critical || c.raw[i].functionLevel)
            continue;
        if (c.raw[i].refOp >= 0)
            c.byRefOp.emplace(c.raw[i].refOp, int(i));
        if (c.raw[i].genOp >= 0)
            c.byGenOp.emplace(c.raw[i].genOp, int(i));
    }
}

// The critical difference at the producer of one of op's operands.
int producerFinding(const GFunction& f, int op, int operandIndex,
                    const std::map<int, int>& findings)
{
    const GOp& o = f.ops[size_t(op)];
    for (size_t k = 0; k < o.operands.size(); ++k) {
        if (operandIndex >= 0 && int(k) != operandIndex)
            continue;
        const int def = f.canonValue(o.operands[k]).def;
        // A constant present on one side explains nothing about the op
        // that uses it: the op is where the change is written.
        if (def < 0 || def == op || f.ops[size_t(def)].id == OpId::Constant)
            continue;
        const auto it = findings.find(def);
        if (it != findings.end())
            return it->second;
    }
    return -1;
}

// The critical difference of a matched op pair.
using PairFindings = std::map<std::pair<int, int>, int>;

PairFindings pairFindings(const CauseLinks& c)
{
    PairFindings byPair;
    for (size_t i = 0; i < c.raw.size(); ++i)
        if (c.divs[i].severity == Severity::Critical && c.raw[i].refOp >= 0 && c.raw[i].genOp >= 0)
            byPair.emplace(std::make_pair(c.raw[i].refOp, c.raw[i].genOp), int(i));
    return byPair;
}

// The critical difference of op pair (r, g), -1 when none (or an op is absent).
int pairFinding(const PairFindings& byPair, int r, int g)
{
    if (r < 0 || g < 0)
        return -1;
    const auto it = byPair.find({r, g});
    return it != byPair.end() ? it->second : -1;
}

// The difference of a matched pair at the op that a written producer (rw, gw) was merged into
// by CSE (rp, gp: the canonical producers), where the written producers are the same op; -1
// when none. Any severity: where the lost padding is harmless under a precondition (a warn at
// the view), the store through the merged view changes nothing of its own either.
int mergedIntoFinding(const CauseLinks& c, int rw, int rp, int gw, int gp)
{
    if (rw < 0 || gw < 0 || !sameOp(c.R.ops[size_t(rw)], c.G.ops[size_t(gw)]))
        return -1;
    const bool genMerged = gp >= 0 && gp != gw;
    const bool refMerged = rp >= 0 && rp != rw;
    if (!genMerged && !refMerged)
        return -1;
    int found = -1;
    for (size_t j = 0; j < c.raw.size(); ++j) {
        const RawDifference& d = c.raw[j];
        if (d.refOp < 0 || d.genOp < 0 || d.functionLevel ||
            !((genMerged && d.genOp == gp) || (refMerged && d.refOp == rp)))
            continue;
        if (found < 0 || (c.divs[j].severity == Severity::Critical &&
                          c.divs[size_t(found)].severity != Severity::Critical))
            found = int(j);
    }
    return found;
}

// The difference an operand change follows from: operand k's producers are a
// matched pair that differs, so the op only passes that difference on
// (swapped operands do not).
int changedOperandCause(const CauseLinks& c, const PairFindings& byPair, const RawDifference& d)
{
    const int k = d.operandIndex;
    const GOp& a = c.R.ops[size_t(d.refOp)];
    const GOp& b = c.G.ops[size_t(d.genOp)];
    if (size_t(k) >= a.operands.size() || size_t(k) >= b.operands.size())
        return -1;
    const int rp = c.R.canonValue(a.operands[size_t(k)]).def;
    const int gp = c.G.canonValue(b.operands[size_t(k)]).def;
    int p = pairFinding(byPair, rp, gp);
    // Or by the ops that write the operands, where a side's written producer
    // became a duplicate of another op (A's view without its padding is the
    // same op as the shape view beside it: CSE merges them, but the finding
    // is at the view the load reads).
    const int rw = c.R.values[size_t(a.operands[size_t(k)])].def;
    const int gw = c.G.values[size_t(b.operands[size_t(k)])].def;
    if (p < 0)
        p = pairFinding(byPair, rw, gw);
    // Or the written producers are alike, but one side's merged (CSE) into another op whose
    // pair is the finding: the view a store writes through, without padding, is the same op
    // as the load's view that lost its padding (review32: a second critical at the store).
    if (p < 0)
        p = mergedIntoFinding(c, rw, rp, gw, gp);
    // Or fed by an op the generated side added there (its line is the change).
    const auto extra = gp >= 0 ? c.byGenOp.find(gp) : c.byGenOp.end();
    if (p < 0 && extra != c.byGenOp.end() && c.raw[size_t(extra->second)].refOp < 0 &&
        c.G.ops[size_t(gp)].id != OpId::Constant)
        p = extra->second;
    return p;
}

// The operands of a commutative pair that differ once the pair's other
// operands are matched crosswise (1 + e written e + 1): (reference operand,
// generated operand), or nullopt.
std::optional<std::pair<int, int>> crossedOperands(const CauseLinks& c, const GOp& a, const GOp& b)
{
    if (!a.commutative || !b.commutative || a.operands.size() != b.operands.size())
        return std::nullopt;
    const auto same = [&](int rv, int gv) {
        return c.R.canonValue(rv).hash == c.G.canonValue(gv).hash;
    };
    for (size_t i = 2; i < a.operands.size(); ++i) // fma's addend keeps its place
        if (!same(a.operands[i], b.operands[i]))
            return std::nullopt;
    if (same(a.operands[0], b.operands[1]))
        return std::make_pair(a.operands[1], b.operands[0]);
    if (same(a.operands[1], b.operands[0]))
        return std::make_pair(a.operands[0], b.operands[1]);
    return std::nullopt;
}

// An operand the port computes by an op that is itself a critical finding of
// a matched pair, where the reference computes it by an op present on its
// side only (exp2(a) paired with the reference's negf, the reference's exp
// left over): the op pair follows that finding, and the leftover op is what
// the finding replaced, part of it. Returns the finding, -1 when none.
int replacedOperandCause(CauseLinks& c, size_t i)
{
    const RawDifference& d = c.raw[i];
    const GOp& a = c.R.ops[size_t(d.refOp)];
    const GOp& b = c.G.ops[size_t(d.genOp)];
    std::optional<std::pair<int, int>> operands = crossedOperands(c, a, b);
    if (!operands && size_t(d.operandIndex) < a.operands.size() &&
        size_t(d.operandIndex) < b.operands.size())
        operands =
            std::make_pair(a.operands[size_t(d.operandIndex)], b.operands[size_t(d.operandIndex)]);
    if (!operands)
        return -1;
    const int rp = c.R.canonValue(operands->first).def;
    const int gp = c.G.canonValue(operands->second).def;
    const auto gen = gp >= 0 ? c.byGenOp.find(gp) : c.byGenOp.end();
    const auto ref = rp >= 0 ? c.byRefOp.find(rp) : c.byRefOp.end();
    if (gen == c.byGenOp.end() || ref == c.byRefOp.end() || gen->second == int(i))
        return -1;
    const RawDifference& f = c.raw[size_t(gen->second)];
    const RawDifference& left = c.raw[size_t(ref->second)];
    if (f.refOp < 0 || f.genOp < 0 || left.genOp >= 0 || left.kind != DiffKind::OpMissing)
        return -1;
    // The leftover op feeds only this pair: it is what the port replaced here.
    for (int res : c.R.ops[size_t(rp)].results)
        for (int u : c.R.canonValue(res).users)
            if (c.R.ops[size_t(u)].live && u != d.refOp)
                return -1;
    if (c.parent[size_t(ref->second)] < 0 && ref->second != gen->second)
        c.attachAsPart(size_t(ref->second), gen->second);
    return gen->second;
}

// Operand-level differences follow the critical difference of the op that
// produces the operand.
void followOperandChanges(CauseLinks& c)
{
    const auto operandOnly = operandOnlyOps(c.raw, c.divs);
    const PairFindings byPair = pairFindings(c);
    for (size_t i = 0; i < c.raw.size(); ++i) {
        const RawDifference& d = c.raw[i];
        if (!operandOnly.at({d.refOp, d.genOp}) || c.divs[i].severity != Severity::Critical)
            continue;
        int p = -1;
        if (d.kind == DiffKind::OperandChanged) {
            p = changedOperandCause(c, byPair, d);
            if (p < 0)
                p = replacedOperandCause(c, i);
        } else {
            p = d.genOp >= 0 ? producerFinding(c.G, d.genOp, -1, c.byGenOp) : -1;
            if (p < 0 && d.refOp >= 0)
                p = producerFinding(c.R, d.refOp, -1, c.byRefOp);
        }
        // An op present on one side only follows a matched pair's difference
        // only: one-sided ops may be there just because the change is
        // downstream of them ((x+1)-1 folds, 1-(x+1) does not). A generated
        // op is never hidden under a root the generated side lacks.
        if (p >= 0 && d.kind != DiffKind::OperandChanged &&
            (c.raw[size_t(p)].genOp < 0 || c.raw[size_t(p)].refOp < 0))
            p = -1;
        if (p >= 0 && p != int(i))
            c.parent[i] = p;
    }
}

// The `for` whose index `value` is (its body's first argument), or -1.
int loopOfIndex(const GFunction& f, int value)
{
    const GValue& v = f.values[size_t(value)];
    if (v.def >= 0 || v.region < 0 || v.index != 0)
        return -1;
    const int loop = f.regions[size_t(v.region)].parentOp;
    if (loop < 0 || f.ops[size_t(loop)].id != OpId::For || f.ops[size_t(loop)].operands.size() < 3)
        return -1;
    return loop;
}

// The `assume bounded<lo, hi>` on a loop index states no more than the loop's
// own bounds: every index of `for %i in (lb to ub, step s)`, s >= 1, is in it.
bool impliedByLoop(const GFunction& f, int assume, int loop)
{
    const GAttr* a = findAttr(f.ops[size_t(assume)], "assumption");
    IntRange stated;
    if (!a || !parseBounded(a->value, stated))
        return false;
    const GOp& l = f.ops[size_t(loop)];
    const IntRange lb = f.canonValue(l.operands[0]).range;
    const IntRange ub = f.canonValue(l.operands[1]).range;
    const IntRange step = f.canonValue(l.operands[2]).range;
    if (!lb.known || !step.known || step.lo < 1 || stated.lo > lb.lo)
        return false;
    return stated.hi == INT64_MAX || (ub.known && stated.hi >= ub.hi - 1);
}

// A loop index's assumption that changed with the loop's bounds (the front
// end writes `bounded<lb, ?>` from the lower bound: 0 -> 1 gives bounded<1, ?>)
// restates the loop's finding, where each side's assumption holds by its own
// loop: a site of that finding. A claim the loop does not imply stays a
// finding of its own.
void followLoopIndexAssumes(CauseLinks& c)
{
    const PairFindings byPair = pairFindings(c);
    for (size_t i = 0; i < c.raw.size(); ++i) {
        const RawDifference& d = c.raw[i];
        if (c.parent[i] >= 0 || c.divs[i].severity != Severity::Critical ||
            d.kind != DiffKind::AttributeChanged || d.refOp < 0 || d.genOp < 0 ||
            !c.R.ops[size_t(d.refOp)].assume || !c.G.ops[size_t(d.genOp)].assume ||
            c.R.ops[size_t(d.refOp)].operands.empty() || c.G.ops[size_t(d.genOp)].operands.empty())
            continue;
        const int rLoop = loopOfIndex(c.R, c.R.ops[size_t(d.refOp)].operands[0]);
        const int gLoop = loopOfIndex(c.G, c.G.ops[size_t(d.genOp)].operands[0]);
        int loopFinding = pairFinding(byPair, rLoop, gLoop);
        // A lower bound changed to the value of a later constant is reported at
        // its constant (OpMatcher's rehomeChangedConstant): the loop's finding.
        if (loopFinding < 0 && rLoop >= 0 && gLoop >= 0)
            loopFinding =
                pairFinding(byPair, c.R.values[size_t(c.R.ops[size_t(rLoop)].operands[0])].def,
                            c.G.values[size_t(c.G.ops[size_t(gLoop)].operands[0])].def);
        if (loopFinding < 0 || loopFinding == int(i) || !impliedByLoop(c.R, d.refOp, rLoop) ||
            !impliedByLoop(c.G, d.genOp, gLoop))
            continue;
        c.parent[i] = loopFinding;
    }
}

// An address term as both sides compare it: the atoms' hashes -> coefficient.
using AddressTerms = std::map<std::vector<uint64_t>, uint64_t>;

// The address an offset op computes, as its base pointer's hash and the sum
// of every index it adds on the way there (through offsets of offsets and
// single-element reshapes and broadcasts of a pointer); false when an index
// has too many terms.
bool addressOf(const GFunction& f, int op, uint64_t& base, AddressTerms& sum)
{
    int v = -1;
    for (int depth = 0; depth < 16; ++depth) {
        const GOp& o = f.ops[size_t(op)];
        if (o.id == OpId::Offset && o.operands.size() == 2) {
            const auto terms = integerTerms(f, o.operands[1]);
            if (!terms)
                return false;
            for (const auto& [coef, atoms] : *terms) {
                std::vector<uint64_t> key;
                for (int a : atoms)
                    key.push_back(a >= 0 ? f.values[size_t(a)].hash : 0);
                std::sort(key.begin(), key.end());
                sum[key] += coef;
            }
        } else if ((o.id != OpId::Reshape && o.id != OpId::Broadcast) || o.operands.size() != 1) {
            return false;
        }
        v = o.operands[0];
        const int def = f.canonValue(v).def;
        if (def < 0 ||
            !isOneOf(f.ops[size_t(def)].id, {OpId::Offset, OpId::Reshape, OpId::Broadcast})) {
            base = f.canonValue(v).hash;
            return true;
        }
        op = def;
    }
    return false;
}

// The terms of `a` that `b` lacks (or has with another coefficient).
AddressTerms termsBeyond(const AddressTerms& a, const AddressTerms& b)
{
    AddressTerms out;
    for (const auto& [key, coef] : a) {
        const auto it = b.find(key);
        if (coef != 0 && (it == b.end() || it->second != coef))
            out.emplace(key, coef);
    }
    return out;
}

// An address that differs only by terms an upstream offset of the port added
// (the second half addressed with the row stride: offset(row_base, stride),
// then splat and offset by the lanes) follows from that offset's finding:
// every term the generated address has beyond the reference's is already in
// the pointer that offset makes, so the change is written there.
void followAddressTerms(CauseLinks& c)
{
    for (size_t i = 0; i < c.raw.size(); ++i) {
        const RawDifference& d = c.raw[i];
        if (c.parent[i] >= 0 || d.kind != DiffKind::OperandChanged || d.refOp < 0 || d.genOp < 0 ||
            c.divs[i].severity != Severity::Critical ||
            c.R.ops[size_t(d.refOp)].id != OpId::Offset ||
            c.G.ops[size_t(d.genOp)].id != OpId::Offset)
            continue;
        uint64_t rBase = 0, gBase = 0;
        AddressTerms rSum, gSum;
        if (!addressOf(c.R, d.refOp, rBase, rSum) || !addressOf(c.G, d.genOp, gBase, gSum) ||
            rBase != gBase)
            continue;
        const AddressTerms genOnly = termsBeyond(gSum, rSum);
        if (genOnly.empty())
            continue;
        // Up the pointer operand through splats to an offset the port changed.
        int v = c.G.ops[size_t(d.genOp)].operands[0];
        for (int depth = 0; depth < 8; ++depth) {
            const int def = c.G.canonValue(v).def;
            if (def < 0)
                break;
            const GOp& o = c.G.ops[size_t(def)];
            const auto it = c.byGenOp.find(def);
            if (o.id == OpId::Offset && it != c.byGenOp.end() && it->second != int(i)) {
                uint64_t there = 0;
                AddressTerms made;
                if (addressOf(c.G, def, there, made) && there == gBase &&
                    termsBeyond(genOnly, made).empty())
                    c.parent[i] = it->second;
                break;
            }
            if (!isOneOf(o.id, {OpId::Offset, OpId::Reshape, OpId::Broadcast}) ||
                o.operands.empty())
                break;
            v = o.operands[0];
        }
    }
}

// A gather padding the generated side makes observable only by storing its
// lanes without a mask (a dropped store mask) is part of that store's change,
// not a mistake of its own.
void attachPaddingToUnmaskedStores(CauseLinks& c)
{
    for (size_t i = 0; i < c.raw.size(); ++i) {
        const RawDifference& d = c.raw[i];
        if (c.parent[i] >= 0 || c.divs[i].severity != Severity::Critical || d.refOp < 0 ||
            d.genOp < 0 || d.kind != DiffKind::OperandChanged ||
            d.attribute.rfind("padding", 0) != 0)
            continue;
        const int store = unmaskedStoreOfPadding(c.G, d.genOp);
        const auto it = store >= 0 ? c.byGenOp.find(store) : c.byGenOp.end();
        if (it == c.byGenOp.end() || it->second == int(i) || c.raw[size_t(it->second)].refOp < 0)
            continue;
        c.attachAsPart(i, it->second);
    }
}

// A padding value the port selects into the masked-off lanes of its loads
// (select(mask, load, c): cuTile Rust cannot pad a generic element type),
// written once as a constant of its own (0.0 where the reference pads with
// -inf): the loads' padding differences and the selects follow from it, one
// finding at the constant.
void attachSelectedPadding(CauseLinks& c)
{
    for (size_t i = 0; i < c.raw.size(); ++i) {
        const RawDifference& d = c.raw[i];
        if (c.parent[i] >= 0 || d.kind != DiffKind::OpExtra || d.genOp < 0 ||
            c.divs[i].severity != Severity::Critical ||
            c.G.ops[size_t(d.genOp)].id != OpId::Constant ||
            c.G.ops[size_t(d.genOp)].results.size() != 1)
            continue;
        const int value = c.G.values[size_t(c.G.ops[size_t(d.genOp)].results[0])].canon;
        const uint64_t hash = c.G.values[size_t(value)].hash;
        std::vector<int> selects, loads;
        bool padsOnly = true;
        for (int u : c.G.values[size_t(value)].users) {
            const GOp& s = c.G.ops[size_t(u)];
            if (!s.live)
                continue;
            const int load = s.id == OpId::Select && s.operands.size() == 3
                                 ? c.G.canonValue(s.operands[1]).def
                                 : -1;
            if (load < 0 || c.G.values[size_t(s.operands[2])].canon != value ||
                paddingSelect(c.G, load, hash) < 0) {
                padsOnly = false;
                break;
            }
            selects.push_back(u);
            loads.push_back(load);
        }
        if (!padsOnly || selects.empty())
            continue;
        for (size_t j = 0; j < c.raw.size(); ++j) {
            const RawDifference& e = c.raw[j];
            if (j == i || c.parent[j] >= 0 || c.divs[j].severity != Severity::Critical ||
                e.genOp < 0)
                continue;
            const bool padding = std::find(loads.begin(), loads.end(), e.genOp) != loads.end() &&
                                 e.attribute.rfind("padding", 0) == 0;
            if (padding)
                c.attachAsPart(j, int(i));
            else if (std::find(selects.begin(), selects.end(), e.genOp) != selects.end())
                c.parent[j] = int(i);
        }
    }
}

// A constant, or an op whose normal form is one (the port's ftof of an f32
// constant against the reference's bf16 constant).
bool writtenAsConstant(const GOp& o)
{
    return o.id == OpId::Constant || (o.hasSemOperands && o.semOperands.empty());
}

// A constant pair reported where its values are written (duplicates of
// other constants: a loop step 1 -> 2): the canonical constants those
// duplicates merge into, present on one side only, are that change. So are
// the two constants themselves where the matcher left them unpaired (a folded
// ftof against a constant of the same value type: their names differ).
void attachToWrittenConstants(CauseLinks& c)
{
    std::map<std::pair<Side, int>, int> writtenConstant;
    for (size_t i = 0; i < c.raw.size(); ++i) {
        const RawDifference& d = c.raw[i];
        if (d.kind != DiffKind::AttributeChanged || d.refOp < 0 || d.genOp < 0 ||
            c.divs[i].severity != Severity::Critical)
            continue;
        const GOp& x = c.R.ops[size_t(d.refOp)];
        const GOp& y = c.G.ops[size_t(d.genOp)];
        const bool constants = x.id == OpId::Constant && y.id == OpId::Constant;
        const bool folded = d.attribute == "value" && writtenAsConstant(x) && writtenAsConstant(y);
        if (!constants && !folded)
            continue;
        if (!x.results.empty())
            writtenConstant.emplace(
                std::make_pair(Side::Reference, c.R.canonValue(x.results[0]).def), int(i));
        if (!y.results.empty())
            writtenConstant.emplace(
                std::make_pair(Side::Generated, c.G.canonValue(y.results[0]).def), int(i));
    }
    for (size_t i = 0; i < c.raw.size(); ++i) {
        const RawDifference& d = c.raw[i];
        const std::optional<Side> side = onlySide(d);
        if (c.parent[i] >= 0 || !side ||
            (d.kind != DiffKind::OpExtra && d.kind != DiffKind::OpMissing))
            continue;
        const auto it = writtenConstant.find({*side, opOn(d, *side)});
        if (it != writtenConstant.end() && it->second != int(i))
            c.attachAsPart(i, it->second);
    }
}

// x * 1.0 with flush_to_zero: without the flag the normal form folds it to x, so flushing
// x's subnormals is all it does. Inserted on one side, that is a change of its own, not an
// input of the changed op it feeds (review32: it hid an addf -> subf as its site).
bool flushOnly(const GFunction& f, const GOp& o)
{
    if (o.id != OpId::MulF || o.operands.size() != 2 || o.attrs.size() != 1 ||
        o.attrs[0].name != "flush_to_zero")
        return false;
    for (int v : o.operands) {
        const int def = f.canonValue(v).def;
        const GAttr* a = def >= 0 && f.ops[size_t(def)].id == OpId::Constant
                             ? findAttr(f.ops[size_t(def)], "value")
                             : nullptr;
        if (a && splatFloat(splatScalar(a->value)) == 1.0)
            return true;
    }
    return false;
}

// The one changed op pair an op on one side only feeds, directly or through
// other such ops (for a constant, also the one such op whose own result is the
// change), or -1. Memoised across queries (the links it reads are
// those found before the query).
class OneSidedInputs
{
public:
    explicit OneSidedInputs(const CauseLinks& c) : m_c(c) {}

    int changeFed(Side side, int op, int depth)
    {
        const auto key = std::make_pair(side, op);
        if (const auto it = m_memo.find(key); it != m_memo.end())
            return it->second;
        m_memo[key] = -1; // a cycle explains nothing
        const GFunction& f = m_c.graph(side);
        const GOp& o = f.ops[size_t(op)];
        if (!o.pure || o.results.empty() || depth > 16)
            return -1;
        const auto& findings = m_c.findingsOn(side);
        int change = -1;
        for (int res : o.results) {
            for (int u : f.canonValue(res).users) {
                const auto it = findings.find(u);
                if (it == findings.end())
                    return -1;
                int p = it->second;
                const bool pair = m_c.raw[size_t(p)].refOp >= 0 && m_c.raw[size_t(p)].genOp >= 0;
                if (!pair && !flushOnly(f, f.ops[size_t(u)])) {
                    // Through the one-sided user to the pair it feeds; where that user's result
                    // is a change of its own (the pair follows it: x * 2.0 where the
                    // reference's x * 1.0 folded away), a constant is an input of that change.
                    const int fed = changeFed(side, u, depth + 1);
                    const bool ownChange = m_c.parent[size_t(p)] < 0 && o.id == OpId::Constant;
                    p = fed < 0 && ownChange ? p : fed;
                } else if (m_c.parent[size_t(p)] >= 0)
                    return -1; // the pair follows a change upstream (maybe this op's own)
                if (p < 0 || (change >= 0 && p != change))
                    return -1;
                change = p;
            }
        }
        m_memo[key] = change;
        return change;
    }

private:
    const CauseLinks& m_c;
    std::map<std::pair<Side, int>, int> m_memo;
};

// An op on one side only whose every use is one changed op pair, directly
// or through other such ops (log2(e) of an exp -> exp2 rewrite; the mask
// computation of a store whose mask was dropped; the constant of an added
// x * 2.0) is an input of that change: a site of it.
void attachOneSidedInputs(CauseLinks& c)
{
    OneSidedInputs inputs(c);
    for (size_t i = 0; i < c.raw.size(); ++i) {
        const RawDifference& d = c.raw[i];
        const std::optional<Side> side = onlySide(d);
        if (c.parent[i] >= 0 || !side || c.divs[i].severity != Severity::Critical ||
            (d.kind != DiffKind::OpExtra && d.kind != DiffKind::OpMissing))
            continue;
        // A rule that names the one-sided op (a dropped cast before a store)
        // says where the change is: only the generic fallback is an input.
        const GOp& o = c.graph(*side).ops[size_t(opOn(d, *side))];
        if ((o.id != OpId::Constant && c.divs[i].rule != "fallback-semantic") ||
            flushOnly(c.graph(*side), o))
            continue;
        const int change = inputs.changeFed(*side, opOn(d, *side), 0);
        if (change >= 0 && change != int(i))
            c.attachAsPart(i, change);
    }
}

// The one op pair whose operands differ critically that every written use of
// a pure op leads to, or -1. Written users are built once per side, on demand.
class AbsorbedOps
{
public:
    explicit AbsorbedOps(const CauseLinks& c) : m_c(c) {}

    int changeAbsorbing(Side side, int op, int depth)
    {
        const GFunction& f = m_c.graph(side);
        const GOp& o = f.ops[size_t(op)];
        if (!o.pure || o.results.empty() || depth > 8)
            return -1;
        const auto& findings = m_c.findingsOn(side);
        int change = -1;
        for (int res : o.results)
            for (int u : usersOf(side, res)) {
                const auto it = findings.find(u);
                int p = it == findings.end() ? -1 : it->second;
                // Only a pair whose operands differ: an input of an op that changed
                // otherwise (a flag) is no part of that change.
                if (p >= 0 && (m_c.raw[size_t(p)].refOp < 0 || m_c.raw[size_t(p)].genOp < 0 ||
                               m_c.raw[size_t(p)].kind != DiffKind::OperandChanged))
                    p = -1;
                if (p < 0 && f.ops[size_t(u)].pure)
                    p = changeAbsorbing(side, u, depth + 1);
                if (p < 0 || (change >= 0 && p != change))
                    return -1;
                change = p;
            }
        return change;
    }

private:
    const std::vector<int>& usersOf(Side side, int value)
    {
        auto& users = m_writtenUsers[side];
        const GFunction& f = m_c.graph(side);
        if (users.empty()) {
            users.resize(f.values.size());
            for (size_t id = 0; id < f.ops.size(); ++id)
                for (int v : f.ops[id].operands)
                    users[size_t(v)].push_back(int(id));
        }
        return users[size_t(value)];
    }

    const CauseLinks& m_c;
    PerSide<std::vector<std::vector<int>>> m_writtenUsers;
};

// A one-sided op that the comparison leaves out of its normal forms: a dead
// op, or one folded into another value (x * 1) that the kernel still reads,
// reported as an op of that side only (OpComparator's unmatchedPureKind).
bool reportedUnused(const CauseLinks& c, const RawDifference& d, Side side)
{
    if (d.kind == DiffKind::DeadOp)
        return true;
    if (d.kind != DiffKind::OpMissing && d.kind != DiffKind::OpExtra)
        return false;
    const GOp& o = c.graph(side).ops[size_t(opOn(d, side))];
    return !o.live && o.duplicateOf < 0 && o.folded && !o.proof.empty();
}

// A pure op that only a normal form absorbed (the index arithmetic of an
// offset, summed as terms) is reported as unused; when every written use
// leads to one op pair whose operands differ critically, it is where that
// pair's change is written.
void attachAbsorbedOps(CauseLinks& c)
{
    AbsorbedOps absorbed(c);
    for (size_t i = 0; i < c.raw.size(); ++i) {
        const RawDifference& d = c.raw[i];
        const std::optional<Side> side = onlySide(d);
        if (c.parent[i] >= 0 || !side || !reportedUnused(c, d, *side))
            continue;
        const int change = absorbed.changeAbsorbing(*side, opOn(d, *side), 0);
        if (change >= 0 && change != int(i))
            c.attachAsPart(i, change);
    }
}

// An accumulator type change at an mma: every critical difference on the
// accumulator's path (its initial constant, the loop's iter value, the
// casts before the store, the store) is that one change.
void attachAccumulatorPaths(CauseLinks& c)
{
    for (size_t i = 0; i < c.raw.size(); ++i) {
        if (c.divs[i].rule != "mma-accumulator-dtype" || c.raw[i].refOp < 0 || c.raw[i].genOp < 0)
            continue;
        const std::set<int> webR = accumulatorWeb(c.R, c.raw[i].refOp);
        const std::set<int> webG = accumulatorWeb(c.G, c.raw[i].genOp);
        for (size_t j = 0; j < c.raw.size(); ++j) {
            const RawDifference& d = c.raw[j];
            if (j == i || c.parent[j] >= 0 || c.divs[j].severity != Severity::Critical ||
                d.functionLevel || (d.refOp < 0 && d.genOp < 0))
                continue;
            if ((d.refOp < 0 || webR.count(d.refOp)) && (d.genOp < 0 || webG.count(d.genOp)))
                c.attachAsPart(j, int(i));
        }
    }
}

// Follow each chain to its root in one pass (linear: large pairs have
// thousands of differences). Dataflow through op results has no cycles;
// should a chain come back to itself, it is cut where it closes (in `parent`).
std::vector<int> rootsOfChains(std::vector<int>& parent)
{
    std::vector<int> top(parent.size(), -1);
    std::vector<char> state(parent.size(), 0); // 0 new, 1 on the current path, 2 resolved
    std::vector<int> path;
    for (size_t i = 0; i < parent.size(); ++i) {
        path.clear();
        int r = int(i);
        while (r >= 0 && state[size_t(r)] == 0) {
            state[size_t(r)] = 1;
            path.push_back(r);
            r = parent[size_t(r)];
        }
        if (r >= 0 && state[size_t(r)] == 1) {
            parent[size_t(r)] = -1; // the cycle closes at r: r is the root of the
            top[size_t(r)] = r;     // path's tail, resolved below before r itself
        }
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
            const int u = *it, up = parent[size_t(u)];
            top[size_t(u)] = up < 0 ? u : top[size_t(up)];
            state[size_t(u)] = 2;
        }
    }
    std::vector<int> root(parent.size(), -1);
    for (size_t i = 0; i < parent.size(); ++i)
        root[i] = top[i] == int(i) ? -1 : top[i];
    return root;
}

// Downstream of a part is still part of the change (not of the root's result).
std::vector<char> partsOfChange(const std::vector<int>& parent, const std::vector<char>& part)
{
    std::vector<char> out(parent.size(), 0);
    for (size_t i = 0; i < parent.size(); ++i)
        for (int u = int(i); u >= 0 && parent[size_t(u)] >= 0; u = parent[size_t(u)])
            if (part[size_t(u)]) {
                out[i] = 1;
                break;
            }
    return out;
}

} // namespace

std::vector<int> rootCauses(const GFunction& R, const GFunction& G,
                            const std::vector<RawDifference>& raw,
                            const std::vector<Divergence>& divs, std::vector<char>* partOfChange)
{
    CauseLinks c{R,
                 G,
                 raw,
                 divs,
                 {},
                 {},
                 std::vector<int>(raw.size(), -1),
                 std::vector<char>(raw.size(), 0)};
    indexCriticalOps(c);
    followOperandChanges(c);
    followLoopIndexAssumes(c);
    followAddressTerms(c);
    attachSelectedPadding(c);
    attachPaddingToUnmaskedStores(c);
    attachToWrittenConstants(c);
    attachOneSidedInputs(c);
    attachAbsorbedOps(c);
    attachAccumulatorPaths(c);
    std::vector<int> root = rootsOfChains(c.parent);
    if (partOfChange)
        *partOfChange = partsOfChange(c.parent, c.part);
    return root;
}

} // namespace tilelens::diff
