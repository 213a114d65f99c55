#include "diff/compare/FlushFacts.h"

#include "common/Side.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"
#include "ir/FloatBits.h"
#include "ir/Type.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <unordered_map>

namespace tilelens::diff {

namespace {

constexpr double kMinNormalF32 = 0x1p-126;
constexpr double kMinSubnormalF32 = 0x1p-149;
// One rounding of a normal f32 result grows its magnitude by at most 2^-23
// relative (the margin covers any rounding mode).
constexpr double kRoundingSlack = 1.0 + 0x1p-20;

std::string_view elementName(const GFunction& f, int v)
{
    const ir::Type* t = f.values[size_t(v)].type;
    if (t && t->element)
        t = t->element;
    return t && t->kind == ir::TypeKind::Number ? t->name : std::string_view();
}

// What a narrow float widened to f32 can be: its largest finite magnitude,
// whether it has infinities, whether its nonzero values can be f32 subnormals.
struct NarrowFloat
{
    std::string_view name;
    double maxFinite;
    bool hasInf;
    bool f32Subnormals;
    double halfMinSubnormal; // a cast to it rounds |x| below this to a signed zero
};

const NarrowFloat* narrowFloat(std::string_view name)
{
    static const NarrowFloat table[] = {
        {"f16", 65504.0, true, false, 0x1p-25},
        {"bf16", 0x1.fep127, true, true, 0x1p-134},
        {"f8E4M3FN", 448.0, false, false, 0x1p-10},
        {"f8E5M2", 57344.0, true, false, 0x1p-17},
    };
    for (const NarrowFloat& n : table)
        if (n.name == name)
            return &n;
    return nullptr;
}

// A proven bound on |x| (x finite or NaN), valid for finite inputs only when
// finiteOnly (a narrow load may hold an infinity); known = false: none.
struct Magnitude
{
    bool known = false;
    double bound = 0;
    bool finiteOnly = false;
    bool maySubnormal = true; // may be an f32 subnormal (an ftz input flush)
    int infLine = 0;          // the cast whose infinity the bound excludes
};

std::string powerOfTwo(double x)
{
    return "2^" + std::to_string(int(std::ceil(std::log2(x))));
}

class FlushProof
{
public:
    explicit FlushProof(const GFunction& f) : m_f(f) {}

    // A proof in words that ftz on op `id` changes no stored value, or "".
    std::string prove(int id, bool& conditional)
    {
        const GOp& o = m_f.ops[size_t(id)];
        if (o.results.size() != 1 || elementName(m_f, o.results[0]) != "f32")
            return {};
        if (o.id == OpId::AddF && o.operands.size() == 2)
            return positiveSum(o);
        double bound = kMinNormalF32; // a subnormal result flushed to a signed zero
        std::string inputs = "a subnormal result becomes a zero of its sign";
        if (o.id == OpId::MulF && o.operands.size() == 2) {
            for (size_t i = 0; i < 2; ++i) {
                if (!magnitude(o.operands[i], 0).maySubnormal)
                    continue;
                const Magnitude other = magnitude(o.operands[1 - i], 0);
                if (!other.known)
                    return {};
                useBound(other);
                bound =
                    std::max(bound, kMinNormalF32 * std::max(other.bound, 1.0) * kRoundingSlack);
                inputs += "; a subnormal operand " + std::to_string(i) +
                          " flushed changes the product by at most 2^-126 * " +
                          ir::shortFloatText(other.bound);
            }
        } else if (o.id != OpId::NegF || o.operands.size() != 1) {
            return {};
        }
        if (!follow(o.results[0], bound, 0) || m_casts.empty())
            return {};
        conditional = m_infLine > 0;
        std::string lines;
        for (int line : m_casts)
            lines += (lines.empty() ? "" : ", ") + std::to_string(line);
        std::string proof =
            std::string(m_infLine > 0 ? "harmless for finite inputs" : "harmless") +
            ", proven: flush_to_zero changes only f32 subnormals (|x| < 2^-126) to a zero of the "
            "same "
            "sign: " +
            inputs + "; the changed values keep their sign and stay at most " +
            powerOfTwo(m_worst) + " in magnitude through multiplications by bounded operands " +
            "and reach only casts to " + m_castType + " (line" + (m_casts.size() > 1 ? "s " : " ") +
            lines + ") rounding to nearest or toward zero, which round both sides to the same " +
            "signed zero (half of its smallest subnormal is " + powerOfTwo(m_castHalf) + ")";
        if (conditional)
            proof += ", provided that the inputs are finite (an infinity from the cast at line " +
                     std::to_string(m_infLine) +
                     " times a flushed zero is NaN where the unflushed value gives an infinity)";
        return proof;
    }

private:
    // c + x with a constant c >= 2^-100 and x >= 0 (an exp, exp2 or square):
    // the sum is at least c, never subnormal, and a subnormal x is less than
    // half an ulp of c, so c + x rounds to c as c + 0 does (1 + exp2(t) of a
    // sigmoid). Nothing to follow: every value equals its unflushed one.
    std::string positiveSum(const GOp& o) const
    {
        for (size_t i = 0; i < 2; ++i) {
            const Magnitude c = magnitude(o.operands[i], 0);
            const double value = constantValue(o.operands[i]);
            if (!c.known || !(value >= 0x1p-100) || !nonNegative(o.operands[1 - i]))
                continue;
            return "harmless, proven: flush_to_zero changes only f32 subnormals (|x| < 2^-126): "
                   "the sum of the constant " +
                   ir::shortFloatText(value) +
                   " and a value that is never negative (an exp, exp2 or square) is at least " +
                   ir::shortFloatText(value) +
                   ", never subnormal, and a subnormal addend is below half an ulp of it, so "
                   "flushing that addend to +0 gives the same sum";
        }
        return {};
    }

    // The value of a float splat constant (through reshapes and broadcasts), else NaN.
    double constantValue(int v) const
    {
        for (int depth = 0; depth < 8; ++depth) {
            const int def = m_f.canonValue(v).def;
            if (def < 0)
                return std::nan("");
            const GOp& o = m_f.ops[size_t(def)];
            if ((o.id == OpId::Broadcast || o.id == OpId::Reshape) && !o.operands.empty()) {
                v = o.operands[0];
                continue;
            }
            if (o.id != OpId::Constant)
                return std::nan("");
            const GAttr* a = findAttr(o, "value");
            const auto x = a ? splatFloat(splatScalar(a->value)) : std::nullopt;
            return x ? *x : std::nan("");
        }
        return std::nan("");
    }

    bool nonNegative(int v) const
    {
        const int def = m_f.canonValue(v).def;
        if (def < 0)
            return false;
        const GOp& o = m_f.ops[size_t(def)];
        if (o.id == OpId::Exp || o.id == OpId::Exp2)
            return true;
        return o.id == OpId::MulF && o.operands.size() == 2 &&
               m_f.values[size_t(o.operands[0])].canon == m_f.values[size_t(o.operands[1])].canon;
    }

    void useBound(const Magnitude& m)
    {
        if (m.finiteOnly && m_infLine == 0)
            m_infLine = m.infLine;
    }

    Magnitude magnitude(int v, int depth) const
    {
        Magnitude none;
        const int def = m_f.canonValue(v).def;
        if (def < 0 || depth > 16)
            return none;
        const GOp& o = m_f.ops[size_t(def)];
        const OpId n = o.id;
        if (n == OpId::Constant) {
            const GAttr* a = findAttr(o, "value");
            const std::string_view s = a ? splatScalar(a->value) : std::string_view();
            const size_t colon = s.find(':');
            if (s.size() < 4 || (s[1] != 'f' && s[1] != 'b') || colon == std::string_view::npos)
                return none;
            const std::string number(s.substr(colon + 1, s.size() - colon - 2));
            char* end = nullptr;
            const double x = std::strtod(number.c_str(), &end);
            if (number.find("0x") != std::string::npos || !end || *end != '\0' || !std::isfinite(x))
                return none;
            return {true, std::fabs(x), false, x != 0 && std::fabs(x) < kMinNormalF32, 0};
        }
        if (n == OpId::FToF && o.operands.size() == 1 && elementName(m_f, o.results[0]) == "f32") {
            const NarrowFloat* t = narrowFloat(elementName(m_f, o.operands[0]));
            if (!t)
                return none;
            return {true, t->maxFinite, t->hasInf, t->f32Subnormals, t->hasInf ? o.line : 0};
        }
        if ((n == OpId::Broadcast || n == OpId::Reshape || n == OpId::Permute || n == OpId::NegF) &&
            !o.operands.empty())
            return magnitude(o.operands[0], depth + 1);
        if (n == OpId::MulF && o.operands.size() == 2) {
            const Magnitude a = magnitude(o.operands[0], depth + 1);
            const Magnitude b = magnitude(o.operands[1], depth + 1);
            if (!a.known || !b.known)
                return none;
            return {true, a.bound * b.bound * kRoundingSlack, a.finiteOnly || b.finiteOnly, true,
                    a.infLine ? a.infLine : b.infLine};
        }
        return none;
    }

    // Every use of v, whose two versions are equal or both at most `bound` in
    // magnitude with equal signs, keeps that so until a cast makes them equal.
    bool follow(int v, double bound, int depth)
    {
        const int c = m_f.values[size_t(v)].canon;
        auto [it, fresh] = m_seen.emplace(c, bound);
        if (!fresh) {
            if (it->second >= bound)
                return true;
            it->second = bound;
        }
        if (depth > 64 || m_seen.size() > 256)
            return false;
        m_worst = std::max(m_worst, bound);
        for (int u : m_f.values[size_t(c)].users) {
            const GOp& o = m_f.ops[size_t(u)];
            const OpId n = o.id;
            if (o.hasSemOperands || o.results.size() > 1)
                return false;
            if (o.assume)
                continue; // transparent: its users are c's users
            auto tainted = [&](size_t i) {
                return i < o.operands.size() && m_f.values[size_t(o.operands[i])].canon == c;
            };
            if (n == OpId::Broadcast || n == OpId::Reshape || n == OpId::Permute ||
                n == OpId::NegF || (n == OpId::Select && !tainted(0))) {
                if (!follow(o.results[0], bound, depth + 1))
                    return false;
            } else if (n == OpId::MulF && o.operands.size() == 2 && tainted(0) != tainted(1)) {
                const Magnitude other = magnitude(o.operands[tainted(0) ? 1 : 0], 0);
                if (!other.known)
                    return false;
                useBound(other);
                const double next =
                    std::max(bound * other.bound * kRoundingSlack, kMinSubnormalF32);
                if (!follow(o.results[0], next, depth + 1))
                    return false;
            } else if (n == OpId::FToF && o.results.size() == 1) {
                if (!narrowingCast(o, bound))
                    return false;
            } else {
                return false;
            }
        }
        return true;
    }

    // A cast to a narrow float that rounds every |x| <= bound to a zero of x's sign.
    bool narrowingCast(const GOp& o, double bound)
    {
        const NarrowFloat* t = narrowFloat(elementName(m_f, o.results[0]));
        const GAttr* rounding = findAttr(o, "rounding");
        if (!t || !(bound < t->halfMinSubnormal) ||
            (rounding && rounding->value != "nearest_even" && rounding->value != "zero"))
            return false;
        if (!m_castType.empty() && m_castType != t->name)
            return false; // one type per proof keeps the sentence true
        m_castType = std::string(t->name);
        m_castHalf = t->halfMinSubnormal;
        m_casts.insert(o.line);
        return true;
    }

    const GFunction& m_f;
    std::unordered_map<int, double> m_seen; // canonical value -> largest bound followed
    std::set<int> m_casts;                  // lines of the casts that hide the flush
    std::string m_castType;
    double m_castHalf = 0;
    double m_worst = 0;
    int m_infLine = 0;
};

} // namespace

void explainFlush(const GFunction& R, int r, const GFunction& G, int g, RawDifference& d)
{
    if (d.attribute != "flush_to_zero" ||
        (d.kind != DiffKind::AttributeMissing && d.kind != DiffKind::AttributeExtra))
        return;
    // The side whose op has the flag.
    const Side flagged = d.kind == DiffKind::AttributeMissing ? Side::Reference : Side::Generated;
    const PerSide<const GFunction*> function{&R, &G};
    const PerSide<int> op{r, g};
    bool conditional = false;
    std::string proof = FlushProof(*function[flagged]).prove(op[flagged], conditional);
    if (proof.empty())
        return;
    d.proof = std::move(proof);
    d.conditional = conditional;
}

} // namespace tilelens::diff
