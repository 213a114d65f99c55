#include "diff/semantics/Semantics.h"

#include "diff/graph/Hashing.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace tilelens::diff {

namespace {

// The element type of a tile spelling: what follows the last 'x' or the '<'.
std::string_view elementOf(std::string_view t)
{
    if (t.rfind("tile<", 0) != 0 || t.back() != '>')
        return {};
    const std::string_view inner = t.substr(5, t.size() - 6);
    if (inner.find('<') != std::string_view::npos)
        return {}; // pointers and nested types
    const size_t x = inner.rfind('x');
    return x == std::string_view::npos ? inner : inner.substr(x + 1);
}

constexpr int64_t maxFor(int width)
{
    return width >= 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
}

constexpr int64_t minFor(int width)
{
    return width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
}

IntRange fitOrFull(Wide lo, Wide hi, int width)
{
    if (width <= 0 || width > 64 || lo < minFor(width) || hi > maxFor(width))
        return IntRange::full();
    return IntRange::of(int64_t(lo), int64_t(hi));
}

} // namespace

namespace {

int intWidthOfElement(std::string_view typeText)
{
    const std::string_view e = elementOf(typeText);
    if (e.size() < 2 || e[0] != 'i')
        return 0;
    int w = 0;
    const auto r = std::from_chars(e.data() + 1, e.data() + e.size(), w);
    return r.ec == std::errc() && r.ptr == e.data() + e.size() ? w : 0;
}

} // namespace

// Called for most results of the normal form (ranges, folds): the common answers are found
// from the end of the spelling without splitting it; anything unusual takes the full path.
int intWidth(std::string_view typeText)
{
    const size_t n = typeText.size();
    if (n < 8 || typeText[n - 1] != '>')
        return 0; // shorter than "tile<i1>", or no tile
    if (typeText[n - 2] < '0' || typeText[n - 2] > '9')
        return 0; // the element does not end in a digit: no iN
    size_t i = n - 2;
    while (i > 5 && typeText[i - 1] >= '0' && typeText[i - 1] <= '9')
        --i;
    // typeText[i..n-2] are digits; an integer element is 'i' and at most 9 of them,
    // after the last 'x' or the '<' of "tile<".
    if (i < 6 || typeText[i - 1] != 'i' || n - 1 - i > 9 || (typeText[i - 2] != 'x' && i - 2 != 4))
        return intWidthOfElement(typeText);
    if (typeText.compare(0, 5, "tile<") != 0 ||
        typeText.substr(5, i - 6).find('<') != std::string_view::npos)
        return 0;
    int w = 0;
    for (size_t k = i; k < n - 1; ++k)
        w = w * 10 + (typeText[k] - '0');
    return w;
}

int64_t lastDim(std::string_view typeText)
{
    const std::string_view e = elementOf(typeText);
    if (e.empty())
        return 0;
    std::string_view dims = typeText.substr(5, typeText.size() - 6 - e.size());
    if (dims.size() < 2)
        return 0;
    dims.remove_suffix(1); // the 'x' before the element type
    const size_t x = dims.rfind('x');
    const std::string_view last = x == std::string_view::npos ? dims : dims.substr(x + 1);
    int64_t n = 0;
    const auto r = std::from_chars(last.data(), last.data() + last.size(), n);
    return r.ec == std::errc() && r.ptr == last.data() + last.size() ? n : 0;
}

bool singleElement(std::string_view typeText)
{
    if (typeText.rfind("tile<", 0) != 0)
        return false;
    const std::string_view e = elementOf(typeText);
    if (e.empty())
        return false;
    std::string_view dims = typeText.substr(5, typeText.size() - 6 - e.size());
    while (!dims.empty()) {
        if (dims.rfind("1x", 0) != 0)
            return false;
        dims.remove_prefix(2);
    }
    return true;
}

namespace {

// The element spelling of a tile type without its leading "<n>x" dimensions; `t` itself when
// it is not a tile.
std::string_view scalarInner(std::string_view t, bool& tile)
{
    tile = t.rfind("tile<", 0) == 0 && t.back() == '>';
    if (!tile)
        return t;
    std::string_view inner = t.substr(5, t.size() - 6);
    for (;;) { // drop the leading "<n>x" dimensions
        size_t i = 0;
        while (i < inner.size() && inner[i] >= '0' && inner[i] <= '9')
            ++i;
        if (i == 0 || i >= inner.size() || inner[i] != 'x')
            break;
        inner.remove_prefix(i + 1);
    }
    return inner;
}

} // namespace

std::string scalarTypeOf(std::string_view t)
{
    bool tile = false;
    const std::string_view inner = scalarInner(t, tile);
    return tile ? "tile<" + std::string(inner) + ">" : std::string(inner);
}

uint64_t scalarTypeHash(std::string_view t)
{
    bool tile = false;
    const std::string_view inner = scalarInner(t, tile);
    char text[128];
    if (!tile || inner.size() + 6 > sizeof text)
        return hashText(scalarTypeOf(t));
    std::memcpy(text, "tile<", 5);
    std::memcpy(text + 5, inner.data(), inner.size());
    text[5 + inner.size()] = '>';
    return hashText(std::string_view(text, inner.size() + 6));
}

std::string_view splatScalar(std::string_view v)
{
    if (v.empty() || v[0] != '<')
        return {};
    const size_t close = v.find('>');
    if (close == std::string_view::npos)
        return {};
    const std::string_view scalar = v.substr(0, close + 1);
    if (scalar.find('[') != std::string_view::npos || scalar.find('"') != std::string_view::npos)
        return {};
    return scalar;
}

std::optional<int64_t> splatInt(std::string_view v)
{
    const std::string_view s = splatScalar(v);
    if (s.size() < 4 || s[1] != 'i')
        return std::nullopt;
    const size_t colon = s.find(':');
    if (colon == std::string_view::npos)
        return std::nullopt;
    const char* p = s.data() + colon + 1;
    const char* end = s.data() + s.size() - 1;
    while (p < end && *p == ' ')
        ++p;
    if (std::string_view(p, size_t(end - p)) == "true" ||
        std::string_view(p, size_t(end - p)) == "false")
        return *p == 't' ? 1 : 0; // i1 splats are spelled true / false
    int64_t out = 0;
    const auto r = std::from_chars(p, end, out);
    if (r.ec != std::errc() || r.ptr != end)
        return std::nullopt;
    return out;
}

IntRange rangeAdd(IntRange a, IntRange b, int width)
{
    if (!a.known || !b.known)
        return IntRange::full();
    return fitOrFull(Wide(a.lo) + b.lo, Wide(a.hi) + b.hi, width);
}

IntRange rangeSub(IntRange a, IntRange b, int width)
{
    if (!a.known || !b.known)
        return IntRange::full();
    return fitOrFull(Wide(a.lo) - b.hi, Wide(a.hi) - b.lo, width);
}

IntRange rangeMul(IntRange a, IntRange b, int width)
{
    if (!a.known || !b.known)
        return IntRange::full();
    const Wide c[] = {Wide(a.lo) * b.lo, Wide(a.lo) * b.hi, Wide(a.hi) * b.lo, Wide(a.hi) * b.hi};
    return fitOrFull(*std::min_element(c, c + 4), *std::max_element(c, c + 4), width);
}

IntRange rangeForWidth(IntRange r, int width)
{
    return r.known ? fitOrFull(r.lo, r.hi, width) : r;
}

IntRange intersect(IntRange a, IntRange b)
{
    if (!a.known)
        return b;
    if (!b.known)
        return a;
    const int64_t lo = std::max(a.lo, b.lo), hi = std::min(a.hi, b.hi);
    return lo <= hi ? IntRange::of(lo, hi) : a; // contradictory facts: keep one
}

IntRange unite(IntRange a, IntRange b)
{
    if (!a.known || !b.known)
        return IntRange::full();
    return IntRange::of(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
}

int64_t wrapSigned(Wide v, int width)
{
    if (width >= 64 || width <= 0)
        return int64_t(uint64_t(v));
    const uint64_t mask = (uint64_t(1) << width) - 1;
    uint64_t u = uint64_t(v) & mask;
    if (u >> (width - 1))
        u |= ~mask;
    return int64_t(u);
}

const GAttr* findAttr(const GOp& o, std::string_view name)
{
    for (const auto& a : o.attrs)
        if (a.name == name)
            return &a;
    return nullptr;
}

int64_t maxSignedOf(int width)
{
    return maxFor(width);
}

bool isSignednessAttr(std::string_view name)
{
    return name.rfind("signedness", 0) == 0 || name == "unsignedCmp";
}

bool signSensitiveOp(OpId name)
{
    return name == OpId::CmpI || name == OpId::DivI || name == OpId::RemI || name == OpId::MinI ||
           name == OpId::MaxI || name == OpId::ExtI || name == OpId::IToF || name == OpId::ShRI;
}

std::string describeValue(const GFunction& f, int v)
{
    const GValue& c = f.canonValue(v);
    if (c.def < 0)
        return "argument " + std::to_string(c.index);
    const GOp& o = f.ops[size_t(c.def)];
    if (o.id == OpId::Constant)
        if (const GAttr* a = findAttr(o, "value"); a && !splatScalar(a->value).empty())
            return "constant " + std::string(splatScalar(a->value)) + " at line " +
                   std::to_string(o.line);
    return std::string(o.name) + " at line " + std::to_string(o.line);
}

} // namespace tilelens::diff
