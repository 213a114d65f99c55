// x + 0.0 where no use can tell the sign of a zero (SemanticForm.h). IEEE
// addition gives x + (+0.0) = x for every x except x = -0.0 (the sum is
// +0.0); x + (-0.0) = x always. The difference is a zero's sign, which only
// divisions by it, stores and compares of sign bits can observe. When every
// use of the sum, followed through ops that again differ at most in a zero's
// sign (add, sub, mul, max, min, fma, neg, selects, reshapes, loop-carried
// values), ends in exp or exp2 (exp2(+0) = exp2(-0) = 1), the sum is x.

#include "diff/graph/Hashing.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"

#include <cmath>
#include <cstdlib>
#include <string>
#include <unordered_set>
#include <utility>

namespace tilelens::diff {

namespace {

// A float splat constant of zero, through reshape/broadcast chains; sets `negative`.
bool zeroSplat(const GFunction& g, int v, bool& negative)
{
    for (int depth = 0; depth < 8; ++depth) {
        const int d = g.values[size_t(v)].def;
        if (d < 0)
            return false;
        const GOp& o = g.ops[size_t(d)];
        if (o.id == OpId::Reshape || o.id == OpId::Broadcast) {
            v = o.operands[0];
            continue;
        }
        if (o.id != OpId::Constant)
            return false;
        const GAttr* a = findAttr(o, "value");
        const std::string_view s = a ? splatScalar(a->value) : std::string_view();
        const size_t colon = s.find(':');
        if (s.size() < 4 || (s[1] != 'f' && s[1] != 'b') || colon == std::string_view::npos)
            return false;
        const std::string number(s.substr(colon + 1, s.size() - colon - 2));
        char* end = nullptr;
        const double x = std::strtod(number.c_str(), &end);
        if (!end || *end != '\0' || x != 0.0)
            return false;
        negative = std::signbit(x);
        return true;
    }
    return false;
}

} // namespace

void SemanticNormalizer::buildWrittenUsers()
{
    // Counted first, then filled: one array instead of a vector per value.
    std::vector<int>& start = m_writtenUsersStart;
    start.assign(m_g.values.size() + 1, 0);
    for (const GOp& o : m_g.ops)
        for (int v : o.operands)
            ++start[size_t(v) + 1];
    for (size_t v = 0; v < m_g.values.size(); ++v)
        start[v + 1] += start[v];
    m_writtenUses.resize(size_t(start.back()));
    std::vector<int> next(start.begin(), start.end() - 1);
    for (size_t id = 0; id < m_g.ops.size(); ++id)
        for (size_t i = 0; i < m_g.ops[id].operands.size(); ++i)
            m_writtenUses[size_t(next[size_t(m_g.ops[id].operands[i])]++)] = {int(id), int(i)};
}

// Every use of written value v ends in exp/exp2 through ops that keep a
// difference in a zero's sign a difference in a zero's sign only.
bool SemanticNormalizer::zeroSignUnobserved(int v, std::unordered_set<int>& seen)
{
    if (!seen.insert(v).second)
        return true;
    if (seen.size() > 512)
        return false;
    const auto keeps = [](OpId n) {
        return isOneOf(n, {OpId::AddF, OpId::SubF, OpId::MulF, OpId::MaxF, OpId::MinF, OpId::NegF,
                           OpId::Fma, OpId::Broadcast, OpId::Reshape, OpId::FToF});
    };
    for (int k = m_writtenUsersStart[size_t(v)]; k < m_writtenUsersStart[size_t(v) + 1]; ++k) {
        const auto [u, index] = m_writtenUses[size_t(k)];
        const GOp& o = m_g.ops[size_t(u)];
        const OpId n = o.id;
        if (n == OpId::Exp || n == OpId::Exp2)
            continue;
        if (keeps(n) || (n == OpId::DivF && index == 0) || (n == OpId::Select && index > 0)) {
            if (o.results.size() != 1 || !zeroSignUnobserved(o.results[0], seen))
                return false;
            continue;
        }
        if (n == OpId::For && index >= 3) {
            // An iter value: the loop's block argument and its result.
            const size_t k = size_t(index - 3);
            const GRegion& body = m_g.regions[size_t(o.regions[0])];
            if (k >= o.results.size() || k + 1 >= body.args.size() ||
                !zeroSignUnobserved(body.args[k + 1], seen) ||
                !zeroSignUnobserved(o.results[k], seen))
                return false;
            continue;
        }
        if (n == OpId::Continue || n == OpId::Yield) {
            const int parent = m_g.regions[size_t(o.region)].parentOp;
            if (parent < 0)
                return false;
            const GOp& p = m_g.ops[size_t(parent)];
            const size_t k = size_t(index);
            if (k >= p.results.size() || !zeroSignUnobserved(p.results[k], seen))
                return false;
            if (p.id == OpId::For) {
                const GRegion& body = m_g.regions[size_t(p.regions[0])];
                if (k + 1 >= body.args.size() || !zeroSignUnobserved(body.args[k + 1], seen))
                    return false;
            }
            continue;
        }
        return false;
    }
    return true;
}

// The hash mulf(a, b) gets from the generic hash (no attributes, no hints,
// commutative operands ordered): an fma with a zero addend must equal it.
static uint64_t plainProductHash(uint64_t typeHash, uint64_t a, uint64_t b)
{
    static const uint64_t mulf = hashText(ir::opMnemonic(OpId::MulF));
    if (b < a)
        std::swap(a, b);
    return hashMix(hashMix(hashMix(hashMix(mulf, typeHash), 2), a), b);
}

// The generic hash of subf(a, b) with o's attributes and hints (two operands in order).
static uint64_t differenceHash(const GOp& o, uint64_t typeHash, uint64_t a, uint64_t b)
{
    static const uint64_t subf = hashText(ir::opMnemonic(OpId::SubF));
    uint64_t h = subf;
    for (const auto& attr : o.attrs)
        h = hashMix(h, attr.hash);
    for (const auto& hint : o.hints)
        h = hashMix(h, hint.hash);
    return hashMix(hashMix(hashMix(hashMix(h, typeHash), a), b), 2);
}

// a + (-b) is a - b for every float: IEEE defines subtraction as the addition
// of the negated operand (signed zeros, infinities and NaN included).
bool SemanticNormalizer::negatedSumForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.id != OpId::AddF || o.operands.size() != 2 || o.results.size() != 1)
        return false;
    for (size_t i = 0; i < 2; ++i) {
        const GOp* n = defOp(canonId(o.operands[i]));
        if (!n || n->id != OpId::NegF || n->operands.size() != 1 || !n->attrs.empty())
            continue;
        const int a = canonId(o.operands[1 - i]), b = canonId(n->operands[0]);
        f.custom = true;
        f.hash = differenceHash(o, m_g.values[size_t(o.results[0])].typeHash,
                                m_g.values[size_t(a)].hash, m_g.values[size_t(b)].hash);
        f.proof = "a + (-b) = a - b for every float (IEEE subtraction adds the negation)";
        setSemOperands(o, {a, b});
        o.formId = OpId::SubF;
        return true;
    }
    return false;
}

// A value that is never -0.0: a square x*x (the exact product is >= +0) or an
// fma(x, x, +0) of one.
bool SemanticNormalizer::neverNegativeZero(int v) const
{
    const GOp* d = defOp(canonId(v));
    if (!d || !d->attrs.empty())
        return false;
    const bool square =
        d->operands.size() >= 2 && canonId(d->operands[0]) == canonId(d->operands[1]);
    return square && (d->id == OpId::MulF || d->id == OpId::Fma);
}

// fma(a, b, -0.0) rounds a*b + (-0.0) = a*b once: it is mulf(a, b) for every
// a, b. fma(x, x, +0.0) is too: x*x is never -0.0, so adding +0.0 changes
// nothing before the one rounding.
bool SemanticNormalizer::zeroAddendForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.id != OpId::Fma || o.operands.size() != 3 || !o.attrs.empty() || !o.hints.empty())
        return false;
    bool negative = false;
    if (!zeroSplat(m_g, o.operands[2], negative))
        return false;
    const int a = canonId(o.operands[0]), b = canonId(o.operands[1]);
    if (!negative && a != b)
        return false;
    f.custom = true;
    f.hash = plainProductHash(m_g.values[size_t(o.results[0])].typeHash, m_g.values[size_t(a)].hash,
                              m_g.values[size_t(b)].hash);
    f.proof = negative ? "fma(a, b, -0.0) = a * b for every float (one rounding of a*b)"
                       : "fma(x, x, +0.0) = x * x: the exact square is never -0.0, so adding +0.0 "
                         "before the one rounding changes nothing";
    setSemOperands(o, {a, b});
    o.formId = OpId::MulF;
    return true;
}

bool SemanticNormalizer::zeroSumForm(int id, SemanticForm& f)
{
    if (zeroAddendForm(id, f))
        return true;
    if (negatedSumForm(id, f))
        return true;
    GOp& o = m_g.ops[size_t(id)];
    if (o.id != OpId::AddF || o.operands.size() != 2 || !o.attrs.empty())
        return false;
    for (size_t i = 0; i < 2; ++i) {
        bool negative = false;
        const int x = canonId(o.operands[1 - i]);
        if (!zeroSplat(m_g, o.operands[i], negative) ||
            m_g.values[size_t(x)].typeText != m_g.values[size_t(o.results[0])].typeText)
            continue;
        if (negative) {
            f.alias = x;
            f.proof = "x + (-0.0) = x for every float x";
            return true;
        }
        if (neverNegativeZero(x)) {
            f.alias = x;
            f.proof =
                "0.0 + x = x: x is a square (x*x is never -0.0, the one case where adding +0.0 "
                "changes a float)";
            return true;
        }
        if (m_writtenUsersStart.empty())
            buildWrittenUsers();
        std::unordered_set<int> seen;
        if (!zeroSignUnobserved(o.results[0], seen))
            return false;
        f.alias = x;
        f.proof = "0.0 + x = x except for x = -0.0 (the sum is +0.0), and no use observes the "
                  "sign of a zero: every use ends in exp/exp2 (exp2(+0) = exp2(-0) = 1) through "
                  "add, sub, mul, max, min, fma, neg, reshapes and loop-carried values";
        return true;
    }
    return false;
}

} // namespace tilelens::diff
