#include "diff/semantics/SemanticForm.h"

#include "diff/graph/FlatHashMap.h"
#include "diff/graph/Hashing.h"
#include "diff/semantics/PointerOffsets.h"
#include "diff/semantics/RewriteOps.h"
#include "diff/semantics/Semantics.h"
#include "ir/FloatBits.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace tilelens::diff {

namespace {

constexpr uint64_t kTagSplat = 0x5B1A7;
constexpr uint64_t kTagSplatConst = 0xC0457;
constexpr uint64_t kTagSplatOf = 0x5B0F;
constexpr uint64_t kTagAffine = 0xAFF1;
constexpr uint64_t kTagDivFloor = 0xD1F1;
constexpr uint64_t kTagMin = 0x313E;
constexpr uint64_t kTagMax = 0x3A7E;

// "<f32: 1.0>", "<bf16: 1.000000e+00>": a float splat of exactly one.
bool splatFloatIsOne(std::string_view scalar)
{
    if (scalar.size() < 4 || (scalar[1] != 'f' && scalar[1] != 'b'))
        return false;
    const size_t colon = scalar.find(':');
    if (colon == std::string_view::npos)
        return false;
    const std::string number(scalar.substr(colon + 1, scalar.size() - colon - 2));
    char* end = nullptr;
    const double v = std::strtod(number.c_str(), &end);
    return end && *end == '\0' && v == 1.0;
}

} // namespace

std::optional<double> splatFloat(std::string_view scalar)
{
    const size_t colon = scalar.find(':');
    if (scalar.size() < 4 || colon == std::string_view::npos || scalar.back() != '>' ||
        ir::floatWidth(scalar.substr(1, colon - 1)) == 0)
        return std::nullopt;
    std::string number(scalar.substr(colon + 1, scalar.size() - colon - 2));
    number.erase(0, number.find_first_not_of(' '));
    // Infinities and NaNs are written as the bits in hex: not folded.
    if (number.empty() || number.find('x') != std::string::npos)
        return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(number.c_str(), &end);
    if (!end || *end != '\0' || !std::isfinite(v))
        return std::nullopt;
    return v;
}

namespace {

} // namespace

std::string specialisedFloatScalar(uint64_t doubleBits, std::string_view elem)
{
    double v = 0;
    static_assert(sizeof v == sizeof doubleBits);
    std::memcpy(&v, &doubleBits, sizeof v);
    const std::string e(elem);
    return "<" + e + ": " + ir::formatFloat(ir::floatToBits(v, e), e) + ">";
}

uint64_t constantScalarHash(std::string_view scalar)
{
    return hashMix(kTagSplatConst, hashText(scalar));
}

uint64_t constantOpHash(std::string_view scalar, uint64_t typeHash)
{
    return splatOpHash(constantScalarHash(scalar), typeHash);
}

uint64_t splatOfValue(uint64_t scalarHash)
{
    return hashMix(kTagSplatOf, scalarHash);
}

uint64_t splatOpHash(uint64_t splat, uint64_t typeHash)
{
    return hashMix(hashMix(kTagSplat, splat), typeHash);
}

uint64_t SemanticNormalizer::specialisedArgHash(int value)
{
    for (const auto& [v, c] : m_g.specialisedArgs) {
        if (v != value)
            continue;
        const GValue& a = m_g.values[size_t(v)];
        const std::string scalar =
            "<i" + std::to_string(intWidth(a.typeText)) + ": " + std::to_string(c) + ">";
        m_v[size_t(v)].splat = constantScalarHash(scalar);
        m_v[size_t(v)].splatConst = true;
        m_v[size_t(v)].isInt = true;
        m_v[size_t(v)].intValue = c;
        m_v[size_t(v)].fact = IntRange::of(c, c);
        return resultHash(constantOpHash(scalar, a.typeHash), 0);
    }
    for (const auto& [v, bits] : m_g.specialisedFloats) {
        if (v != value)
            continue;
        const GValue& a = m_g.values[size_t(v)];
        // A scalar argument: "tile<f32>" -> "f32".
        const std::string elem(a.typeText.substr(5, a.typeText.size() - 6));
        const std::string scalar = specialisedFloatScalar(bits, elem);
        m_v[size_t(v)].splat = constantScalarHash(scalar);
        m_v[size_t(v)].splatConst = true;
        m_v[size_t(v)].floatOne = splatFloatIsOne(scalar);
        if (const auto x = splatFloat(scalar)) {
            m_v[size_t(v)].isFloat = true;
            m_v[size_t(v)].floatValue = *x;
        }
        return resultHash(constantOpHash(scalar, a.typeHash), 0);
    }
    return 0;
}

SemanticNormalizer::SemanticNormalizer(GFunction& g) : m_g(g), m_v(g.values.size()) {}

std::string_view SemanticNormalizer::keep(const std::string& text)
{
    return m_g.arena->copyString(text);
}

void SemanticNormalizer::setSemOperands(GOp& o, std::initializer_list<int> values)
{
    setSemOperands(o, std::vector<int>(values));
}

void SemanticNormalizer::setSemOperands(GOp& o, const std::vector<int>& values)
{
    int* p =
        static_cast<int*>(m_g.arena->allocate(sizeof(int) * (values.size() + 1), alignof(int)));
    size_t n = 0;
    for (int v : values)
        p[n++] = v;
    o.semOperands = {p, n};
    o.hasSemOperands = true;
}

bool SemanticNormalizer::orderingOnlyOperand(const GOp& o, size_t i) const
{
    if (o.name.size() < 4 || o.name.substr(o.name.size() - 4) != "_tko")
        return false;
    const GValue& v = m_g.values[size_t(o.operands[i])];
    if (v.typeText == "token") {
        const int def = canonOf(o.operands[i]).def;
        return def >= 0 && m_g.ops[size_t(def)].id == OpId::MakeToken;
    }
    return o.id == OpId::LoadPtrTko && i >= 2 && intWidth(v.typeText) != 1;
}

void SemanticNormalizer::resetPending()
{
    m_pendSplat = 0;
    m_pendSplatConst = false;
    m_pendFloatOne = false;
    m_pendIsFloat = false;
    m_pendFloat = 0;
    m_pendIsInt = false;
    m_pendInt = 0;
    m_pendBase = -1;
    m_pendOff = 0;
    m_pendLane = 0;
}

SemanticForm SemanticNormalizer::form(int id)
{
    // Folded and duplicated ops never reach describeResults: start clean.
    resetPending();
    SemanticForm f;
    GOp& o = m_g.ops[size_t(id)];
    if (o.assume || !o.pure || o.results.size() != 1)
        return f;
    if (o.id == OpId::Offset) {
        // Addresses as base + sum of terms, however the additions are grouped.
        const PointerOffsetForm p = pointerOffsetForm(m_g, id);
        if (p.rewritten) {
            f.custom = true;
            f.hash = p.hash;
            f.proof = keep(p.proof);
            setSemOperands(o, p.atoms);
            return f;
        }
    }
    // Only the rewrites that can apply to this op, in their order (RewriteOps.h).
    namespace r = rewrite_ops;
    const uint16_t can = r::of(o.id);
    const auto may = [can](uint16_t bit) { return (can & bit) != 0; };
    if ((may(r::kView) && viewForm(id, f)) || (may(r::kSplat) && splatForm(id, f)) ||
        (may(r::kDecided) && decidedForm(id, f)) ||
        (may(r::kConstantFold) && constantFold(id, f)) || (may(r::kCastFold) && castFold(id, f)) ||
        (may(r::kFloatFold) && floatFold(id, f)) || (may(r::kAffine) && affineForm(id, f)) ||
        (may(r::kDivision) && divisionForm(id, f)) ||
        (may(r::kModuloFixup) && moduloFixupForm(id, f)) ||
        (may(r::kMinMax) && minMaxForm(id, f)) || (may(r::kShapeChain) && shapeChainForm(id, f)) ||
        (may(r::kZeroSum) && zeroSumForm(id, f)) || (may(r::kLane) && laneForm(id, f)))
        return f;
    // A bitcast to its operand's own type is the identity: Rust's i64 <-> u64 casts print so,
    // the signedness lives in the ops that read the value (issue 30 item 4).
    if (o.id == OpId::Bitcast && o.operands.size() == 1) {
        const int x = canonId(o.operands[0]);
        if (m_g.values[size_t(x)].typeText == m_g.values[size_t(o.results[0])].typeText) {
            f.alias = x;
            f.proof = "a bitcast to the same type is the identity";
            return f;
        }
    }
    // x*1, x|0, x^0 are x.
    const bool mul = o.id == OpId::MulI;
    if ((mul || o.id == OpId::OrI || o.id == OpId::XOrI) && o.operands.size() == 2) {
        for (size_t i = 0; i < 2; ++i) {
            const int c = canonId(o.operands[i]);
            const int x = canonId(o.operands[1 - i]);
            if (m_v[size_t(c)].isInt && m_v[size_t(c)].intValue == (mul ? 1 : 0) &&
                m_g.values[size_t(x)].typeText == m_g.values[size_t(o.results[0])].typeText) {
                f.alias = x;
                f.proof = mul ? "x * 1 = x" : "x | 0 = x ^ 0 = x";
                return f;
            }
        }
    }
    // x * 1.0 is x for every float (also -0, infinities and NaN) when nothing
    // flushes or rounds differently.
    if (o.id == OpId::MulF && o.attrs.empty() && o.operands.size() == 2) {
        for (size_t i = 0; i < 2; ++i) {
            const int c = canonId(o.operands[i]);
            const int x = canonId(o.operands[1 - i]);
            if (m_v[size_t(c)].floatOne) {
                if (m_g.values[size_t(x)].typeText == m_g.values[size_t(o.results[0])].typeText) {
                    f.alias = x;
                    f.proof = "x * 1.0 = x for every float (also -0, infinities and NaN)";
                    return f;
                }
            }
        }
    }
    f.roundingNeutral = o.id == OpId::MaxF || o.id == OpId::MinF;
    if (signNeutral(o)) {
        f.signNeutral = true;
        const auto isSignedness = [](const GAttr& a) { return isSignednessAttr(a.name); };
        if (std::any_of(o.attrs.begin(), o.attrs.end(), isSignedness)) {
            std::string why;
            signNeutral(o, &why);
            f.proof = keep(why);
        }
    }
    return f;
}

namespace {

// What a constant's splat scalar says ("<f32: 1.0>"), read once per distinct text.
struct ScalarFacts
{
    uint64_t splat = 0; // the scalar's hash; "<i1: true>" hashed as "<i1: 1>"
    double floatValue = 0;
    int64_t intValue = 0;
    bool floatOne = false, isFloat = false, isInt = false;
};

ScalarFacts readScalar(std::string_view value, std::string_view scalar)
{
    ScalarFacts x;
    x.splat = constantScalarHash(scalar);
    x.floatOne = splatFloatIsOne(scalar);
    if (const auto v = splatFloat(scalar)) {
        x.isFloat = true;
        x.floatValue = *v;
    }
    if (const auto i = splatInt(value)) {
        x.isInt = true;
        x.intValue = *i;
    }
    // <i1: true> and <i1: 1> are one value.
    if (x.isInt && scalar.rfind("<i1:", 0) == 0)
        x.splat = constantScalarHash(x.intValue ? "<i1: 1>" : "<i1: 0>");
    return x;
}

// Per thread, by text: a 100k-op side writes ~10,000 constants in ~80 spellings, and
// reading one takes two strtod and their strings. Bounded: a text beyond is read anew.
const ScalarFacts& scalarFacts(std::string_view value, std::string_view scalar)
{
    struct Cache
    {
        FlatHashMap<uint32_t> index; // hashText(scalar) -> entry + 1
        std::vector<std::pair<std::string, ScalarFacts>> entries;
        ScalarFacts uncached;
    };
    constexpr size_t kMaxEntries = 4096;
    thread_local Cache cache;
    const uint64_t key = hashText(scalar);
    if (const uint32_t* at = cache.index.find(key)) {
        const auto& entry = cache.entries[*at - 1];
        if (entry.first == scalar)
            return entry.second;
    } else if (cache.entries.size() < kMaxEntries) {
        cache.entries.emplace_back(std::string(scalar), readScalar(value, scalar));
        cache.index.insert(key, uint32_t(cache.entries.size()));
        return cache.entries.back().second;
    }
    cache.uncached = readScalar(value, scalar);
    return cache.uncached;
}

} // namespace

bool SemanticNormalizer::splatForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const GValue& res = m_g.values[size_t(o.results[0])];
    if (o.id == OpId::Constant) {
        const GAttr* v = findAttr(o, "value");
        if (!v)
            return false;
        const std::string_view scalar = splatScalar(v->value);
        if (scalar.empty())
            return false;
        const ScalarFacts& x = scalarFacts(v->value, scalar);
        m_pendSplat = x.splat;
        m_pendSplatConst = true;
        m_pendFloatOne = x.floatOne;
        m_pendIsFloat = x.isFloat;
        m_pendFloat = x.floatValue;
        m_pendIsInt = x.isInt;
        m_pendInt = x.intValue;
        m_pendLane = resultHash(splatOpHash(x.splat, scalarTypeHash(res.typeText)), 0);
        f.custom = true;
        f.hash = hashMix(hashMix(kTagSplat, m_pendSplat), res.typeHash);
        return true;
    }
    if ((o.id != OpId::Reshape && o.id != OpId::Broadcast) || o.operands.size() != 1)
        return false;
    const int x = canonId(o.operands[0]);
    const GValue& xv = m_g.values[size_t(x)];
    if (xv.typeText == res.typeText) {
        f.alias = x;
        f.proof = "a reshape or broadcast to the same type is the identity";
        return true;
    }
    uint64_t s = m_v[size_t(x)].splat;
    const bool ofConstant = s != 0 && m_v[size_t(x)].splatConst;
    uint64_t lane = m_v[size_t(x)].lane;
    if (s == 0 && singleElement(xv.typeText)) {
        s = splatOfValue(xv.hash);
        lane = xv.hash;
    }
    if (s == 0)
        return false;
    m_pendLane = lane;
    m_pendSplat = s;
    m_pendSplatConst = ofConstant;
    m_pendFloatOne = m_v[size_t(x)].floatOne;
    m_pendIsFloat = m_v[size_t(x)].isFloat;
    m_pendFloat = m_v[size_t(x)].floatValue;
    m_pendIsInt = m_v[size_t(x)].isInt;
    m_pendInt = m_v[size_t(x)].intValue;
    f.custom = true;
    f.hash = hashMix(hashMix(kTagSplat, s), res.typeHash);
    if (ofConstant) {
        setSemOperands(o, {});
        f.proof = "a reshape/broadcast chain of a splat constant is that constant's splat of the "
                  "result shape";
    }
    return true;
}

bool SemanticNormalizer::affineForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const bool sub = o.id == OpId::SubI;
    if ((!sub && o.id != OpId::AddI) || o.operands.size() != 2 || !o.attrs.empty())
        return false;
    const GValue& res = m_g.values[size_t(o.results[0])];
    const int width = intWidth(res.typeText);
    if (width <= 0)
        return false;
    int ci = -1;
    for (int i : {1, 0})
        if (ci < 0 && m_v[size_t(canonId(o.operands[size_t(i)]))].isInt && !(sub && i == 0))
            ci = i;
    if (ci < 0)
        return false;
    const int c = canonId(o.operands[size_t(ci)]);
    const int x = canonId(o.operands[size_t(1 - ci)]);
    const int64_t k = m_v[size_t(c)].intValue;
    if (m_v[size_t(x)].isInt) {
        // Both constant: the result is a constant splat.
        const int64_t v = wrapSigned(
            sub ? Wide(m_v[size_t(x)].intValue) - k : Wide(m_v[size_t(x)].intValue) + k, width);
        const std::string scalar = "<i" + std::to_string(width) + ": " + std::to_string(v) + ">";
        m_pendSplat = hashMix(kTagSplatConst, hashText(scalar));
        m_pendSplatConst = true;
        m_pendIsInt = true;
        m_pendInt = v;
        f.custom = true;
        f.hash = hashMix(hashMix(kTagSplat, m_pendSplat), res.typeHash);
        f.proof = keep("constant arithmetic folds to " + scalar);
        setSemOperands(o, {});
        return true;
    }
    const int base = m_v[size_t(x)].affBase >= 0 ? m_v[size_t(x)].affBase : x;
    const int64_t before = m_v[size_t(x)].affBase >= 0 ? m_v[size_t(x)].affOff : 0;
    const int64_t off = wrapSigned(Wide(before) + (sub ? -Wide(k) : Wide(k)), width);
    if (off == 0) {
        f.alias = base;
        f.proof = "the integer constants cancel: (x + a) - a = x";
        return true;
    }
    m_pendBase = base;
    m_pendOff = off;
    f.custom = true;
    f.hash = hashMix(hashMix(hashMix(kTagAffine, m_g.values[size_t(base)].hash), uint64_t(off)),
                     res.typeHash);
    setSemOperands(o, {base});
    f.proof = keep("integer constants folded: both compute x + " + std::to_string(off) +
                   " (mod 2^" + std::to_string(width) + ")");
    return true;
}

// Every integer division as a floor division: signed floor as written; ceil
// by a constant T as floor((x + T - 1) / T) (an identity over the integers,
// exact while x + T - 1 does not wrap); truncation and unsigned division as
// floor where the dividend is non-negative and the divisor positive.
bool SemanticNormalizer::divisionForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.id != OpId::DivI || o.operands.size() != 2)
        return false;
    for (const auto& a : o.attrs)
        if (a.name != "rounding" && !isSignednessAttr(a.name))
            return false;
    const int x = canonId(o.operands[0]), d = canonId(o.operands[1]);
    const GValue& xv = m_g.values[size_t(x)];
    const IntRange rx = xv.range, rd = m_g.values[size_t(d)].range;
    const int width = intWidth(xv.typeText);
    if (!rd.known || rd.lo < 1 || width <= 0)
        return false;
    const GAttr* sign = findAttr(o, "signedness");
    const bool isUnsigned = sign && sign->value == "unsigned";
    const GAttr* rounding = findAttr(o, "rounding");
    const std::string_view mode = rounding ? rounding->value : std::string_view("zero");
    std::string why = "divisor in " + rd.text() + " >= 1";
    std::string precondition;
    // x >= 0 proven, or x = b + c (b >= 0, c >= 0) that is non-negative unless it wraps.
    auto nonNegative = [&]() {
        if (rx.nonNegative()) {
            why += ", x in " + rx.text() + " >= 0";
            return true;
        }
        const int base = m_v[size_t(x)].affBase;
        if (base < 0 || m_v[size_t(x)].affOff < 0 || !m_g.values[size_t(base)].range.nonNegative())
            return false;
        why += ", x = b + " + std::to_string(m_v[size_t(x)].affOff) + " with b in " +
               m_g.values[size_t(base)].range.text() + " >= 0";
        precondition = "b + " + std::to_string(m_v[size_t(x)].affOff) + " does not overflow i" +
                       std::to_string(width);
        return true;
    };
    uint64_t numerator = xv.hash;
    // x = y - y % d with y >= 0 is a multiple of d: the division is exact, so every rounding
    // and either signedness give floor(y / d) (issue 30 item 4).
    const int y = exactMultipleBase(x, d);
    if (y >= 0) {
        numerator = m_g.values[size_t(y)].hash;
        why += ", x = y - y % d with y in " + rangeOf(y).text() +
               " >= 0: an exact division, every rounding gives floor(y / d)";
    } else if (isUnsigned || mode == "zero") {
        if (!nonNegative())
            return false;
        why += ": truncating, floor, signed and unsigned division agree";
    } else if (mode == "positive_inf") {
        if (!m_v[size_t(d)].isInt)
            return false;
        const int64_t t = m_v[size_t(d)].intValue;
        if (!rx.known || Wide(rx.hi) + t - 1 > maxSignedOf(width))
            precondition = "x <= " + std::to_string(maxSignedOf(width) - (t - 1)) + " (x + " +
                           std::to_string(t - 1) + " does not overflow i" + std::to_string(width) +
                           ")";
        const int base = m_v[size_t(x)].affBase >= 0 ? m_v[size_t(x)].affBase : x;
        const int64_t before = m_v[size_t(x)].affBase >= 0 ? m_v[size_t(x)].affOff : 0;
        const int64_t off = wrapSigned(Wide(before) + t - 1, width);
        const GValue& bv = m_g.values[size_t(base)];
        numerator = off == 0
                        ? bv.hash
                        : resultHash(hashMix(hashMix(hashMix(kTagAffine, bv.hash), uint64_t(off)),
                                             xv.typeHash),
                                     0);
        why += ": ceil(x / " + std::to_string(t) + ") = floor((x + " + std::to_string(t - 1) +
               ") / " + std::to_string(t) + ") for every integer x";
    } else if (mode == "negative_inf") {
        why += ": a signed floor division";
    } else {
        return false;
    }
    f.custom = true;
    f.hash = hashMix(hashMix(hashMix(kTagDivFloor, numerator), m_g.values[size_t(d)].hash),
                     m_g.values[size_t(o.results[0])].typeHash);
    f.conditional = !precondition.empty();
    f.proof = keep(f.conditional ? why + ", provided that " + precondition : why);
    return true;
}

int SemanticNormalizer::exactMultipleBase(int x, int d) const
{
    const GOp* sub = defOp(x);
    if (!sub || sub->id != OpId::SubI || sub->operands.size() != 2)
        return -1;
    const GOp* rem = defOp(sub->operands[1]);
    if (!rem || rem->id != OpId::RemI || rem->operands.size() != 2)
        return -1;
    const int y = canonId(sub->operands[0]);
    // y % d of y >= 0 and d >= 1 is in [0, y]: the subtraction cannot wrap, either signedness.
    if (canonId(rem->operands[0]) != y || canonId(rem->operands[1]) != d ||
        !rangeOf(y).nonNegative())
        return -1;
    return y;
}

const GOp* SemanticNormalizer::defOp(int v) const
{
    const int d = canonOf(v).def;
    return d >= 0 ? &m_g.ops[size_t(d)] : nullptr;
}

// cond ? a : b where cond compares the same two values: min or max of them.
bool SemanticNormalizer::choiceHash(int cond, int a, int b, SemanticForm& f) const
{
    const GOp* cmp = defOp(cond);
    if (!cmp || cmp->id != OpId::CmpI || cmp->operands.size() != 2)
        return false;
    const GAttr* pred = findAttr(*cmp, "predicate");
    const GAttr* sign = findAttr(*cmp, "signedness");
    if (!pred || ((!sign || sign->value != "signed") && !signNeutral(*cmp)))
        return false;
    const int p = canonId(cmp->operands[0]), q = canonId(cmp->operands[1]);
    a = canonId(a);
    b = canonId(b);
    const bool less = pred->value == "less_than" || pred->value == "less_than_or_equal";
    const bool greater = pred->value == "greater_than" || pred->value == "greater_than_or_equal";
    if (!(less || greater) || !((a == p && b == q) || (a == q && b == p)))
        return false;
    const bool isMin = (a == p) == less;
    uint64_t hp = m_g.values[size_t(p)].hash, hq = m_g.values[size_t(q)].hash;
    if (hq < hp)
        std::swap(hp, hq);
    f.custom = true;
    f.hash = hashMix(hashMix(hashMix(isMin ? kTagMin : kTagMax, hp), hq),
                     m_g.values[size_t(a)].typeHash);
    f.proof = isMin ? "a compare-and-choose of the smaller value is signed min(x, y)"
                    : "a compare-and-choose of the larger value is signed max(x, y)";
    return true;
}

bool SemanticNormalizer::minMaxForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.id == OpId::Select && o.operands.size() == 3)
        return choiceHash(o.operands[0], o.operands[1], o.operands[2], f);
    if ((o.id != OpId::MinI && o.id != OpId::MaxI) || o.operands.size() != 2)
        return false;
    const GAttr* sign = findAttr(o, "signedness");
    if ((!sign || sign->value != "signed") && !signNeutral(o))
        return false;
    uint64_t h0 = canonOf(o.operands[0]).hash, h1 = canonOf(o.operands[1]).hash;
    if (h1 < h0)
        std::swap(h0, h1);
    f.custom = true;
    f.hash = hashMix(hashMix(hashMix(o.id == OpId::MinI ? kTagMin : kTagMax, h0), h1),
                     m_g.values[size_t(o.results[0])].typeHash);
    return true;
}

SemanticForm SemanticNormalizer::regionForm(int id)
{
    resetPending();
    SemanticForm f;
    GOp& o = m_g.ops[size_t(id)];
    if (o.id != OpId::If || o.results.size() != 1 || o.regions.size() != 2 ||
        o.operands.size() != 1)
        return f;
    if (constantBranch(id, f))
        return f;
    int yielded[2] = {-1, -1};
    for (size_t k = 0; k < 2; ++k) {
        // The yield, after constants at most (a branch may materialise the
        // value it yields: `x > 0 ? x : 0` with its own `constant 0`).
        const GRegion& r = m_g.regions[size_t(o.regions[k])];
        if (r.ops.empty())
            return f;
        for (size_t i = 0; i + 1 < r.ops.size(); ++i)
            if (m_g.ops[size_t(r.ops[i])].id != OpId::Constant)
                return f;
        const GOp& y = m_g.ops[size_t(r.ops.back())];
        if (y.id != OpId::Yield || y.operands.size() != 1)
            return f;
        yielded[k] = y.operands[0];
    }
    if (!choiceHash(o.operands[0], yielded[0], yielded[1], f))
        return SemanticForm{};
    setSemOperands(o, {canonId(yielded[0]), canonId(yielded[1])});
    return f;
}

// An `if` on a constant condition (a folded comparison of the reference's
// specialised constants) that yields a constant from the branch it takes is
// that constant.
bool SemanticNormalizer::constantBranch(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const int cond = canonId(o.operands[0]);
    if (!m_v[size_t(cond)].isInt)
        return false;
    const bool taken = (m_v[size_t(cond)].intValue & 1) != 0;
    const GRegion& r = m_g.regions[size_t(o.regions[taken ? 0 : 1])];
    if (r.ops.empty())
        return false;
    const GOp& y = m_g.ops[size_t(r.ops.back())];
    if (y.id != OpId::Yield || y.operands.size() != 1)
        return false;
    const int v = canonId(y.operands[0]);
    if (m_g.values[size_t(v)].typeText != m_g.values[size_t(o.results[0])].typeText)
        return false;
    const std::string what = std::string("an if on a constant ") + (taken ? "true" : "false") +
                             " condition yields its " + (taken ? "then" : "else") +
                             " branch's constant; ";
    if (m_v[size_t(v)].isFloat)
        return foldToFloat(id, m_v[size_t(v)].floatValue, what + "it", f);
    if (m_v[size_t(v)].isInt)
        return foldToInt(id, m_v[size_t(v)].intValue, what + "it", f);
    return false;
}

bool SemanticNormalizer::signNeutral(const GOp& o, std::string* why) const
{
    if (!signSensitiveOp(o.id) || o.operands.empty())
        return false;
    for (size_t i = 0; i < o.operands.size(); ++i) {
        const IntRange r = rangeOf(o.operands[i]);
        if (!r.nonNegative())
            return false;
        if ((o.id == OpId::DivI || o.id == OpId::RemI) && i == 1 && r.lo < 1)
            return false;
    }
    // The sentence only when asked for: most callers need the answer alone.
    if (why) {
        *why = "signed and unsigned agree: every operand is non-negative (";
        for (size_t i = 0; i < o.operands.size(); ++i)
            *why += (i ? ", " : "") + rangeOf(o.operands[i]).text();
        *why += ")";
    }
    return true;
}

} // namespace tilelens::diff
