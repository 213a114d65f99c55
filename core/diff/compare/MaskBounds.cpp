#include "diff/compare/MaskBounds.h"

#include "common/Side.h"
#include "diff/semantics/PointerOffsets.h"
#include "diff/semantics/Semantics.h"
#include "ir/OpInfo.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace tilelens::diff {

namespace {

using Terms = std::vector<std::pair<uint64_t, std::vector<uint64_t>>>; // coefficient, atom hashes

bool isMemoryOp(const GOp& o)
{
    return ir::opInfo(o.id).has(ir::OpTrait(ir::ReadsMemory | ir::WritesMemory));
}

bool isMask(const GValue& v)
{
    const std::string_view t = v.typeText;
    return t == "tile<i1>" || (t.size() > 4 && t.substr(t.size() - 4) == "xi1>");
}

// The one written mask operand of a memory op, or -1.
int maskOperand(const GFunction& f, const GOp& o)
{
    int found = -1;
    for (size_t k = 0; k < o.operands.size(); ++k)
        if (isMask(f.values[size_t(o.operands[k])])) {
            if (found >= 0)
                return -1;
            found = int(k);
        }
    return found;
}

enum Origin : unsigned
{
    kBlock = 1,
    kLane = 2,
    kArg = 4,
    kOther = 8
};

// What a value is computed from: block ids, lane indices (iota), entry
// arguments and constants, or anything else (a load, a loop index).
class Origins
{
public:
    explicit Origins(const GFunction& f) : m_f(f), m_memo(f.values.size(), 0) {}

    unsigned of(int v, std::set<int>* args = nullptr)
    {
        const int c = m_f.values[size_t(v)].canon;
        if (!args && m_memo[size_t(c)])
            return m_memo[size_t(c)];
        unsigned r = 0;
        const GValue& x = m_f.values[size_t(c)];
        if (x.def < 0) {
            const bool entry = x.region == 0;
            r = entry ? kArg : kOther;
            if (entry && args)
                args->insert(x.index);
        } else {
            const GOp& o = m_f.ops[size_t(x.def)];
            if (o.id == OpId::GetTileBlockId)
                r = kBlock;
            else if (o.id == OpId::Iota)
                r = kLane;
            else if (o.id == OpId::Constant || o.id == OpId::GetNumTileBlocks)
                r = kArg;
            else if (!o.pure || o.operands.empty() || ++m_steps > 4096)
                r = kOther;
            else
                for (int a : o.operands)
                    r |= of(a, args);
        }
        m_memo[size_t(c)] = r;
        return r;
    }

private:
    const GFunction& m_f;
    std::vector<unsigned> m_memo;
    int m_steps = 0;
};

// One conjunct read as `V pred I`.
struct Bound
{
    bool ok = false;
    bool row = false; // V from block ids only
    std::string pred;
    Terms lane, bound;       // V and I
    std::set<int> boundArgs; // entry arguments (positions) I is computed from
    int line = 0;
    int op = -1; // the compare
};

std::string flipped(std::string_view p)
{
    if (p == "less_than")
        return "greater_than";
    if (p == "greater_than")
        return "less_than";
    if (p == "less_than_or_equal")
        return "greater_than_or_equal";
    if (p == "greater_than_or_equal")
        return "less_than_or_equal";
    return std::string(p);
}

// The masks of one side's function, read as conjuncts and bounds.
class MaskReader
{
public:
    explicit MaskReader(const GFunction& f) : m_f(f), m_origins(f) {}

    const GFunction& f() const { return m_f; }

    // Canonical conjunct values of a mask (through andi of masks).
    void conjuncts(int v, std::vector<int>& out) const
    {
        const int c = m_f.values[size_t(v)].canon;
        const int d = m_f.values[size_t(c)].def;
        if (d >= 0 && m_f.ops[size_t(d)].id == OpId::AndI &&
            m_f.ops[size_t(d)].operands.size() == 2 && out.size() < 16) {
            for (int a : m_f.ops[size_t(d)].operands)
                conjuncts(a, out);
            return;
        }
        out.push_back(c);
    }

    Bound bound(int c)
    {
        Bound b;
        const int d = m_f.values[size_t(c)].def;
        if (d < 0)
            return b;
        const GOp& o = m_f.ops[size_t(d)];
        const GAttr* pred = findAttr(o, "predicate");
        if (o.id != OpId::CmpI || o.operands.size() != 2 || !pred)
            return b;
        const GAttr* sign = findAttr(o, "signedness");
        // An unsigned compare reads as the integer compare of non-negative operands only.
        if (sign && sign->value == "unsigned")
            for (int a : o.operands)
                if (!m_f.canonValue(a).range.nonNegative())
                    return b;
        Terms x[2][2]; // operand, (varying, invariant)
        for (int k = 0; k < 2; ++k) {
            const auto t = integerTerms(m_f, o.operands[size_t(k)]);
            if (!t)
                return b;
            for (const auto& [coef, atoms] : *t) {
                unsigned origin = 0;
                std::vector<uint64_t> hashes;
                for (int a : atoms) {
                    if (a < 0)
                        return b;
                    origin |= m_origins.of(a);
                    hashes.push_back(m_f.values[size_t(a)].hash);
                }
                if (origin & kOther)
                    return b;
                std::sort(hashes.begin(), hashes.end());
                x[k][(origin & (kBlock | kLane)) ? 0 : 1].emplace_back(coef, std::move(hashes));
                if (!(origin & (kBlock | kLane)))
                    for (int a : atoms)
                        m_origins.of(a, &b.boundArgs);
            }
        }
        const int v = !x[0][0].empty() ? 0 : 1;
        if (x[v][0].empty() || !x[1 - v][0].empty())
            return b;
        b.pred = v == 0 ? std::string(pred->value) : flipped(pred->value);
        b.lane = x[v][0];
        // V + a pred I + c  <=>  V pred I + c - a (over the integers).
        b.bound = x[1 - v][1];
        for (auto [coef, atoms] : x[v][1])
            b.bound.emplace_back(uint64_t(0) - coef, std::move(atoms));
        b.lane = sorted(std::move(b.lane));
        b.bound = sorted(std::move(b.bound));
        unsigned origin = 0;
        for (int a : o.operands)
            origin |= m_origins.of(a);
        b.row = !(origin & kLane);
        b.line = o.line;
        b.op = d;
        b.ok = true;
        return b;
    }

private:
    // Terms merged by atoms (coefficients added), zero terms dropped, sorted.
    static Terms sorted(Terms t)
    {
        std::map<std::vector<uint64_t>, uint64_t> m;
        for (auto& [coef, atoms] : t)
            m[atoms] += coef;
        Terms out;
        for (auto& [atoms, coef] : m)
            if (coef != 0)
                out.emplace_back(coef, atoms);
        return out;
    }

    const GFunction& m_f;
    Origins m_origins;
};

std::string linesText(const std::vector<int>& lines)
{
    std::string s;
    for (int l : std::set<int>(lines.begin(), lines.end()))
        s += (s.empty() ? "" : ", ") + std::to_string(l);
    return s;
}

std::string argsText(const std::set<int>& args)
{
    std::string s;
    for (int a : args)
        s += (s.empty() ? "" : ", ") + std::to_string(a);
    return s;
}

// What the conjuncts that differ are, per side, for the finding's values.
struct Found
{
    PerSide<std::vector<int>> rowLines, laneLines;
    std::set<int> unreceived; // reference arguments of lane bounds the port does not receive
    // Lane bounds paired but for their predicate (`<=` written for `<`) or
    // their bound (another argument): the compares (reference op, generated
    // op). The change is written there; the rest of the masks only pass it on.
    std::set<std::pair<int, int>> changedCompares;
    std::set<std::pair<int, int>> changedBounds; // of them, those paired but for their bound
    std::map<int, Terms> genBounds;              // per changed generated compare: its bound
    bool readChanges = false; // a lane bound may pair but for its predicate or bound
};

// Two lane bounds of the same lane index against the same bound, or against
// a bound of the port's own that stands for a reference argument it does not
// receive (then noted in `found`).
bool sameBound(const Bound& a, const Bound& b, const std::vector<bool>& received,
               const std::vector<bool>& pairedGen, Found& found)
{
    if (a.lane != b.lane)
        return false;
    if (a.bound == b.bound)
        return true;
    const bool unreceived = std::any_of(a.boundArgs.begin(), a.boundArgs.end(),
                                        [&](int x) { return !received[size_t(x)]; });
    const bool ownBound = std::none_of(b.boundArgs.begin(), b.boundArgs.end(),
                                       [&](int x) { return pairedGen[size_t(x)]; });
    if (!unreceived || !ownBound)
        return false;
    for (int x : a.boundArgs)
        if (!received[size_t(x)])
            found.unreceived.insert(x);
    return true;
}

// Pairs the conjuncts of one reference mask and one generated mask; false
// when something other than the bounds described in MaskBounds.h differs.
bool boundsOnly(MaskReader& r, MaskReader& g, int rMask, int gMask,
                const std::vector<bool>& received, const std::vector<bool>& pairedGen, Found& found)
{
    const PerSide<MaskReader*> reader{&r, &g};
    PerSide<std::vector<int>> cs;
    r.conjuncts(rMask, cs.reference());
    g.conjuncts(gMask, cs.generated());
    // Conjuncts computed alike on both sides need no reading.
    PerSide<std::multiset<uint64_t>> hashes;
    for (Side s : kBothSides)
        for (int c : cs[s])
            hashes[s].insert(reader[s]->f().values[size_t(c)].hash);
    PerSide<std::vector<Bound>> lanes;
    PerSide<size_t> rows{0, 0};
    for (Side s : kBothSides) {
        MaskReader& masks = *reader[s];
        for (int c : cs[s]) {
            const uint64_t h = masks.f().values[size_t(c)].hash;
            if (hashes[otherSide(s)].count(h))
                continue;
            Bound b = masks.bound(c);
            if (!b.ok)
                return false;
            if (b.row) {
                found.rowLines[s].push_back(b.line);
                ++rows[s];
            } else {
                lanes[s].push_back(std::move(b));
            }
        }
    }
    // Row bounds on both sides that differ are two bounds, not a dropped one.
    if ((rows.reference() && rows.generated()) ||
        lanes.reference().size() != lanes.generated().size())
        return false;
    std::vector<bool> used(lanes.generated().size(), false);
    for (const Bound& a : lanes.reference()) {
        // The same bound first; one paired but for its predicate, or (the
        // same predicate) for its bound, is a changed compare: its critical
        // difference is the group's root.
        const auto pairs = [&](const Bound& b, int pass) {
            if (pass == 2)
                return a.pred == b.pred && a.lane == b.lane;
            return (a.pred == b.pred) == (pass == 0) && sameBound(a, b, received, pairedGen, found);
        };
        size_t pairedAt = lanes.generated().size();
        int pairedBy = 0;
        const int passes = found.readChanges ? 3 : 1;
        for (int pass = 0; pass < passes && pairedAt == lanes.generated().size(); ++pass)
            for (size_t k = 0; k < lanes.generated().size(); ++k)
                if (!used[k] && pairs(lanes.generated()[k], pass)) {
                    pairedAt = k;
                    pairedBy = pass;
                    break;
                }
        if (pairedAt == lanes.generated().size())
            return false;
        const Bound& b = lanes.generated()[pairedAt];
        used[pairedAt] = true;
        found.laneLines.reference().push_back(a.line);
        found.laneLines.generated().push_back(b.line);
        if (pairedBy > 0) {
            found.changedCompares.emplace(a.op, b.op);
            if (pairedBy == 2)
                found.changedBounds.emplace(a.op, b.op);
            found.genBounds[b.op] = b.bound;
        }
    }
    return true;
}

// Ops feeding only the given masks (through pure ops), per side: they exist
// for the bounds alone.
std::set<int> maskOnlyCone(const GFunction& f, const std::vector<int>& masks,
                           const std::set<int>& memoryOps)
{
    std::set<int> cone;
    std::vector<int> stack;
    for (int m : masks)
        stack.push_back(f.values[size_t(m)].canon);
    std::set<int> seen;
    while (!stack.empty()) {
        const int v = stack.back();
        stack.pop_back();
        if (!seen.insert(v).second)
            continue;
        const int d = f.values[size_t(v)].def;
        if (d < 0 || !f.ops[size_t(d)].pure || f.ops[size_t(d)].id == OpId::GetTileBlockId ||
            f.ops[size_t(d)].id == OpId::Iota)
            continue;
        cone.insert(d);
        for (int a : f.ops[size_t(d)].operands)
            stack.push_back(f.values[size_t(a)].canon);
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (auto it = cone.begin(); it != cone.end();) {
            bool inside = true;
            for (int res : f.ops[size_t(*it)].results)
                for (int u : f.canonValue(res).users)
                    inside =
                        inside && (!f.ops[size_t(u)].live || cone.count(u) || memoryOps.count(u));
            if (!inside) {
                it = cone.erase(it);
                changed = true;
            } else {
                ++it;
            }
        }
    }
    return cone;
}

// The critical operand change where a changed compare's other bound is read:
// up its operands through the splat each side writes (reshape, broadcast, of
// i64 in the reference and i32 in the port: their widths may differ), the
// earliest op pair whose operand changed; -1 when none.
int boundReadAt(const GFunction& R, const GFunction& G, const std::vector<RawDifference>& raw,
                const std::vector<Divergence>& divs, const std::set<std::pair<int, int>>& changed)
{
    std::map<std::pair<int, int>, int> operandChange; // op pair -> its critical operand change
    for (size_t i = 0; i < raw.size(); ++i)
        if (divs[i].severity == Severity::Critical && raw[i].kind == DiffKind::OperandChanged &&
            raw[i].refOp >= 0 && raw[i].genOp >= 0)
            operandChange.emplace(std::make_pair(raw[i].refOp, raw[i].genOp), int(i));
    const auto splat = [](const GOp& o) {
        return (o.id == OpId::Reshape || o.id == OpId::Broadcast) && o.operands.size() == 1;
    };
    int found = -1;
    for (const auto& [a, b] : changed)
        for (size_t k = 0; k < 2; ++k) {
            int rv = R.ops[size_t(a)].operands[k], gv = G.ops[size_t(b)].operands[k];
            for (int depth = 0; depth < 4; ++depth) {
                const int rd = R.values[size_t(rv)].def, gd = G.values[size_t(gv)].def;
                if (rd < 0 || gd < 0 || R.ops[size_t(rd)].id != G.ops[size_t(gd)].id ||
                    !splat(R.ops[size_t(rd)]))
                    break;
                const auto it = operandChange.find({rd, gd});
                if (it != operandChange.end())
                    found = it->second;
                rv = R.ops[size_t(rd)].operands[0];
                gv = G.ops[size_t(gd)].operands[0];
            }
        }
    return found;
}

// The difference where a changed compare is reported: its critical predicate
// difference, else the operand change where its other bound is read
// (boundReadAt), else its critical operand change (or the root it was
// localised to), else another critical one of the compare, else a predicate
// difference proven equal; -1 when none.
int compareChange(const GFunction& R, const GFunction& G, const std::vector<RawDifference>& raw,
                  const std::vector<Divergence>& divs, const std::vector<int>& root,
                  const Found& found)
{
    const std::set<std::pair<int, int>>& changed = found.changedCompares;
    for (size_t i = 0; i < raw.size(); ++i)
        if (divs[i].severity == Severity::Critical && !raw[i].functionLevel &&
            raw[i].kind == DiffKind::AttributeChanged && raw[i].attribute == "predicate" &&
            changed.count({raw[i].refOp, raw[i].genOp}))
            return int(i);
    if (const int read = boundReadAt(R, G, raw, divs, found.changedBounds); read >= 0)
        return root[size_t(read)] >= 0 ? root[size_t(read)] : read;
    int operand = -1, critical = -1, proven = -1;
    for (size_t i = 0; i < raw.size(); ++i) {
        const RawDifference& d = raw[i];
        if (d.functionLevel || !changed.count({d.refOp, d.genOp}))
            continue;
        const bool predicate = d.kind == DiffKind::AttributeChanged && d.attribute == "predicate";
        if (divs[i].severity == Severity::Critical && predicate)
            return int(i);
        const int at = root[i] >= 0 ? root[i] : int(i);
        if (divs[i].severity == Severity::Critical && d.kind == DiffKind::OperandChanged &&
            operand < 0)
            operand = at;
        if (divs[i].severity == Severity::Critical && critical < 0)
            critical = at;
        if (predicate && proven < 0 && !d.proof.empty() && d.counterexample.empty())
            proven = int(i);
    }
    return operand >= 0 ? operand : critical >= 0 ? critical : proven;
}

// A `<` written `<=` (or the reverse) against a bound that is proven equal only
// because the generated bound is bound to the reference's specialised constant
// (hidden_size = 1024 = the tile): the two differ at the lane equal to the
// bound, which that constant puts outside the tile. The equality rests on the
// specialisation: the difference says so and where they differ (issue 30 item 3).
void restsOnSpecialisation(const GFunction& G, RawDifference& d, const Terms& bound)
{
    // The specialised arguments fold to their constants: the bound is one.
    if (bound.size() != 1 || !bound[0].second.empty())
        return;
    const int64_t c = int64_t(bound[0].first);
    std::string names;
    for (const auto& [v, value] : G.specialisedArgs)
        if (value == c)
            names += (names.empty() ? "" : ", ") +
                     ("argument " + std::to_string(G.values[size_t(v)].index) + " = " +
                      std::to_string(value));
    if (names.empty())
        return;
    std::optional<int64_t> laneHi;
    for (int a : G.ops[size_t(d.genOp)].operands) {
        const IntRange r = G.canonValue(a).range;
        if (r.known && r.lo < r.hi)
            laneHi = std::max(laneHi.value_or(r.hi), r.hi);
    }
    d.proof += "; provided that the bound stays the reference's specialised constant (" + names +
               "): " + d.refValue + " and " + d.genValue +
               " differ exactly at the lane index equal to the bound, which that constant puts "
               "outside the tile";
    if (laneHi)
        d.proof += "; with the bound " + std::to_string(*laneHi) + " the lane " +
                   std::to_string(*laneHi) + " is in one mask only";
    d.conditional = true;
}

// The masks of matched memory ops whose differences are bounds only, with
// what their conjuncts are. `readChanges`: a lane bound may pair with one of
// another predicate, or of the same lane and predicate and another bound (a
// changed compare); else only with the same predicate and bound.
struct MaskGroup
{
    Found found;
    std::vector<size_t> masks; // the differences at the memory ops' masks
    std::vector<int> rMasks, gMasks;
    std::set<int> rMem, gMem;
};

MaskGroup collectMasks(const GFunction& R, const GFunction& G,
                       const std::vector<RawDifference>& raw, const std::vector<Divergence>& divs,
                       MaskReader& r, MaskReader& g, const std::vector<bool>& received,
                       const std::vector<bool>& pairedGen, bool readChanges)
{
    MaskGroup out;
    out.found.readChanges = readChanges;
    for (size_t i = 0; i < raw.size(); ++i) {
        const RawDifference& d = raw[i];
        if (divs[i].severity != Severity::Critical || d.kind != DiffKind::OperandChanged ||
            d.refOp < 0 || d.genOp < 0)
            continue;
        const GOp& a = R.ops[size_t(d.refOp)];
        const GOp& b = G.ops[size_t(d.genOp)];
        if (!isMemoryOp(a) || !isMemoryOp(b) || a.id != b.id)
            continue;
        const int ka = maskOperand(R, a), kb = maskOperand(G, b);
        if (ka < 0 || kb < 0 || d.operandIndex < 0 ||
            (d.operandIndex != ka && d.operandIndex != kb))
            continue;
        const int rm = a.operands[size_t(ka)], gm = b.operands[size_t(kb)];
        Found here = out.found;
        if (!boundsOnly(r, g, rm, gm, received, pairedGen, here))
            continue;
        out.found = std::move(here);
        out.masks.push_back(i);
        out.rMasks.push_back(rm);
        out.gMasks.push_back(gm);
        out.rMem.insert(d.refOp);
        out.gMem.insert(d.genOp);
    }
    return out;
}

// The one critical finding other than the mask group (`top`) that every live
// use of a one-sided op leads to, through other one-sided roots; -1 when the
// uses lead to none or to several.
class SharedInputs
{
public:
    SharedInputs(const GFunction& R, const GFunction& G, const std::vector<RawDifference>& raw,
                 const std::vector<Divergence>& divs, int top, const std::vector<int>& root,
                 PerSide<const std::set<int>*> cones)
        : m_raw(raw), m_top(top), m_root(root), m_f{&R, &G}, m_cones(cones)
    {
        for (size_t i = 0; i < raw.size(); ++i)
            if (divs[i].severity == Severity::Critical && !raw[i].functionLevel)
                for (Side s : kBothSides)
                    if (opOn(raw[i], s) >= 0)
                        m_at[s].emplace(opOn(raw[i], s), int(i));
    }

    int findingOf(int i) const { return m_root[size_t(i)] >= 0 ? m_root[size_t(i)] : i; }

    // `found`: the finding reached so far (-1 none); false when a use leads elsewhere.
    bool leadsTo(Side s, int op, int& found, int depth) const
    {
        const GFunction& f = *m_f[s];
        if (depth > 8)
            return false;
        for (int res : f.ops[size_t(op)].results)
            for (int u : f.canonValue(res).users) {
                if (m_cones[s]->count(u))
                    continue; // it computes the group's masks
                const auto it = m_at[s].find(u);
                if (it == m_at[s].end()) {
                    if (f.ops[size_t(u)].live)
                        return false; // a use that is the same on both sides
                    continue;
                }
                const int t = findingOf(it->second);
                if (t == m_top)
                    continue;
                if (t == it->second && onlySide(m_raw[size_t(t)])) {
                    if (!leadsTo(s, u, found, depth + 1))
                        return false;
                    continue;
                }
                if (found >= 0 && found != t)
                    return false;
                found = t;
            }
        return true;
    }

private:
    const std::vector<RawDifference>& m_raw;
    const int m_top;
    const std::vector<int>& m_root;
    PerSide<const GFunction*> m_f;
    PerSide<const std::set<int>*> m_cones; // ops computing only the group's masks
    PerSide<std::map<int, int>> m_at;      // op -> its first critical difference
};

// A one-sided op that computes both the group's row bounds and the mask of
// an access whose mask changed otherwise (a store that lost its mask): the
// group explains its uses but that change, so it is an input of that change.
void attachSharedInputs(const GFunction& R, const GFunction& G,
                        const std::vector<RawDifference>& raw, const std::vector<Divergence>& divs,
                        int top, const PerSide<const std::set<int>*>& cones, std::vector<int>& root)
{
    const SharedInputs inputs(R, G, raw, divs, top, root, cones);
    std::vector<std::pair<size_t, int>> moves;
    for (size_t i = 0; i < raw.size(); ++i) {
        const std::optional<Side> side = onlySide(raw[i]);
        if (root[i] >= 0 || int(i) == top || !side || divs[i].severity != Severity::Critical ||
            divs[i].rule != "fallback-semantic")
            continue;
        int found = -1;
        if (inputs.leadsTo(*side, opOn(raw[i], *side), found, 0) && found >= 0 && found != int(i))
            moves.emplace_back(i, found);
    }
    for (const auto& [i, to] : moves)
        root[i] = to;
}

// An argument that reaches an address (an offset) through pure integer ops:
// a stride or an offset term, which the ABI pairing follows.
bool addressesMemory(const GFunction& f, int arg)
{
    std::vector<int> stack{f.values[size_t(arg)].canon};
    std::set<int> seen;
    while (!stack.empty() && seen.size() < 256) {
        const int v = stack.back();
        stack.pop_back();
        if (!seen.insert(v).second)
            continue;
        for (int u : f.values[size_t(v)].users) {
            const GOp& o = f.ops[size_t(u)];
            if (o.id == OpId::Offset)
                return true;
            if ((o.pure || o.assume) && !isMemoryOp(o))
                for (int res : o.results)
                    stack.push_back(f.values[size_t(res)].canon);
        }
    }
    return false;
}

// Across two ABIs (tensor views against raw pointers and scalars) a scalar
// argument of the port stands for the reference argument at its slot only
// where both address memory (a stride or offset term, paired by its place in
// the addresses): another one keeps its position by default only, and is the
// port's own (hidden_size against the reference's shape1), whatever a change
// elsewhere leaves unbound.
bool standsFor(const GFunction& R, int refArg, const GFunction& G, int genArg)
{
    return G.entryArgSlots.empty() || (addressesMemory(G, genArg) && addressesMemory(R, refArg));
}

} // namespace

int groupMaskBounds(const GFunction& R, const GFunction& G, std::vector<RawDifference>& raw,
                    const std::vector<Divergence>& divs, std::vector<int>& root)
{
    if (R.regions.empty() || G.regions.empty())
        return -1;
    const size_t rn = R.regions[0].args.size(), gn = G.regions[0].args.size();
    // A reference argument is received when an unbound generated argument stands for it;
    // a generated argument is paired when it stands for a reference argument.
    std::vector<bool> received(rn, false), pairedGen(gn, false);
    for (size_t k = 0; k < gn; ++k) {
        const int a = G.regions[0].args[k];
        const bool bound = std::any_of(G.specialisedArgs.begin(), G.specialisedArgs.end(),
                                       [&](const auto& b) { return b.first == a; });
        const int slot = G.entryArgSlot(k);
        if (!bound && slot >= 0 && size_t(slot) < rn &&
            standsFor(R, R.regions[0].args[size_t(slot)], G, a)) {
            received[size_t(slot)] = true;
            pairedGen[k] = true;
        }
    }
    MaskReader r(R), g(G);
    MaskGroup group = collectMasks(R, G, raw, divs, r, g, received, pairedGen, true);
    int changedCompare = compareChange(R, G, raw, divs, root, group.found);
    if (changedCompare >= 0 && divs[size_t(changedCompare)].severity != Severity::Critical) {
        RawDifference& d = raw[size_t(changedCompare)];
        restsOnSpecialisation(G, d, group.found.genBounds[d.genOp]);
        if (!d.conditional)
            changedCompare = -1;
    }
    if (!group.found.changedCompares.empty() && changedCompare < 0) {
        // A change no difference locates (another bound read through an
        // argument a change elsewhere paired otherwise; a predicate proven
        // equal for other reasons): the masks as they group unchanged.
        group = collectMasks(R, G, raw, divs, r, g, received, pairedGen, false);
        changedCompare = -1;
    }
    const Found& found = group.found;
    const std::vector<size_t>& masks = group.masks;
    if (masks.empty())
        return -1;
    const std::set<int> rCone = maskOnlyCone(R, group.rMasks, group.rMem);
    const std::set<int> gCone = maskOnlyCone(G, group.gMasks, group.gMem);
    const int top = changedCompare >= 0 ? changedCompare : int(masks.front());
    std::vector<bool> member(raw.size(), false);
    for (size_t i : masks)
        member[i] = true;
    for (size_t i = 0; i < raw.size(); ++i) {
        const RawDifference& d = raw[i];
        if (divs[i].severity != Severity::Critical || d.functionLevel ||
            (d.refOp < 0 && d.genOp < 0))
            continue;
        // The other side's op may be absent, or only a dead or duplicated copy
        // that the matcher paired with it: it adds nothing of its own.
        auto inCone = [](const GFunction& f, const std::set<int>& cone, int op) {
            return op < 0 || cone.count(op) || !f.ops[size_t(op)].live ||
                   f.ops[size_t(op)].duplicateOf >= 0;
        };
        if ((rCone.count(d.refOp) || gCone.count(d.genOp)) && inCone(R, rCone, d.refOp) &&
            inCone(G, gCone, d.genOp))
            member[i] = true;
    }
    auto describe = [&](Side s) {
        std::string t;
        if (!found.rowLines[s].empty())
            t = "row bounds (block id against an entry argument or constant) at line(s) " +
                linesText(found.rowLines[s]);
        if (!found.laneLines[s].empty())
            t += std::string(t.empty() ? "" : "; ") + "column bounds at line(s) " +
                 linesText(found.laneLines[s]);
        if (s == Side::Reference && !found.unreceived.empty())
            t += " against argument(s) " + argsText(found.unreceived) +
                 ", which the generated entry does not receive";
        return t.empty() ? std::string("the same bounds") : t;
    };
    if (changedCompare < 0) {
        RawDifference& d = raw[size_t(top)];
        d.attribute = "mask bounds";
        d.refValue = describe(Side::Reference);
        d.genValue = describe(Side::Generated);
    }
    for (size_t i = 0; i < raw.size(); ++i) {
        if (member[i])
            root[i] = top;
        else if (root[i] >= 0 && member[size_t(root[i])])
            root[i] = top;
    }
    root[size_t(top)] = -1;
    attachSharedInputs(R, G, raw, divs, top, {&rCone, &gCone}, root);
    return top;
}

} // namespace tilelens::diff
