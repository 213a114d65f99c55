// The facts of the semantic normal form: signed ranges of integer values
// from `assume bounded`, block ids, grid sizes, iota, loop indices and
// overflow-checked arithmetic (SemanticForm.h).

#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace tilelens::diff {

// "bounded<0, ?>" -> [0, max]; "bounded<?, 7>" -> [min, 7].
bool parseBounded(std::string_view text, IntRange& out)
{
    if (text.rfind("bounded<", 0) != 0 || text.back() != '>')
        return false;
    const std::string_view body = text.substr(8, text.size() - 9);
    const size_t comma = body.find(',');
    if (comma == std::string_view::npos)
        return false;
    auto bound = [](std::string_view s, int64_t fallback, int64_t& v) {
        while (!s.empty() && s.front() == ' ')
            s.remove_prefix(1);
        while (!s.empty() && s.back() == ' ')
            s.remove_suffix(1);
        if (s == "?") {
            v = fallback;
            return true;
        }
        const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
        return r.ec == std::errc() && r.ptr == s.data() + s.size();
    };
    int64_t lo = 0, hi = 0;
    if (!bound(body.substr(0, comma), INT64_MIN, lo) ||
        !bound(body.substr(comma + 1), INT64_MAX, hi) || lo > hi)
        return false;
    out = IntRange::of(lo, hi);
    return true;
}

std::string IntRange::text() const
{
    if (!known)
        return "[any]";
    // Written into one buffer: the proofs of sign-neutral ops ask for ~10,000 of these on a
    // 100k-op side.
    char text[64];
    char* out = text;
    auto bound = [&out, &text](int64_t v) {
        if (v == INT64_MAX || v == 2147483647) {
            const std::string_view name = v == INT64_MAX ? "2^63-1" : "2^31-1";
            std::memcpy(out, name.data(), name.size());
            out += name.size();
        } else {
            out = std::to_chars(out, text + sizeof text, v).ptr;
        }
    };
    *out++ = '[';
    bound(lo);
    *out++ = ',';
    *out++ = ' ';
    bound(hi);
    *out++ = ']';
    return std::string(text, size_t(out - text));
}

void SemanticNormalizer::collectFacts()
{
    for (const GOp& o : m_g.ops) {
        if (!o.assume)
            continue;
        const GAttr* a = findAttr(o, "assumption");
        IntRange r;
        if (!a || !parseBounded(a->value, r))
            continue;
        int v = o.operands[0];
        while (m_g.values[size_t(v)].def >= 0 && m_g.ops[size_t(m_g.values[size_t(v)].def)].assume)
            v = m_g.ops[size_t(m_g.values[size_t(v)].def)].operands[0];
        m_v[size_t(v)].fact = intersect(m_v[size_t(v)].fact, r);
        m_v[size_t(o.results[0])].fact = intersect(m_v[size_t(o.results[0])].fact, r);
    }
}

void SemanticNormalizer::regionArgRanges(int region)
{
    const GRegion& reg = m_g.regions[size_t(region)];
    for (int a : reg.args)
        m_g.values[size_t(a)].range = clampToType(m_v[size_t(a)].fact, a);
    if (reg.parentOp < 0 || reg.args.empty())
        return;
    const GOp& parent = m_g.ops[size_t(reg.parentOp)];
    if (parent.id != OpId::For || parent.operands.size() < 3)
        return;
    // The index of `for %i in (lb to ub, step s)` with s >= 1 stays in [lb, ub - 1].
    const IntRange lb = rangeOf(parent.operands[0]), ub = rangeOf(parent.operands[1]);
    const IntRange step = rangeOf(parent.operands[2]);
    if (lb.known && step.known && step.lo >= 1) {
        GValue& iv = m_g.values[size_t(reg.args[0])];
        const int64_t hi = ub.known ? ub.hi - 1 : INT64_MAX;
        if (hi >= lb.lo)
            iv.range = clampToType(intersect(iv.range, IntRange::of(lb.lo, hi)), reg.args[0]);
    }
}

void SemanticNormalizer::mergeFacts(int duplicateResult, int canonical)
{
    GValue& c = m_g.values[size_t(canonical)];
    c.range = intersect(c.range, clampToType(m_v[size_t(duplicateResult)].fact, canonical));
}

// A fact's open bound ("bounded<0, ?>") is the type's own bound.
IntRange SemanticNormalizer::clampToType(IntRange r, int value) const
{
    if (!r.known) // most values: no need to read the type
        return r;
    const int width = intWidth(m_g.values[size_t(value)].typeText);
    if (width <= 0 || width >= 64)
        return r;
    return intersect(r, IntRange::of(-maxSignedOf(width) - 1, maxSignedOf(width)));
}

IntRange SemanticNormalizer::resultRange(const GOp& o) const
{
    const GValue& res = m_g.values[size_t(o.results[0])];
    const int width = intWidth(res.typeText);
    if (width <= 0)
        return IntRange::full();
    const OpId n = o.id;
    auto arg = [&](size_t i) {
        return i < o.operands.size() ? rangeOf(o.operands[i]) : IntRange::full();
    };
    if (n == OpId::GetTileBlockId)
        return IntRange::of(0, maxSignedOf(width));
    if (n == OpId::GetNumTileBlocks)
        return IntRange::of(1, maxSignedOf(width));
    if (n == OpId::Iota) {
        const int64_t len = lastDim(res.typeText);
        return len > 0 ? IntRange::of(0, len - 1) : IntRange::full();
    }
    if (n == OpId::Reshape || n == OpId::Broadcast)
        return arg(0);
    if (n == OpId::ExtI) {
        const IntRange a = arg(0);
        const GAttr* s = findAttr(o, "signedness");
        const int from = intWidth(m_g.values[size_t(o.operands[0])].typeText);
        if (a.nonNegative() || (a.known && !(s && s->value == "unsigned")))
            return a;
        if (from <= 0 || from >= 63)
            return IntRange::full();
        if (s && s->value == "unsigned")
            return IntRange::of(0, (int64_t(1) << from) - 1);
        return IntRange::of(-(int64_t(1) << (from - 1)), maxSignedOf(from));
    }
    if (n == OpId::TruncI)
        return rangeForWidth(arg(0), width);
    if (n == OpId::AddI)
        return rangeAdd(arg(0), arg(1), width);
    if (n == OpId::SubI)
        return rangeSub(arg(0), arg(1), width);
    if (n == OpId::MulI)
        return rangeMul(arg(0), arg(1), width);
    const IntRange a = arg(0), b = arg(1);
    if (n == OpId::DivI && a.nonNegative() && b.known && b.lo >= 1) {
        const GAttr* r = findAttr(o, "rounding");
        if (r && r->value == "positive_inf")
            return IntRange::of((a.lo + b.hi - 1) / b.hi, (a.hi - 1) / b.lo + 1);
        return IntRange::of(a.lo / b.hi, a.hi / b.lo);
    }
    const GAttr* sign = findAttr(o, "signedness");
    const bool isSigned = !(sign && sign->value == "unsigned");
    if (n == OpId::DivI && isSigned && a.known && b.known && b.lo == b.hi && b.lo >= 1) {
        // A division by a positive constant is monotonic in its dividend, whatever its sign
        // (a trip count ceil(min(hi, n) / t) with hi unbounded below is at most ceil(n / t)).
        const GAttr* r = findAttr(o, "rounding");
        const std::string_view mode = r ? r->value : std::string_view("zero");
        const auto divide = [&](int64_t x) {
            const int64_t q = x / b.lo;
            const bool inexact = x % b.lo != 0;
            if (inexact && x < 0 && mode == "negative_inf")
                return q - 1;
            if (inexact && x > 0 && mode == "positive_inf")
                return q + 1;
            return q;
        };
        return IntRange::of(divide(a.lo), divide(a.hi));
    }
    if (n == OpId::If)
        return ifResultRange(o, 0);
    if (n == OpId::RemI && a.nonNegative() && b.known && b.lo >= 1)
        return IntRange::of(0, std::min(a.hi, b.hi - 1));
    if ((n == OpId::MinI || n == OpId::MaxI) && a.known && b.known) {
        const GAttr* s = findAttr(o, "signedness");
        if (!(s && s->value == "unsigned") || (a.nonNegative() && b.nonNegative()))
            return n == OpId::MinI ? IntRange::of(std::min(a.lo, b.lo), std::min(a.hi, b.hi))
                                   : IntRange::of(std::max(a.lo, b.lo), std::max(a.hi, b.hi));
    }
    if (n == OpId::Select)
        return unite(arg(1), arg(2));
    if (n == OpId::AndI && (a.nonNegative() || b.nonNegative()))
        return IntRange::of(0, a.nonNegative() && b.nonNegative()
                                   ? std::min(a.hi, b.hi)
                                   : (a.nonNegative() ? a.hi : b.hi));
    if (m_pendIsInt)
        return IntRange::of(m_pendInt, m_pendInt);
    return IntRange::full();
}

void SemanticNormalizer::describeResults(int id)
{
    const GOp& o = m_g.ops[size_t(id)];
    if (o.results.empty())
        return;
    const int r = o.results[0];
    m_v[size_t(r)].splat = m_pendSplat;
    m_v[size_t(r)].floatOne = m_pendFloatOne;
    m_v[size_t(r)].isFloat = m_pendIsFloat;
    m_v[size_t(r)].floatValue = m_pendFloat;
    m_v[size_t(r)].splatConst = m_pendSplatConst;
    m_v[size_t(r)].isInt = m_pendIsInt;
    m_v[size_t(r)].intValue = m_pendInt;
    m_v[size_t(r)].affBase = m_pendBase;
    m_v[size_t(r)].affOff = m_pendOff;
    m_v[size_t(r)].lane = m_pendLane;
    const IntRange range = resultRange(o);
    resetPending();
    for (size_t k = 0; k < o.results.size(); ++k) {
        const int res = o.results[k];
        GValue& v = m_g.values[size_t(res)];
        const IntRange own =
            o.id == OpId::GetTileBlockId || o.id == OpId::GetNumTileBlocks || k == 0 ? range
            : o.id == OpId::If ? ifResultRange(o, k)
                               : IntRange::full();
        v.range = clampToType(intersect(own, m_v[size_t(res)].fact), res);
    }
}

IntRange SemanticNormalizer::ifResultRange(const GOp& o, size_t k) const
{
    if (o.regions.size() != 2 || o.operands.empty())
        return IntRange::full();
    IntRange out;
    for (size_t branch = 0; branch < 2; ++branch) {
        const GRegion& reg = m_g.regions[size_t(o.regions[branch])];
        if (reg.ops.empty())
            return IntRange::full();
        const GOp& y = m_g.ops[size_t(reg.ops.back())];
        if (y.id != OpId::Yield || k >= y.operands.size())
            return IntRange::full();
        const IntRange r = rangeWhere(y.operands[k], o.operands[0], branch == 0);
        if (!r.known)
            return IntRange::full();
        out = branch == 0 ? r : unite(out, r);
    }
    return out;
}

// The range of `value` where the i1 `condition` is `holds`: a signed compare of the value
// with a bounded operand bounds it (in the then branch of `if x < c`, x <= c - 1), so
// min(x, c) written as an `if` is at most c even where x is unbounded.
IntRange SemanticNormalizer::rangeWhere(int value, int condition, bool holds) const
{
    const int width = intWidth(m_g.values[size_t(value)].typeText);
    IntRange r = rangeOf(value);
    if (width <= 0 || width >= 64)
        return r;
    if (!r.known)
        r = IntRange::of(-maxSignedOf(width) - 1, maxSignedOf(width));
    const int def = canonOf(condition).def;
    if (def < 0)
        return r;
    const GOp& c = m_g.ops[size_t(def)];
    const GAttr* p = findAttr(c, "predicate");
    const GAttr* s = findAttr(c, "signedness");
    if (c.id != OpId::CmpI || c.operands.size() != 2 || !p || (s && s->value == "unsigned"))
        return r;
    const int x = canonId(value);
    const bool first = canonId(c.operands[0]) == x;
    if (!first && canonId(c.operands[1]) != x)
        return r;
    const IntRange b = rangeOf(c.operands[first ? 1 : 0]);
    if (!b.known)
        return r;
    // The predicate as "x P b" where the condition is true, then where it is `holds`.
    enum Rel
    {
        Lt,
        Le,
        Gt,
        Ge,
        Eq,
        Ne
    };
    const std::string_view pv = p->value;
    Rel rel = pv == "less_than"               ? Lt
              : pv == "less_than_or_equal"    ? Le
              : pv == "greater_than"          ? Gt
              : pv == "greater_than_or_equal" ? Ge
              : pv == "equal"                 ? Eq
                                              : Ne;
    static constexpr Rel kMirrored[] = {Gt, Ge, Lt, Le, Eq, Ne};
    static constexpr Rel kNegated[] = {Ge, Gt, Le, Lt, Ne, Eq};
    if (!first)
        rel = kMirrored[rel];
    if (!holds)
        rel = kNegated[rel];
    IntRange bound = IntRange::full();
    if (rel == Lt)
        bound = IntRange::of(r.lo, b.hi - 1);
    else if (rel == Le)
        bound = IntRange::of(r.lo, b.hi);
    else if (rel == Gt)
        bound = IntRange::of(b.lo + 1, r.hi);
    else if (rel == Ge)
        bound = IntRange::of(b.lo, r.hi);
    else if (rel == Eq)
        bound = b;
    return intersect(r, bound); // a contradiction (a branch that never runs) keeps r
}

} // namespace tilelens::diff
