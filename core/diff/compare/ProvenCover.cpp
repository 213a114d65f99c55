#include "diff/compare/ProvenCover.h"

#include "diff/graph/Hashing.h"

#include <string>

namespace tilelens::diff {

// Dead and duplicated ops are counted by what they compute; an op folded
// away by the same rewrite on both sides (the same Python-modulo
// correction, upstream values aside) is no difference.
uint64_t surplusKey(const GOp& o)
{
    return o.folded ? hashMix(o.nameHash, hashText(o.proof)) : o.hash;
}

// A pure op whose every use is by ops proven equal to their counterparts
// (directly or through other such ops, matched or not): part of a
// computation the normal form already proved, e.g. the x + 127 of
// floor((x + 127) / 128) against ceil(x / 128), or the reshape of an exti
// that the other side extends after its broadcast. It takes that proof.
void absorbed(const GFunction& f, const GFunction& other, const std::vector<int>& toOther, int op,
              RawDifference& d, int depth)
{
    const GOp& o = f.ops[size_t(op)];
    if (!o.pure || o.results.empty() || depth > 6)
        return;
    std::string proof;
    bool conditional = false;
    for (int res : o.results) {
        const GValue& v = f.values[size_t(res)];
        if (v.canon != res)
            return;
        for (int u : v.users) {
            const GOp& user = f.ops[size_t(u)];
            if (!user.live)
                continue; // a dead op (a reshape a chain skips) observes nothing
            const int partner = toOther[size_t(u)];
            // The proof may sit on either side (reshape(ftof(x)) here, the
            // commuted ftof(reshape(x)) there).
            const GOp* mate = partner >= 0 ? &other.ops[size_t(partner)] : nullptr;
            const GOp* prover = !user.proof.empty() ? &user : mate;
            if (mate && mate->hash == user.hash && !prover->proof.empty()) {
                proof = std::string(prover->proof);
                conditional = conditional || prover->proofConditional;
                continue;
            }
            // Unmatched, or matched with a different normal form (an
            // intermediate step written another way): its own uses decide.
            RawDifference inner;
            absorbed(f, other, toOther, u, inner, depth + 1);
            if (inner.proof.empty())
                return;
            proof = inner.proof;
            conditional = conditional || inner.conditional;
        }
    }
    if (proof.empty())
        return;
    static const std::string prefix = "part of a computation proven equal to the other side's: ";
    d.proof = proof.rfind(prefix, 0) == 0 ? proof : prefix + proof;
    d.conditional = conditional;
}

bool foldedIntoUsers(const GFunction& f, int op, int depth)
{
    const GOp& o = f.ops[size_t(op)];
    if (o.results.empty() || !(o.hasSemOperands || o.id == OpId::Constant) || depth > 4)
        return false;
    for (int res : o.results) {
        const GValue& v = f.values[size_t(res)];
        if (v.canon != res)
            return false;
        // A use inside the branches of an `if` folded to a constant is no use.
        for (int u : v.users) {
            const int parent = f.regions[size_t(f.ops[size_t(u)].region)].parentOp;
            if (parent < 0 || !f.ops[size_t(parent)].hasSemOperands ||
                !foldedIntoUsers(f, parent, depth + 1))
                return false;
        }
    }
    return true;
}

// The yields of an `if` whose normal form is a min/max matched on the other
// side, or a constant its users folded: reported with the `if`, not as extra ops.
bool insideProvenOp(const GFunction& f, const std::vector<int>& toOther, int op)
{
    const int parent = f.regions[size_t(f.ops[size_t(op)].region)].parentOp;
    return parent >= 0 && f.ops[size_t(parent)].hasSemOperands &&
           (toOther[size_t(parent)] >= 0 || foldedIntoUsers(f, parent));
}

} // namespace tilelens::diff
