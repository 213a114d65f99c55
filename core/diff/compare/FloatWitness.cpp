#include "diff/compare/FloatWitness.h"

#include "common/Side.h"
#include "diff/semantics/Semantics.h"
#include "eval/Differential.h"
#include "eval/FloatMath.h"
#include "eval/Numeric.h"
#include "ir/FloatBits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tilelens::diff {

namespace {

using eval::Elem;
using eval::Rounding;

constexpr int kMaxNodes = 4096;                 // values evaluated per input, all probes together
constexpr int64_t kMaxNodesPerFinding = 200000; // values evaluated for one finding, in all
constexpr size_t kMaxLeaves = 6;                // inputs of one comparison
constexpr size_t kMaxAssignments = 600;         // input combinations tried
constexpr double kApproxMove = 1.0 / 1024; // beyond any approximate op's error (tanh.approx 2^-11)
constexpr double kApproxRelative = 1.0 / 64;
constexpr int64_t kMaxReduced = int64_t(1) << 20;
constexpr int64_t kReducedPerNode = 16; // reduced elements checked per node of the budget

// One lane of a uniform tile: a float (exactly representable in `e`) or an integer (canonical
// form of eval/Numeric.h).
struct Num
{
    double f = 0;
    int64_t i = 0;
    Elem e = Elem::None;
    bool approx = false;  // computed through an approximate op
    bool perLane = false; // read by a masked load: not every element need be equal
    bool isFloat() const { return eval::isFloatElem(e); }
};

// "tile<128x64xf32>" -> F32; None for pointers, tokens and views.
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

// Dimensions of a tile type ("tile<128x64xf32>" -> {128, 64}).
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

// A float literal as the graph spells it: "1.5", "-inf", "0xFF800000" (bits of `e`).
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

// The shortest text that reads back as `n` in its element type.
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

// Loads whose two sides read the same memory where the matching pairs them.
bool isLoad(OpId n)
{
    return n == OpId::LoadViewTko || n == OpId::LoadPtrTko;
}

// A view's tile may reach past the tensor's extent (an extent not a known multiple of the
// tile, a dim_map): its lanes there hold the padding value (or nothing), not the loaded one.
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

struct Leaf
{
    int refValue = -1;
    std::string name;
    Elem e = Elem::None;
    bool tile = false; // more than one element: "(every element)"
};

class Evaluator
{
public:
    Evaluator(const GFunction& R, const GFunction& G, const OpMatching& m, int64_t& spent)
        : R(R), G(G), M(m), m_spent(spent)
    {
    }

    // The finding alone (issue 30 item 2): the reference's value `refValue` replaced by the
    // generated `genValue`, where only the generated values in `own` (the finding's ops) and
    // those of the generated side only are computed on the generated side; every other
    // generated value is its reference counterpart's, so no other difference of the pair (an
    // op changed elsewhere) can contribute.
    void setFinding(int refValue, int genValue, std::set<int> own)
    {
        m_patchRef = R.values[size_t(refValue)].canon;
        m_patchGen = G.values[size_t(genValue)].canon;
        m_own = std::move(own);
        m_own.insert(m_patchGen);
    }

    void setInputs(std::vector<double> inputs, double approxScale)
    {
        if (!m_fresh && inputs == m_inputs && approxScale == m_scale)
            return; // the values computed stay valid
        m_fresh = false;
        m_inputs = std::move(inputs);
        m_scale = approxScale;
        for (auto* memo : {&m_memo, &m_patchedMemo}) {
            (*memo)[Side::Reference].clear();
            (*memo)[Side::Generated].clear();
        }
        m_nodes = 0;
    }

    std::optional<Num> value(Side side, int v)
    {
        const GFunction& f = fn(side);
        const int c = f.values[size_t(v)].canon;
        auto& memo = (m_patched ? m_patchedMemo : m_memo)[side];
        if (auto it = memo.find(c); it != memo.end())
            return it->second;
        if (++m_nodes > kMaxNodes || ++m_spent > kMaxNodesPerFinding)
            return std::nullopt;
        std::optional<Num> out;
        if (m_patched && side == Side::Reference && c == m_patchRef)
            out = value(Side::Generated, m_patchGen);
        else if (m_patched && side == Side::Generated && !m_own.count(c)) {
            // A value of the generated side only (the negf an operand now reads) is the
            // generated one: the finding's operand, computed on the reference's values.
            const int ref = M.genValToRef[size_t(c)];
            out = ref >= 0 ? value(Side::Reference, ref) : compute(side, c);
        } else
            out = compute(side, c);
        if (out)
            memo.emplace(c, *out);
        return out;
    }

    // `v` in the reference with only the finding changed (setFinding).
    std::optional<Num> patched(Side side, int v)
    {
        if (m_patchRef < 0)
            return std::nullopt;
        m_patched = true;
        std::optional<Num> out = value(side, v);
        m_patched = false;
        return out;
    }

    bool overBudget() const { return m_spent > kMaxNodesPerFinding; }

    const std::vector<Leaf>& leaves() const { return m_leaves; }
    // Loops whose first iteration the values were taken in (reference lines, or generated).
    const std::set<std::string>& firstIterations() const { return m_firstIterations; }

private:
    const GFunction& fn(Side side) const { return side == Side::Generated ? G : R; }

    std::optional<Num> compute(Side side, int c)
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
        if (o.results.size() != 1)
            return std::nullopt;
        return op(side, o, e);
    }

    // An entry argument is an input (a specialised one the reference's constant); a loop's
    // iteration value is its initial value: the first iteration is an input like any other.
    std::optional<Num> blockArgument(Side side, int c, Elem e)
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
                        return Num{0, eval::wrapInt(uint64_t(k), eval::intBits(e)), e, false,
                                   false};
            }
            return leaf(side, c, e);
        }
        const GOp& p = f.ops[size_t(parent)];
        if (p.id != OpId::For || v.index < 1 || p.regions.empty() || p.regions[0] != v.region ||
            size_t(3 + v.index - 1) >= p.operands.size())
            return std::nullopt;
        const auto lower = knownInt(side, p.operands[0]), upper = knownInt(side, p.operands[1]);
        if (!lower || !upper || *lower >= *upper)
            return std::nullopt; // a loop that may never run has no first iteration
        m_firstIterations.insert("the for at " +
                                 std::string(side == Side::Reference ? "reference" : "generated") +
                                 " line " + std::to_string(p.line));
        return value(side, p.operands[size_t(3 + v.index - 1)]);
    }

    // An integer the kernel fixes: a constant, or an entry argument specialised to one.
    std::optional<int64_t> knownInt(Side side, int v)
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
                return eval::toSigned(eval::wrapInt(uint64_t(k), eval::intBits(e)),
                                      eval::intBits(e));
        return std::nullopt;
    }

    // A value both sides share: the same load, or the same entry argument.
    std::optional<Num> leaf(Side side, int c, Elem e)
    {
        if (!eval::isFloatElem(e) || !eval::isModelledFloat(e))
            return std::nullopt; // integer inputs may be constrained (assumes, launch sizes)
        const int refId = side == Side::Generated ? M.genValToRef[size_t(c)] : c;
        if (refId < 0)
            return std::nullopt;
        const int genId = M.refValToGen[size_t(refId)];
        if (genId < 0 || (side == Side::Generated && G.values[size_t(genId)].canon != c))
            return std::nullopt;
        const GValue& rv = R.values[size_t(refId)];
        const GValue& gv = G.values[size_t(genId)];
        if (rv.typeText != gv.typeText || (rv.def < 0) != (gv.def < 0))
            return std::nullopt;
        bool masked = false;
        std::string name;
        if (rv.def < 0) {
            if (rv.region != 0 || gv.region != 0)
                return std::nullopt;
            name = "argument " + std::to_string(rv.index);
        } else {
            const GOp& a = R.ops[size_t(rv.def)];
            const GOp& b = G.ops[size_t(gv.def)];
            if (!sameOp(a, b) || !isLoad(a.id) || rv.index != 0 || gv.index != 0)
                return std::nullopt;
            name = std::string(a.name) + " at reference line " + std::to_string(a.line);
            masked = a.id == OpId::LoadPtrTko || b.id == OpId::LoadPtrTko || paddedView(R, a) ||
                     paddedView(G, b);
        }
        size_t k = 0;
        while (k < m_leaves.size() && m_leaves[k].refValue != refId)
            ++k;
        if (k == m_leaves.size()) {
            if (m_leaves.size() >= kMaxLeaves)
                return std::nullopt;
            m_leaves.push_back({refId, name, e, !singleElement(rv.typeText)});
        }
        const double x = k < m_inputs.size() ? m_inputs[k] : 0.5;
        return Num{eval::roundTo(x, e), 0, e, false, masked};
    }

    // A view load whose tile may reach past the extent: its lanes are not all equal, so a
    // reduction (or mma) of it is not the uniform one.
    static bool paddedView(const GFunction& f, const GOp& load)
    {
        return load.id == OpId::LoadViewTko &&
               (load.operands.empty() ||
                tileMayReachPast(f.values[size_t(load.operands[0])].typeText));
    }

    std::optional<Num> op(Side side, const GOp& o, Elem e)
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
        bool approx = false, perLane = false;
        for (const Num& a : in) {
            approx = approx || a.approx;
            perLane = perLane || a.perLane;
        }
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
            if (in.size() != 1 || in[0].e != e)
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

    std::optional<Num> constant(const GOp& o, Elem e) const
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
    static std::optional<Rounding> roundingOf(const GOp& o, bool& approx)
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

    // Element-wise float ops, as eval/OpsArith.cpp computes them.
    std::optional<Num> floatOp(const GOp& o, const std::vector<Num>& in, Elem e) const
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
        const size_t arity =
            isOneOf(n, {OpId::Fma}) ? 3
            : isOneOf(n, {OpId::AddF, OpId::SubF, OpId::MulF, OpId::DivF, OpId::MaxF, OpId::MinF,
                          OpId::RemF, OpId::Pow, OpId::Atan2})
                ? 2
                : 1;
        if (in.size() != arity)
            return std::nullopt;
        for (size_t k = 0; k < arity; ++k)
            x[k] = ftz ? eval::flushDenormal(in[k].f, e) : in[k].f;
        const bool propagateNan = findAttr(o, "propagate_nan") != nullptr;
        double y = 0;
        switch (n) {
        case OpId::AddF:
            y = eval::exactSum(x[0], x[1], plain);
            break;
        case OpId::SubF:
            y = eval::exactSum(x[0], -x[1], plain);
            break;
        case OpId::MulF:
            y = x[0] * x[1];
            break;
        case OpId::DivF:
            y = eval::exactQuotient(x[0], x[1], plain);
            break;
        case OpId::Fma:
            y = eval::exactFma(x[0], x[1], x[2], plain);
            break;
        case OpId::Sqrt:
            y = eval::exactSqrt(x[0], plain);
            break;
        case OpId::MaxF:
            y = eval::minMaxF(x[0], x[1], true, propagateNan);
            break;
        case OpId::MinF:
            y = eval::minMaxF(x[0], x[1], false, propagateNan);
            break;
        case OpId::NegF:
            y = -x[0];
            break;
        case OpId::AbsF:
            y = std::fabs(x[0]);
            break;
        case OpId::Ceil:
            y = std::ceil(x[0]);
            break;
        case OpId::Floor:
            y = std::floor(x[0]);
            break;
        case OpId::RemF:
            y = std::fmod(x[0], x[1]);
            break;
        case OpId::Exp:
            y = std::exp(x[0]);
            break;
        case OpId::Exp2:
            y = std::exp2(x[0]);
            break;
        case OpId::Log:
            y = std::log(x[0]);
            break;
        case OpId::Log2:
            y = std::log2(x[0]);
            break;
        case OpId::Rsqrt:
            y = 1.0 / std::sqrt(x[0]);
            break;
        case OpId::TanH:
            y = std::tanh(x[0]);
            break;
        case OpId::Sin:
            y = std::sin(x[0]);
            break;
        case OpId::Cos:
            y = std::cos(x[0]);
            break;
        case OpId::Tan:
            y = std::tan(x[0]);
            break;
        case OpId::SinH:
            y = std::sinh(x[0]);
            break;
        case OpId::CosH:
            y = std::cosh(x[0]);
            break;
        case OpId::Pow:
            y = std::pow(x[0], x[1]);
            break;
        case OpId::Atan2:
            y = std::atan2(x[0], x[1]);
            break;
        default:
            return std::nullopt;
        }
        if (approx)
            y *= m_scale; // where the hardware's approximation may land
        return Num{eval::roundTo(y, e, *r, ftz), 0, e, approx, false};
    }

    static std::optional<Num> cmpf(const GOp& o, const std::vector<Num>& in)
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
    static std::optional<Num> convert(const GOp& o, const Num& a, Elem e)
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
            const int bits = eval::intBits(a.e);
            const long double exact = isUnsignedOp(o) ? (long double)eval::toUnsigned(a.i, bits)
                                                      : (long double)eval::toSigned(a.i, bits);
            const double d = double(exact);
            return Num{eval::roundTo(eval::nudge(d, double(exact - (long double)d)), e, *r), 0, e,
                       false, false};
        }
        if (!a.isFloat() || !eval::isIntElem(e)) // ftoi: rounds toward zero, saturates
            return std::nullopt;
        const bool sgn = !isUnsignedOp(o);
        const int bits = eval::intBits(e);
        const double lo = sgn ? double(eval::minSigned(bits)) : 0.0;
        const double hi = sgn ? double(eval::maxSigned(bits)) : std::ldexp(1.0, bits) - 1;
        const double x = std::trunc(a.f);
        int64_t out = 0;
        if (std::isnan(x))
            out = 0;
        else if (x <= lo)
            out = sgn ? eval::minSigned(bits) : 0;
        else if (x >= hi)
            out = sgn ? eval::maxSigned(bits) : eval::wrapInt(~uint64_t(0), bits);
        else
            out = eval::wrapInt(uint64_t(int64_t(x)), bits);
        return Num{0, out, e, false, false};
    }

    // The integer ops a float value's select or conversion may read (from constants).
    static std::optional<Num> integer(const GOp& o, const std::vector<Num>& in, Elem e)
    {
        const int bits = eval::intBits(e);
        for (const Num& a : in)
            if (a.isFloat())
                return std::nullopt;
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
            const bool lt = u ? eval::toUnsigned(in[0].i, w) < eval::toUnsigned(in[1].i, w)
                              : eval::toSigned(in[0].i, w) < eval::toSigned(in[1].i, w);
            const bool eq = in[0].i == in[1].i;
            bool r = false;
            if (pred == "equal")
                r = eq;
            else if (pred == "not_equal")
                r = !eq;
            else if (pred == "less_than")
                r = lt;
            else if (pred == "less_than_or_equal")
                r = lt || eq;
            else if (pred == "greater_than")
                r = !lt && !eq;
            else if (pred == "greater_than_or_equal")
                r = !lt;
            else
                return std::nullopt;
            out.i = r ? 1 : 0;
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

    // A reduction of a uniform tile by maxf / minf (exact in any order) or addf where every
    // partial sum is exact (then the order the hardware sums in cannot matter).
    std::optional<Num> reduce(Side side, const GOp& o, Elem e)
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
    static bool plainValue(double x, Elem e)
    {
        return std::isfinite(x) && eval::roundTo(x, e, Rounding::NearestEven, true) == x;
    }

    // mmaf of uniform tiles: acc plus K equal products. Modelled where every partial sum
    // (any K' <= K products, with or without acc) is exact and normal: then neither the
    // order nor the precision the tensor cores add in can change it.
    std::optional<Num> mma(Side side, const GOp& o, const std::vector<Num>& in, Elem e) const
    {
        const GFunction& f = fn(side);
        if (in.size() != 3 || in[2].e != e || !eval::isModelledFloat(e) || e == Elem::F64)
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

    const GFunction& R;
    const GFunction& G;
    const OpMatching& M;
    std::vector<double> m_inputs;
    double m_scale = 1;
    PerSide<std::map<int, Num>> m_memo, m_patchedMemo;
    std::vector<Leaf> m_leaves;
    std::set<std::string> m_firstIterations;
    int m_nodes = 0;
    int64_t& m_spent;
    bool m_fresh = true;
    bool m_patched = false;
    int m_patchRef = -1, m_patchGen = -1;
    std::set<int> m_own;
};

// Beyond the CPU comparison's tolerance (eval/Differential.cpp sameFloat): NaN equals NaN and
// -0 equals +0.
bool beyondTolerance(double x, double y, Elem e)
{
    if (x == y || (std::isnan(x) && std::isnan(y)))
        return false;
    if (!std::isfinite(x) || !std::isfinite(y))
        return true;
    return eval::ulpDistance(x, y, e) > eval::EvalOptions().maxUlp;
}

// Far beyond what approximate ops can move: NaN or infinity against a number, or, more than 64
// units in the last place apart, zero against non-zero, other signs, or normal values 1/64
// apart (relative). A subnormal's relative distance says nothing: few units apart, it may be
// large.
bool robustlyApart(double x, double y, Elem e)
{
    if (std::isnan(x) || std::isnan(y))
        return std::isnan(x) != std::isnan(y);
    if (std::isinf(x) || std::isinf(y))
        return x != y;
    constexpr int64_t kMinUlps = 64;
    if (eval::ulpDistance(x, y, e) <= kMinUlps)
        return false;
    if ((x == 0) != (y == 0) || std::signbit(x) != std::signbit(y))
        return true;
    const double small = eval::smallestNormal(e);
    return std::fabs(x) >= small && std::fabs(y) >= small &&
           std::fabs(x - y) > kApproxRelative * std::max(std::fabs(x), std::fabs(y));
}

bool apart(const Num& x, const Num& y, bool robust)
{
    if (!x.isFloat())
        return x.i != y.i;
    return robust ? robustlyApart(x.f, y.f, x.e) : beyondTolerance(x.f, y.f, x.e);
}

// Sample inputs of one element type: ordinary values, magnitudes whose exp overflows,
// subnormals (the ftz cases), signed zeros.
std::vector<double> samplesOf(Elem e, bool subnormalsFirst)
{
    std::vector<double> raw = {0.5, -1.25, 3, 100, -100, 1e4, -1e4, 1, -0.0, 0.0, 0.1, -3};
    // Subnormals, and exponents whose exp / exp2 is one (in f32, also of an f16 input that is
    // widened first).
    raw.insert(raw.end(), {-130, -90});
    if (e == Elem::F16)
        raw.insert(raw.end(), {std::ldexp(1.0, -20), std::ldexp(-1.0, -24), 60000, -20, -12});
    else
        raw.insert(raw.end(), {1e-40, std::ldexp(1.0, -130), std::ldexp(-1.0, -140), 1e30});
    std::vector<double> out;
    for (double x : raw) {
        const double r = eval::roundTo(x, e);
        if (std::isfinite(r))
            out.push_back(r);
    }
    // Memory may hold them too (a NaN that maxf without propagate_nan drops).
    out.insert(out.end(),
               {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                -std::numeric_limits<double>::infinity()});
    if (subnormalsFirst) // a changed flush_to_zero shows there first
        std::stable_partition(out.begin(), out.end(), [e](double x) {
            return x != 0 && std::fabs(x) < eval::smallestNormal(e);
        });
    return out;
}

// Input combinations: every input the same sample; one input varied, the others at a base
// value; then two inputs varied together.
std::vector<std::vector<double>> assignments(const std::vector<Leaf>& leaves, bool subnormalsFirst)
{
    std::vector<std::vector<double>> out;
    const size_t n = leaves.size();
    if (n == 0)
        return {{}};
    std::vector<std::vector<double>> samples;
    samples.reserve(n);
    for (const Leaf& l : leaves)
        samples.push_back(samplesOf(l.e, subnormalsFirst));
    for (size_t s = 0; s < samples[0].size(); ++s) {
        std::vector<double> a(n);
        for (size_t k = 0; k < n; ++k)
            a[k] = samples[k][std::min(s, samples[k].size() - 1)];
        out.push_back(a);
    }
    for (double base : {0.5, 3.0})
        for (size_t k = 0; k < n && n > 1; ++k)
            for (double x : samples[k]) {
                std::vector<double> a(n, base);
                a[k] = x;
                out.push_back(a);
            }
    for (size_t k = 0; k < n; ++k)
        for (size_t j = k + 1; j < n; ++j)
            for (double x : samples[k])
                for (double y : samples[j]) {
                    if (out.size() >= kMaxAssignments)
                        return out;
                    std::vector<double> a(n, 0.5);
                    a[k] = x;
                    a[j] = y;
                    out.push_back(a);
                }
    return out;
}

// A value pair the kernel writes: the stored values of a store and its counterpart.
struct Output
{
    int ref = -1, gen = -1;
    std::string where; // "store_ptr_tko at generated line 9 (reference line 12)"
};

std::vector<Output> storedValues(const GFunction& R, const GFunction& G, const OpMatching& m)
{
    std::vector<Output> out;
    for (size_t o = 0; o < R.ops.size(); ++o) {
        const GOp& a = R.ops[o];
        const int c = m.refToGen[o];
        if (c < 0 || !isOneOf(a.id, {OpId::StorePtrTko, OpId::StoreViewTko}))
            continue;
        const GOp& b = G.ops[size_t(c)];
        const size_t k = a.id == OpId::StorePtrTko ? 1 : 0; // the stored value
        if (!sameOp(a, b) || k >= a.operands.size() || k >= b.operands.size())
            continue;
        out.push_back({a.operands[k], b.operands[k],
                       std::string(b.name) + " at generated line " + std::to_string(b.line) +
                           " (reference line " + std::to_string(a.line) + ")"});
    }
    return out;
}

struct Candidate
{
    std::string what; // "" for the op's own results
    int refValue = -1, genValue = -1;
    bool observed = false; // shown only with stored values that differ (search)
    std::set<int> ownGen;  // generated values the finding computes (Evaluator::setFinding)
};

// The values of `f` that may depend on value `v` (by canonical id): its readers' results,
// transitively; an op inside a region taints its enclosing ops' results and region arguments
// (a loop's later iterations).
std::vector<char> dependents(const GFunction& f, int v)
{
    std::vector<char> dep(f.values.size(), 0);
    dep[size_t(f.values[size_t(v)].canon)] = 1;
    auto mark = [&](int value, bool& changed) {
        char& d = dep[size_t(f.values[size_t(value)].canon)];
        changed = changed || !d;
        d = 1;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (const GOp& op : f.ops) {
            bool hit = false;
            for (int x : op.operands)
                hit = hit || dep[size_t(f.values[size_t(x)].canon)];
            for (const GOp* at = &op; hit && at;) {
                for (int r : at->results)
                    mark(r, changed);
                for (int reg : at->regions)
                    for (int a : f.regions[size_t(reg)].args)
                        mark(a, changed);
                const int parent = at->region >= 0 ? f.regions[size_t(at->region)].parentOp : -1;
                at = parent >= 0 ? &f.ops[size_t(parent)] : nullptr;
            }
        }
    }
    return dep;
}

// Two values, as a probe computes them at the evaluator's inputs.
using Probe = std::function<std::pair<std::optional<Num>, std::optional<Num>>()>;

// The probe's two values at `inputs`: apart at once, and where either went through an
// approximate op, robustly apart with every approximate result moved either way.
bool apartOn(Evaluator& ev, const Probe& probe, const std::vector<double>& inputs,
             std::optional<Num>& x, std::optional<Num>& y)
{
    ev.setInputs(inputs, 1);
    std::tie(x, y) = probe();
    if (!x || !y || x->e != y->e)
        return false;
    const bool approx = x->approx || y->approx;
    if (!apart(*x, *y, approx))
        return false;
    for (double scale : {1 + kApproxMove, 1 - kApproxMove}) {
        if (!approx)
            break;
        ev.setInputs(inputs, scale);
        const auto [xs, ys] = probe();
        if (!xs || !ys || !apart(*xs, *ys, true))
            return false;
    }
    return true;
}

// An input on which the candidate's reference and generated values differ, as text, both as
// the two kernels compute them and with the finding alone (the reference's value against the
// finding's ops on the reference's values, Evaluator::setFinding): the difference is real and
// this finding's. With `observed`, a stored value must differ in both ways too (the two values
// need not be meant to be equal: ops of another kind paired by position). The values shown are
// the kernels'.
std::string search(const GFunction& R, const GFunction& G, const OpMatching& m, const Candidate& c,
                   bool subnormalsFirst, int64_t& spent)
{
    const int r = c.refValue, g = c.genValue;
    if (R.values[size_t(r)].typeText != G.values[size_t(g)].typeText)
        return {};
    Evaluator ev(R, G, m, spent);
    ev.setFinding(r, g, c.ownGen);
    auto real = [&ev](int refValue, int genValue) -> Probe {
        return [&ev, refValue, genValue] {
            return std::make_pair(ev.value(Side::Reference, refValue),
                                  ev.value(Side::Generated, genValue));
        };
    };
    auto alone = [&ev](int refValue, Side side, int patchedValue) -> Probe {
        return [&ev, refValue, side, patchedValue] {
            return std::make_pair(ev.value(Side::Reference, refValue),
                                  ev.patched(side, patchedValue));
        };
    };
    // Both probes modelled, of one element type.
    auto modelled = [&ev](const Probe& a, const Probe& b) {
        ev.setInputs({}, 1);
        for (const Probe* p : {&a, &b}) {
            const auto [x, y] = (*p)();
            if (!x || !y || x->e != y->e)
                return false;
        }
        return true;
    };
    const Probe findingReal = real(r, g), findingAlone = alone(r, Side::Generated, g);
    if (!modelled(findingReal, findingAlone))
        return {};
    struct Shown
    {
        const Output* output;
        Probe real, alone;
    };
    std::vector<Output> outputs;
    if (c.observed) {
        const std::vector<char> changed = dependents(R, r);
        for (Output& o : storedValues(R, G, m))
            if (changed[size_t(R.values[size_t(o.ref)].canon)]) // else the finding cannot reach it
                outputs.push_back(std::move(o));
    }
    std::vector<Shown> stores;
    for (const Output& o : outputs) {
        Shown s{&o, real(o.ref, o.gen), alone(o.ref, Side::Reference, o.ref)};
        if (modelled(s.real, s.alone))
            stores.push_back(std::move(s));
    }
    if (c.observed && stores.empty())
        return {};
    const std::vector<Leaf> leaves = ev.leaves();
    for (const std::vector<double>& inputs : assignments(leaves, subnormalsFirst)) {
        std::optional<Num> x, y, xo, yo, unused1, unused2;
        if (!apartOn(ev, findingReal, inputs, x, y) ||
            !apartOn(ev, findingAlone, inputs, unused1, unused2)) {
            if (ev.leaves().size() != leaves.size() || ev.overBudget())
                return {}; // an input it did not know, or searched long enough
            continue;      // equal here, or this sample is not modelled (a rounding sum)
        }
        const Output* shown = nullptr;
        for (size_t k = 0; k < stores.size() && !shown; ++k)
            if (apartOn(ev, stores[k].real, inputs, xo, yo) &&
                apartOn(ev, stores[k].alone, inputs, unused1, unused2))
                shown = stores[k].output;
        if (ev.overBudget() || ev.leaves().size() != leaves.size())
            return {};
        if (c.observed && !shown)
            continue;
        std::string text;
        for (size_t k = 0; k < leaves.size(); ++k)
            text += (k ? ", " : "") + leaves[k].name + " = " +
                    numText(Num{inputs[k], 0, leaves[k].e, false, false}) +
                    (leaves[k].tile ? " (every element)" : "");
        if (text.empty())
            text = "any input";
        for (const std::string& loop : ev.firstIterations())
            text += ", in the first iteration of " + loop;
        text += " -> reference " + numText(*x) + ", generated " + numText(*y);
        if (shown)
            text += "; stored by " + shown->where + ": reference " + numText(*xo) + ", generated " +
                    numText(*yo);
        return text;
    }
    return {};
}

// An op on one side only: the first users on that side (through ops on that side only) that
// have the same op as counterpart; the operand they read from the op, then their results. A
// user may read another formulation of the same value there (1 / (1 + exp(-x)) against
// exp(x) / (1 + exp(x))): only a difference the kernel stores counts.
std::vector<Candidate> oneSidedCandidates(const GFunction& R, const GFunction& G,
                                          const OpMatching& m, const RawDifference& d)
{
    constexpr size_t kMaxOpsVisited = 64;
    std::vector<Candidate> out;
    const Side side = d.refOp >= 0 ? Side::Reference : Side::Generated;
    const GFunction& f = side == Side::Reference ? R : G;
    const GFunction& other = side == Side::Reference ? G : R;
    const std::vector<int>& toOther = side == Side::Reference ? m.refToGen : m.genToRef;
    std::vector<std::vector<int>> readers(f.values.size()); // by canonical value id
    for (size_t o = 0; o < f.ops.size(); ++o)
        for (int v : f.ops[o].operands)
            readers[size_t(f.values[size_t(v)].canon)].push_back(int(o));
    std::set<int> computed, seen;
    std::vector<int> work = {opOn(d, side)};
    for (size_t next = 0; next < work.size() && seen.size() < kMaxOpsVisited; ++next) {
        const int o = work[next];
        if (!seen.insert(o).second)
            continue;
        const GOp& op = f.ops[size_t(o)];
        const int counterpart = o == opOn(d, side) ? -1 : toOther[size_t(o)];
        if (counterpart < 0) {
            for (int r : op.results) {
                computed.insert(f.values[size_t(r)].canon);
                const std::vector<int>& users = readers[size_t(f.values[size_t(r)].canon)];
                work.insert(work.end(), users.begin(), users.end());
            }
            continue;
        }
        const GOp& otherOp = other.ops[size_t(counterpart)];
        if (!sameOp(op, otherOp))
            continue;
        const GOp& genUser = side == Side::Reference ? otherOp : op;
        const GOp& refUser = side == Side::Reference ? op : otherOp;
        const std::string where = std::string(genUser.name) + " at generated line " +
                                  std::to_string(genUser.line) + " (reference line " +
                                  std::to_string(refUser.line) + ")";
        for (size_t k = 0; k < op.operands.size() && k < otherOp.operands.size(); ++k) {
            if (!computed.count(f.values[size_t(op.operands[k])].canon))
                continue;
            const int here = op.operands[k], there = otherOp.operands[k];
            out.push_back({"operand " + std::to_string(k) + " of " + where,
                           side == Side::Reference ? here : there,
                           side == Side::Reference ? there : here,
                           true,
                           {}});
        }
        if (op.results.size() == 1 && otherOp.results.size() == 1)
            out.push_back({where,
                           side == Side::Reference ? op.results[0] : otherOp.results[0],
                           side == Side::Reference ? otherOp.results[0] : op.results[0],
                           true,
                           {}});
    }
    if (side == Side::Generated) // the one-sided ops are the finding's: computed as generated
        for (Candidate& c : out)
            c.ownGen = computed;
    return out;
}

} // namespace

std::string floatWitness(const GFunction& R, const GFunction& G, const OpMatching& m,
                         const RawDifference& d)
{
    if (d.functionLevel)
        return {};
    std::vector<Candidate> candidates;
    if (d.refOp >= 0 && d.genOp >= 0) {
        const GOp& a = R.ops[size_t(d.refOp)];
        const GOp& b = G.ops[size_t(d.genOp)];
        // Two ops of one kind compute the same thing of corresponding operands; ops of two
        // kinds paired by position may compute other things by design (exp of x against the
        // mulf of x by log2(e) that feeds an exp2): only a difference the kernel stores counts.
        if (a.results.size() == 1 && b.results.size() == 1)
            candidates.push_back({"", a.results[0], b.results[0], !sameOp(a, b), {}});
    } else if (d.kind == DiffKind::OpMissing || d.kind == DiffKind::OpExtra) {
        candidates = oneSidedCandidates(R, G, m, d);
    }
    int64_t spent = 0; // values evaluated, over every candidate
    for (const Candidate& c : candidates) {
        const std::string text = search(R, G, m, c, d.attribute == "flush_to_zero", spent);
        if (!text.empty())
            return c.what.empty() ? text : c.what + ": " + text;
    }
    return {};
}

} // namespace tilelens::diff
