#pragma once
// Exact float kernels shared by the element-wise ops and the reduce/scan/mma
// fast paths. Each returns a double on the same side of every rounding
// boundary of the narrow formats (f32 and below) as the exact result, so one
// roundTo() afterwards rounds correctly in any mode. With `plain` (f64
// elements) they return the plain IEEE double result instead.

#include <cmath>
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

} // namespace tilelens::eval
