#include "eval/Numeric.h"

#include "ir/FloatBits.h"

#include <cmath>
#include <cstdlib>
#include <limits>

namespace tilelens::eval {
namespace {

struct FloatFormat
{
    int manBits; // stored mantissa bits
    int minExp;  // exponent of the smallest normal
    double maxFinite;
    bool hasInf;
};

bool floatFormat(Elem e, FloatFormat& f)
{
    switch (e) {
    case Elem::F16:
        f = {10, -14, 65504.0, true};
        return true;
    case Elem::BF16:
        f = {7, -126, std::ldexp(2.0 - std::ldexp(1.0, -7), 127), true};
        return true;
    case Elem::TF32:
        f = {10, -126, std::ldexp(2.0 - std::ldexp(1.0, -10), 127), true};
        return true;
    case Elem::F32:
        f = {23, -126, double(std::numeric_limits<float>::max()), true};
        return true;
    case Elem::F8E4M3FN:
        f = {3, -6, 448.0, false};
        return true;
    case Elem::F8E5M2:
        f = {2, -14, 57344.0, true};
        return true;
    default:
        return false;
    }
}

// Rounds the non-negative integer-valued magnitude `scaled` per mode; `negative` is the sign of
// the value being rounded (directed modes depend on it).
double roundScaled(double scaled, Rounding r, bool negative)
{
    switch (r) {
    case Rounding::NearestEven:
        return std::nearbyint(scaled); // default environment: ties to even
    case Rounding::Zero:
        return std::trunc(scaled);
    case Rounding::PositiveInf:
        return negative ? std::trunc(scaled) : std::ceil(scaled);
    case Rounding::NegativeInf:
        return negative ? std::ceil(scaled) : std::trunc(scaled);
    }
    return scaled;
}

} // namespace

Elem elemFromName(std::string_view n)
{
    static const struct
    {
        const char* name;
        Elem elem;
    } kNames[] = {{"i1", Elem::I1},
                  {"i4", Elem::I4},
                  {"i8", Elem::I8},
                  {"i16", Elem::I16},
                  {"i32", Elem::I32},
                  {"i64", Elem::I64},
                  {"f16", Elem::F16},
                  {"bf16", Elem::BF16},
                  {"f32", Elem::F32},
                  {"tf32", Elem::TF32},
                  {"f64", Elem::F64},
                  {"f8E4M3FN", Elem::F8E4M3FN},
                  {"f8E5M2", Elem::F8E5M2},
                  {"f8E8M0FNU", Elem::F8E8M0FNU},
                  {"f4E2M1FN", Elem::F4E2M1FN}};
    for (const auto& k : kNames)
        if (n == k.name)
            return k.elem;
    return Elem::None;
}

const char* elemName(Elem e)
{
    static const char* kNames[] = {"i1",     "i4",        "i8",       "i16",  "i32", "i64",
                                   "f16",    "bf16",      "f32",      "tf32", "f64", "f8E4M3FN",
                                   "f8E5M2", "f8E8M0FNU", "f4E2M1FN", "ptr",  "none"};
    return kNames[size_t(e)];
}

bool isIntElem(Elem e)
{
    return e <= Elem::I64;
}

bool isFloatElem(Elem e)
{
    return e >= Elem::F16 && e <= Elem::F4E2M1FN;
}

bool isModelledFloat(Elem e)
{
    FloatFormat f{};
    return e == Elem::F64 || floatFormat(e, f);
}

int intBits(Elem e)
{
    switch (e) {
    case Elem::I1:
        return 1;
    case Elem::I4:
        return 4;
    case Elem::I8:
        return 8;
    case Elem::I16:
        return 16;
    case Elem::I32:
        return 32;
    default:
        return 64;
    }
}

int storageBytes(Elem e)
{
    switch (e) {
    case Elem::I1:
    case Elem::I4:
    case Elem::I8:
    case Elem::F8E4M3FN:
    case Elem::F8E5M2:
    case Elem::F8E8M0FNU:
    case Elem::F4E2M1FN:
        return 1;
    case Elem::I16:
    case Elem::F16:
    case Elem::BF16:
        return 2;
    case Elem::I32:
    case Elem::F32:
    case Elem::TF32:
        return 4;
    default:
        return 8;
    }
}

double smallestNormal(Elem e)
{
    FloatFormat f{};
    if (floatFormat(e, f))
        return std::ldexp(1.0, f.minExp);
    return std::numeric_limits<double>::min();
}

double largestFinite(Elem e)
{
    FloatFormat f{};
    if (floatFormat(e, f))
        return f.maxFinite;
    return std::numeric_limits<double>::max();
}

double flushDenormal(double x, Elem e)
{
    if (x != 0 && std::isfinite(x) && std::fabs(x) < smallestNormal(e))
        return std::copysign(0.0, x);
    return x;
}

double roundTo(double x, Elem e, Rounding r, bool ftz)
{
    FloatFormat f{};
    if (!floatFormat(e, f) || std::isnan(x) || std::isinf(x) || x == 0)
        return (!floatFormat(e, f) || f.hasInf || !std::isinf(x))
                   ? x
                   : std::numeric_limits<double>::quiet_NaN();
    double out;
    if (e == Elem::F32 && r == Rounding::NearestEven) {
        out = double(float(x)); // the hardware conversion is exactly this rounding
    } else {
        const bool negative = x < 0;
        const double a = std::fabs(x);
        int ex = 0;
        std::frexp(a, &ex); // a = m * 2^ex, m in [0.5, 1)
        const int exponent = std::max(ex - 1, f.minExp);
        const double quantum = std::ldexp(1.0, exponent - f.manBits);
        const double mag = roundScaled(a / quantum, r, negative) * quantum;
        if (mag > f.maxFinite) {
            const bool towardZero = r == Rounding::Zero ||
                                    (r == Rounding::PositiveInf && negative) ||
                                    (r == Rounding::NegativeInf && !negative);
            if (towardZero)
                out = f.maxFinite;
            else if (f.hasInf)
                out = std::numeric_limits<double>::infinity();
            else
                out = std::numeric_limits<double>::quiet_NaN();
        } else {
            out = mag;
        }
        out = negative ? -out : out;
    }
    if (ftz && out != 0 && std::isfinite(out) && std::fabs(out) < std::ldexp(1.0, f.minExp))
        out = std::copysign(0.0, out);
    return out;
}

int64_t wrapInt(uint64_t v, int bits)
{
    if (bits >= 64)
        return int64_t(v);
    if (bits == 1)
        return int64_t(v & 1);
    const uint64_t mask = (uint64_t(1) << bits) - 1;
    v &= mask;
    if (v >> (bits - 1))
        v |= ~mask;
    return int64_t(v);
}

uint64_t toUnsigned(int64_t v, int bits)
{
    if (bits >= 64)
        return uint64_t(v);
    return uint64_t(v) & ((uint64_t(1) << bits) - 1);
}

int64_t toSigned(int64_t v, int bits)
{
    return bits == 1 ? (v ? -1 : 0) : v;
}

int64_t minSigned(int bits)
{
    return bits >= 64 ? std::numeric_limits<int64_t>::min() : -(int64_t(1) << (bits - 1));
}

int64_t maxSigned(int bits)
{
    return bits >= 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (bits - 1)) - 1;
}

int64_t ulpDistance(double a, double b, Elem e)
{
    if (!std::isfinite(a) || !std::isfinite(b))
        return std::numeric_limits<int64_t>::max();
    // Ordered integer images of the bit patterns: adjacent values differ by one.
    auto ordered = [e](double v) -> int64_t {
        const uint64_t bits = ir::floatToBits(v, elemName(e));
        const int width = ir::floatWidth(elemName(e));
        const uint64_t signBit = uint64_t(1) << (width - 1);
        const int64_t mag = int64_t(bits & (signBit - 1));
        return (bits & signBit) ? -mag : mag;
    };
    const int64_t d = ordered(a) - ordered(b);
    return d < 0 ? -d : d;
}

} // namespace tilelens::eval
