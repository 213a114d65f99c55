// Reshape chains and lane-wise ops around them (SemanticForm.h). A reshape
// only relabels lanes (row-major order is kept), so a chain of reshapes is
// one reshape to its last shape, one back to the original shape is the
// identity, and a lane-wise unary op (ftof, negf, exp2, ...) commutes with a
// reshape: ftof(reshape(x)) and reshape(ftof(x)) hash alike. Both sides are
// reduced to "lane-wise ops on the original shape, then one reshape".

#include "diff/graph/Hashing.h"
#include "diff/semantics/RewriteOps.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"

#include <unordered_set>

namespace tilelens::diff {

namespace {

constexpr uint64_t kTagReshape = 0x2E5A;
constexpr uint64_t kTagLane = 0x1A4E;

// "tile<128x64xf32>" -> "128x64x" (empty for rank 0), or nullopt if not a tile.
std::optional<std::string_view> shapePrefix(std::string_view t)
{
    if (t.rfind("tile<", 0) != 0 || t.back() != '>' || t.find('<', 5) != std::string_view::npos)
        return std::nullopt;
    const std::string_view inner = t.substr(5, t.size() - 6);
    const size_t x = inner.rfind('x');
    return x == std::string_view::npos ? std::string_view() : inner.substr(0, x + 1);
}

std::string_view elementOf(std::string_view t)
{
    const auto prefix = shapePrefix(t);
    return prefix ? t.substr(5 + prefix->size(), t.size() - 6 - prefix->size())
                  : std::string_view();
}

} // namespace

// Identity of lane-wise op `o` applied to a value of hash `operand` whose
// shape is given by `shapeOf` (a tile type text): name, attributes, hints,
// the result type at that shape.
uint64_t SemanticNormalizer::laneHash(const GOp& o, uint64_t operand,
                                      std::string_view shapeOf) const
{
    uint64_t h = hashMix(kTagLane, o.nameHash);
    for (const auto& a : o.attrs)
        h = hashMix(h, a.hash);
    for (const auto& a : o.hints)
        h = hashMix(h, a.hash);
    const std::string type = "tile<" + std::string(*shapePrefix(shapeOf)) +
                             std::string(elementOf(m_g.values[size_t(o.results[0])].typeText)) +
                             ">";
    return hashMix(hashMix(h, hashText(type)), operand);
}

bool SemanticNormalizer::shapeChainForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.operands.size() != 1 || o.results.size() != 1 || !o.regions.empty())
        return false;
    const int res = o.results[0];
    const GValue& rv = m_g.values[size_t(res)];
    const int x = canonId(o.operands[0]);
    const GValue& xv = m_g.values[size_t(x)];
    if (!shapePrefix(rv.typeText) || !shapePrefix(xv.typeText))
        return false;
    const int base = m_v[size_t(x)].reshapeBase >= 0 ? m_v[size_t(x)].reshapeBase : x;
    if (o.id == OpId::Reshape) {
        const GValue& bv = m_g.values[size_t(base)];
        if (bv.typeText == rv.typeText) {
            f.alias = base;
            f.proof = "a chain of reshapes back to the original shape is the identity";
            return true;
        }
        m_v[size_t(res)].reshapeBase = base;
        f.custom = true;
        f.hash = hashMix(hashMix(kTagReshape, bv.hash), rv.typeHash);
        if (base != x) {
            setSemOperands(o, {base});
            f.proof = "a chain of reshapes is one reshape to its last shape (the lane order is "
                      "kept)";
        }
        return true;
    }
    if (!rewrite_ops::laneWiseUnary(o.id) || *shapePrefix(rv.typeText) != *shapePrefix(xv.typeText))
        return false;
    f.custom = true;
    if (base == x) {
        f.hash = laneHash(o, xv.hash, xv.typeText);
        return true;
    }
    // op(reshape(b)) = reshape(op(b)): the op applied at b's shape, then the reshape.
    const GValue& bv = m_g.values[size_t(base)];
    const uint64_t inner = resultHash(laneHash(o, bv.hash, bv.typeText), 0);
    f.hash = hashMix(hashMix(kTagReshape, inner), rv.typeHash);
    setSemOperands(o, {base});
    f.proof = keep(std::string(o.name) + " is lane-wise and a reshape only relabels lanes: " +
                   std::string(o.name) + "(reshape(x)) = reshape(" + std::string(o.name) + "(x))");
    return true;
}

} // namespace tilelens::diff
