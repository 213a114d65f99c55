// Scalar computed once vs per lane (issue 13): one side computes a value on
// scalars and broadcasts the result, the other broadcasts the scalars first
// and repeats the arithmetic lane-wise (reshape/broadcast, exti, cmpi, muli,
// andi chains). An elementwise op whose every operand holds one scalar in all
// lanes computes, in every lane, the op applied to those scalars: its result
// is the broadcast of the scalar op's result. So it hashes as that broadcast
// (SemanticForm.h), and reshape/broadcast chains of it compose as splats do.
// The scalar op is hashed as the normalizer hashes a generic op (name,
// attributes, hints, scalar result type, operand identities); an op that the
// scalar side would rewrite (affine chains, divisions) keeps its written form.

#include "diff/graph/Hashing.h"
#include "diff/semantics/RewriteOps.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"

#include <algorithm>
#include <array>

namespace tilelens::diff {

bool SemanticNormalizer::laneForm(int id, SemanticForm& f)
{
    GOp& o = m_g.ops[size_t(id)];
    if (o.operands.empty())
        return false;
    // Cheapest test first: this runs for every op of its set (RewriteOps.h) on both sides.
    bool allConstant = true;
    for (int v : o.operands) {
        const int c = canonId(v);
        if (m_v[size_t(c)].lane == 0)
            return false;
        allConstant = allConstant && m_v[size_t(c)].splatConst;
    }
    if (allConstant || !rewrite_ops::lane(o.id))
        return false; // constants fold (or stay) alike on both sides
    const GValue& res = m_g.values[size_t(o.results[0])];
    if (singleElement(res.typeText) || res.typeText.rfind("tile<", 0) != 0)
        return false;
    // The scalar op's identity, as Normalizer::genericHash computes it.
    const bool neutral = signNeutral(o);
    uint64_t h = o.nameHash;
    for (const auto& a : o.attrs)
        if (!(neutral && isSignednessAttr(a.name)))
            h = hashMix(h, a.hash);
    for (const auto& a : o.hints)
        h = hashMix(h, a.hash);
    h = hashMix(h, scalarTypeHash(res.typeText));
    if (o.commutative) {
        h = hashMix(h, o.operands.size());
        uint64_t a = m_v[size_t(canonId(o.operands[0]))].lane;
        uint64_t b = m_v[size_t(canonId(o.operands[1]))].lane;
        if (b < a)
            std::swap(a, b);
        h = hashMix(hashMix(h, a), b);
        for (size_t i = 2; i < o.operands.size(); ++i) // fma's addend
            h = hashMix(h, m_v[size_t(canonId(o.operands[i]))].lane);
    } else {
        for (int v : o.operands)
            h = hashMix(h, m_v[size_t(canonId(v))].lane);
        h = hashMix(h, o.operands.size());
    }
    m_pendLane = resultHash(h, 0);
    m_pendSplat = splatOfValue(m_pendLane);
    f.custom = true;
    f.hash = splatOpHash(m_pendSplat, res.typeHash);
    f.proof = "every lane applies the op to the same broadcast scalars: it is the broadcast of "
              "the scalar op's result";
    // Its signedness cannot matter either, also where its operands change (a compare with
    // another bound): said, so that a signedness difference is no finding of its own.
    f.signNeutral = neutral;
    const auto isSignedness = [](const GAttr& a) { return isSignednessAttr(a.name); };
    if (neutral && std::any_of(o.attrs.begin(), o.attrs.end(), isSignedness)) {
        std::string why;
        signNeutral(o, &why);
        f.proof = keep(std::string(f.proof) + "; " + why);
    }
    return true;
}

} // namespace tilelens::diff
