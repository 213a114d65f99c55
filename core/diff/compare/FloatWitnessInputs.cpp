// The inputs a witness names: matched loads (masked, padded or whole), entry arguments and the
// integer arguments their assumes allow, views' tiles and extents, masks.

#include "diff/compare/FloatWitnessEvaluator.h"
#include "diff/semantics/Semantics.h"
#include "eval/Numeric.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

namespace tilelens::diff::witness {

// Whether mask `v` holds on every element: Known::No where it is false on some (modelled,
// or decided per element), Known::Unsure where it is not modelled.
Known Evaluator::holds(Side side, int v, bool& extended)
{
    const auto k = value(side, v);
    if (!k)
        return Known::Unsure;
    if (k->ranged || k->perLane || k->i == 0)
        return Known::No;
    extended = extended || k->extended;
    return Known::Yes;
}

std::optional<std::pair<int, int>> Evaluator::matchedPair(Side side, int c) const
{
    const int refId = side == Side::Generated ? M.genValToRef[size_t(c)] : c;
    if (refId < 0)
        return std::nullopt;
    const int genId = M.refValToGen[size_t(refId)];
    if (genId < 0 || (side == Side::Generated && G.values[size_t(genId)].canon != c))
        return std::nullopt;
    return std::make_pair(refId, genId);
}

// A value both sides share: the same load, or the same entry argument.
std::optional<Num> Evaluator::leaf(Side side, int c, Elem e)
{
    if (eval::isIntElem(e))
        return integerArgument(side, c, e);
    if (!eval::isFloatElem(e) || !eval::isModelledFloat(e))
        return std::nullopt;
    const auto ids = matchedPair(side, c);
    if (!ids)
        return std::nullopt;
    const auto [refId, genId] = *ids;
    const GValue& rv = R.values[size_t(refId)];
    const GValue& gv = G.values[size_t(genId)];
    if (rv.typeText != gv.typeText || (rv.def < 0) != (gv.def < 0))
        return std::nullopt;
    bool masked = false, distinct = false, wholeByMask = false;
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
        if ((a.id == OpId::LoadViewTko && tileInside(Side::Reference, a, 0) == Known::No) ||
            (b.id == OpId::LoadViewTko && tileInside(Side::Generated, b, 0) == Known::No))
            return std::nullopt; // its tile lies past the tensor: padding, not memory
        name = std::string(a.name) + " at reference line " + std::to_string(a.line);
        masked = (a.id == OpId::LoadPtrTko && !maskTrue(Side::Reference, a)) ||
                 (b.id == OpId::LoadPtrTko && !maskTrue(Side::Generated, b)) ||
                 (paddedView(R, a) && !insideByExtents(Side::Reference, a)) ||
                 (paddedView(G, b) && !insideByExtents(Side::Generated, b));
        wholeByMask = !masked && (a.id == OpId::LoadPtrTko || b.id == OpId::LoadPtrTko ||
                                  paddedView(R, a) || paddedView(G, b));
        distinct = !masked && !a.operands.empty() && !b.operands.empty() &&
                   lastStrideOne(R.values[size_t(a.operands[0])].typeText) &&
                   lastStrideOne(G.values[size_t(b.operands[0])].typeText);
    }
    size_t k = 0;
    while (k < m_leaves.size() && m_leaves[k].refValue != refId)
        ++k;
    if (k == m_leaves.size()) {
        if (m_leaves.size() >= kMaxLeaves)
            return std::nullopt;
        m_leaves.push_back({refId, name, e, !singleElement(rv.typeText),
                            distinct && evenLastDim(rv.typeText) > 0});
    }
    const std::vector<double>& lane = m_lane == 0 ? m_inputs : m_secondLane;
    const double x = k < lane.size() ? lane[k] : 0.5;
    Num out{eval::roundTo(x, e), 0, e, false, masked};
    out.extended = wholeByMask;
    return out;
}

// A view load whose tile may reach past the extent: its lanes are not all equal, so a
// reduction (or mma) of it is not the uniform one.
bool Evaluator::paddedView(const GFunction& f, const GOp& load)
{
    return load.id == OpId::LoadViewTko &&
           (load.operands.empty() || tileMayReachPast(f.values[size_t(load.operands[0])].typeText));
}

// A view load whose tensor's dynamic extents (make_tensor_view's shape operands, at the
// inputs: integer arguments) are multiples of its tile: no tile reaches past them.
bool Evaluator::insideByExtents(Side side, const GOp& load)
{
    if (load.id != OpId::LoadViewTko || load.operands.empty())
        return false;
    const auto shape = viewShape(side, load.operands[0]);
    if (!shape)
        return false;
    for (size_t k = 0; k < shape->tile.size(); ++k)
        if (shape->extent[k] < shape->tile[k] || shape->extent[k] % shape->tile[k] != 0)
            return false;
    return true;
}

std::optional<Evaluator::ViewShape> Evaluator::viewShape(Side side, int viewValue)
{
    const GFunction& f = fn(side);
    const std::string_view type = f.values[size_t(viewValue)].typeText;
    const size_t t = type.find("tile=("), tv = type.find("tensor_view<");
    if (t == std::string_view::npos || tv == std::string_view::npos ||
        type.find("dim_map") != std::string_view::npos)
        return std::nullopt;
    const size_t tEnd = type.find(')', t), tvEnd = type.find_first_of(",>", tv);
    if (tEnd == std::string_view::npos || tvEnd == std::string_view::npos)
        return std::nullopt;
    ViewShape out;
    out.tile = dimsOfType("tile<" + std::string(type.substr(t + 6, tEnd - t - 6)) + "xf32>");
    std::string_view extents = type.substr(tv + 12, tvEnd - tv - 12); // "?x?xbf16"
    const GValue& view = f.values[size_t(f.values[size_t(viewValue)].canon)];
    if (view.def < 0 || f.ops[size_t(view.def)].id != OpId::MakePartitionView ||
        f.ops[size_t(view.def)].operands.empty())
        return std::nullopt;
    const GValue& tensor =
        f.values[size_t(f.values[size_t(f.ops[size_t(view.def)].operands[0])].canon)];
    if (tensor.def < 0 || f.ops[size_t(tensor.def)].id != OpId::MakeTensorView)
        return std::nullopt;
    const GOp& make = f.ops[size_t(tensor.def)];
    size_t next = 1; // the dynamic extents follow the base pointer
    for (size_t k = 0; k < out.tile.size(); ++k) {
        const size_t x = extents.find('x');
        if (x == std::string_view::npos || out.tile[k] < 1)
            return std::nullopt;
        const std::string dim(extents.substr(0, x));
        extents.remove_prefix(x + 1);
        int64_t extent = 0;
        if (dim == "?") {
            if (next >= make.operands.size())
                return std::nullopt;
            const auto n = value(side, make.operands[next++]);
            if (!n || n->isFloat() || n->ranged)
                return std::nullopt;
            extent = eval::toSigned(n->i, eval::intBits(n->e));
        } else {
            extent = std::strtoll(dim.c_str(), nullptr, 10);
        }
        out.extent.push_back(extent);
    }
    if (out.tile.empty() || extents.find('x') != std::string_view::npos)
        return std::nullopt; // as many extents as tile dims
    return out;
}

// Whether the tile a view load or store `o` addresses (its view operand `viewOperand`, the
// tile indices after it) starts inside the tensor: Known::No where an index is negative or
// past the extent (a load reads padding there, a store writes nothing), Known::Unsure where
// an index or extent is not modelled.
Known Evaluator::tileInside(Side side, const GOp& o, size_t viewOperand)
{
    const GFunction& f = fn(side);
    if (viewOperand >= o.operands.size())
        return Known::Unsure;
    const auto shape = viewShape(side, o.operands[viewOperand]);
    if (!shape)
        return Known::Unsure;
    size_t k = 0;
    for (size_t x = viewOperand + 1; x < o.operands.size() && k < shape->tile.size(); ++x) {
        if (!eval::isIntElem(elemOfType(f.values[size_t(o.operands[x])].typeText)))
            continue;
        const auto n = value(side, o.operands[x]);
        if (!n || n->isFloat() || n->ranged)
            return Known::Unsure;
        const int64_t index = eval::toSigned(n->i, eval::intBits(n->e));
        if (index < 0 || (shape->extent[k] >= 0 &&
                          index >= (shape->extent[k] + shape->tile[k] - 1) / shape->tile[k]))
            return Known::No;
        ++k;
    }
    return k == shape->tile.size() ? Known::Yes : Known::Unsure;
}

// A pointer load's masks (its i1 operands) are true on every element.
bool Evaluator::maskTrue(Side side, const GOp& load)
{
    const GFunction& f = fn(side);
    bool any = false;
    for (size_t k = 1; k < load.operands.size(); ++k) {
        if (elemOfType(f.values[size_t(load.operands[k])].typeText) != Elem::I1)
            continue;
        any = true;
        const auto m = value(side, load.operands[k]);
        if (!m || m->ranged || m->i == 0)
            return false;
    }
    return any;
}

// Every assume on value c of side `side` (div_by<N>, bounded<lo, hi>) holds for x; any
// other assumption fails.
bool Evaluator::assumesHold(Side side, int c, int64_t x) const
{
    const GFunction& f = fn(side);
    for (const GOp& o : f.ops) {
        if (!o.assume || o.operands.empty() || f.values[size_t(o.operands[0])].canon != c)
            continue;
        for (const GAttr& a : o.attrs) {
            if (a.name != "assumption")
                continue;
            const std::string_view t = a.value;
            const size_t lt = t.find('<'), gt = t.rfind('>');
            if (lt == std::string_view::npos || gt == std::string_view::npos || gt < lt)
                return false;
            const std::string kind(t.substr(0, lt));
            const std::string args(t.substr(lt + 1, gt - lt - 1));
            const size_t comma = args.find(',');
            if (kind == "div_by" && comma == std::string::npos) {
                const long long n = std::strtoll(args.c_str(), nullptr, 10);
                if (n < 1 || x % n != 0)
                    return false;
            } else if (kind == "bounded" && comma != std::string::npos) {
                const std::string lo = args.substr(0, comma), hi = args.substr(comma + 1);
                if (lo.find('?') == std::string::npos && x < std::strtoll(lo.c_str(), nullptr, 10))
                    return false;
                if (hi.find('?') == std::string::npos && x > std::strtoll(hi.c_str(), nullptr, 10))
                    return false;
            } else {
                return false;
            }
        }
    }
    return true;
}

// An integer entry argument both sides take: m_integerArgument where every assume of
// either side on it allows that.
std::optional<Num> Evaluator::integerArgument(Side side, int c, Elem e)
{
    const auto ids = matchedPair(side, c);
    if (!ids)
        return std::nullopt;
    const auto [refId, genId] = *ids;
    const GValue& rv = R.values[size_t(refId)];
    const GValue& gv = G.values[size_t(genId)];
    if (rv.typeText != gv.typeText || rv.def >= 0 || gv.def >= 0 || rv.region != 0 ||
        gv.region != 0 || eval::intBits(e) < 32)
        return std::nullopt;
    for (const auto& [arg, k] : G.specialisedArgs) // the reference's constant
        if (G.values[size_t(arg)].canon == gv.canon)
            return Num{0, eval::wrapInt(uint64_t(k), eval::intBits(e)), e, false, false};
    if (!assumesHold(Side::Reference, rv.canon, m_integerArgument) ||
        !assumesHold(Side::Generated, gv.canon, m_integerArgument))
        return std::nullopt;
    m_integerArguments.insert(rv.index);
    Num out{0, m_integerArgument, e, false, false};
    out.extended = true;
    return out;
}

} // namespace tilelens::diff::witness
