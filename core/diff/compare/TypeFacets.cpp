#include "diff/compare/TypeFacets.h"

#include "ir/Canonical.h"
#include "ir/Type.h"

#include <algorithm>

namespace tilelens::diff {

namespace {

std::string dims(ir::Span<const int64_t> d, char sep)
{
    std::string s;
    ir::appendDims(s, d, sep);
    return s;
}

bool sameDims(ir::Span<const int64_t> a, ir::Span<const int64_t> b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

std::string text(const ir::Type* t)
{
    return t ? t->canonical() : std::string("?");
}

void facets(const ir::Type* a, const ir::Type* b, std::vector<TypeFacetDiff>& out)
{
    if (a == b || !a || !b) {
        if (a != b)
            out.push_back({"kind", text(a), text(b)});
        return;
    }
    if (a->canonicalText == b->canonicalText && !a->canonicalText.empty())
        return;
    if (a->kind != b->kind) {
        out.push_back({"kind", text(a), text(b)});
        return;
    }
    using K = ir::TypeKind;
    switch (a->kind) {
    case K::Pointer:
        facets(a->element, b->element, out);
        if (!out.empty() && out.back().facet == "kind")
            out.back().facet = "element_type";
        return;
    case K::Tile:
    case K::TensorView: {
        if (!sameDims(a->shape, b->shape))
            out.push_back(
                {"shape", "[" + dims(a->shape, 'x') + "]", "[" + dims(b->shape, 'x') + "]"});
        if (text(a->element) != text(b->element))
            out.push_back({"element_type", text(a->element), text(b->element)});
        if (a->kind == K::TensorView && !sameDims(a->strides, b->strides))
            out.push_back(
                {"strides", "[" + dims(a->strides, ',') + "]", "[" + dims(b->strides, ',') + "]"});
        break;
    }
    case K::PartitionView:
    case K::StridedView:
    case K::GatherScatterView:
        if (!sameDims(a->shape, b->shape))
            out.push_back(
                {"tile", "(" + dims(a->shape, 'x') + ")", "(" + dims(b->shape, 'x') + ")"});
        if (a->padding != b->padding)
            out.push_back({"padding_value", a->padding.empty() ? "none" : std::string(a->padding),
                           b->padding.empty() ? "none" : std::string(b->padding)});
        if (!sameDims(a->dimMap, b->dimMap))
            out.push_back(
                {"dim_map", "[" + dims(a->dimMap, ',') + "]", "[" + dims(b->dimMap, ',') + "]"});
        if (!sameDims(a->strides, b->strides))
            out.push_back({"traversal_strides", "[" + dims(a->strides, ',') + "]",
                           "[" + dims(b->strides, ',') + "]"});
        if (a->sparseDim != b->sparseDim)
            out.push_back(
                {"sparse_dim", std::to_string(a->sparseDim), std::to_string(b->sparseDim)});
        facets(a->tensorView, b->tensorView, out);
        break;
    default:
        break;
    }
    if (out.empty())
        out.push_back({"kind", text(a), text(b)});
}

} // namespace

std::vector<TypeFacetDiff> compareTypes(const ir::Type* ref, const ir::Type* gen)
{
    std::vector<TypeFacetDiff> out;
    facets(ref, gen, out);
    return out;
}

} // namespace tilelens::diff
