// The element-wise ops of one lane: float arithmetic and comparisons as eval/OpsArith.cpp
// computes them (eval/FloatMath.h), conversions, integer ops and index ranges.

#include "diff/compare/FloatWitnessEvaluator.h"
#include "diff/semantics/Semantics.h"
#include "eval/FloatMath.h"
#include "eval/Numeric.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

namespace tilelens::diff::witness {

// Element-wise float ops, as eval/OpsArith.cpp computes them.
std::optional<Num> Evaluator::floatOp(const GOp& o, const std::vector<Num>& in, Elem e) const
{
    const OpId n = o.id;
    if (!eval::isModelledFloat(e))
        return std::nullopt;
    for (const Num& a : in)
        if (a.e != e)
            return std::nullopt;
    bool approx = isTranscendental(n);
    const std::optional<Rounding> r = roundingOf(o, approx);
    const bool plain = e == Elem::F64;
    if (!r || (plain && *r != Rounding::NearestEven))
        return std::nullopt;
    const bool ftz = findAttr(o, "flush_to_zero") != nullptr;
    double x[3] = {0, 0, 0};
    const size_t arity = isOneOf(n, {OpId::Fma}) ? 3
                         : isOneOf(n, {OpId::AddF, OpId::SubF, OpId::MulF, OpId::DivF, OpId::MaxF,
                                       OpId::MinF, OpId::RemF, OpId::Pow, OpId::Atan2})
                             ? 2
                             : 1;
    if (in.size() != arity)
        return std::nullopt;
    for (size_t k = 0; k < arity; ++k)
        x[k] = ftz ? eval::flushDenormal(in[k].f, e) : in[k].f;
    const bool propagateNan = findAttr(o, "propagate_nan") != nullptr;
    const std::optional<double> element = eval::floatElement(n, x, plain, propagateNan);
    if (!element)
        return std::nullopt;
    double y = *element;
    if (approx)
        y *= m_scale; // where the hardware's approximation may land
    return Num{eval::roundTo(y, e, *r, ftz), 0, e, approx, false};
}

std::optional<Num> Evaluator::cmpf(const GOp& o, const std::vector<Num>& in)
{
    if (in.size() != 2 || !in[0].isFloat() || in[0].e != in[1].e)
        return std::nullopt;
    const GAttr* p = findAttr(o, "predicate");
    const GAttr* ord = findAttr(o, "ordering");
    const std::string_view pred = p ? p->value : std::string_view();
    const bool ordered = !ord || ord->value != "unordered";
    const std::optional<bool> r = eval::compareFloats(pred, ordered, in[0].f, in[1].f);
    if (!r)
        return std::nullopt;
    return Num{0, *r ? 1 : 0, Elem::I1, in[0].approx || in[1].approx,
               in[0].perLane || in[1].perLane};
}

// ftof, itof, ftoi as eval/OpsArith.cpp computes them.
std::optional<Num> Evaluator::convert(const GOp& o, const Num& a, Elem e)
{
    bool approx = false;
    const std::optional<Rounding> r = roundingOf(o, approx);
    if (o.id == OpId::FToF) {
        if (!a.isFloat() || !eval::isModelledFloat(a.e) || !eval::isModelledFloat(e) || !r ||
            approx)
            return std::nullopt;
        const bool ftz = findAttr(o, "flush_to_zero") != nullptr;
        return Num{eval::roundTo(a.f, e, *r, ftz), 0, e, false, false};
    }
    if (o.id == OpId::IToF) {
        if (a.isFloat() || !eval::isModelledFloat(e) || e == Elem::F64 || !r || approx)
            return std::nullopt;
        return Num{eval::intToFloat(a.i, eval::intBits(a.e), !isUnsignedOp(o), e, *r), 0, e, false,
                   false};
    }
    if (!a.isFloat() || !eval::isIntElem(e)) // ftoi: rounds toward zero, saturates
        return std::nullopt;
    return Num{0, eval::floatToInt(a.f, eval::intBits(e), !isUnsignedOp(o)), e, false, false};
}

// An integer op reading an index range: the range of its results where no element wraps,
// a comparison where it decides every element alike.
std::optional<Num> Evaluator::rangedInteger(const GOp& o, const std::vector<Num>& in, Elem e)
{
    const bool u = isUnsignedOp(o);
    std::vector<std::pair<int64_t, int64_t>> r;
    for (const Num& a : in) {
        if (a.isFloat())
            return std::nullopt;
        const int64_t x = eval::toSigned(a.i, eval::intBits(a.e));
        r.push_back(a.ranged ? std::make_pair(a.lo, a.hi) : std::make_pair(x, x));
        if (u && r.back().first < 0)
            return std::nullopt; // unsigned meaning of a negative: not the same order
    }
    if (o.id == OpId::CmpI) {
        const GAttr* p = findAttr(o, "predicate");
        const std::string_view pred = p ? p->value : std::string_view();
        if (r.size() != 2)
            return std::nullopt;
        const auto [a, b] = r[0];
        const auto [c, d] = r[1];
        std::optional<bool> all;
        if (pred == "less_than")
            all = b < c ? std::optional<bool>(true) : a >= d ? std::optional<bool>(false) : all;
        else if (pred == "less_than_or_equal")
            all = b <= c ? std::optional<bool>(true) : a > d ? std::optional<bool>(false) : all;
        else if (pred == "greater_than")
            all = a > d ? std::optional<bool>(true) : b <= c ? std::optional<bool>(false) : all;
        else if (pred == "greater_than_or_equal")
            all = a >= d ? std::optional<bool>(true) : b < c ? std::optional<bool>(false) : all;
        if (!all)
            return std::nullopt;
        return Num{0, *all ? 1 : 0, e, false, false};
    }
    int64_t lo = 0, hi = 0;
    if ((o.id == OpId::ExtI || o.id == OpId::TruncI) && r.size() == 1) {
        lo = r[0].first;
        hi = r[0].second;
    } else if (r.size() == 2 && o.id != OpId::ExtI && o.id != OpId::TruncI) {
        const double a = double(r[0].first), b = double(r[0].second);
        const double c = double(r[1].first), d = double(r[1].second);
        if (std::fmax(std::fmax(std::fabs(a), std::fabs(b)),
                      std::fmax(std::fabs(c), std::fabs(d))) > std::ldexp(1.0, 31))
            return std::nullopt; // no int64 overflow below
        if (o.id == OpId::AddI) {
            lo = r[0].first + r[1].first;
            hi = r[0].second + r[1].second;
        } else if (o.id == OpId::SubI) {
            lo = r[0].first - r[1].second;
            hi = r[0].second - r[1].first;
        } else {
            const int64_t p[4] = {r[0].first * r[1].first, r[0].first * r[1].second,
                                  r[0].second * r[1].first, r[0].second * r[1].second};
            lo = *std::min_element(p, p + 4);
            hi = *std::max_element(p, p + 4);
        }
    } else {
        return std::nullopt;
    }
    const int bits = eval::intBits(e);
    if (lo < eval::minSigned(bits) || hi > eval::maxSigned(bits) || (u && lo < 0))
        return std::nullopt; // some element wraps
    Num out{0, eval::wrapInt(uint64_t(lo), bits), e, false, false};
    out.ranged = lo != hi;
    out.lo = lo;
    out.hi = hi;
    return out;
}

// The integer ops a float value's select or conversion may read (from constants).
std::optional<Num> Evaluator::integer(const GOp& o, const std::vector<Num>& in, Elem e)
{
    const int bits = eval::intBits(e);
    for (const Num& a : in)
        if (a.isFloat())
            return std::nullopt;
    for (const Num& a : in)
        if (a.ranged)
            return rangedInteger(o, in, e);
    Num out{0, 0, e, false, false};
    for (const Num& a : in) {
        out.approx = out.approx || a.approx;
        out.perLane = out.perLane || a.perLane;
    }
    const bool u = isUnsignedOp(o);
    if ((o.id == OpId::ExtI || o.id == OpId::TruncI) && in.size() == 1) {
        const int from = eval::intBits(in[0].e);
        out.i = o.id == OpId::TruncI || u
                    ? eval::wrapInt(eval::toUnsigned(in[0].i, from), bits)
                    : eval::wrapInt(uint64_t(eval::toSigned(in[0].i, from)), bits);
        return out;
    }
    if (in.size() != 2 || in[0].e != in[1].e)
        return std::nullopt;
    const int w = eval::intBits(in[0].e);
    const uint64_t x = uint64_t(in[0].i), y = uint64_t(in[1].i);
    if (o.id == OpId::CmpI) {
        const GAttr* p = findAttr(o, "predicate");
        const std::string_view pred = p ? p->value : std::string_view();
        const std::optional<bool> r = eval::compareInts(pred, !u, in[0].i, in[1].i, w);
        if (!r)
            return std::nullopt;
        out.i = *r ? 1 : 0;
        return out;
    }
    uint64_t r = 0;
    switch (o.id) {
    case OpId::AddI:
        r = x + y;
        break;
    case OpId::SubI:
        r = x - y;
        break;
    case OpId::MulI:
        r = x * y;
        break;
    case OpId::AndI:
        r = x & y;
        break;
    case OpId::OrI:
        r = x | y;
        break;
    case OpId::XOrI:
        r = x ^ y;
        break;
    default:
        return std::nullopt;
    }
    out.i = eval::wrapInt(r, bits);
    return out;
}

} // namespace tilelens::diff::witness
