// Element-wise integer and float ops, compares, select and conversions.
// Float results are computed exactly (double holds every product of the
// narrow formats exactly; sums, quotients and roots carry a sticky nudge
// toward the exact value) and then rounded once to the element format.

#include "eval/Exec.h"
#include "eval/FloatMath.h"
#include "ir/FloatBits.h"

#include <cmath>
#include <limits>

namespace tilelens::eval {
namespace {

using Ex = Interpreter::Exec;

size_t shapeSize(const ir::Op& op)
{
    size_t n = 1;
    for (int64_t d : op.results[0]->type->shape)
        n *= size_t(d);
    return n;
}

void requireModelled(Ex& ex, Elem e)
{
    if (!isModelledFloat(e))
        ex.fail(IssueKind::Unsupported, std::string("arithmetic on ") + elemName(e));
}

// Float ops: f(inputs...) computed on exact doubles, then rounded.
template <size_t N, typename F>
void floatOp(Ex& ex, const ir::Op& op, F f, const char* approx = nullptr)
{
    auto out = ex.resultTile(op);
    const Tile* in[N];
    for (size_t i = 0; i < N; ++i)
        in[i] = &ex.tileOf(op, i, out->size(), true);
    const Elem e = out->elem;
    requireModelled(ex, e);
    const bool ftz = unitAttr(op, "flush_to_zero");
    const Rounding r = roundingOf(op);
    if (e == Elem::F64 && r != Rounding::NearestEven)
        ex.fail(IssueKind::Unsupported, "directed rounding of f64");
    if (approx)
        ex.stats.approximations.insert(approx);
    const size_t n = out->size();
    for (size_t k = 0; k < n; ++k) {
        double x[N];
        for (size_t i = 0; i < N; ++i)
            x[i] = ftz ? flushDenormal(in[i]->floats[k], e) : in[i]->floats[k];
        out->floats[k] = roundTo(f(x, e == Elem::F64), e, r, ftz);
    }
    ex.countElements(n);
    ex.setTile(op, 0, out);
}

template <typename F> void intBinary(Ex& ex, const ir::Op& op, F f)
{
    auto out = ex.resultTile(op);
    const Tile& a = ex.tileOf(op, 0, out->size(), false);
    const Tile& b = ex.tileOf(op, 1, out->size(), false);
    const int bits = intBits(out->elem);
    const size_t n = out->size();
    for (size_t k = 0; k < n; ++k)
        out->ints[k] = wrapInt(uint64_t(f(a.ints[k], b.ints[k], bits, k)), bits);
    ex.countElements(n);
    ex.setTile(op, 0, out);
}

void divi(Ex& ex, const ir::Op& op)
{
    const bool sgn = isSigned(op);
    const std::string_view mode = enumAttr(op, "rounding_mode");
    const Tile& a = ex.tile(op, 0);
    intBinary(ex, op, [&](int64_t x, int64_t y, int bits, size_t k) -> int64_t {
        if (y == 0)
            ex.fail(IssueKind::Undefined, "integer division by zero", unflattenIndex(a.shape, k));
        if (!sgn) {
            const uint64_t ux = toUnsigned(x, bits), uy = toUnsigned(y, bits);
            uint64_t q = ux / uy;
            if (mode == "positive_inf" && ux % uy != 0)
                ++q;
            return int64_t(q);
        }
        x = toSigned(x, bits);
        y = toSigned(y, bits);
        if (x == minSigned(bits) && y == -1)
            ex.fail(IssueKind::Undefined, "signed division overflow (MIN / -1)",
                    unflattenIndex(a.shape, k));
        int64_t q = x / y; // truncates toward zero
        const bool inexact = x % y != 0;
        const bool negative = (x < 0) != (y < 0);
        if (inexact && mode == "negative_inf" && negative)
            --q;
        if (inexact && mode == "positive_inf" && !negative)
            ++q;
        return q;
    });
}

void remi(Ex& ex, const ir::Op& op)
{
    const bool sgn = isSigned(op);
    const Tile& a = ex.tile(op, 0);
    intBinary(ex, op, [&](int64_t x, int64_t y, int bits, size_t k) -> int64_t {
        if (y == 0)
            ex.fail(IssueKind::Undefined, "integer remainder by zero", unflattenIndex(a.shape, k));
        if (!sgn)
            return int64_t(toUnsigned(x, bits) % toUnsigned(y, bits));
        x = toSigned(x, bits);
        y = toSigned(y, bits);
        if (y == -1)
            return 0;
        return x % y; // sign of the dividend
    });
}

void shiftOp(Ex& ex, const ir::Op& op, bool left)
{
    const bool sgn = isSigned(op, false);
    intBinary(ex, op, [&](int64_t x, int64_t y, int bits, size_t) -> int64_t {
        const uint64_t amount = toUnsigned(y, bits);
        if (left)
            return amount >= uint64_t(bits) ? 0 : int64_t(toUnsigned(x, bits) << amount);
        if (sgn) {
            const int64_t sx = toSigned(x, bits);
            return amount >= uint64_t(bits) ? (sx < 0 ? -1 : 0) : (sx >> amount);
        }
        return amount >= uint64_t(bits) ? 0 : int64_t(toUnsigned(x, bits) >> amount);
    });
}

void minMaxI(Ex& ex, const ir::Op& op, bool isMax)
{
    const bool sgn = isSigned(op);
    intBinary(ex, op, [&](int64_t x, int64_t y, int bits, size_t) -> int64_t {
        bool less =
            sgn ? toSigned(x, bits) < toSigned(y, bits) : toUnsigned(x, bits) < toUnsigned(y, bits);
        return (less == isMax) ? y : x;
    });
}

template <typename F> void intUnary(Ex& ex, const ir::Op& op, F f)
{
    auto out = ex.resultTile(op);
    const Tile& a = ex.tileOf(op, 0, out->size(), false);
    const int bits = intBits(out->elem);
    for (size_t k = 0; k < out->size(); ++k)
        out->ints[k] = wrapInt(uint64_t(f(toSigned(a.ints[k], bits))), bits);
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void cmpi(Ex& ex, const ir::Op& op)
{
    auto out = ex.resultTile(op);
    const Tile& a = ex.tileOf(op, 0, out->size(), false);
    const Tile& b = ex.tileOf(op, 1, out->size(), false);
    const std::string_view p = enumAttr(op, "comparison_predicate");
    const bool sgn = isSigned(op);
    const int bits = intBits(a.elem);
    for (size_t k = 0; k < out->size(); ++k) {
        const std::optional<bool> r = compareInts(p, sgn, a.ints[k], b.ints[k], bits);
        if (!r)
            ex.fail(IssueKind::Unsupported, "cmpi predicate '" + std::string(p) + "'");
        out->ints[k] = *r;
    }
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void cmpf(Ex& ex, const ir::Op& op)
{
    auto out = ex.resultTile(op);
    const Tile& a = ex.tileOf(op, 0, out->size(), true);
    const Tile& b = ex.tileOf(op, 1, out->size(), true);
    const std::string_view p = enumAttr(op, "comparison_predicate");
    const bool ordered = enumAttr(op, "comparison_ordering") != "unordered";
    for (size_t k = 0; k < out->size(); ++k) {
        const std::optional<bool> r = compareFloats(p, ordered, a.floats[k], b.floats[k]);
        if (!r)
            ex.fail(IssueKind::Unsupported, "cmpf predicate '" + std::string(p) + "'");
        out->ints[k] = *r;
    }
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void selectOp(Ex& ex, const ir::Op& op)
{
    auto out = ex.resultTile(op);
    const bool fl = out->isFloat();
    const Tile& c = ex.tile(op, 0);
    if (c.isFloat() || (c.size() != 1 && c.size() != out->size()))
        ex.fail(IssueKind::InvalidInput, "select condition does not fit the result");
    const Tile& a = ex.tileOf(op, 1, out->size(), fl);
    const Tile& b = ex.tileOf(op, 2, out->size(), fl);
    for (size_t k = 0; k < out->size(); ++k) {
        const bool pick = c.ints[c.size() == 1 ? 0 : k] != 0;
        if (fl)
            out->floats[k] = pick ? a.floats[k] : b.floats[k];
        else
            out->ints[k] = pick ? a.ints[k] : b.ints[k];
    }
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void exti(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tileOf(op, 0, shapeSize(op), false);
    const bool sgn = isSigned(op);
    const int srcBits = intBits(a.elem);
    auto out = ex.resultTile(op);
    const int bits = intBits(out->elem);
    for (size_t k = 0; k < out->size(); ++k)
        out->ints[k] = wrapInt(
            sgn ? uint64_t(toSigned(a.ints[k], srcBits)) : toUnsigned(a.ints[k], srcBits), bits);
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void trunci(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tileOf(op, 0, shapeSize(op), false);
    auto out = ex.resultTile(op);
    const int bits = intBits(out->elem);
    for (size_t k = 0; k < out->size(); ++k)
        out->ints[k] = wrapInt(uint64_t(a.ints[k]), bits);
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void ftof(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tileOf(op, 0, shapeSize(op), true);
    auto out = ex.resultTile(op);
    requireModelled(ex, a.elem);
    requireModelled(ex, out->elem);
    const bool ftz = unitAttr(op, "flush_to_zero");
    const Rounding r = roundingOf(op);
    for (size_t k = 0; k < out->size(); ++k)
        out->floats[k] = roundTo(a.floats[k], out->elem, r, ftz);
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void itof(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tileOf(op, 0, shapeSize(op), false);
    auto out = ex.resultTile(op);
    requireModelled(ex, out->elem);
    const bool sgn = isSigned(op);
    const int bits = intBits(a.elem);
    const Rounding r = roundingOf(op);
    for (size_t k = 0; k < out->size(); ++k)
        out->floats[k] = intToFloat(a.ints[k], bits, sgn, out->elem, r);
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

// ftoi rounds toward zero; out-of-range values saturate and NaN gives 0 (the PTX
// cvt.rzi behaviour; the dialect leaves them unspecified).
void ftoi(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tileOf(op, 0, shapeSize(op), true);
    auto out = ex.resultTile(op);
    const bool sgn = isSigned(op);
    const int bits = intBits(out->elem);
    for (size_t k = 0; k < out->size(); ++k)
        out->ints[k] = floatToInt(a.floats[k], bits, sgn);
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void bitcastOp(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tile(op, 0);
    auto out = ex.resultTile(op);
    if (isFloatElem(a.elem) || isFloatElem(out->elem))
        if (!isModelledFloat(a.elem == Elem::Ptr ? out->elem : a.elem) ||
            (isFloatElem(out->elem) && !isModelledFloat(out->elem)))
            ex.fail(IssueKind::Unsupported, "bitcast of an unmodelled float format");
    for (size_t k = 0; k < out->size(); ++k) {
        uint64_t bits = a.isFloat() ? ir::floatToBits(a.floats[k], elemName(a.elem))
                                    : toUnsigned(a.ints[k], intBits(a.elem));
        if (out->isFloat())
            out->floats[k] = ir::bitsToFloat(bits, elemName(out->elem));
        else
            out->ints[k] = wrapInt(bits, intBits(out->elem));
    }
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void copyInts(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tile(op, 0);
    auto out = ex.resultTile(op);
    out->ints = a.ints;
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void addIntegerOps(OpTable& t)
{
    t[ir::OpId::AddI] = [](Ex& ex, const ir::Op& op) {
        intBinary(ex, op, [](int64_t x, int64_t y, int, size_t) {
            return int64_t(uint64_t(x) + uint64_t(y));
        });
    };
    t[ir::OpId::SubI] = [](Ex& ex, const ir::Op& op) {
        intBinary(ex, op, [](int64_t x, int64_t y, int, size_t) {
            return int64_t(uint64_t(x) - uint64_t(y));
        });
    };
    t[ir::OpId::MulI] = [](Ex& ex, const ir::Op& op) {
        intBinary(ex, op, [](int64_t x, int64_t y, int, size_t) {
            return int64_t(uint64_t(x) * uint64_t(y));
        });
    };
    t[ir::OpId::AndI] = [](Ex& ex, const ir::Op& op) {
        intBinary(ex, op, [](int64_t x, int64_t y, int, size_t) { return x & y; });
    };
    t[ir::OpId::OrI] = [](Ex& ex, const ir::Op& op) {
        intBinary(ex, op, [](int64_t x, int64_t y, int, size_t) { return x | y; });
    };
    t[ir::OpId::XOrI] = [](Ex& ex, const ir::Op& op) {
        intBinary(ex, op, [](int64_t x, int64_t y, int, size_t) { return x ^ y; });
    };
    t[ir::OpId::DivI] = &divi;
    t[ir::OpId::RemI] = &remi;
    t[ir::OpId::ShLI] = [](Ex& ex, const ir::Op& op) { shiftOp(ex, op, true); };
    t[ir::OpId::ShRI] = [](Ex& ex, const ir::Op& op) { shiftOp(ex, op, false); };
    t[ir::OpId::MaxI] = [](Ex& ex, const ir::Op& op) { minMaxI(ex, op, true); };
    t[ir::OpId::MinI] = [](Ex& ex, const ir::Op& op) { minMaxI(ex, op, false); };
    t[ir::OpId::NegI] = [](Ex& ex, const ir::Op& op) {
        intUnary(ex, op, [](int64_t x) { return int64_t(0 - uint64_t(x)); });
    };
    t[ir::OpId::AbsI] = [](Ex& ex, const ir::Op& op) {
        intUnary(ex, op, [](int64_t x) { return x < 0 ? int64_t(0 - uint64_t(x)) : x; });
    };
    t[ir::OpId::CmpI] = &cmpi;
    t[ir::OpId::CmpF] = &cmpf;
    t[ir::OpId::Select] = &selectOp;
}

void addFloatOps(OpTable& t)
{
    t[ir::OpId::AddF] = [](Ex& ex, const ir::Op& op) {
        floatOp<2>(ex, op, [](const double* x, bool w) { return exactSum(x[0], x[1], w); });
    };
    t[ir::OpId::SubF] = [](Ex& ex, const ir::Op& op) {
        floatOp<2>(ex, op, [](const double* x, bool w) { return exactSum(x[0], -x[1], w); });
    };
    t[ir::OpId::MulF] = [](Ex& ex, const ir::Op& op) {
        floatOp<2>(ex, op, [](const double* x, bool) { return x[0] * x[1]; });
    };
    t[ir::OpId::DivF] = [](Ex& ex, const ir::Op& op) {
        const std::string_view r = enumAttr(op, "rounding_mode");
        floatOp<2>(
            ex, op, [](const double* x, bool w) { return exactQuotient(x[0], x[1], w); },
            r == "approx" ? "divf rounding<approx>"
                          : (r == "full" ? "divf rounding<full>" : nullptr));
    };
    t[ir::OpId::Fma] = [](Ex& ex, const ir::Op& op) {
        floatOp<3>(ex, op, [](const double* x, bool w) { return exactFma(x[0], x[1], x[2], w); });
    };
    t[ir::OpId::Sqrt] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool w) { return exactSqrt(x[0], w); },
            enumAttr(op, "rounding_mode") == "approx" ? "sqrt rounding<approx>" : nullptr);
    };
    t[ir::OpId::MaxF] = [](Ex& ex, const ir::Op& op) {
        const bool p = unitAttr(op, "propagate_nan");
        floatOp<2>(ex, op, [p](const double* x, bool) { return minMaxF(x[0], x[1], true, p); });
    };
    t[ir::OpId::MinF] = [](Ex& ex, const ir::Op& op) {
        const bool p = unitAttr(op, "propagate_nan");
        floatOp<2>(ex, op, [p](const double* x, bool) { return minMaxF(x[0], x[1], false, p); });
    };
    t[ir::OpId::NegF] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(ex, op, [](const double* x, bool) { return -x[0]; });
    };
    t[ir::OpId::AbsF] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(ex, op, [](const double* x, bool) { return std::fabs(x[0]); });
    };
    t[ir::OpId::Ceil] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(ex, op, [](const double* x, bool) { return std::ceil(x[0]); });
    };
    t[ir::OpId::Floor] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(ex, op, [](const double* x, bool) { return std::floor(x[0]); });
    };
    t[ir::OpId::RemF] = [](Ex& ex, const ir::Op& op) {
        floatOp<2>(ex, op, [](const double* x, bool) { return std::fmod(x[0], x[1]); });
    };
}

// Transcendentals: the GPU's results are within a few ulp of these; recorded as approximate.
void addTranscendentalOps(OpTable& t)
{
    t[ir::OpId::Exp] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::exp(x[0]); },
            enumAttr(op, "rounding_mode") == "approx" ? "exp rounding<approx>" : "exp");
    };
    t[ir::OpId::Exp2] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::exp2(x[0]); }, "exp2");
    };
    t[ir::OpId::Log] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::log(x[0]); }, "log");
    };
    t[ir::OpId::Log2] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::log2(x[0]); }, "log2");
    };
    t[ir::OpId::Rsqrt] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return 1.0 / std::sqrt(x[0]); }, "rsqrt");
    };
    t[ir::OpId::TanH] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::tanh(x[0]); },
            enumAttr(op, "rounding_mode") == "approx" ? "tanh rounding<approx>" : "tanh");
    };
    t[ir::OpId::Sin] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::sin(x[0]); }, "sin");
    };
    t[ir::OpId::Cos] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::cos(x[0]); }, "cos");
    };
    t[ir::OpId::Tan] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::tan(x[0]); }, "tan");
    };
    t[ir::OpId::SinH] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::sinh(x[0]); }, "sinh");
    };
    t[ir::OpId::CosH] = [](Ex& ex, const ir::Op& op) {
        floatOp<1>(
            ex, op, [](const double* x, bool) { return std::cosh(x[0]); }, "cosh");
    };
    t[ir::OpId::Pow] = [](Ex& ex, const ir::Op& op) {
        floatOp<2>(
            ex, op, [](const double* x, bool) { return std::pow(x[0], x[1]); }, "pow");
    };
    t[ir::OpId::Atan2] = [](Ex& ex, const ir::Op& op) {
        floatOp<2>(
            ex, op, [](const double* x, bool) { return std::atan2(x[0], x[1]); }, "atan2");
    };
}

void addConversionOps(OpTable& t)
{
    t[ir::OpId::ExtI] = &exti;
    t[ir::OpId::TruncI] = &trunci;
    t[ir::OpId::FToF] = &ftof;
    t[ir::OpId::IToF] = &itof;
    t[ir::OpId::FToI] = &ftoi;
    t[ir::OpId::Bitcast] = &bitcastOp;
    t[ir::OpId::IntToPtr] = &copyInts;
    t[ir::OpId::PtrToInt] = &copyInts;
    t[ir::OpId::PtrToPtr] = &copyInts;
}

} // namespace

void addArithOps(OpTable& t)
{
    addIntegerOps(t);
    addFloatOps(t);
    addTranscendentalOps(t);
    addConversionOps(t);
}

} // namespace tilelens::eval
