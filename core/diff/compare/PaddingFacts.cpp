#include "diff/compare/PaddingFacts.h"

#include "diff/semantics/MemoryAccess.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"
#include "ir/Type.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace tilelens::diff {

namespace {

// Signed range of the extent of tensor dimension `dim` of the view `tv`
// (a static extent, or the range of its shape operand of make_tensor_view).
IntRange extentOf(const GFunction& f, int tv, size_t dim)
{
    const GValue& v = f.canonValue(tv);
    if (!v.type || v.type->kind != ir::TypeKind::TensorView || dim >= v.type->shape.size())
        return IntRange::full();
    const int64_t s = v.type->shape[dim];
    if (s != ir::kDynamic)
        return IntRange::of(s, s);
    if (v.def < 0)
        return IntRange::full();
    const GOp& make = f.ops[size_t(v.def)];
    if (make.id != OpId::MakeTensorView)
        return IntRange::full();
    // Operand 0 is the base; then one operand per dynamic extent, in order.
    size_t k = 1;
    for (size_t i = 0; i < dim; ++i)
        k += v.type->shape[i] == ir::kDynamic;
    return k < make.operands.size() ? f.canonValue(make.operands[k]).range : IntRange::full();
}

// A launch promise on a value: `assume bounded<lo, hi>` with a finite upper bound.
bool promisedBelow(const GFunction& f, const GValue& v)
{
    for (int u : v.users) {
        const GOp& o = f.ops[size_t(u)];
        if (!o.assume)
            continue;
        const GAttr* a = findAttr(o, "assumption");
        if (a && a->value.rfind("bounded<", 0) == 0 && a->value.find("?>") == std::string::npos)
            return true;
    }
    return false;
}

// Whether the range of `v` is bounded by the kernel's constants only (a trip count
// ceil(min(hi, 128) / 128)), not by a launch promise on an argument (`assume bounded<0, 3>`):
// a tile index bounded by a promise says nothing about the extent the launch passes. Loaded
// values, block ids and iota carry no promise; a loop index is bounded by its loop's bounds.
bool boundedByConstants(const GFunction& f, int value, int& budget)
{
    if (--budget < 0)
        return false;
    const GValue& v = f.canonValue(value);
    if (promisedBelow(f, v))
        return false;
    if (v.def < 0) {
        const int loop = v.region >= 0 ? f.regions[size_t(v.region)].parentOp : -1;
        if (loop < 0 || v.index != 0)
            return true;
        const GOp& o = f.ops[size_t(loop)];
        return o.id != OpId::For || o.operands.size() < 2 ||
               (boundedByConstants(f, o.operands[0], budget) &&
                boundedByConstants(f, o.operands[1], budget));
    }
    const GOp& o = f.ops[size_t(v.def)];
    if (!o.pure && o.regions.empty())
        return true; // a load: data, not a bound
    for (int operand : o.operands)
        if (!boundedByConstants(f, operand, budget))
            return false;
    for (int r : o.regions) {
        const GRegion& reg = f.regions[size_t(r)];
        if (reg.ops.empty())
            continue;
        for (int operand : f.ops[size_t(reg.ops.back())].operands)
            if (!boundedByConstants(f, operand, budget))
                return false;
    }
    return true;
}

// What the loads/stores through the partition view made by `view` need to read only
// in-bounds lanes: index k in [lo, hi] with lo >= 0 and (hi + 1) * tile[k] <= the smallest
// extent of tensor dim dim_map[k].
struct AccessBounds
{
    bool bounded = false; // every index has a known range from 0 and there is an access
    // Tensor dim -> the extent the accesses need where the facts do not prove it: the tile
    // index is bounded (by constants, e.g. a trip count ceil(min(hi, 128) / 128)) but the
    // extent is a launch value. Dims with a tile of one are never ragged and not listed.
    std::map<size_t, int64_t> needs;
    bool unitTileOpen = false; // a tile of one along an index the facts do not bound
    std::string why;           // the facts, when nothing is open
    bool proven() const { return bounded && needs.empty() && !unitTileOpen; }
    // In bounds when the launch passes the extents in `needs` (and a grid inside the tensor).
    bool underPrecondition() const { return bounded && !needs.empty(); }
};

AccessBounds accessBounds(const GFunction& f, int view)
{
    AccessBounds out;
    const GOp& o = f.ops[size_t(view)];
    if (o.results.empty() || o.operands.empty())
        return out;
    const int pv = f.values[size_t(o.results[0])].canon;
    const ir::Type* t = f.values[size_t(pv)].type;
    if (!t || t->kind != ir::TypeKind::PartitionView)
        return out;
    const int tv = o.operands[0];
    int accesses = 0;
    for (int u : f.values[size_t(pv)].users) {
        const GOp& user = f.ops[size_t(u)];
        if (user.id != OpId::LoadViewTko && user.id != OpId::StoreViewTko)
            return out;
        // The indices follow the view operand (a store's first operand is the value).
        size_t first = 0;
        while (first < user.operands.size() && f.values[size_t(user.operands[first])].canon != pv)
            ++first;
        ++first;
        for (size_t k = 0; k < t->shape.size(); ++k) {
            const size_t at = first + k;
            if (at >= user.operands.size())
                return out;
            const IntRange idx = f.canonValue(user.operands[at]).range;
            const size_t dim = k < t->dimMap.size() ? size_t(t->dimMap[k]) : k;
            const IntRange ext = extentOf(f, tv, dim);
            const int64_t tile = t->shape[k];
            if (!idx.known || idx.lo < 0 || tile <= 0)
                return out;
            const Wide needed = (Wide(idx.hi) + 1) * tile;
            if (ext.known && needed <= ext.lo)
                continue;
            if (tile == 1) {
                out.unitTileOpen = true;
                continue;
            }
            // An extent no launch can pass (beyond the extent's type) is no precondition.
            int budget = 64;
            if (needed > (ext.known ? ext.hi : Wide(INT32_MAX)) ||
                !boundedByConstants(f, user.operands[at], budget))
                return out;
            out.needs[dim] = std::max(out.needs[dim], int64_t(needed));
        }
        ++accesses;
    }
    out.bounded = accesses > 0;
    out.why = std::to_string(accesses) + " access(es) through the view at line " +
              std::to_string(o.line) + " stay in bounds";
    return out;
}

// "the extent of dimension 2 is at least 128" for each need of a and b, and the instance
// where a need fails.
std::string preconditionText(const AccessBounds& a, const AccessBounds& b, std::string& instance)
{
    std::map<size_t, int64_t> needs = a.needs;
    for (const auto& [dim, extent] : b.needs)
        needs[dim] = std::max(needs[dim], extent);
    std::string text;
    for (const auto& [dim, extent] : needs)
        text += (text.empty() ? "" : " and ") + std::string("the extent of dimension ") +
                std::to_string(dim) + " is at least " + std::to_string(extent);
    if (a.unitTileOpen || b.unitTileOpen)
        text += ", and the tile indices along the dimensions of one-element tiles stay below "
                "their extents (a grid that covers the tensor)";
    const auto& [dim, extent] = *needs.begin();
    instance = "an extent of " + std::to_string(extent - 1) + " along dimension " +
               std::to_string(dim) + ": element " + std::to_string(extent - 1) +
               ", the last lane of the last tile read, is padding";
    return text;
}

// A padding value that poisons a product or sum it enters, even with a zero weight
// (0 * -inf = NaN), where a finite one does not.
bool nonFinite(const std::string& padding)
{
    return padding == "neg_inf" || padding == "pos_inf" || padding == "nan";
}

} // namespace

void explainPadding(const GFunction& R, int r, const GFunction& G, int g, RawDifference& d)
{
    if (d.refValue == "none") {
        const AccessBounds b = accessBounds(G, g);
        if (nonFinite(d.genValue) && b.underPrecondition()) {
            std::string instance;
            const std::string needs = preconditionText(b, b, instance);
            d.proof = "the reference has no padding (its out-of-bounds lanes are undefined) and "
                      "the generated accesses read no padded lane provided that " +
                      needs +
                      " (the tile indices are bounded by the kernel's specialised constants, "
                      "the extents are launch values); with " +
                      instance + ", which the generated kernel fills with " + d.genValue +
                      ": a non-finite lane poisons what it enters even with a zero weight (0 "
                      "* " +
                      d.genValue + " = NaN), where a finite padding would not";
            d.conditional = true;
            return;
        }
        d.proof = "the reference has no padding: its out-of-bounds lanes are undefined; the "
                  "generated side defines them (" +
                  d.genValue +
                  "), so every value it loads is one the reference may load and both agree on "
                  "every in-bounds lane (checklist M9 holds)";
        return;
    }
    const AccessBounds a = accessBounds(R, r), b = accessBounds(G, g);
    if (a.proven() && b.proven()) {
        d.proof = "no padded lane is ever read: every tile index and extent is bounded by facts "
                  "so that each tile lies inside the tensor (" +
                  a.why + "; " + b.why + ")";
        return;
    }
    if ((a.proven() || a.underPrecondition()) && (b.proven() || b.underPrecondition())) {
        std::string instance;
        const std::string needs = preconditionText(a, b, instance);
        d.proof = "no padded lane is read provided that " + needs +
                  ": the tile indices are bounded by the kernel's specialised constants, the "
                  "extents are launch values; with " +
                  instance + ", " + d.refValue + " in the reference and " +
                  (d.genValue == "none" ? std::string("undefined") : d.genValue) +
                  " in the generated kernel";
        d.conditional = true;
        return;
    }
    d.counterexample = std::string(kInputClassPrefix) +
                       "a tensor whose extent is not a multiple of the tile (a "
                       "ragged last tile): its out-of-bounds lanes are " +
                       d.refValue + " in the reference and " +
                       (d.genValue == "none" ? std::string("undefined") : d.genValue) +
                       " in the generated kernel";
}

namespace {

bool splatPlumbing(OpId n)
{
    return n == OpId::Reshape || n == OpId::Broadcast || n == OpId::FToF;
}

// The value of a float padding: a constant, through reshape / broadcast / ftof.
// ftof is taken as exact: the walk below only concludes equality from values
// that a monotone rounding keeps on the same side of a constant of the type.
std::optional<double> paddingConstant(const GFunction& f, int v)
{
    int x = f.values[size_t(v)].canon;
    for (int depth = 0; depth < 8 && f.values[size_t(x)].def >= 0; ++depth) {
        const GOp& o = f.ops[size_t(f.values[size_t(x)].def)];
        if (splatPlumbing(o.id) && !o.operands.empty()) {
            x = f.values[size_t(o.operands[0])].canon;
            continue;
        }
        if (o.id != OpId::Constant)
            return std::nullopt;
        const GAttr* a = findAttr(o, "value");
        return a ? splatFloat(splatScalar(a->value)) : std::nullopt;
    }
    return std::nullopt;
}

// maxf / minf of value `lane` and a float constant: that constant.
std::optional<double> constantOperand(const GFunction& f, const GOp& o, int lane)
{
    if (o.operands.size() != 2)
        return std::nullopt;
    const int other = f.values[size_t(o.operands[0])].canon == lane ? o.operands[1] : o.operands[0];
    if (f.values[size_t(other)].canon == lane)
        return std::nullopt;
    return paddingConstant(f, other);
}

bool sameFloat(double a, double b)
{
    return a == b && std::signbit(a) == std::signbit(b);
}

} // namespace

std::string onlyGatherPadding(const GFunction& f, int op)
{
    const GOp& start = f.ops[size_t(op)];
    if (!splatPlumbing(start.id) && start.id != OpId::Constant)
        return {};
    std::vector<int> work;
    for (int r : start.results)
        work.push_back(f.values[size_t(r)].canon);
    std::unordered_set<int> seen;
    bool reachesGather = false;
    while (!work.empty()) {
        const int v = work.back();
        work.pop_back();
        if (!seen.insert(v).second)
            continue;
        if (seen.size() > 64)
            return {};
        for (int u : f.values[size_t(v)].users) {
            const GOp& user = f.ops[size_t(u)];
            if (user.id == OpId::LoadPtrTko) {
                const MemoryRoles roles = memoryRoles(f, user);
                if (roles.padding < 0 || f.values[size_t(roles.padding)].canon != v)
                    return {};
                for (int m : roles.main)
                    if (f.values[size_t(m)].canon == v)
                        return {};
                reachesGather = true;
                continue;
            }
            if (!splatPlumbing(user.id) || user.results.size() != 1)
                return {};
            work.push_back(f.values[size_t(user.results[0])].canon);
        }
    }
    if (!reachesGather)
        return {};
    return "only builds the padding operand of gathers: the padding is compared at the gather, "
           "by the lanes it can reach";
}

std::string paddedLanesStoreAlike(const GFunction& R, int refPadding, const GFunction& G, int g,
                                  int genPadding)
{
    const std::optional<double> pr = paddingConstant(R, refPadding);
    const std::optional<double> pg = paddingConstant(G, genPadding);
    const GOp& load = G.ops[size_t(g)];
    if (!pr || !pg || load.results.empty())
        return {};
    // (value, its image under the reference's padding, under the generated's).
    struct Lane
    {
        int value;
        double withRef, withGen;
    };
    std::vector<Lane> work = {{G.values[size_t(load.results[0])].canon, *pr, *pg}};
    std::unordered_set<int> seen;
    std::string how;
    while (!work.empty()) {
        const Lane lane = work.back();
        work.pop_back();
        if (sameFloat(lane.withRef, lane.withGen))
            continue; // equal images: nothing downstream tells them apart
        if (!seen.insert(lane.value).second)
            continue;
        if (seen.size() > 64)
            return {};
        for (int u : G.values[size_t(lane.value)].users) {
            const GOp& user = G.ops[size_t(u)];
            if (user.results.empty())
                return {}; // a store (or anything else) sees the two values apart
            Lane next{G.values[size_t(user.results[0])].canon, lane.withRef, lane.withGen};
            if (user.id == OpId::MaxF || user.id == OpId::MinF) {
                const std::optional<double> c = constantOperand(G, user, lane.value);
                if (!c)
                    return {};
                const bool isMax = user.id == OpId::MaxF;
                // A tie of zeros of other signs: which one maxf returns is not ours to say.
                if ((lane.withRef == *c && !sameFloat(lane.withRef, *c)) ||
                    (lane.withGen == *c && !sameFloat(lane.withGen, *c)))
                    return {};
                next.withRef = isMax ? std::max(lane.withRef, *c) : std::min(lane.withRef, *c);
                next.withGen = isMax ? std::max(lane.withGen, *c) : std::min(lane.withGen, *c);
                how = std::string(user.name) + " at line " + std::to_string(user.line);
            } else if (user.id != OpId::FToF || user.results.size() != 1) {
                return {};
            }
            work.push_back(next);
        }
    }
    if (how.empty())
        return {};
    return "every padded lane reaches memory only through " + how +
           ", which maps either padding value to the same value: the stored lanes are equal";
}

} // namespace tilelens::diff
