// Constant folding of the semantic normal form (SemanticForm.h): an integer
// op whose operands are all constants (written ones, folded ones, or entry
// arguments bound to the reference's specialisation) hashes as the constant
// it computes. Ceil-div tile counts, persistent-loop bounds and modulo
// fix-ups then reduce to the same values on both sides. Every fold is exact:
// an op whose result does not fit its type (signed overflow, division by
// zero, INT_MIN / -1) is left as written, except where the op's own meaning
// is to wrap (trunci, bitwise ops); a sum left here is then folded modulo
// 2^w by the affine form, as addi / subi wrap.

#include "diff/graph/Hashing.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"
#include "ir/FloatBits.h"

#include <cmath>
#include <optional>

namespace tilelens::diff {

namespace {

bool isUnsigned(const GOp& o, std::string_view attr = "signedness")
{
    const GAttr* s = findAttr(o, attr);
    return s && s->value == "unsigned";
}

// v (a w-bit value in signed or 0/1 form) read as unsigned.
Wide asUnsigned(int64_t v, int width)
{
    if (width >= 64)
        return Wide(uint64_t(v));
    return Wide(uint64_t(v) & ((uint64_t(1) << width) - 1));
}

Wide asSigned(int64_t v, int width)
{
    return width == 1 ? -Wide(v & 1) : Wide(wrapSigned(Wide(v), width));
}

bool fitsSigned(Wide v, int width)
{
    return width >= 1 && width <= 64 && v >= -(Wide(1) << (width - 1)) &&
           v < (Wide(1) << (width - 1));
}

// Floor division of exact integers (q rounded towards negative infinity).
Wide floorDiv(Wide a, Wide b)
{
    Wide q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

// A cmpi/cmpf predicate on two exact values (integers, or finite floats where
// ordered and unordered predicates agree).
template <typename T> std::optional<bool> comparison(std::string_view predicate, T a, T b)
{
    if (predicate == "equal")
        return a == b;
    if (predicate == "not_equal")
        return a != b;
    if (predicate == "less_than")
        return a < b;
    if (predicate == "less_than_or_equal")
        return a <= b;
    if (predicate == "greater_than")
        return a > b;
    if (predicate == "greater_than_or_equal")
        return a >= b;
    return std::nullopt;
}

// "tile<1024xbf16>" -> "bf16" ("" if not a tile type).
std::string elementTypeOf(std::string_view typeText)
{
    const std::string scalar = scalarTypeOf(typeText); // "tile<bf16>"
    if (scalar.rfind("tile<", 0) != 0 || scalar.back() != '>')
        return {};
    return scalar.substr(5, scalar.size() - 6);
}

} // namespace

bool SemanticNormalizer::constantFold(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const OpId n = o.id;
    if (o.operands.empty() || o.operands.size() > 3)
        return false;
    // Cheapest test first: this runs for every op of its set (RewriteOps.h) on both sides.
    if (!m_v[size_t(canonId(o.operands[0]))].isInt)
        return false;
    const GValue& res = m_g.values[size_t(o.results[0])];
    const int width = intWidth(res.typeText);
    if (width <= 0 || width > 64)
        return false;
    // select(c, a, b) with a constant condition is the chosen operand, constant or not.
    if (n == OpId::Select && o.operands.size() == 3 && m_v[size_t(canonId(o.operands[0]))].isInt) {
        const bool taken = (m_v[size_t(canonId(o.operands[0]))].intValue & 1) != 0;
        const int chosen = canonId(o.operands[taken ? 1 : 2]);
        if (m_g.values[size_t(chosen)].typeText != res.typeText)
            return false;
        f.alias = chosen;
        f.proof = taken ? "select with a condition that is constant true is its second operand"
                        : "select with a condition that is constant false is its third operand";
        return true;
    }
    int64_t in[2] = {0, 0};
    for (size_t i = 0; i < o.operands.size(); ++i) {
        const int c = canonId(o.operands[i]);
        if (!m_v[size_t(c)].isInt || i >= 2)
            return false;
        in[i] = m_v[size_t(c)].intValue;
    }
    const int from = intWidth(m_g.values[size_t(canonId(o.operands[0]))].typeText);
    if (from <= 0 || from > 64)
        return false;
    const bool binary = o.operands.size() == 2;
    const bool unsig = isUnsigned(o);
    const Wide a = unsig ? asUnsigned(in[0], from) : asSigned(in[0], from);
    const Wide b = binary ? (unsig ? asUnsigned(in[1], from) : asSigned(in[1], from)) : 0;
    std::optional<Wide> out;
    bool wraps = false; // the op's meaning is modular: wrap instead of refusing
    if (n == OpId::AddI && binary && o.attrs.empty())
        out = a + b;
    else if (n == OpId::SubI && binary && o.attrs.empty())
        out = a - b;
    else if (n == OpId::MulI && binary && o.attrs.empty())
        out = a * b;
    else if ((n == OpId::DivI || n == OpId::RemI) && binary && b != 0) {
        const GAttr* rounding = findAttr(o, "rounding");
        const std::string_view mode = rounding ? rounding->value : "zero";
        Wide q = a / b; // truncating
        if (mode == "negative_inf")
            q = floorDiv(a, b);
        else if (mode == "positive_inf")
            q = -floorDiv(-a, b);
        else if (mode != "zero")
            return false;
        out = n == OpId::DivI ? q : a - (a / b) * b;
    } else if ((n == OpId::MinI || n == OpId::MaxI) && binary)
        out = (n == OpId::MinI) == (a < b) ? a : b;
    else if (n == OpId::CmpI && binary) {
        const GAttr* p = findAttr(o, "predicate");
        const auto r = p ? comparison(p->value, a, b) : std::nullopt;
        if (!r)
            return false;
        out = *r ? 1 : 0;
    } else if (n == OpId::ExtI && !binary)
        out = a;
    else if (n == OpId::TruncI && !binary) {
        out = a;
        wraps = true;
    } else if ((n == OpId::AndI || n == OpId::OrI || n == OpId::XOrI) && binary) {
        const uint64_t x = uint64_t(int64_t(a)), y = uint64_t(int64_t(b));
        out = Wide(int64_t(n == OpId::AndI ? x & y : n == OpId::OrI ? x | y : x ^ y));
        wraps = true;
    }
    if (!out)
        return false;
    int64_t value = 0;
    if (width == 1) {
        value = int64_t(*out & 1);
        if (!wraps && *out != 0 && *out != 1 && *out != -1)
            return false;
    } else if (wraps || fitsSigned(*out, width)) {
        value = wrapSigned(*out, width);
    } else if (unsig && *out >= 0 && *out < (Wide(1) << width)) {
        value = wrapSigned(*out, width); // an unsigned result that fits the width
    } else {
        return false; // overflow: the written op may wrap, keep it
    }
    return foldToInt(id, value, "constant arithmetic", f);
}

// A cast of a constant is the constant of the result type (cuTile Rust spells a literal
// of the generic element type E as an f32 constant and an ftof, or an integer constant and
// an itof; cuTile Python folds them): itof of an integer that the double holds exactly,
// ftof of a finite float, both rounded to nearest even in the result's format, which is
// the ops' rounding. Other rounding modes are left as written.
bool SemanticNormalizer::castFold(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const bool itof = o.id == OpId::IToF;
    if ((!itof && o.id != OpId::FToF) || o.operands.size() != 1)
        return false;
    for (const auto& a : o.attrs)
        if (!(itof && a.name == "signedness") &&
            !(a.name == "rounding" && a.value == "nearest_even"))
            return false;
    const int x = canonId(o.operands[0]);
    double v = 0;
    if (itof) {
        if (!m_v[size_t(x)].isInt)
            return false;
        const int from = intWidth(m_g.values[size_t(x)].typeText);
        if (from <= 0 || from > 64)
            return false;
        const Wide w = isUnsigned(o) ? asUnsigned(m_v[size_t(x)].intValue, from)
                                     : asSigned(m_v[size_t(x)].intValue, from);
        if (w > (Wide(1) << 53) || w < -(Wide(1) << 53))
            return false; // not exact in a double
        v = double(int64_t(w));
    } else {
        if (!m_v[size_t(x)].isFloat)
            return false;
        v = m_v[size_t(x)].floatValue;
    }
    return foldToFloat(id, v, std::string(o.name) + " of a constant", f);
}

std::string SemanticNormalizer::specialisationNote() const
{
    return m_g.specialisedArgs.empty() && m_g.specialisedFloats.empty()
               ? std::string()
               : std::string(" (runtime arguments compared as the reference's specialised "
                             "constants, see the entry)");
}

// The op's result is the float constant v rounded to nearest even in its
// element type: hashed, described and proven as that constant.
bool SemanticNormalizer::foldToFloat(int id, double v, const std::string& what, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const GValue& res = m_g.values[size_t(o.results[0])];
    const std::string elem = elementTypeOf(res.typeText);
    if (ir::floatWidth(elem) == 0 || !std::isfinite(v))
        return false;
    const uint64_t bits = ir::floatToBits(v, elem);
    const double rounded = ir::bitsToFloat(bits, elem);
    if (!std::isfinite(rounded))
        return false;
    const std::string scalar = "<" + elem + ": " + ir::formatFloat(bits, elem) + ">";
    m_pendSplat = constantScalarHash(scalar);
    m_pendSplatConst = true;
    m_pendFloatOne = rounded == 1.0;
    m_pendIsFloat = true;
    m_pendFloat = rounded;
    m_pendLane = resultHash(constantOpHash(scalar, scalarTypeHash(res.typeText)), 0);
    f.custom = true;
    f.hash = constantOpHash(scalar, res.typeHash);
    f.proof = keep(what + " folds to " + scalar +
                   (rounded == v ? " (exact)" : " (rounded to nearest even, as the op rounds)") +
                   specialisationNote());
    setSemOperands(o, {});
    return true;
}

// The op's result is the integer (or i1) constant `value` of its type.
bool SemanticNormalizer::foldToInt(int id, int64_t value, const std::string& what, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const GValue& res = m_g.values[size_t(o.results[0])];
    const int width = intWidth(res.typeText);
    if (width <= 0 || width > 64)
        return false;
    const std::string shown =
        "<i" + std::to_string(width) + ": " +
        (width == 1 ? std::string(value ? "true" : "false") : std::to_string(value)) + ">";
    // Written i1 constants hash as <i1: 1> / <i1: 0> (splatForm).
    const std::string scalar = width == 1 ? std::string(value ? "<i1: 1>" : "<i1: 0>") : shown;
    m_pendSplat = constantScalarHash(scalar);
    m_pendSplatConst = true;
    m_pendIsInt = true;
    m_pendInt = value;
    m_pendLane = resultHash(constantOpHash(scalar, scalarTypeHash(res.typeText)), 0);
    f.custom = true;
    f.hash = constantOpHash(scalar, res.typeHash);
    f.proof = keep(what + " folds to " + shown + specialisationNote());
    setSemOperands(o, {});
    return true;
}

// Float arithmetic and comparisons of constants (written, folded, or entry
// arguments bound to the reference's specialisation): cuTile Rust computes
// `if p >= 1 { 0 } else { 1 / (1 - p) }` where cuTile Python folded the
// constant. Only the default rounding (nearest even) without flushing: one
// +, -, *, / computed in double and rounded once to a format of at most 24
// significand bits is correctly rounded, subnormal results included
// (53 >= 2 * 24 + 2); f64 arithmetic is double's own.
bool SemanticNormalizer::floatFold(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.operands.size() != 2 || o.results.size() != 1 ||
        !m_v[size_t(canonId(o.operands[0]))].isFloat ||
        !m_v[size_t(canonId(o.operands[1]))].isFloat)
        return false;
    for (const auto& a : o.attrs)
        if (!(a.name == "rounding" && a.value == "nearest_even") && a.name != "predicate" &&
            a.name != "ordering")
            return false;
    const double a = m_v[size_t(canonId(o.operands[0]))].floatValue;
    const double b = m_v[size_t(canonId(o.operands[1]))].floatValue;
    const OpId n = o.id;
    if (n == OpId::CmpF) {
        // Finite operands (m_isFloat): ordered and unordered predicates agree.
        const GAttr* p = findAttr(o, "predicate");
        const auto r = p ? comparison(p->value, a, b) : std::nullopt;
        return r && foldToInt(id, *r ? 1 : 0, "a comparison of constants", f);
    }
    const GValue& res = m_g.values[size_t(o.results[0])];
    if (ir::floatWidth(elementTypeOf(res.typeText)) == 0)
        return false;
    double v = 0;
    if (n == OpId::AddF)
        v = a + b;
    else if (n == OpId::SubF)
        v = a - b;
    else if (n == OpId::MulF)
        v = a * b;
    else if (n == OpId::DivF && b != 0)
        v = a / b;
    else
        return false;
    return foldToFloat(id, v, "float arithmetic on constants", f);
}

} // namespace tilelens::diff
