#include "diff/semantics/PointerOffsets.h"

#include "diff/graph/Hashing.h"

#include <algorithm>
#include <map>

namespace tilelens::diff {

namespace {

constexpr uint64_t kTagAtom = 0xA70A;
constexpr uint64_t kTagAddress = 0xADD7;
constexpr size_t kMaxTerms = 32;
constexpr int kMaxSteps = 64;

// Integer width of a tile type ("tile<1024xi32>" -> 32), 0 when not an integer.
int intWidth(std::string_view type)
{
    if (type.size() < 7 || type.rfind("tile<", 0) != 0 || type.back() != '>')
        return 0;
    std::string_view inner = type.substr(5, type.size() - 6);
    const size_t x = inner.rfind('x');
    std::string_view elem = x == std::string_view::npos ? inner : inner.substr(x + 1);
    if (elem.size() < 2 || elem[0] != 'i')
        return 0;
    int w = 0;
    for (char c : elem.substr(1)) {
        if (c < '0' || c > '9')
            return 0;
        w = w * 10 + (c - '0');
    }
    return w;
}

// A tile of one element ("tile<i64>", "tile<1x1xi64>"): its value is the same in every lane
// of a broadcast.
bool singleElement(std::string_view type)
{
    if (type.rfind("tile<", 0) != 0)
        return false;
    std::string_view inner = type.substr(5);
    // Dimensions come first, each followed by 'x'; the element type has no digit first.
    while (!inner.empty() && inner[0] >= '0' && inner[0] <= '9') {
        const size_t x = inner.find('x');
        if (x == std::string_view::npos || inner.substr(0, x) != "1")
            return false;
        inner.remove_prefix(x + 1);
    }
    return true;
}

// A polynomial modulo 2^64: terms of sorted atom hashes and a coefficient, in one
// vector sorted by the atoms (a std::map's order, without a node per term), no zero
// coefficient.
struct Term
{
    std::vector<uint64_t> atoms;
    uint64_t coef = 0;
};
using Poly = std::vector<Term>;

bool fits(int64_t lo, int64_t hi, int width)
{
    if (width >= 64)
        return true;
    const int64_t max = (int64_t(1) << (width - 1)) - 1;
    return lo >= -max - 1 && hi <= max;
}

class Decomposer
{
public:
    explicit Decomposer(const GFunction& g) : m_g(g) {}

    const GValue& canon(int v) const { return m_g.canonValue(v); }
    int canonId(int v) const { return m_g.values[size_t(v)].canon; }

    // The value of v, sign-extended to 64 bits, modulo 2^64.
    Poly expand(int v)
    {
        const int c = canonId(v);
        const GValue& x = m_g.values[size_t(c)];
        const int w = intWidth(x.typeText);
        // Booleans stay atoms: an i1 `true` read as a range and as a sign extension differ.
        if (w <= 1)
            return atom(c);
        if (x.range.known && x.range.lo == x.range.hi)
            return constant(x.range.lo);
        if (x.def < 0 || ++m_steps > kMaxSteps)
            return atom(c);
        const GOp& o = m_g.ops[size_t(x.def)];
        if (o.operands.empty())
            return atom(c);
        const int a = o.operands[0];
        const int b = o.operands.size() > 1 ? o.operands[1] : -1;
        if (o.id == OpId::ExtI && intWidth(canon(a).typeText) > 0) {
            const bool isSigned = findAttrValue(o, "signedness") == "signed";
            if (isSigned || canon(a).range.nonNegative()) {
                ++m_rules;
                return expand(a);
            }
            return atom(c);
        }
        if ((o.id == OpId::Reshape || o.id == OpId::Broadcast) &&
            singleElement(canon(a).typeText)) {
            ++m_rules;
            return expand(a);
        }
        if ((o.id == OpId::AddI || o.id == OpId::SubI || o.id == OpId::MulI) && b >= 0 &&
            noWrap(o.id, a, b, w)) {
            ++m_rules;
            Poly p = expand(a), q = expand(b);
            Poly r = o.id == OpId::MulI ? times(p, q) : plus(p, q, o.id == OpId::SubI);
            return r.size() > kMaxTerms ? atom(c) : r;
        }
        return atom(c);
    }

    // The base pointer (canonical value) and the integer sum an address adds to it.
    int decomposePointer(int v, Poly& sum)
    {
        const int c = canonId(v);
        const GValue& x = m_g.values[size_t(c)];
        if (x.def < 0 || ++m_steps > kMaxSteps)
            return c;
        const GOp& o = m_g.ops[size_t(x.def)];
        if ((o.id == OpId::Reshape || o.id == OpId::Broadcast) && o.operands.size() == 1 &&
            singleElement(canon(o.operands[0]).typeText)) {
            return decomposePointer(o.operands[0], sum);
        }
        if (o.id == OpId::Offset && o.operands.size() == 2 && offsetTerm(o.operands[1], sum)) {
            ++m_rules;
            return decomposePointer(o.operands[0], sum);
        }
        return c;
    }

    // Adds an offset operand to `sum`: an i64 one as it is, a narrower one only
    // when proven non-negative (any extension of it is then its value).
    bool offsetTerm(int v, Poly& sum)
    {
        const GValue& x = canon(v);
        const int w = intWidth(x.typeText);
        if (w == 0 || (w < 64 && !x.range.nonNegative()))
            return false;
        Poly next = plus(sum, expand(v), false);
        if (next.size() > kMaxTerms)
            return false;
        sum = std::move(next);
        return true;
    }

    int rules() const { return m_rules; }
    const std::vector<int>& atoms() const { return m_atoms; }

private:
    static std::string_view findAttrValue(const GOp& o, std::string_view name)
    {
        for (const auto& a : o.attrs)
            if (a.name == name)
                return a.value;
        return {};
    }

    Poly atom(int c)
    {
        if (std::find(m_atoms.begin(), m_atoms.end(), c) == m_atoms.end())
            m_atoms.push_back(c);
        const GValue& x = m_g.values[size_t(c)];
        // Narrower atoms stand for their sign extension: the width is part of them.
        const uint64_t h = hashMix(hashMix(kTagAtom, x.hash), uint64_t(intWidth(x.typeText)));
        m_atomValue.emplace(h, c);
        return Poly{Term{{h}, 1}};
    }

public:
    int atomValue(uint64_t h) const
    {
        const auto it = m_atomValue.find(h);
        return it == m_atomValue.end() ? -1 : it->second;
    }

private:
    Poly constant(int64_t value)
    {
        ++m_rules;
        return value == 0 ? Poly{} : Poly{Term{{}, uint64_t(value)}};
    }

    // a op b cannot wrap in `width` bits, by the operands' proven ranges (i64 wraps alike
    // on both forms: everything is modulo 2^64 there).
    bool noWrap(OpId op, int a, int b, int width) const
    {
        if (width >= 64)
            return true;
        const IntRange x = canon(a).range, y = canon(b).range;
        if (!x.known || !y.known || !fits(x.lo, x.hi, width) || !fits(y.lo, y.hi, width))
            return false;
        // Operands of at most 32 bits: their sums, differences and products fit in i64.
        if (width > 32)
            return false;
        if (op == OpId::AddI)
            return fits(x.lo + y.lo, x.hi + y.hi, width);
        if (op == OpId::SubI)
            return fits(x.lo - y.hi, x.hi - y.lo, width);
        const int64_t p[] = {x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi};
        return fits(*std::min_element(p, p + 4), *std::max_element(p, p + 4), width);
    }

    // p + q or p - q: the two sorted term lists merged.
    static Poly plus(Poly p, const Poly& q, bool minus)
    {
        Poly r;
        r.reserve(p.size() + q.size());
        size_t i = 0, j = 0;
        while (i < p.size() || j < q.size()) {
            if (j == q.size() || (i < p.size() && p[i].atoms < q[j].atoms)) {
                r.push_back(std::move(p[i++]));
            } else if (i == p.size() || q[j].atoms < p[i].atoms) {
                r.push_back(Term{q[j].atoms, minus ? 0 - q[j].coef : q[j].coef});
                ++j;
            } else {
                const uint64_t s = minus ? p[i].coef - q[j].coef : p[i].coef + q[j].coef;
                if (s != 0)
                    r.push_back(Term{std::move(p[i].atoms), s});
                ++i;
                ++j;
            }
        }
        return r;
    }

    static Poly times(const Poly& p, const Poly& q)
    {
        Poly all;
        all.reserve(p.size() * q.size());
        for (const Term& a : p)
            for (const Term& b : q) {
                std::vector<uint64_t> k = a.atoms;
                k.insert(k.end(), b.atoms.begin(), b.atoms.end());
                std::sort(k.begin(), k.end());
                all.push_back(Term{std::move(k), a.coef * b.coef});
            }
        std::sort(all.begin(), all.end(),
                  [](const Term& x, const Term& y) { return x.atoms < y.atoms; });
        // Equal monomials summed modulo 2^64; a sum of zero is no term.
        Poly r;
        for (size_t i = 0; i < all.size();) {
            uint64_t s = 0;
            size_t j = i;
            for (; j < all.size() && all[j].atoms == all[i].atoms; ++j)
                s += all[j].coef;
            if (s != 0)
                r.push_back(Term{std::move(all[i].atoms), s});
            i = j;
        }
        return r;
    }

    const GFunction& m_g;
    std::vector<int> m_atoms;
    std::map<uint64_t, int> m_atomValue; // atom hash -> canonical value
    int m_steps = 0, m_rules = 0;
};

} // namespace

PointerOffsetForm pointerOffsetForm(const GFunction& g, int op)
{
    PointerOffsetForm f;
    const GOp& o = g.ops[size_t(op)];
    if (o.id != OpId::Offset || o.operands.size() != 2 || o.results.size() != 1)
        return f;
    Decomposer d(g);
    Poly sum;
    if (!d.offsetTerm(o.operands[1], sum))
        return f;
    const int base = d.decomposePointer(o.operands[0], sum);
    // Written as offset(broadcast(p), x) with x an atom: nothing to normalize.
    if (d.rules() == 0)
        return f;
    f.rewritten = true;
    uint64_t h = hashMix(kTagAddress, g.values[size_t(base)].hash);
    h = hashMix(h, g.values[size_t(o.results[0])].typeHash);
    for (const auto& [k, coef] : sum) {
        uint64_t t = hashMix(0x7E12, coef);
        std::vector<int> values;
        for (uint64_t a : k) {
            t = hashMix(t, a);
            values.push_back(d.atomValue(a));
        }
        h = hashMix(h, t);
        f.terms.emplace_back(coef, std::move(values));
    }
    f.base = base;
    f.hash = h;
    f.atoms.push_back(base);
    for (int a : d.atoms())
        if (a != base)
            f.atoms.push_back(a);
    f.proof = "the same address in every lane: base + the same sum of terms (offsets "
              "reassociated modulo 2^64, sign extensions of proven non-negative or "
              "non-wrapping values looked through)";
    return f;
}

std::optional<std::vector<std::pair<uint64_t, std::vector<int>>>> integerTerms(const GFunction& g,
                                                                               int v)
{
    Decomposer d(g);
    const Poly p = d.expand(v);
    if (p.size() > kMaxTerms)
        return std::nullopt;
    std::vector<std::pair<uint64_t, std::vector<int>>> out;
    for (const auto& [k, coef] : p) {
        std::vector<int> atoms;
        atoms.reserve(k.size());
        for (uint64_t a : k)
            atoms.push_back(d.atomValue(a));
        out.emplace_back(coef, std::move(atoms));
    }
    return out;
}

} // namespace tilelens::diff
