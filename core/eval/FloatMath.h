#pragma once
// Exact float kernels shared by the element-wise ops and the reduce/scan/mma
// fast paths. Each returns a double on the same side of every rounding
// boundary of the narrow formats (f32 and below) as the exact result, so one
// roundTo() afterwards rounds correctly in any mode. With `plain` (f64
// elements) they return the plain IEEE double result instead.

#include "eval/Numeric.h"
#include "ir/OpId.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace tilelens::eval {

// `s` is the double nearest to an exact value s + err; moving it one double
// ulp toward the exact value keeps it on the same side of every rounding
// boundary of a format with at most 26 significand bits.
inline double nudge(double s, double err)
{
    if (err == 0 || !std::isfinite(s))
        return s;
    return std::nextafter(s, err > 0 ? std::numeric_limits<double>::infinity()
                                     : -std::numeric_limits<double>::infinity());
}

inline double exactSum(double a, double b, bool plain = false)
{
    if (plain)
        return a + b;
    const double s = a + b;
    const double bb = s - a;
    const double err = (a - (s - bb)) + (b - bb);
    return nudge(s, err);
}

inline double exactQuotient(double a, double b, bool plain = false)
{
    if (plain)
        return a / b;
    const double q = a / b;
    if (!std::isfinite(q) || b == 0)
        return q;
    const double r = std::fma(-q, b, a); // a - q*b exactly
    return nudge(q, b > 0 ? r : -r);
}

inline double exactSqrt(double a, bool plain = false)
{
    if (plain)
        return std::sqrt(a);
    const double q = std::sqrt(a);
    if (!std::isfinite(q) || q == 0)
        return q;
    return nudge(q, std::fma(-q, q, a));
}

inline double exactFma(double a, double b, double c, bool plain = false)
{
    if (plain)
        return std::fma(a, b, c);
    const double p = a * b; // exact for formats up to f32
    return exactSum(p, c);
}

// cmpf on one element pair: a NaN operand gives `!ordered` (an ordered compare is false,
// an unordered one true); else the predicate; nullopt for a predicate it does not know.
// The interpreter, the differ's float witness and its predicate witness all read it.
inline std::optional<bool> compareFloats(std::string_view predicate, bool ordered, double x,
                                         double y)
{
    if (std::isnan(x) || std::isnan(y))
        return !ordered;
    if (predicate == "equal")
        return x == y;
    if (predicate == "not_equal")
        return x != y;
    if (predicate == "less_than")
        return x < y;
    if (predicate == "less_than_or_equal")
        return x <= y;
    if (predicate == "greater_than")
        return x > y;
    if (predicate == "greater_than_or_equal")
        return x >= y;
    return std::nullopt;
}

inline double minMaxF(double x, double y, bool isMax, bool propagateNan)
{
    if (std::isnan(x) || std::isnan(y))
        return propagateNan ? std::numeric_limits<double>::quiet_NaN() : (std::isnan(x) ? y : x);
    if (x == y && x == 0) // +0 is greater than -0
        return (std::signbit(x) == isMax) ? y : x;
    return (x < y) == isMax ? y : x;
}

// cmpi on one element pair of `bits`-bit integers (canonical form), compared signed or
// unsigned; nullopt for a predicate it does not know. The interpreter and the differ's float
// witness read it.
inline std::optional<bool> compareInts(std::string_view predicate, bool signedCmp, int64_t x,
                                       int64_t y, int bits)
{
    const bool lt = signedCmp ? toSigned(x, bits) < toSigned(y, bits)
                              : toUnsigned(x, bits) < toUnsigned(y, bits);
    const bool eq = x == y;
    if (predicate == "equal")
        return eq;
    if (predicate == "not_equal")
        return !eq;
    if (predicate == "less_than")
        return lt;
    if (predicate == "less_than_or_equal")
        return lt || eq;
    if (predicate == "greater_than")
        return !lt && !eq;
    if (predicate == "greater_than_or_equal")
        return !lt;
    return std::nullopt;
}

// ftoi of one element into `bits`-bit integers: rounds toward zero; out-of-range values
// saturate and NaN gives 0 (the PTX cvt.rzi behaviour; the dialect leaves them unspecified).
inline int64_t floatToInt(double a, int bits, bool signedResult)
{
    const double lo = signedResult ? double(minSigned(bits)) : 0.0;
    const double hi = signedResult ? double(maxSigned(bits)) : std::ldexp(1.0, bits) - 1;
    const double x = std::trunc(a);
    if (std::isnan(x))
        return 0;
    if (x <= lo)
        return signedResult ? minSigned(bits) : 0;
    if (x >= hi)
        return signedResult ? maxSigned(bits) : wrapInt(~uint64_t(0), bits);
    return wrapInt(uint64_t(int64_t(x)), bits);
}

// itof of one `bits`-bit integer (canonical form), signed or unsigned: the exact value rounded
// once into `out` (f64: the nearest double).
inline double intToFloat(int64_t a, int bits, bool signedSource, Elem out, Rounding r)
{
    const long double exact =
        signedSource ? (long double)toSigned(a, bits) : (long double)toUnsigned(a, bits);
    const double d = double(exact);
    return out == Elem::F64 ? d : roundTo(nudge(d, double(exact - (long double)d)), out, r);
}

// An element-wise float op on one element, before the result's rounding (operands already
// flushed where the op flushes): the kernels above, or the host's libm for the transcendental
// ops (the GPU's results lie within a few ulp). nullopt for an op that is not one of them.
inline std::optional<double> floatElement(ir::OpId op, const double* x, bool plain,
                                          bool propagateNan)
{
    using ir::OpId;
    switch (op) {
    case OpId::AddF:
        return exactSum(x[0], x[1], plain);
    case OpId::SubF:
        return exactSum(x[0], -x[1], plain);
    case OpId::MulF:
        return x[0] * x[1];
    case OpId::DivF:
        return exactQuotient(x[0], x[1], plain);
    case OpId::Fma:
        return exactFma(x[0], x[1], x[2], plain);
    case OpId::Sqrt:
        return exactSqrt(x[0], plain);
    case OpId::MaxF:
        return minMaxF(x[0], x[1], true, propagateNan);
    case OpId::MinF:
        return minMaxF(x[0], x[1], false, propagateNan);
    case OpId::NegF:
        return -x[0];
    case OpId::AbsF:
        return std::fabs(x[0]);
    case OpId::Ceil:
        return std::ceil(x[0]);
    case OpId::Floor:
        return std::floor(x[0]);
    case OpId::RemF:
        return std::fmod(x[0], x[1]);
    case OpId::Exp:
        return std::exp(x[0]);
    case OpId::Exp2:
        return std::exp2(x[0]);
    case OpId::Log:
        return std::log(x[0]);
    case OpId::Log2:
        return std::log2(x[0]);
    case OpId::Rsqrt:
        return 1.0 / std::sqrt(x[0]);
    case OpId::TanH:
        return std::tanh(x[0]);
    case OpId::Sin:
        return std::sin(x[0]);
    case OpId::Cos:
        return std::cos(x[0]);
    case OpId::Tan:
        return std::tan(x[0]);
    case OpId::SinH:
        return std::sinh(x[0]);
    case OpId::CosH:
        return std::cosh(x[0]);
    case OpId::Pow:
        return std::pow(x[0], x[1]);
    case OpId::Atan2:
        return std::atan2(x[0], x[1]);
    default:
        return std::nullopt;
    }
}

} // namespace tilelens::eval
