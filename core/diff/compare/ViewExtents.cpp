#include "diff/compare/ViewExtents.h"

#include "diff/compare/AssumeFacts.h"
#include "diff/compare/TypeFacets.h"
#include "diff/semantics/Semantics.h"
#include "ir/Type.h"

#include <set>
#include <string>

namespace tilelens::diff {

namespace {

// Where one extent or stride of a view comes from.
struct Source
{
    bool constant = false;
    int64_t value = 0;    // the constant
    int canon = -1;       // else the canonical value
    int argument = -1;    // ... when it is an entry argument: its index
    bool written = false; // static in the type (not an operand)
};

std::string describe(const Source& s)
{
    if (s.constant)
        return std::to_string(s.value);
    return s.argument >= 0 ? "argument " + std::to_string(s.argument) : "a computed value";
}

Source sourceOf(const GFunction& f, int operand)
{
    Source s;
    const GValue& v = f.canonValue(operand);
    s.canon = f.values[size_t(operand)].canon;
    if (v.def >= 0) {
        const GOp& d = f.ops[size_t(v.def)];
        const GAttr* a = d.id == OpId::Constant ? findAttr(d, "value") : nullptr;
        if (const auto k = a ? splatInt(a->value) : std::nullopt) {
            s.constant = true;
            s.value = *k;
        }
    } else if (v.region >= 0 && f.regions[size_t(v.region)].parentOp < 0) {
        s.argument = v.index;
    }
    return s;
}

// Extents then strides of the view made by op `id`.
bool sourcesOf(const GFunction& f, int id, std::vector<Source>& extents,
               std::vector<Source>& strides)
{
    const GOp& o = f.ops[size_t(id)];
    const ir::Type* t = o.results.size() == 1 ? f.values[size_t(o.results[0])].type : nullptr;
    if (!t || t->kind != ir::TypeKind::TensorView || t->strides.size() != t->shape.size())
        return false;
    size_t next = 1;
    auto take = [&](int64_t s, std::vector<Source>& out) {
        if (s != ir::kDynamic) {
            Source c;
            c.constant = true;
            c.value = s;
            c.written = true;
            out.push_back(c);
            return true;
        }
        if (next >= o.operands.size())
            return false;
        out.push_back(sourceOf(f, o.operands[next++]));
        return true;
    };
    for (int64_t s : t->shape)
        if (!take(s, extents))
            return false;
    for (int64_t s : t->strides)
        if (!take(s, strides))
            return false;
    return true;
}

} // namespace

bool compareTensorViews(const GFunction& R, int r, const GFunction& G, int g, const OpMatching& m,
                        std::vector<RawDifference>& out)
{
    std::vector<Source> re, rs, ge, gs;
    const ir::Type* rt = R.values[size_t(R.ops[size_t(r)].results[0])].type;
    const ir::Type* gt = G.values[size_t(G.ops[size_t(g)].results[0])].type;
    if (!sourcesOf(R, r, re, rs) || !sourcesOf(G, g, ge, gs) || re.size() != ge.size() ||
        !rt->element || !gt->element || rt->element->canonicalText != gt->element->canonicalText)
        return false;
    auto corresponds = [&](int rv, int gv) {
        return rv >= 0 && gv >= 0 && m.refValToGen[size_t(rv)] == gv;
    };
    const GOp& a = R.ops[size_t(r)];
    const GOp& b = G.ops[size_t(g)];
    if (!corresponds(R.values[size_t(a.operands[0])].canon,
                     G.values[size_t(b.operands[0])].canon)) {
        auto d = makeDifference(DiffKind::OperandChanged, R, r, G, g);
        d.operandIndex = 0;
        d.attribute = "operand 0";
        d.refValue = "base of the reference view";
        d.genValue = "another base";
        out.push_back(d);
    }
    // An unexplained difference is reported as the type's facet (rules
    // tile-shape, tensor-view-strides), once per facet.
    const std::vector<TypeFacetDiff> facets = compareTypes(rt, gt);
    std::set<std::string> facetDone;
    auto compare = [&](const char* what, size_t i, const Source& x, const Source& y) {
        // Equal constants are equal; a stride spelled static on one side only
        // stays a difference (checklist M2 asks for the literal unit stride).
        if (x.constant && y.constant && x.value == y.value &&
            (std::string(what) == "extent" || x.written == y.written))
            return;
        if (x.constant && y.constant && x.value == y.value && y.written) {
            // The reference's stride operand is the constant the port writes
            // as a literal: the same stride, and M2 holds (the port keeps a
            // literal wherever the reference has one).
            for (const auto& f : facets)
                if (f.facet == "strides" && facetDone.insert(f.facet).second) {
                    auto d = makeDifference(DiffKind::TypeChanged, R, r, G, g);
                    d.attribute = f.facet;
                    d.refValue = f.refText;
                    d.genValue = f.genText;
                    d.proof = "stride " + std::to_string(i) + " is the constant " +
                              std::to_string(x.value) +
                              " on both sides: an operand in the reference, the literal in "
                              "the generated view (checklist M2 holds)";
                    out.push_back(d);
                }
            return;
        }
        if (!x.constant && !y.constant && corresponds(x.canon, y.canon))
            return;
        auto d = makeDifference(DiffKind::OperandChanged, R, r, G, g);
        d.attribute = std::string(what) + " " + std::to_string(i);
        d.refValue = describe(x);
        d.genValue = describe(y);
        const bool extent = std::string(what) == "extent";
        // Only an extent may be a launch value: a static stride (the unit stride
        // of checklist M2 above all) read from an argument stays a change.
        const bool specialised = extent && x.constant && y.argument >= 0;
        const std::string facet = extent ? "shape" : "strides";
        if (!specialised) {
            for (const auto& f : facets)
                if (f.facet == facet) {
                    if (!facetDone.insert(facet).second)
                        return;
                    d.kind = DiffKind::TypeChanged;
                    d.attribute = facet;
                    d.refValue = f.refText;
                    d.genValue = f.genText;
                }
        }
        if (specialised) {
            d.proof = "the reference is compiled for " + std::string(what) + " " +
                      std::to_string(i) + " = " + std::to_string(x.value) +
                      " (a specialised array shape); the generated kernel reads it from argument " +
                      std::to_string(y.argument) + ": equal when the launch passes " +
                      std::to_string(x.value) + " there";
            d.conditional = true;
        }
        out.push_back(d);
    };
    for (size_t i = 0; i < re.size(); ++i)
        compare("extent", i, re[i], ge[i]);
    for (size_t i = 0; i < rs.size(); ++i)
        compare("stride", i, rs[i], gs[i]);
    return true;
}

} // namespace tilelens::diff
