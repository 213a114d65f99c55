// The evaluator's values: memoised per side and lane, the finding alone (setFinding), and the
// ops that keep or move a tile's lanes (broadcast, reshape, permute, iota, constants).

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

// The finding alone (issue 30 item 2): the reference's value `refValue` replaced by the
// generated `genValue`, where only the generated values in `own` (the finding's ops) and
// those of the generated side only are computed on the generated side; every other
// generated value is its reference counterpart's, so no other difference of the pair (an
// op changed elsewhere) can contribute.
void Evaluator::setFinding(int refValue, int genValue, std::set<int> own)
{
    m_patchRef = R.values[size_t(refValue)].canon;
    m_patchGen = G.values[size_t(genValue)].canon;
    m_own = std::move(own);
    m_own.insert(m_patchGen);
}

// Lane 0 of each input, and lane 1 where an input alternates two values (see Leaf).
void Evaluator::setInputs(std::vector<double> inputs, double approxScale,
                          std::vector<double> secondLane)
{
    if (secondLane.empty())
        secondLane = inputs;
    if (!m_fresh && inputs == m_inputs && secondLane == m_secondLane && approxScale == m_scale) {
        m_lane = 0;
        return; // the values computed stay valid
    }
    m_fresh = false;
    m_inputs = std::move(inputs);
    m_secondLane = std::move(secondLane);
    m_patterned = m_secondLane != m_inputs;
    m_lane = 0;
    m_scale = approxScale;
    for (auto* memo : {&m_memo, &m_patchedMemo}) {
        (*memo)[Side::Reference].clear();
        (*memo)[Side::Generated].clear();
    }
    m_nodes = 0;
}

// Value v in lane `lane` (0 without a pattern).
std::optional<Num> Evaluator::valueInLane(Side side, int v, int lane)
{
    if (!m_patterned || lane == m_lane)
        return value(side, v);
    const int saved = m_lane;
    m_lane = lane;
    std::optional<Num> out = value(side, v);
    m_lane = saved;
    return out;
}

std::optional<Num> Evaluator::value(Side side, int v)
{
    const GFunction& f = fn(side);
    const int cv = f.values[size_t(v)].canon;
    // A loop's block argument is not kept: each read notes its loop where it is read.
    const GValue& canonical = f.values[size_t(cv)];
    const bool blockArgument = canonical.def < 0 && canonical.region > 0;
    const int c = cv * 2 + m_lane;
    auto& memo = (m_patched ? m_patchedMemo : m_memo)[side];
    if (!blockArgument) {
        if (auto it = memo.find(c); it != memo.end())
            return it->second;
        if (++m_nodes > kMaxNodes || ++m_spent > kMaxNodesPerFinding)
            return std::nullopt;
    }
    std::optional<Num> out;
    if (m_patched && side == Side::Reference && cv == m_patchRef)
        out = value(Side::Generated, m_patchGen);
    else if (m_patched && side == Side::Generated && !m_own.count(cv)) {
        // A value of the generated side only (the negf an operand now reads) is the
        // generated one: the finding's operand, computed on the reference's values.
        const int ref = M.genValToRef[size_t(cv)];
        out = ref >= 0 ? value(Side::Reference, ref) : compute(side, cv);
    } else
        out = compute(side, cv);
    if (out && !blockArgument)
        memo.emplace(c, *out);
    return out;
}

// `v` in the reference with only the finding changed (setFinding).
std::optional<Num> Evaluator::patched(Side side, int v)
{
    if (m_patchRef < 0)
        return std::nullopt;
    m_patched = true;
    std::optional<Num> out = value(side, v);
    m_patched = false;
    return out;
}

// The value integer entry arguments take (kIntegerArguments).
void Evaluator::setIntegerArgument(int64_t x)
{
    m_integerArgument = x;
    setInputs(m_inputs, m_scale, m_secondLane);
}

std::optional<Num> Evaluator::compute(Side side, int c)
{
    const GFunction& f = fn(side);
    const GValue& v = f.values[size_t(c)];
    const Elem e = elemOfType(v.typeText);
    if (e == Elem::None || e == Elem::Ptr)
        return std::nullopt;
    if (v.def < 0)
        return blockArgument(side, c, e);
    const GOp& o = f.ops[size_t(v.def)];
    if (isLoad(o.id))
        return leaf(side, c, e);
    if (o.id == OpId::GetTileBlockId && eval::isIntElem(e)) { // the first block, (0, 0, 0)
        m_firstBlock = true;
        Num out{0, 0, e, false, false};
        out.extended = true;
        return out;
    }
    if (o.id == OpId::For)
        return loopResult(side, o, v.index);
    if (o.results.size() != 1)
        return std::nullopt;
    return op(side, o, e);
}

// opOf, extended where an operand is.
std::optional<Num> Evaluator::op(Side side, const GOp& o, Elem e)
{
    std::optional<Num> out = opOf(side, o, e);
    if (out && !out->extended && o.id != OpId::Constant && o.id != OpId::Reduce)
        for (int x : o.operands) {
            const auto a = value(side, x);
            if (a && a->extended) {
                out->extended = true;
                break;
            }
        }
    return out;
}

std::optional<Num> Evaluator::opOf(Side side, const GOp& o, Elem e)
{
    const OpId n = o.id;
    std::vector<Num> in;
    in.reserve(o.operands.size());
    if (n != OpId::Constant && n != OpId::Reduce)
        for (int x : o.operands) {
            auto a = value(side, x);
            if (!a)
                return std::nullopt;
            in.push_back(*a);
        }
    bool approx = false, perLane = false, ranged = false;
    for (const Num& a : in) {
        approx = approx || a.approx;
        perLane = perLane || a.perLane;
        ranged = ranged || a.ranged;
    }
    if (n == OpId::Iota)
        return iota(side, o, e);
    // Indices that differ by element: only ops whose range of results is exact read them.
    if (ranged && !isOneOf(n, {OpId::Broadcast, OpId::Reshape, OpId::Permute, OpId::ExtI,
                               OpId::TruncI, OpId::AddI, OpId::SubI, OpId::MulI, OpId::CmpI}))
        return std::nullopt;
    auto withFlags = [&](Num r) {
        r.approx = r.approx || approx;
        r.perLane = r.perLane || perLane;
        return r;
    };
    switch (n) {
    case OpId::Constant:
        return constant(o, e);
    case OpId::Broadcast:
    case OpId::Reshape:
    case OpId::Permute:
        if (in.size() != 1 || in[0].e != e || !keepsPattern(side, o))
            return std::nullopt;
        return in[0];
    case OpId::Reduce:
        return reduce(side, o, e);
    case OpId::MmaF:
        return mma(side, o, in, e);
    case OpId::CmpF:
        return cmpf(o, in);
    case OpId::Select:
        if (in.size() != 3 || in[0].isFloat() || in[1].e != e || in[2].e != e)
            return std::nullopt;
        return withFlags(in[0].i != 0 ? in[1] : in[2]);
    case OpId::FToF:
    case OpId::IToF:
    case OpId::FToI:
        if (in.size() != 1)
            return std::nullopt;
        if (auto r = convert(o, in[0], e))
            return withFlags(*r);
        return std::nullopt;
    default:
        break;
    }
    if (eval::isIntElem(e))
        return integer(o, in, e);
    if (auto r = floatOp(o, in, e))
        return withFlags(*r);
    return std::nullopt;
}

std::optional<Num> Evaluator::constant(const GOp& o, Elem e) const
{
    const GAttr* a = findAttr(o, "value");
    if (!a)
        return std::nullopt;
    if (eval::isIntElem(e)) {
        const auto k = splatInt(a->value);
        if (!k)
            return std::nullopt;
        return Num{0, eval::wrapInt(uint64_t(*k), eval::intBits(e)), e, false, false};
    }
    const std::string_view s = splatScalar(a->value); // "<f32: 1.0>"
    const size_t colon = s.find(':');
    if (!eval::isModelledFloat(e) || colon == std::string_view::npos || s.size() < 3)
        return std::nullopt;
    const auto x = floatLiteral(s.substr(colon + 1, s.size() - colon - 2), e);
    if (!x)
        return std::nullopt;
    return Num{eval::roundTo(*x, e), 0, e, false, false};
}

// The rounding mode of an op; approx (and full, the non-IEEE "accurate" mode) is set.
std::optional<Rounding> Evaluator::roundingOf(const GOp& o, bool& approx)
{
    const GAttr* r = findAttr(o, "rounding");
    const std::string_view mode = r ? r->value : std::string_view("nearest_even");
    if (mode == "nearest_even")
        return Rounding::NearestEven;
    if (mode == "zero")
        return Rounding::Zero;
    if (mode == "negative_inf")
        return Rounding::NegativeInf;
    if (mode == "positive_inf")
        return Rounding::PositiveInf;
    if (mode == "approx" || mode == "full") {
        approx = true;
        return Rounding::NearestEven;
    }
    return std::nullopt;
}

// iota of a 1-D tile: 0 .. n-1.
std::optional<Num> Evaluator::iota(Side side, const GOp& o, Elem e) const
{
    const GFunction& f = fn(side);
    const std::vector<int64_t> dims = dimsOfType(f.values[size_t(o.results[0])].typeText);
    if (!eval::isIntElem(e) || dims.size() != 1 || dims[0] < 1 ||
        dims[0] - 1 > eval::maxSigned(eval::intBits(e)))
        return std::nullopt;
    Num out{0, 0, e, false, false};
    out.extended = true;
    out.ranged = dims[0] > 1;
    out.hi = dims[0] - 1;
    return out;
}

// Whether operand `k` of `o` holds the same number in both lanes (every element equal
// where it held one before).
std::optional<bool> Evaluator::uniformOperand(Side side, const GOp& o, size_t k)
{
    if (!m_patterned)
        return true;
    const auto a = valueInLane(side, o.operands[k], 0);
    const auto b = valueInLane(side, o.operands[k], 1);
    if (!a || !b)
        return std::nullopt;
    return sameNum(*a, *b);
}

// A broadcast, reshape or permute of an alternating tile keeps the pattern where the
// element's position along the last dimension keeps its parity: a broadcast that keeps
// the last dimension, a reshape between even last dimensions (the flat index has the same
// parity). A permute may move the last dimension: only a uniform tile.
bool Evaluator::keepsPattern(Side side, const GOp& o)
{
    const std::optional<bool> uniform = uniformOperand(side, o, 0);
    if (!uniform || *uniform)
        return uniform.has_value();
    const GFunction& f = fn(side);
    const std::string_view from = f.values[size_t(o.operands[0])].typeText;
    const std::string_view to = f.values[size_t(o.results[0])].typeText;
    const std::vector<int64_t> a = dimsOfType(from), b = dimsOfType(to);
    if (o.id == OpId::Broadcast)
        return !a.empty() && !b.empty() && a.back() == b.back() && evenLastDim(to) > 0;
    return o.id == OpId::Reshape && evenLastDim(from) > 0 && evenLastDim(to) > 0;
}

} // namespace tilelens::diff::witness
