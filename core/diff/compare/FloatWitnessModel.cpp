#include "diff/compare/FloatWitnessModel.h"

#include "diff/semantics/Semantics.h"
#include "eval/FloatMath.h"
#include "ir/FloatBits.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tilelens::diff::witness {

Elem elemOfType(std::string_view t)
{
    if (t.size() > 6 && t.substr(0, 5) == "tile<" && t.back() == '>')
        t = t.substr(5, t.size() - 6);
    if (t.find('<') != std::string_view::npos)
        return Elem::None;
    const size_t x = t.rfind('x');
    if (x != std::string_view::npos)
        t = t.substr(x + 1);
    return eval::elemFromName(t);
}

std::vector<int64_t> dimsOfType(std::string_view t)
{
    std::vector<int64_t> out;
    if (t.size() <= 6 || t.substr(0, 5) != "tile<")
        return out;
    t = t.substr(5, t.size() - 6);
    while (true) {
        const size_t x = t.find('x');
        if (x == std::string_view::npos)
            return out;
        const std::string part(t.substr(0, x));
        char* end = nullptr;
        const long long n = std::strtoll(part.c_str(), &end, 10);
        if (part.empty() || *end != '\0' || n < 0)
            return {};
        out.push_back(n);
        t = t.substr(x + 1);
    }
}

std::optional<double> floatLiteral(std::string_view text, Elem e)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    const std::string s(text);
    if (s.empty())
        return std::nullopt;
    char* end = nullptr;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        const unsigned long long bits = std::strtoull(s.c_str() + 2, &end, 16);
        if (*end != '\0')
            return std::nullopt;
        return ir::bitsToFloat(uint64_t(bits), eval::elemName(e));
    }
    const double v = std::strtod(s.c_str(), &end);
    if (*end != '\0')
        return std::nullopt;
    return v;
}

std::string numText(const Num& n)
{
    if (!n.isFloat())
        return std::to_string(n.i);
    if (std::isnan(n.f))
        return "NaN";
    if (std::isinf(n.f))
        return n.f > 0 ? "inf" : "-inf";
    char buf[40];
    if (n.f == std::trunc(n.f) && std::fabs(n.f) < 1e15) {
        std::snprintf(buf, sizeof buf, "%.0f", n.f); // 100, not 1e+02; -0 stays -0
        return buf;
    }
    for (int p = 1; p <= 17; ++p) {
        std::snprintf(buf, sizeof buf, "%.*g", p, n.f);
        const double back = eval::roundTo(std::strtod(buf, nullptr), n.e);
        if (back == n.f && std::signbit(back) == std::signbit(n.f))
            break;
    }
    return buf;
}

bool isUnsignedOp(const GOp& o)
{
    const GAttr* s = findAttr(o, "signedness");
    return (s && s->value == "unsigned") || findAttr(o, "unsignedCmp");
}

bool isTranscendental(OpId n)
{
    return isOneOf(n, {OpId::Exp, OpId::Exp2, OpId::Log, OpId::Log2, OpId::Rsqrt, OpId::TanH,
                       OpId::Sin, OpId::Cos, OpId::Tan, OpId::SinH, OpId::CosH, OpId::Pow,
                       OpId::Atan2});
}

bool isLoad(OpId n)
{
    return n == OpId::LoadViewTko || n == OpId::LoadPtrTko;
}

bool tileMayReachPast(std::string_view viewType)
{
    const size_t t = viewType.find("tile=(");
    const size_t tv = viewType.find("tensor_view<");
    if (t == std::string_view::npos || tv == std::string_view::npos ||
        viewType.find("dim_map") != std::string_view::npos)
        return true;
    const size_t tEnd = viewType.find(')', t);
    const size_t tvEnd = viewType.find_first_of(",>", tv);
    if (tEnd == std::string_view::npos || tvEnd == std::string_view::npos)
        return true;
    const std::vector<int64_t> tile =
        dimsOfType("tile<" + std::string(viewType.substr(t + 6, tEnd - t - 6)) + "xf32>");
    const std::vector<int64_t> extent =
        dimsOfType("tile<" + std::string(viewType.substr(tv + 12, tvEnd - tv - 12)) + ">");
    if (tile.empty() || tile.size() != extent.size())
        return true; // "?" extents read as no dimensions
    for (size_t k = 0; k < tile.size(); ++k)
        if (tile[k] < 1 || extent[k] % tile[k] != 0)
            return true;
    return false;
}

bool lastStrideOne(std::string_view viewType)
{
    if (viewType.rfind("partition_view<", 0) != 0 ||
        viewType.find("dim_map") != std::string_view::npos)
        return false;
    const size_t at = viewType.find("strides=[");
    const size_t end = at == std::string_view::npos ? at : viewType.find(']', at);
    if (end == std::string_view::npos || viewType.substr(end, 2) != "]>")
        return false;
    std::string_view strides = viewType.substr(at + 9, end - at - 9); // "?,64,1"
    const size_t last = strides.rfind(',');
    if (strides.substr(last == std::string_view::npos ? 0 : last + 1) != "1")
        return false;
    while (last != std::string_view::npos && !strides.empty()) {
        const size_t comma = strides.find(',');
        if (comma == std::string_view::npos)
            break; // the last stride, 1
        const std::string stride(strides.substr(0, comma));
        strides.remove_prefix(comma + 1);
        char* stop = nullptr;
        const long long n = std::strtoll(stride.c_str(), &stop, 10);
        if (stride != "?" && (stride.empty() || *stop != '\0' || n % 2 != 0))
            return false;
    }
    return true;
}

bool sameNum(const Num& a, const Num& b)
{
    if (a.e != b.e)
        return false;
    if (!a.isFloat())
        return a.i == b.i;
    return (std::isnan(a.f) && std::isnan(b.f)) ||
           (a.f == b.f && std::signbit(a.f) == std::signbit(b.f));
}

int64_t evenLastDim(std::string_view type)
{
    const std::vector<int64_t> dims = dimsOfType(type);
    return !dims.empty() && dims.back() >= 2 && dims.back() % 2 == 0 ? dims.back() : 0;
}

int precisionOf(Elem e)
{
    for (int p = 1; p < 64; ++p)
        if (eval::roundTo(1 + std::ldexp(1.0, -p), e) == 1)
            return p;
    return 64;
}

int lowestBitExponent(double x)
{
    int ex = 0;
    const double m = std::frexp(std::fabs(x), &ex); // x = m * 2^ex, m in [0.5, 1)
    auto bits = uint64_t(std::ldexp(m, 53));
    int low = ex - 53;
    while (bits != 0 && (bits & 1) == 0) {
        bits >>= 1;
        ++low;
    }
    return low;
}

int tripsUpToTwo(int64_t lower, int64_t upper, int64_t step, int bits, bool unsignedCmp)
{
    auto less = [bits, unsignedCmp](int64_t a, int64_t b) {
        return unsignedCmp ? eval::toUnsigned(a, bits) < eval::toUnsigned(b, bits)
                           : eval::toSigned(a, bits) < eval::toSigned(b, bits);
    };
    if (!less(lower, upper))
        return 0;
    const int64_t next = eval::wrapInt(uint64_t(lower) + uint64_t(step), bits);
    return less(next, lower) || !less(next, upper) ? 1 : 2;
}

bool comparesUnsigned(const GOp& loop)
{
    return findAttr(loop, "unsignedCmp") || findAttr(loop, "unsigned_cmp");
}

} // namespace tilelens::diff::witness
