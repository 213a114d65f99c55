#include "ir/FloatBits.h"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace tilelens::ir {
namespace {

struct Format
{
    int width, expBits, manBits;
    bool hasInf; // IEEE inf/nan encoding with all-ones exponent
    bool noSign; // f8E8M0FNU
};

bool formatOf(std::string_view e, Format& f)
{
    if (e == "f64") {
        f = {64, 11, 52, true, false};
        return true;
    }
    if (e == "f32") {
        f = {32, 8, 23, true, false};
        return true;
    }
    if (e == "f16") {
        f = {16, 5, 10, true, false};
        return true;
    }
    if (e == "bf16") {
        f = {16, 8, 7, true, false};
        return true;
    }
    if (e == "tf32") {
        f = {19, 8, 10, true, false};
        return true;
    }
    if (e == "f8E5M2") {
        f = {8, 5, 2, true, false};
        return true;
    }
    if (e == "f8E4M3FN") {
        f = {8, 4, 3, false, false};
        return true;
    }
    if (e == "f8E8M0FNU") {
        f = {8, 8, 0, false, true};
        return true;
    }
    if (e == "f4E2M1FN") {
        f = {4, 2, 1, false, false};
        return true;
    }
    return false;
}

} // namespace

int floatWidth(std::string_view elem)
{
    Format f{};
    return formatOf(elem, f) ? f.width : 0;
}

uint64_t floatToBits(double v, std::string_view elem)
{
    Format f{};
    if (!formatOf(elem, f) || f.width == 64) {
        uint64_t b;
        std::memcpy(&b, &v, 8);
        return b;
    }
    if (f.width == 32) {
        float x = float(v);
        uint32_t b;
        std::memcpy(&b, &x, 4);
        return b;
    }
    uint64_t sign = (!f.noSign && std::signbit(v)) ? 1 : 0;
    uint64_t signBit = sign << (f.width - 1);
    int bias = (1 << (f.expBits - 1)) - 1;
    uint64_t expMax = (uint64_t(1) << f.expBits) - 1;
    uint64_t allOnes = (uint64_t(1) << (f.width - (f.noSign ? 0 : 1))) - 1;
    if (std::isnan(v))
        return signBit | allOnes; // canonical NaN: all exponent and mantissa bits
    double a = std::fabs(v);
    if (std::isinf(a))
        return f.hasInf ? (signBit | (expMax << f.manBits)) : (signBit | allOnes);
    if (a == 0)
        return signBit;
    int e = 0;
    std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
    int exp = e - 1;   // a = 1.x * 2^exp
    int minExp = 1 - bias;
    if (f.noSign) { // E8M0: powers of two only
        int64_t be = std::llround(std::log2(a)) + bias;
        if (be < 0)
            be = 0;
        if (be > int64_t(expMax) - 1)
            be = int64_t(expMax) - 1;
        return uint64_t(be);
    }
    double scaled;
    uint64_t biased;
    if (exp < minExp) { // subnormal
        scaled = std::ldexp(a, -minExp + f.manBits);
        biased = 0;
    } else {
        scaled = std::ldexp(a, -exp + f.manBits) - std::ldexp(1.0, f.manBits);
        biased = uint64_t(exp + bias);
    }
    double r = std::nearbyint(scaled); // ties-to-even under the default rounding mode
    uint64_t man = uint64_t(r);
    if (man >> f.manBits) { // mantissa overflowed into the exponent
        man = 0;
        biased += 1;
    } else if (biased == 0 && man == (uint64_t(1) << f.manBits)) {
        man = 0;
        biased = 1;
    }
    uint64_t limitExp = f.hasInf ? expMax : expMax; // FN types use the top exponent for values
    if (biased > limitExp || (f.hasInf && biased == expMax))
        return f.hasInf ? (signBit | (expMax << f.manBits)) : (signBit | (allOnes - 1));
    uint64_t bits = signBit | (biased << f.manBits) | man;
    if (!f.hasInf && (bits & allOnes) == allOnes) // would be NaN: saturate
        bits -= 1;
    return bits;
}

double bitsToFloat(uint64_t bits, std::string_view elem)
{
    Format f{};
    if (!formatOf(elem, f) || f.width == 64) {
        double d;
        std::memcpy(&d, &bits, 8);
        return d;
    }
    if (f.width == 32) {
        uint32_t b = uint32_t(bits);
        float x;
        std::memcpy(&x, &b, 4);
        return x;
    }
    int bias = (1 << (f.expBits - 1)) - 1;
    uint64_t expMax = (uint64_t(1) << f.expBits) - 1;
    bool neg = !f.noSign && ((bits >> (f.width - 1)) & 1);
    uint64_t exp = (bits >> f.manBits) & expMax;
    uint64_t man = bits & ((uint64_t(1) << f.manBits) - 1);
    double v;
    if (f.noSign) {
        if (exp == expMax)
            return std::nan("");
        return std::ldexp(1.0, int(exp) - bias);
    }
    if (f.hasInf && exp == expMax)
        v = man ? std::nan("") : INFINITY;
    else if (!f.hasInf && exp == expMax && man == (uint64_t(1) << f.manBits) - 1 && f.width == 8)
        v = std::nan("");
    else if (exp == 0)
        v = std::ldexp(double(man), 1 - bias - f.manBits);
    else
        v = std::ldexp(double(man) + std::ldexp(1.0, f.manBits), int(exp) - bias - f.manBits);
    return neg ? -v : v;
}

std::string shortFloatText(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

std::string exactFloatText(double v)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

std::string formatFloat(uint64_t bits, std::string_view elem)
{
    double v = bitsToFloat(bits, elem);
    char buf[64];
    if (std::isnan(v) || std::isinf(v)) {
        int w = floatWidth(elem);
        if (w == 0)
            w = 64;
        std::snprintf(buf, sizeof buf, "0x%0*llX", (w + 3) / 4,
                      static_cast<unsigned long long>(bits));
        return buf;
    }
    std::snprintf(buf, sizeof buf, "%.6e", v);
    if (std::strtod(buf, nullptr) == v)
        return buf;
    std::snprintf(buf, sizeof buf, "%.17g", v);
    for (int p = 1; p <= 17; ++p) { // shortest digits that round-trip
        char b2[64];
        std::snprintf(b2, sizeof b2, "%.*g", p, v);
        if (std::strtod(b2, nullptr) == v) {
            std::memcpy(buf, b2, sizeof b2);
            break;
        }
    }
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos)
        s += ".0";
    return s;
}

} // namespace tilelens::ir
