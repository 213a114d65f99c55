// reduce and scan (with their combiner regions) and the mma ops.
//
// Reductions combine elements in index order from the identity (scan: in
// index order, or reversed), the GPU combines them in a tree: for float adds
// the two differ in rounding only, which is why `reduce`/`scan` of floats
// with a non-exact combiner are recorded as approximations.

#include "eval/Exec.h"
#include "eval/FloatMath.h"
#include "ir/FloatBits.h"
#include "ir/OpId.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace tilelens::eval {

using ir::OpId;

namespace {

using Ex = Interpreter::Exec;

// A combiner body of one op applied to the two block arguments, run as a
// scalar function instead of interpreting the region per element.
struct FastCombiner
{
    std::function<double(double, double)> f;    // (elem, acc) -> acc, floats
    std::function<int64_t(int64_t, int64_t)> i; // integers
    bool exact = true;                          // false for float add/mul (order-dependent)
};

bool fastCombiner(const ir::Op& reduceOp, Elem e, FastCombiner& out)
{
    if (reduceOp.regions.empty() || !reduceOp.regions[0]->entryBlock())
        return false;
    const ir::Block& b = *reduceOp.regions[0]->entryBlock();
    if (b.arguments.size() != 2 || b.ops.size() != 2)
        return false;
    const ir::Op& x = *b.ops[0];
    const ir::Op& y = *b.ops[1];
    if (y.id() != OpId::Yield || y.operands.size() != 1 || y.operands[0] != x.results[0] ||
        x.operands.size() != 2)
        return false;
    // Which block argument feeds operand 0 of the combiner op.
    bool elemFirst;
    if (x.operands[0] == b.arguments[0] && x.operands[1] == b.arguments[1])
        elemFirst = true;
    else if (x.operands[0] == b.arguments[1] && x.operands[1] == b.arguments[0])
        elemFirst = false;
    else
        return false;
    const OpId m = x.id();
    const bool ftz = unitAttr(x, "flush_to_zero");
    const bool nanProp = unitAttr(x, "propagate_nan");
    const Rounding r = roundingOf(x);
    const bool plain = e == Elem::F64;
    std::function<double(double, double)> f;
    if (isFloatElem(e)) {
        if (!isModelledFloat(e))
            return false;
        auto in = [ftz, e](double v) { return ftz ? flushDenormal(v, e) : v; };
        if (m == OpId::AddF) {
            f = [=](double a, double c) {
                return roundTo(exactSum(in(a), in(c), plain), e, r, ftz);
            };
            out.exact = false;
        } else if (m == OpId::MulF) {
            f = [=](double a, double c) { return roundTo(in(a)*in(c), e, r, ftz); };
            out.exact = false;
        } else if (m == OpId::MaxF || m == OpId::MinF) {
            const bool isMax = m == OpId::MaxF;
            f = [=](double a, double c) {
                return roundTo(minMaxF(in(a), in(c), isMax, nanProp), e, r, ftz);
            };
        } else {
            return false;
        }
        out.f = elemFirst ? f : [f](double a, double c) { return f(c, a); };
        return true;
    }
    const int bits = intBits(e);
    const std::string_view sg = enumAttr(x, "signedness");
    const bool sgn = sg.empty() || sg == "signed";
    std::function<int64_t(int64_t, int64_t)> g;
    if (m == OpId::AddI)
        g = [bits](int64_t a, int64_t c) { return wrapInt(uint64_t(a) + uint64_t(c), bits); };
    else if (m == OpId::MulI)
        g = [bits](int64_t a, int64_t c) { return wrapInt(uint64_t(a) * uint64_t(c), bits); };
    else if (m == OpId::AndI)
        g = [](int64_t a, int64_t c) { return a & c; };
    else if (m == OpId::OrI)
        g = [](int64_t a, int64_t c) { return a | c; };
    else if (m == OpId::XOrI)
        g = [](int64_t a, int64_t c) { return a ^ c; };
    else if (m == OpId::MaxI || m == OpId::MinI) {
        const bool isMax = m == OpId::MaxI;
        g = [=](int64_t a, int64_t c) {
            const bool less = sgn ? toSigned(a, bits) < toSigned(c, bits)
                                  : toUnsigned(a, bits) < toUnsigned(c, bits);
            return less == isMax ? c : a;
        };
    } else
        return false;
    out.i = elemFirst ? g : [g](int64_t a, int64_t c) { return g(c, a); };
    return true;
}

// Shared walk of reduce (keepAll = false) and scan (keepAll = true).
void fold(Ex& ex, const ir::Op& op, bool keepAll)
{
    const size_t n = op.operands.size();
    if (n == 0 || op.results.size() != n || op.regions.empty())
        ex.fail(IssueKind::Unsupported, "malformed reduce/scan");
    std::vector<std::shared_ptr<const Tile>> in;
    for (size_t k = 0; k < n; ++k)
        in.push_back(ex.tilePtr(op, k));
    const Tile& a = *in[0];
    const size_t dim = size_t(intAttr(op, "dim", 0));
    if (dim >= a.shape.size())
        ex.fail(IssueKind::InvalidInput, "reduce dim out of range");
    const bool reverse = keepAll && unitAttr(op, "reverse");
    const ir::Attribute* ids = op.attr("identities");
    if (!ids || ids->elements.size() != n)
        ex.fail(IssueKind::Unsupported, "reduce/scan without one identity per input");
    size_t outer = 1, inner = 1;
    for (size_t d = 0; d < dim; ++d)
        outer *= size_t(a.shape[d]);
    for (size_t d = dim + 1; d < a.shape.size(); ++d)
        inner *= size_t(a.shape[d]);
    const size_t len = size_t(a.shape[dim]);
    std::vector<std::shared_ptr<Tile>> out;
    for (size_t k = 0; k < n; ++k)
        out.push_back(ex.resultTile(op, k));
    // The written result types must hold what the walk writes (ill-typed IR
    // such as a [1x2048] reduced along dim 0 into a scalar is rejected, not
    // written past the end).
    const size_t expected = keepAll ? a.size() : outer * inner;
    for (size_t k = 0; k < n; ++k)
        if (in[k]->shape != a.shape || out[k]->size() != expected ||
            out[k]->isFloat() != in[k]->isFloat())
            ex.fail(IssueKind::InvalidInput,
                    "reduce/scan result type does not match its operand reduced along dim " +
                        std::to_string(dim) + " (" + std::to_string(expected) +
                        " elements expected, " + std::to_string(out[k]->size()) + " declared)");
    auto identity = [&](size_t k) -> std::pair<double, int64_t> {
        const ir::Attribute* id = ids->elements[k];
        const Elem e = in[k]->elem;
        if (isFloatElem(e))
            return {id->kind == ir::AttrKind::Float ? ir::bitsToFloat(id->bits, elemName(e))
                                                    : double(id->intValue),
                    0};
        return {0.0, wrapInt(uint64_t(id->intValue), intBits(e))};
    };
    FastCombiner fc;
    const bool fast = n == 1 && fastCombiner(op, a.elem, fc);
    if ((!fast || !fc.exact) && a.isFloat())
        ex.stats.approximations.insert(std::string(op.name.mnemonic()) + " order");
    for (size_t o = 0; o < outer; ++o)
        for (size_t i = 0; i < inner; ++i) {
            std::vector<std::pair<double, int64_t>> acc;
            for (size_t k = 0; k < n; ++k)
                acc.push_back(identity(k));
            for (size_t step = 0; step < len; ++step) {
                const size_t s = reverse ? len - 1 - step : step;
                const size_t src = (o * len + s) * inner + i;
                if (fast) {
                    if (a.isFloat())
                        acc[0].first = fc.f(a.floats[src], acc[0].first);
                    else
                        acc[0].second = fc.i(a.ints[src], acc[0].second);
                } else {
                    std::vector<RtValue> args;
                    for (size_t k = 0; k < n; ++k) {
                        auto el = Tile::make(in[k]->elem, {});
                        auto ac = Tile::make(in[k]->elem, {});
                        if (in[k]->isFloat()) {
                            el->floats[0] = in[k]->floats[src];
                            ac->floats[0] = acc[k].first;
                        } else {
                            el->ints[0] = in[k]->ints[src];
                            ac->ints[0] = acc[k].second;
                        }
                        args.push_back(RtValue{el, nullptr, nullptr, false});
                        args.push_back(RtValue{ac, nullptr, nullptr, false});
                    }
                    const ir::Op* saved = ex.current;
                    Flow f = ex.runRegion(*op.regions[0], args);
                    ex.current = saved;
                    if (f.values.size() != n)
                        ex.fail(IssueKind::InvalidInput, "combiner yields the wrong value count");
                    for (size_t k = 0; k < n; ++k) {
                        const Tile& y = *f.values[k].tile;
                        if (y.isFloat())
                            acc[k].first = y.floats[0];
                        else
                            acc[k].second = y.ints[0];
                    }
                }
                if (keepAll)
                    for (size_t k = 0; k < n; ++k) {
                        if (out[k]->isFloat())
                            out[k]->floats[src] = acc[k].first;
                        else
                            out[k]->ints[src] = acc[k].second;
                    }
            }
            if (!keepAll)
                for (size_t k = 0; k < n; ++k) {
                    if (out[k]->isFloat())
                        out[k]->floats[o * inner + i] = acc[k].first;
                    else
                        out[k]->ints[o * inner + i] = acc[k].second;
                }
        }
    ex.countElements(a.size() * n);
    for (size_t k = 0; k < n; ++k)
        ex.setTile(op, k, out[k]);
}

// mmaf / mmai: [B,]M,K x [B,]K,N + [B,]M,N. Products of every input format
// are exact in double (f32 in 48 bits); the K-sum is done in double in k
// order and rounded once to the accumulator type (the GPU's order and
// intermediate precision differ: recorded as an approximation for floats).
void mma(Ex& ex, const ir::Op& op, bool isFloat)
{
    const Tile& a = ex.tile(op, 0);
    const Tile& b = ex.tile(op, 1);
    const Tile& c = ex.tile(op, 2);
    auto out = ex.resultTile(op);
    const size_t rank = a.shape.size();
    if (rank < 2 || rank > 3 || b.shape.size() != rank || c.shape.size() != rank)
        ex.fail(IssueKind::InvalidInput, "mma operands must be rank 2 or 3");
    const size_t batch = rank == 3 ? size_t(a.shape[0]) : 1;
    const size_t m = size_t(a.shape[rank - 2]), kk = size_t(a.shape[rank - 1]);
    const size_t nn = size_t(b.shape[rank - 1]);
    if (size_t(b.shape[rank - 2]) != kk || size_t(c.shape[rank - 2]) != m ||
        size_t(c.shape[rank - 1]) != nn)
        ex.fail(IssueKind::InvalidInput, "mma shapes do not agree");
    if (isFloat) {
        if (!isModelledFloat(a.elem) || !isModelledFloat(b.elem) || !isModelledFloat(out->elem))
            ex.fail(IssueKind::Unsupported, "mmaf on an unmodelled float format");
        ex.stats.approximations.insert("mmaf");
    }
    const bool sl = enumAttr(op, "signedness_lhs") != "unsigned";
    const bool sr = enumAttr(op, "signedness_rhs") != "unsigned";
    const int abits = intBits(a.elem), bbits = intBits(b.elem), obits = intBits(out->elem);
    bool rhsNonFinite = false;
    for (size_t k = 0; isFloat && k < b.floats.size() && !rhsNonFinite; ++k)
        rhsNonFinite = !std::isfinite(b.floats[k]);
    bool lhsZero = isFloat && !rhsNonFinite;
    for (size_t k = 0; lhsZero && k < a.floats.size(); ++k)
        lhsZero = a.floats[k] == 0;
    if (lhsZero) { // a zero-padded tile: the sum is +0, the result the accumulator
        if (c.elem != out->elem)
            ex.fail(IssueKind::InvalidInput, "mmaf accumulator type differs from the result");
        for (size_t k = 0; k < out->floats.size(); ++k)
            out->floats[k] = c.floats[k] == 0 ? 0.0 : c.floats[k]; // +0 + -0 is +0
        ex.countElements(out->size());
        ex.setTile(op, 0, out);
        return;
    }
    // M*N*K products (saturated): a 4096-cube mmaf is a limit, not minutes in one op.
    uint64_t products = batch;
    for (size_t d : {m, kk, nn})
        if (__builtin_mul_overflow(products, uint64_t(d), &products))
            products = UINT64_MAX;
    ex.chargeWork(products);
    std::vector<double> rowF(nn);
    std::vector<uint64_t> rowI(nn);
    for (size_t p = 0; p < batch; ++p)
        for (size_t i = 0; i < m; ++i) {
            // Row i of the result, summed over k in order; zero lhs elements add nothing
            // (zero-padded tiles are common), except to turn inf/NaN rhs into NaN.
            std::fill(rowF.begin(), rowF.end(), 0.0);
            std::fill(rowI.begin(), rowI.end(), 0);
            for (size_t k = 0; k < kk; ++k) {
                const size_t ai = (p * m + i) * kk + k;
                const size_t bRow = (p * kk + k) * nn;
                if (isFloat) {
                    const double x = a.floats[ai];
                    if (x == 0 && !rhsNonFinite)
                        continue;
                    for (size_t j = 0; j < nn; ++j)
                        rowF[j] += x * b.floats[bRow + j];
                } else {
                    const int64_t x =
                        sl ? toSigned(a.ints[ai], abits) : int64_t(toUnsigned(a.ints[ai], abits));
                    for (size_t j = 0; j < nn; ++j) {
                        const int64_t y = b.ints[bRow + j];
                        rowI[j] +=
                            uint64_t(x * (sr ? toSigned(y, bbits) : int64_t(toUnsigned(y, bbits))));
                    }
                }
            }
            for (size_t j = 0; j < nn; ++j) {
                const size_t ci = (p * m + i) * nn + j;
                if (isFloat)
                    out->floats[ci] = roundTo(exactSum(rowF[j], c.floats[ci]), out->elem);
                else
                    out->ints[ci] = wrapInt(rowI[j] + uint64_t(c.ints[ci]), obits);
            }
        }
    ex.countElements(a.size() + b.size() + out->size());
    ex.setTile(op, 0, out);
}

} // namespace

void addReduceOps(OpTable& t)
{
    t[ir::OpId::Reduce] = [](Ex& ex, const ir::Op& op) { fold(ex, op, false); };
    t[ir::OpId::Scan] = [](Ex& ex, const ir::Op& op) { fold(ex, op, true); };
    t[ir::OpId::MmaF] = [](Ex& ex, const ir::Op& op) { mma(ex, op, true); };
    t[ir::OpId::MmaI] = [](Ex& ex, const ir::Op& op) { mma(ex, op, false); };
}

} // namespace tilelens::eval
