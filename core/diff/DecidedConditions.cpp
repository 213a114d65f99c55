// Conditions decided by facts (SemanticForm.h): a compare whose operand
// ranges settle it is a constant, boolean ops fold around constants, and a
// select on a decided condition is the chosen operand. This recognises the
// Python-modulo fix-up `select(sign test of remi(a, d), r + d, r)` by what it
// computes, whatever sign test either compiler writes: with a >= 0 and d >= 1
// the remainder is in [0, d - 1], every sign test of it is decided and the
// select is the plain remainder. Each step keeps its reason, so the folded
// select carries the whole proof.

#include "diff/Normalizer.h"
#include "diff/SemanticForm.h"
#include "diff/Semantics.h"

#include <algorithm>

namespace tilelens::diff {

namespace {

constexpr uint64_t kTagSplat = 0x5B1A7;
constexpr uint64_t kTagSplatConst = 0xC0457;

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

} // namespace

void SemanticNormalizer::constantResult(GOp& o, int64_t v, SemanticForm& f)
{
    const GValue& res = m_g.values[size_t(o.results[0])];
    const int width = intWidth(res.typeText);
    const std::string scalar = "<i" + std::to_string(width) + ": " + std::to_string(v) + ">";
    m_pendSplat = hashMix(kTagSplatConst, hashText(scalar));
    m_pendSplatConst = true;
    m_pendIsInt = true;
    m_pendInt = v;
    f.custom = true;
    f.hash = hashMix(hashMix(kTagSplat, m_pendSplat), res.typeHash);
    setSemOperands(o, {});
}

// The truth value of an i1 operand, if it is a constant (written or decided).
std::optional<bool> SemanticNormalizer::truthOf(int v) const
{
    const int c = canonId(v);
    if (!m_isInt[size_t(c)] || intWidth(m_g.values[size_t(c)].typeText) != 1)
        return std::nullopt;
    return m_int[size_t(c)] != 0;
}

std::string SemanticNormalizer::reasonOf(int v) const
{
    const std::string_view why = m_why[size_t(canonId(v))];
    if (!why.empty())
        return std::string(why);
    const GOp* d = defOp(v);
    return d && d->name == "constant" ? "a constant" : "folded";
}

bool SemanticNormalizer::decidedForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const std::string_view n = o.name;
    const int res = o.results[0];
    auto done = [&](bool value, std::string why) {
        constantResult(o, value ? 1 : 0, f);
        f.proof = keep(why);
        m_why[size_t(res)] = f.proof;
        return true;
    };
    if (n == "cmpi" && o.operands.size() == 2 && intWidth(m_g.values[size_t(res)].typeText) == 1) {
        const GAttr* pred = findAttr(o, "predicate");
        const GAttr* sign = findAttr(o, "signedness");
        const IntRange a = rangeOf(o.operands[0]), b = rangeOf(o.operands[1]);
        const bool isUnsigned = sign && sign->value == "unsigned";
        if (!pred || (isUnsigned && !(a.nonNegative() && b.nonNegative())))
            return false;
        const auto truth = decide(pred->value, a, b);
        if (!truth)
            return false;
        return done(*truth, "`" + std::string(pred->value) + "` of operands in " + a.text() +
                                " and " + b.text() + " is always " + (*truth ? "true" : "false"));
    }
    if ((n == "andi" || n == "ori" || n == "xori") && o.operands.size() == 2 &&
        intWidth(m_g.values[size_t(res)].typeText) == 1) {
        const auto x = truthOf(o.operands[0]), y = truthOf(o.operands[1]);
        if (x && y) {
            const bool v = n == "andi" ? (*x && *y) : n == "ori" ? (*x || *y) : (*x != *y);
            return done(v, std::string(n) + " of two decided conditions (" +
                               reasonOf(o.operands[0]) + "; " + reasonOf(o.operands[1]) + ")");
        }
        for (size_t i = 0; i < 2; ++i) {
            const auto t = truthOf(o.operands[i]);
            if (!t)
                continue;
            // x & false = false, x | true = true; x & true, x | false, x ^ false are x.
            if ((n == "andi" && !*t) || (n == "ori" && *t))
                return done(*t, std::string(n) + " with an operand that is always " +
                                    (*t ? "true" : "false") + " (" + reasonOf(o.operands[i]) + ")");
            if ((n == "andi" && *t) || (n != "andi" && !*t)) {
                f.alias = canonId(o.operands[1 - i]);
                f.proof = keep(std::string(n) + " with an operand that is always " +
                               (*t ? "true" : "false") + " is its other operand (" +
                               reasonOf(o.operands[i]) + ")");
                return true;
            }
        }
        return false;
    }
    if (n == "select" && o.operands.size() == 3) {
        const auto t = truthUnder(o.operands[0], nullptr, 0, 0);
        if (!t)
            return false;
        f.alias = canonId(o.operands[*t ? 1 : 2]);
        const GOp* pick = defOp(o.operands[2]);
        const bool modulo = !*t && pick && pick->name == "remi";
        f.proof =
            keep(std::string(modulo ? "the Python-modulo correction of remi never fires; " : "") +
                 "the select always takes its " + (*t ? "first" : "second") +
                 " operand: the condition is always " + (*t ? "true" : "false") + " (" +
                 reasonOf(o.operands[0]) + ")");
        return true;
    }
    return false;
}

// The truth of an i1 value with some integer values' ranges replaced
// (`overrides`): compares decided by ranges, and/or/xor of decided values.
std::optional<bool> SemanticNormalizer::truthUnder(int v, const Override* ov, size_t n,
                                                   int depth) const
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
    if (d->name == "cmpi") {
        const GAttr* pred = findAttr(*d, "predicate");
        const GAttr* sign = findAttr(*d, "signedness");
        const IntRange a = range(d->operands[0]), b = range(d->operands[1]);
        if (!pred || (sign && sign->value == "unsigned" && !(a.nonNegative() && b.nonNegative())))
            return std::nullopt;
        if (intWidth(m_g.values[size_t(d->operands[0])].typeText) == 1)
            return std::nullopt; // i1 compares below
        return decide(pred->value, a, b);
    }
    if (d->name != "andi" && d->name != "ori" && d->name != "xori")
        return std::nullopt;
    const auto x = truthUnder(d->operands[0], ov, n, depth + 1);
    const auto y = truthUnder(d->operands[1], ov, n, depth + 1);
    if (d->name == "andi" && ((x && !*x) || (y && !*y)))
        return false;
    if (d->name == "ori" && ((x && *x) || (y && *y)))
        return true;
    if (!x || !y)
        return std::nullopt;
    return d->name == "andi" ? (*x && *y) : d->name == "ori" ? (*x || *y) : (*x != *y);
}

// select(c, r + d, r) (or its mirror) with r = remi(a, d), a >= 0: the
// Python-modulo correction. The remainder of a >= 0 by d >= 1 is in [0, a];
// if c is decided under that fact to pick r, the select is r. Recognised by
// evaluating c, whatever sign test it writes. When d >= 1 is not provable the
// proof states it as its precondition.
bool SemanticNormalizer::moduloFixupForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.name != "select" || o.operands.size() != 3)
        return false;
    for (size_t arm = 1; arm <= 2; ++arm) {
        const int r = canonId(o.operands[arm]);
        const GOp* rem = defOp(r);
        const GOp* sum = defOp(o.operands[3 - arm]);
        if (!rem || rem->name != "remi" || rem->operands.size() != 2 || !sum ||
            sum->name != "addi" || sum->operands.size() != 2)
            continue;
        const int a = canonId(rem->operands[0]), d = canonId(rem->operands[1]);
        const int u = canonId(sum->operands[0]), v = canonId(sum->operands[1]);
        const IntRange ra = rangeOf(a), rd = rangeOf(d);
        if (!((u == r && v == d) || (u == d && v == r)) || !ra.nonNegative())
            continue;
        const Override ov[2] = {{r, IntRange::of(0, ra.hi)},
                                {d, IntRange::of(rd.known ? std::max<int64_t>(rd.lo, 1) : 1,
                                                 rd.known ? rd.hi : INT64_MAX)}};
        if (rd.known && rd.hi < 1)
            continue;
        const auto c = truthUnder(o.operands[0], ov, 2, 0);
        if (!c || (*c ? 1u : 2u) != arm)
            continue;
        f.alias = r;
        f.conditional = !(rd.known && rd.lo >= 1);
        f.proof = keep("the Python-modulo correction of remi(a, d) never fires: a in " + ra.text() +
                       " >= 0" +
                       (f.conditional ? std::string(", provided that the divisor d > 0 (not "
                                                    "provable from the IR)")
                                      : ", divisor in " + rd.text() + " >= 1") +
                       ", so the remainder is in [0, a] and the sign test is always " +
                       (*c ? "true" : "false"));
        return true;
    }
    return false;
}

} // namespace tilelens::diff
