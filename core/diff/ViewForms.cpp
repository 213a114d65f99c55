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

#include "diff/Normalizer.h"
#include "diff/SemanticForm.h"
#include "diff/Semantics.h"
#include "ir/Type.h"

#include <vector>

namespace tilelens::diff {

namespace {

constexpr uint64_t kTagTensorView = 0x7E45;
constexpr uint64_t kTagPartitionView = 0x9A27;
constexpr uint64_t kTagStatic = 0x57A7;

} // namespace

bool SemanticNormalizer::viewForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    const bool tensor = o.name == "make_tensor_view";
    if ((!tensor && o.name != "make_partition_view") || o.operands.empty() || o.results.size() != 1)
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
            h = m_isInt[size_t(v)] ? hashMix(hashMix(h, kTagStatic), uint64_t(m_int[size_t(v)]))
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
        // The padding stays part of the identity: two views of one tensor that
        // pad differently must not merge (CSE) on one side.
        h = hashMix(hashMix(h, hashText(t->padding)), 0xD1A7);
        for (int64_t d : t->dimMap)
            h = hashMix(h, uint64_t(d));
    }
    f.custom = true;
    f.hash = h;
    return true;
}

} // namespace tilelens::diff
