// Identity of tensor and partition views (SemanticForm.h). A tensor view's
// values are addressed by its base, element type and strides; its extents
// only decide which lanes lie out of bounds. Extents are compared at the view
// itself (ViewExtents.h), where a difference is reported once, and left out
// of its identity (but for which distinct set of extents of that base it is)
// so that the loads through two views that differ only there still
// correspond, instead of every value below them differing again. (A
// dynamic stride whose operand is a constant is that static stride; its
// spelling is still compared at the view, checklist M2.) A partition view is its tensor view, tile
// shape, dim_map and padding.

#include "diff/graph/Hashing.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"
#include "ir/Type.h"

#include <vector>

namespace tilelens::diff {

namespace {

constexpr uint64_t kTagTensorView = 0x7E45;
constexpr uint64_t kTagPartitionView = 0x9A27;
constexpr uint64_t kTagStatic = 0x57A7;

} // namespace

// Key of a partition view as written: its tensor view value, tile and dim_map.
uint64_t SemanticNormalizer::paddingKey(const GOp& o, const ir::Type& t) const
{
    uint64_t k = hashMix(0x9AD, uint64_t(o.operands[0]));
    for (int64_t s : t.shape)
        k = hashMix(k, uint64_t(s));
    k = hashMix(k, 0xD1A7);
    for (int64_t d : t.dimMap)
        k = hashMix(k, uint64_t(d));
    return k;
}

// This side makes views with padding none and with padding zero of one
// tensor view and tile.
bool SemanticNormalizer::bothPaddings(const GOp& o, const ir::Type& t)
{
    if (!m_paddingsScanned) {
        m_paddingsScanned = true;
        for (const GOp& p : m_g.ops) {
            const ir::Type* pt =
                p.id == OpId::MakePartitionView && p.results.size() == 1 && !p.operands.empty()
                    ? m_g.values[size_t(p.results[0])].type
                    : nullptr;
            if (pt && pt->kind == ir::TypeKind::PartitionView &&
                (pt->padding.empty() || pt->padding == "zero"))
                m_paddings[paddingKey(p, *pt)] |= pt->padding.empty() ? 1 : 2;
        }
    }
    const auto it = m_paddings.find(paddingKey(o, t));
    return it != m_paddings.end() && it->second == 3;
}

bool SemanticNormalizer::viewForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const bool tensor = o.id == OpId::MakeTensorView;
    if ((!tensor && o.id != OpId::MakePartitionView) || o.operands.empty() || o.results.size() != 1)
        return false;
    const ir::Type* t = m_g.values[size_t(o.results[0])].type;
    if (!t)
        return false;
    uint64_t h = hashMix(tensor ? kTagTensorView : kTagPartitionView,
                         canonOf(o.operands[0]).hash); // base pointer / tensor view
    if (tensor) {
        if (t->kind != ir::TypeKind::TensorView || !t->element)
            return false;
        h = hashMix(hashMix(h, hashText(t->element->canonicalText)), t->shape.size());
        // Operands: base, one per dynamic extent, one per dynamic stride.
        size_t next = 1;
        for (int64_t s : t->shape)
            next += s == ir::kDynamic;
        for (int64_t s : t->strides) {
            if (s != ir::kDynamic) {
                h = hashMix(hashMix(h, kTagStatic), uint64_t(s));
                continue;
            }
            if (next >= o.operands.size())
                return false;
            const int v = canonId(o.operands[next++]);
            h = m_v[size_t(v)].isInt
                    ? hashMix(hashMix(h, kTagStatic), uint64_t(m_v[size_t(v)].intValue))
                    : hashMix(h, m_g.values[size_t(v)].hash);
        }
        // Two views of one base that differ in their extents must not merge
        // (CSE) on one side: the k-th distinct set of extents of this base and
        // strides is part of the identity, so the k-th ones of the two sides
        // correspond (and identical views still merge).
        uint64_t extents = 0;
        size_t operand = 1;
        for (int64_t s : t->shape)
            extents = hashMix(extents, s != ir::kDynamic || operand >= o.operands.size()
                                           ? uint64_t(s)
                                           : canonOf(o.operands[operand++]).hash);
        std::vector<uint64_t>& seen = m_viewExtents[h];
        size_t k = 0;
        while (k < seen.size() && seen[k] != extents)
            ++k;
        if (k == seen.size())
            seen.push_back(extents);
        h = hashMix(h, k);
    } else {
        if (t->kind != ir::TypeKind::PartitionView)
            return false;
        for (int64_t s : t->shape)
            h = hashMix(h, uint64_t(s));
        // Padding none leaves out-of-bounds lanes undefined, zero defines them:
        // a zero view refines a none view (PaddingFacts.h reports the
        // difference at the view). They share one identity unless this side
        // has both for the same tensor view and tile, which must not merge.
        std::string_view padding = t->padding;
        if ((padding.empty() || padding == "zero") && !bothPaddings(o, *t))
            padding = "none-or-zero";
        h = hashMix(hashMix(h, hashText(padding)), 0xD1A7);
        for (int64_t d : t->dimMap)
            h = hashMix(h, uint64_t(d));
    }
    f.custom = true;
    f.hash = h;
    return true;
}

} // namespace tilelens::diff
