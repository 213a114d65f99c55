// Selects on conditions decided by facts (SemanticForm.h). A compare whose
// operand ranges settle it is decided, and/or/xor of decided values (and i1
// constants) are decided; a select on a decided condition is its chosen
// operand. This recognises the Python-modulo fix-up `select(sign test of
// remi(a, d), r + d, r)` by what it computes, whatever sign test either
// compiler writes. The condition's own ops are left as written: once the
// select is folded they are dead on that side (noise), and a side where the
// test is not decided the same way keeps them live, so a changed predicate
// is reported at its own line.

#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"

#include <algorithm>

namespace tilelens::diff {

namespace {

// The truth of `x pred y` for every x in a, y in b (signed order), if decided.
std::optional<bool> decide(std::string_view pred, IntRange a, IntRange b)
{
    if (!a.known || !b.known)
        return std::nullopt;
    if (pred == "less_than" || pred == "greater_than_or_equal") {
        const bool lt = pred == "less_than";
        if (a.hi < b.lo)
            return lt;
        if (a.lo >= b.hi)
            return !lt;
    } else if (pred == "less_than_or_equal" || pred == "greater_than") {
        const bool le = pred == "less_than_or_equal";
        if (a.hi <= b.lo)
            return le;
        if (a.lo > b.hi)
            return !le;
    } else if (pred == "equal" || pred == "not_equal") {
        const bool eq = pred == "equal";
        if (a.hi < b.lo || b.hi < a.lo)
            return !eq;
        if (a.lo == a.hi && b.lo == b.hi && a.lo == b.lo)
            return eq;
    }
    return std::nullopt;
}

// The reasons in a fixed order: a proof names the computation, not its spelling.
std::string joined(std::vector<std::string> reasons)
{
    std::sort(reasons.begin(), reasons.end());
    reasons.erase(std::unique(reasons.begin(), reasons.end()), reasons.end());
    std::string out;
    for (const auto& r : reasons)
        out += (out.empty() ? "" : "; ") + r;
    return out.empty() ? std::string("i1 constants") : out;
}

} // namespace

// The value of an i1 constant (written, or folded to one).
std::optional<bool> SemanticNormalizer::truthOf(int v) const
{
    const int c = canonId(v);
    if (!m_v[size_t(c)].isInt || intWidth(m_g.values[size_t(c)].typeText) != 1)
        return std::nullopt;
    return m_v[size_t(c)].intValue != 0;
}

// The truth of an i1 value with some integer values' ranges replaced
// (`ov`): compares decided by ranges, and/or/xor of decided values. The
// decided compares it relies on are added to `why`.
std::optional<bool> SemanticNormalizer::truthUnder(int v, const Override* ov, size_t n, int depth,
                                                   std::vector<std::string>& why) const
{
    if (const auto t = truthOf(v))
        return t;
    const GOp* d = defOp(v);
    if (!d || depth > 8 || d->operands.size() != 2)
        return std::nullopt;
    auto range = [&](int x) {
        for (size_t i = 0; i < n; ++i)
            if (ov[i].value == canonId(x))
                return ov[i].range;
        return rangeOf(x);
    };
    if (d->id == OpId::CmpI) {
        const GAttr* pred = findAttr(*d, "predicate");
        const GAttr* sign = findAttr(*d, "signedness");
        const IntRange a = range(d->operands[0]), b = range(d->operands[1]);
        if (!pred || (sign && sign->value == "unsigned" && !(a.nonNegative() && b.nonNegative())))
            return std::nullopt;
        const auto t = decide(pred->value, a, b);
        if (t)
            why.push_back("`" + std::string(pred->value) + "` of operands in " + a.text() +
                          " and " + b.text() + " is always " + (*t ? "true" : "false"));
        return t;
    }
    if (d->id != OpId::AndI && d->id != OpId::OrI && d->id != OpId::XOrI)
        return std::nullopt;
    std::vector<std::string> wx, wy;
    const auto x = truthUnder(d->operands[0], ov, n, depth + 1, wx);
    const auto y = truthUnder(d->operands[1], ov, n, depth + 1, wy);
    // One operand settles and / or alone.
    for (const auto& [t, w] : {std::make_pair(x, &wx), std::make_pair(y, &wy)}) {
        if (t && ((d->id == OpId::AndI && !*t) || (d->id == OpId::OrI && *t))) {
            why.insert(why.end(), w->begin(), w->end());
            return *t;
        }
    }
    if (!x || !y)
        return std::nullopt;
    why.insert(why.end(), wx.begin(), wx.end());
    why.insert(why.end(), wy.begin(), wy.end());
    return d->id == OpId::AndI ? (*x && *y) : d->id == OpId::OrI ? (*x || *y) : (*x != *y);
}

bool SemanticNormalizer::decidedForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.id != OpId::Select || o.operands.size() != 3)
        return false;
    // Both arms the same value (select(c, r, r), once a fix-up of r folded to r):
    // that value, whatever c is.
    if (canonId(o.operands[1]) == canonId(o.operands[2])) {
        f.alias = canonId(o.operands[1]);
        f.proof = "both operands of the select are the same value";
        return true;
    }
    std::vector<std::string> why;
    const auto t = truthUnder(o.operands[0], nullptr, 0, 0, why);
    if (!t)
        return false;
    f.alias = canonId(o.operands[*t ? 1 : 2]);
    const GOp* pick = defOp(o.operands[*t ? 1 : 2]);
    const bool modulo = pick && pick->id == OpId::RemI;
    f.proof = keep(std::string(modulo ? "the Python-modulo correction of remi never fires; " : "") +
                   "the select always takes its " + (*t ? "first" : "second") +
                   " operand: its condition is always " + (*t ? "true" : "false") + " (" +
                   joined(std::move(why)) + ")");
    return true;
}

// select(c, r + d, r) (or its mirror) with r = remi(a, d), a >= 0: the
// Python-modulo correction. The remainder of a >= 0 by d >= 1 is in [0, a];
// if c, evaluated with that fact, picks r, the select is r. When d >= 1 is
// not provable the proof states it as its precondition.
bool SemanticNormalizer::moduloFixupForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.id != OpId::Select || o.operands.size() != 3)
        return false;
    for (size_t arm = 1; arm <= 2; ++arm) {
        const int r = canonId(o.operands[arm]);
        const GOp* rem = defOp(r);
        const GOp* sum = defOp(o.operands[3 - arm]);
        if (!rem || rem->id != OpId::RemI || rem->operands.size() != 2 || !sum ||
            sum->id != OpId::AddI || sum->operands.size() != 2)
            continue;
        const int a = canonId(rem->operands[0]), d = canonId(rem->operands[1]);
        const int u = canonId(sum->operands[0]), v = canonId(sum->operands[1]);
        const IntRange ra = rangeOf(a), rd = rangeOf(d);
        if (!((u == r && v == d) || (u == d && v == r)) || !ra.nonNegative() ||
            (rd.known && rd.hi < 1))
            continue;
        const Override ov[2] = {{r, IntRange::of(0, ra.hi)},
                                {d, IntRange::of(rd.known ? std::max<int64_t>(rd.lo, 1) : 1,
                                                 rd.known ? rd.hi : INT64_MAX)}};
        std::vector<std::string> why;
        const auto c = truthUnder(o.operands[0], ov, 2, 0, why);
        if (!c || (*c ? 1u : 2u) != arm)
            continue;
        f.alias = r;
        f.conditional = !(rd.known && rd.lo >= 1);
        f.proof = keep("the Python-modulo correction of remi(a, d) never fires: a in " + ra.text() +
                       " >= 0" +
                       (f.conditional ? std::string(", provided that the divisor d > 0 (not "
                                                    "provable from the IR)")
                                      : ", divisor in " + rd.text() + " >= 1") +
                       ", so the remainder is in [0, a] and its sign test is always " +
                       (*c ? "true" : "false") + " (" + joined(std::move(why)) + ")");
        return true;
    }
    return false;
}

} // namespace tilelens::diff
