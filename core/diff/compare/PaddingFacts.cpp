#include "diff/compare/PaddingFacts.h"

#include "diff/semantics/Semantics.h"
#include "ir/Type.h"

#include <string>

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

// Every load/store through the partition view made by `view` reads only
// in-bounds lanes: index k in [lo, hi] with lo >= 0 and (hi + 1) * tile[k]
// <= the smallest extent of tensor dim dim_map[k]. `why` lists the facts.
bool accessesInBounds(const GFunction& f, int view, std::string& why)
{
    const GOp& o = f.ops[size_t(view)];
    if (o.results.empty() || o.operands.empty())
        return false;
    const int pv = f.values[size_t(o.results[0])].canon;
    const ir::Type* t = f.values[size_t(pv)].type;
    if (!t || t->kind != ir::TypeKind::PartitionView)
        return false;
    const int tv = o.operands[0];
    int accesses = 0;
    for (int u : f.values[size_t(pv)].users) {
        const GOp& user = f.ops[size_t(u)];
        if (user.id != OpId::LoadViewTko && user.id != OpId::StoreViewTko)
            return false;
        // The indices follow the view operand (a store's first operand is the value).
        size_t first = 0;
        while (first < user.operands.size() && f.values[size_t(user.operands[first])].canon != pv)
            ++first;
        ++first;
        for (size_t k = 0; k < t->shape.size(); ++k) {
            const size_t at = first + k;
            if (at >= user.operands.size())
                return false;
            const IntRange idx = f.canonValue(user.operands[at]).range;
            const size_t dim = k < t->dimMap.size() ? size_t(t->dimMap[k]) : k;
            const IntRange ext = extentOf(f, tv, dim);
            const int64_t tile = t->shape[k];
            if (!idx.known || idx.lo < 0 || !ext.known || tile <= 0 ||
                (Wide(idx.hi) + 1) * tile > ext.lo)
                return false;
        }
        ++accesses;
    }
    why += (why.empty() ? "" : "; ") + std::to_string(accesses) +
           " access(es) through the view at line " + std::to_string(o.line) + " stay in bounds";
    return accesses > 0;
}

} // namespace

void explainPadding(const GFunction& R, int r, const GFunction& G, int g, RawDifference& d)
{
    if (d.refValue == "none") {
        d.proof = "the reference has no padding: its out-of-bounds lanes are undefined; the "
                  "generated side defines them (" +
                  d.genValue +
                  "), so every value it loads is one the reference may load and both agree on "
                  "every in-bounds lane (checklist M9 holds)";
        return;
    }
    std::string why;
    if (accessesInBounds(R, r, why) && accessesInBounds(G, g, why)) {
        d.proof = "no padded lane is ever read: every tile index and extent is bounded by facts "
                  "so that each tile lies inside the tensor (" +
                  why + ")";
        return;
    }
    d.counterexample = "input class: a tensor whose extent is not a multiple of the tile (a "
                       "ragged last tile): its out-of-bounds lanes are " +
                       d.refValue + " in the reference and " +
                       (d.genValue == "none" ? std::string("undefined") : d.genValue) +
                       " in the generated kernel";
}

} // namespace tilelens::diff
