// Loops (the first iteration, a result after at most one), whether an op runs at all, and
// reductions and mma where the order of the sum cannot matter.

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

// Whether op `o` runs at the inputs (in the first iteration of the loops around it): every
// for around it runs at least once, every if around it takes its region. Known::No where
// one does not; Known::Unsure where a bound or condition is not modelled. `extended`: the
// answer read an integer argument or the block id.
Known Evaluator::runs(Side side, int o, bool& extended)
{
    const GFunction& f = fn(side);
    for (int region = f.ops[size_t(o)].region; region >= 0;) {
        const GRegion& r = f.regions[size_t(region)];
        if (r.parentOp < 0)
            return Known::Yes;
        const GOp& p = f.ops[size_t(r.parentOp)];
        std::vector<Num> in;
        for (size_t k = 0; k < (p.id == OpId::For ? 3 : p.id == OpId::If ? 1 : 0); ++k) {
            const auto n = value(side, p.operands[k]);
            if (!n || n->isFloat() || n->ranged || n->perLane)
                return Known::Unsure;
            extended = extended || n->extended;
            in.push_back(*n);
        }
        if (p.id == OpId::For) {
            const int bits = eval::intBits(in[0].e);
            const int64_t step = eval::toSigned(in[2].i, bits);
            if (step <= 0)
                return Known::Unsure;
            if (tripsUpToTwo(in[0].i, in[1].i, step, bits, comparesUnsigned(p)) == 0)
                return Known::No;
        } else if (p.id == OpId::If) {
            if ((in[0].i != 0) != (r.index == 0))
                return Known::No; // the region the condition does not take
        } else if (p.id != OpId::Loop) {
            return Known::Unsure;
        }
        region = p.region;
    }
    return Known::Yes;
}

// An entry argument is an input (a specialised one the reference's constant); a loop's
// iteration value is its initial value: the first iteration is an input like any other.
std::optional<Num> Evaluator::blockArgument(Side side, int c, Elem e)
{
    const GFunction& f = fn(side);
    const GValue& v = f.values[size_t(c)];
    if (v.region < 0)
        return std::nullopt;
    const int parent = f.regions[size_t(v.region)].parentOp;
    if (parent < 0) {
        if (side == Side::Generated) {
            for (const auto& [arg, bits] : G.specialisedFloats)
                if (G.values[size_t(arg)].canon == c) {
                    double d = 0;
                    static_assert(sizeof d == sizeof bits);
                    std::memcpy(&d, &bits, sizeof d);
                    return Num{eval::roundTo(d, e), 0, e, false, false};
                }
            for (const auto& [arg, k] : G.specialisedArgs)
                if (G.values[size_t(arg)].canon == c && eval::isIntElem(e))
                    return Num{0, eval::wrapInt(uint64_t(k), eval::intBits(e)), e, false, false};
        }
        return leaf(side, c, e);
    }
    const GOp& p = f.ops[size_t(parent)];
    if (p.id != OpId::For || p.regions.empty() || p.regions[0] != v.region ||
        size_t(3 + v.index - 1) >= p.operands.size())
        return std::nullopt;
    const auto lower = knownInt(side, p.operands[0]), upper = knownInt(side, p.operands[1]);
    const int bits = eval::intBits(elemOfType(f.values[size_t(p.operands[0])].typeText));
    if (!lower || !upper || bits <= 0 ||
        tripsUpToTwo(*lower, *upper, 1, bits, comparesUnsigned(p)) == 0)
        return std::nullopt; // a loop that may never run has no first iteration
    // Bounds known through an integer argument: the witness names it.
    const auto lo = value(side, p.operands[0]), hi = value(side, p.operands[1]);
    const bool boundsExtended = (lo && lo->extended) || (hi && hi->extended);
    // Read through a loop's result, or the induction variable: a note of the extensions.
    const bool extra = v.index < 1 || m_loopDepth > 0;
    (extra ? m_extraIterations : m_firstIterations)
        .insert("the for at " + std::string(side == Side::Reference ? "reference" : "generated") +
                " line " + std::to_string(p.line));
    // The induction variable starts at the lower bound.
    auto out = value(side, p.operands[v.index < 1 ? 0 : size_t(3 + v.index - 1)]);
    if (out && (v.index < 1 || boundsExtended))
        out->extended = true;
    return out;
}

// Result `index` of a for whose bounds the inputs decide: its initial value where the loop
// runs no iteration, the body's continued value where it runs one (that iteration is the
// first); more iterations are not modelled.
std::optional<Num> Evaluator::loopResult(Side side, const GOp& loop, int index)
{
    const size_t init = size_t(3 + index);
    if (loop.operands.size() < init + 1 || loop.regions.size() != 1)
        return std::nullopt;
    int64_t bound[3] = {0, 0, 0}; // lower, upper, step
    int bits = 0;
    for (size_t k = 0; k < 3; ++k) {
        const auto b = value(side, loop.operands[k]);
        if (!b || b->isFloat() || b->ranged)
            return std::nullopt;
        bits = eval::intBits(b->e);
        bound[k] = eval::toSigned(b->i, bits);
    }
    if (bound[2] <= 0)
        return std::nullopt;
    const int trips = tripsUpToTwo(bound[0], bound[1], bound[2], bits, comparesUnsigned(loop));
    std::optional<Num> out;
    ++m_loopDepth;
    if (trips == 0)
        out = value(side, loop.operands[init]);
    else
        out = loopIteration(side, loop, index, trips == 1);
    --m_loopDepth;
    if (out)
        out->extended = true;
    return out;
}

// The body's continued value `index` in the first iteration, where it is the only one.
std::optional<Num> Evaluator::loopIteration(Side side, const GOp& loop, int index, bool once)
{
    const GFunction& f = fn(side);
    if (!once)
        return std::nullopt; // two or more iterations
    const GRegion& body = f.regions[size_t(loop.regions[0])];
    if (body.ops.empty())
        return std::nullopt;
    const GOp& next = f.ops[size_t(body.ops.back())];
    if (next.id != OpId::Continue || size_t(index) >= next.operands.size())
        return std::nullopt;
    return value(side, next.operands[size_t(index)]);
}

// An integer the kernel fixes: a constant, or an entry argument specialised to one.
std::optional<int64_t> Evaluator::knownInt(Side side, int v)
{
    const int c = fn(side).values[size_t(v)].canon;
    const Elem e = elemOfType(fn(side).values[size_t(c)].typeText);
    if (!eval::isIntElem(e))
        return std::nullopt;
    if (const auto n = value(side, c); n && !n->isFloat())
        return eval::toSigned(n->i, eval::intBits(n->e));
    const int g = side == Side::Generated ? c : M.refValToGen[size_t(c)];
    for (const auto& [arg, k] : G.specialisedArgs)
        if (g >= 0 && G.values[size_t(arg)].canon == g)
            return eval::toSigned(eval::wrapInt(uint64_t(k), eval::intBits(e)), eval::intBits(e));
    return std::nullopt;
}

// A reduction of a uniform tile by maxf / minf (exact in any order) or addf where every
// partial sum is exact (then the order the hardware sums in cannot matter).
std::optional<Num> Evaluator::reduce(Side side, const GOp& o, Elem e)
{
    const GFunction& f = fn(side);
    if (o.operands.size() != 1 || o.regions.size() != 1)
        return std::nullopt;
    const GRegion& body = f.regions[size_t(o.regions[0])];
    if (body.ops.size() != 2 || body.args.size() != 2)
        return std::nullopt;
    const GOp& combine = f.ops[size_t(body.ops[0])];
    const GOp& yield = f.ops[size_t(body.ops[1])];
    if (yield.id != OpId::Yield || yield.operands.size() != 1 || combine.results.size() != 1 ||
        yield.operands[0] != combine.results[0] || combine.operands.size() != 2 ||
        !isOneOf(combine.id, {OpId::MaxF, OpId::MinF, OpId::AddF}))
        return std::nullopt;
    const std::set<int> args = {body.args[0], body.args[1]};
    if (std::set<int>(combine.operands.begin(), combine.operands.end()) != args ||
        findAttr(combine, "flush_to_zero"))
        return std::nullopt;
    const GAttr* dimAttr = findAttr(o, "dim");
    const GAttr* ids = findAttr(o, "identities");
    const std::vector<int64_t> dims = dimsOfType(f.values[size_t(o.operands[0])].typeText);
    if (!dimAttr || !ids || ids->value.size() < 3)
        return std::nullopt;
    const long dim = std::strtol(std::string(dimAttr->value).c_str(), nullptr, 10);
    if (dim < 0 || size_t(dim) >= dims.size() || dims[size_t(dim)] < 1 ||
        dims[size_t(dim)] > kMaxReduced)
        return std::nullopt;
    std::string_view idText = ids->value.substr(1); // "[-inf : f32]"
    idText = idText.substr(0, std::min(idText.find(' '), idText.find(']')));
    const auto identity = floatLiteral(idText, e);
    auto a = value(side, o.operands[0]);
    if (!identity || !a || a->e != e || a->perLane || !eval::isModelledFloat(e))
        return std::nullopt;
    const std::optional<bool> uniform = uniformOperand(side, o, 0);
    if (!uniform)
        return std::nullopt;
    // Along another dimension each lane reduces copies of itself, as a uniform tile.
    if (!*uniform && size_t(dim) + 1 == dims.size()) {
        const auto a0 = valueInLane(side, o.operands[0], 0);
        const auto a1 = valueInLane(side, o.operands[0], 1);
        if (!a0 || !a1 || a0->perLane || a1->perLane)
            return std::nullopt;
        return reduceAlternating(combine, *a0, *a1, *identity, dims[size_t(dim)], e);
    }
    Num out = *a;
    if (combine.id != OpId::AddF) {
        const bool propagateNan = findAttr(combine, "propagate_nan") != nullptr;
        out.f = eval::minMaxF(*identity, a->f, combine.id == OpId::MaxF, propagateNan);
        return out;
    }
    if (*identity != 0 || (eval::roundTo(a->f, e, Rounding::NearestEven, true) != a->f))
        return std::nullopt; // a subnormal sum may meet the hardware's flushing
    const int64_t count = dims[size_t(dim)];
    m_spent += count / kReducedPerNode; // the exactness check below is work too
    if (std::isfinite(a->f))
        for (int64_t k = 1; k <= count; ++k)
            if (eval::roundTo(double(k) * a->f, e) != double(k) * a->f)
                return std::nullopt;
    out.f = double(count) * a->f + 0.0;
    return out;
}

// x is exact in e, and neither subnormal (which the hardware may flush) nor infinite.
bool Evaluator::plainValue(double x, Elem e)
{
    return std::isfinite(x) && eval::roundTo(x, e, Rounding::NearestEven, true) == x;
}

// A reduction along the last dimension of an alternating tile: count/2 elements of each
// lane. maxf / minf in either order; addf where every partial sum (i elements of one lane
// and j of the other) is exact and zero or normal: all are multiples of the lowest bit
// either has, below 2^precision of it.
std::optional<Num> Evaluator::reduceAlternating(const GOp& combine, const Num& a, const Num& b,
                                                double identity, int64_t count, Elem e) const
{
    if (count % 2 != 0)
        return std::nullopt;
    Num out = a;
    out.approx = a.approx || b.approx;
    out.extended = a.extended || b.extended;
    if (combine.id != OpId::AddF) {
        const bool isMax = combine.id == OpId::MaxF;
        const bool propagateNan = findAttr(combine, "propagate_nan") != nullptr;
        const double x = eval::minMaxF(identity, eval::minMaxF(a.f, b.f, isMax, propagateNan),
                                       isMax, propagateNan);
        const double y = eval::minMaxF(identity, eval::minMaxF(b.f, a.f, isMax, propagateNan),
                                       isMax, propagateNan);
        out.f = x;
        if (!sameNum(out, Num{y, 0, e, false, false}))
            return std::nullopt;
        return out;
    }
    if (identity != 0 || !plainValue(a.f, e) || !plainValue(b.f, e))
        return std::nullopt;
    int low = std::numeric_limits<int>::max();
    for (double x : {a.f, b.f})
        if (x != 0)
            low = std::min(low, lowestBitExponent(x));
    const double half = double(count) / 2; // count is even
    const double bound = half * (std::fabs(a.f) + std::fabs(b.f));
    if (low != std::numeric_limits<int>::max() &&
        (std::ldexp(1.0, low) < eval::smallestNormal(e) ||
         bound >= std::ldexp(1.0, low + precisionOf(e)) || bound > eval::largestFinite(e)))
        return std::nullopt;
    out.f = half * a.f + half * b.f + 0.0;
    return out;
}

// mmaf of uniform tiles: acc plus K equal products. Modelled where every partial sum
// (any K' <= K products, with or without acc) is exact and normal: then neither the
// order nor the precision the tensor cores add in can change it.
std::optional<Num> Evaluator::mma(Side side, const GOp& o, const std::vector<Num>& in, Elem e)
{
    const GFunction& f = fn(side);
    if (in.size() != 3 || in[2].e != e || !eval::isModelledFloat(e) || e == Elem::F64)
        return std::nullopt;
    for (size_t k = 0; k < 3; ++k)
        if (uniformOperand(side, o, k) != std::optional<bool>(true))
            return std::nullopt;
    const std::vector<int64_t> dims = dimsOfType(f.values[size_t(o.operands[0])].typeText);
    if (dims.empty() || dims.back() < 1 || dims.back() > kMaxReduced)
        return std::nullopt;
    for (const Num& a : in)
        if (!a.isFloat() || !eval::isModelledFloat(a.e) || a.perLane || !plainValue(a.f, a.e))
            return std::nullopt;
    const double p = in[0].f * in[1].f; // exact: both have at most 24 significand bits
    const double acc = in[2].f;
    for (int64_t k = 1; k <= dims.back(); ++k) {
        const double part = double(k) * p;
        if (!plainValue(part, e) || !plainValue(acc + part, e))
            return std::nullopt;
    }
    Num out = in[2];
    out.f = acc + double(dims.back()) * p;
    out.approx = in[0].approx || in[1].approx || in[2].approx;
    return out;
}

} // namespace tilelens::diff::witness
