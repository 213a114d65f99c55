#include "diff/compare/Localise.h"

#include "diff/compare/AssumeFacts.h"
#include "diff/semantics/Semantics.h"

#include <string>

namespace tilelens::diff {

namespace {

struct Sides
{
    const GFunction& R;
    const GFunction& G;
    const OpMatching& m;

    // Paired by the matcher, or equal by their normal forms.
    bool correspond(int rv, int gv) const
    {
        const int rc = R.values[size_t(rv)].canon, gc = G.values[size_t(gv)].canon;
        return m.refValToGen[size_t(rc)] == gc ||
               R.values[size_t(rc)].hash == G.values[size_t(gc)].hash;
    }

    // The producers of two values are written alike: the same op with the same
    // attributes, operand count and result types (CSE duplicates included: the
    // written chain is followed, not the merged one).
    int alikeDefs(int rv, int gv, int* genDef) const
    {
        const int rd = R.values[size_t(rv)].def, gd = G.values[size_t(gv)].def;
        if (rd < 0 || gd < 0)
            return -1;
        const GOp& a = R.ops[size_t(rd)];
        const GOp& b = G.ops[size_t(gd)];
        // An assume only states a fact on the value it annotates: the op that
        // reads the value is where the change is written.
        if (a.assume || b.assume || !sameOp(a, b) || a.operands.size() != b.operands.size() ||
            a.operands.empty() || a.results.size() != 1 || b.results.size() != 1 ||
            !a.regions.empty() || !b.regions.empty() || a.attrs.size() != b.attrs.size() ||
            R.values[size_t(a.results[0])].typeText != G.values[size_t(b.results[0])].typeText)
            return -1;
        for (size_t k = 0; k < a.attrs.size(); ++k)
            if (a.attrs[k].hash != b.attrs[k].hash)
                return -1;
        *genDef = gd;
        return rd;
    }

    // The generated side reads a value it computes for another use (softmax's
    // pass-2 column mask bounded by the output's extent, which pass 3 reads
    // too): the op written for it is paired with another reference op, and
    // the reference value (its canonical op: the reference may write the
    // chain again, CSE merges it) with another generated op. The change is
    // written at the op that reads it, not at the first op of that value's
    // chain. A chain the port writes anew (a duplicate: a stride of the wrong
    // tensor) is not paired elsewhere and is followed as before. The reference
    // value may also have no partner at all: the port, reading another value,
    // no longer writes its chain (layer_norm's b mask bounded by w's extent
    // leaves the b bound's chain unread, and the front end drops it).
    bool readCrosswise(int rv, int gv) const
    {
        const int rd = R.values[size_t(rv)].def, gd = G.values[size_t(gv)].def;
        const int rdCanon = R.canonValue(rv).def;
        if (rd < 0 || gd < 0 || rdCanon < 0)
            return false;
        const int rPartner = m.refToGen[size_t(rdCanon)], gPartner = m.genToRef[size_t(gd)];
        const bool refUnwritten = rPartner < 0 && participates(R.ops[size_t(rdCanon)]);
        return (rPartner >= 0 || refUnwritten) && gPartner >= 0 && rPartner != gd &&
               gPartner != rd && gPartner != rdCanon;
    }

    // The one operand of the pair that does not correspond, -1 when none or several.
    int onlyChangedOperand(int r, int g) const
    {
        const GOp& a = R.ops[size_t(r)];
        const GOp& b = G.ops[size_t(g)];
        int changed = -1;
        for (size_t k = 0; k < a.operands.size(); ++k) {
            if (correspond(a.operands[k], b.operands[k]))
                continue;
            if (changed >= 0)
                return -1;
            changed = int(k);
        }
        return changed;
    }

    // The one operand of the pair that the matcher pairs with a value of
    // another normal form (its producers are a matched pair that changed
    // below: a swapped argument two ops up), -1 when none or several.
    int onlyRehashedOperand(int r, int g) const
    {
        const GOp& a = R.ops[size_t(r)];
        const GOp& b = G.ops[size_t(g)];
        int changed = -1;
        for (size_t k = 0; k < a.operands.size(); ++k) {
            if (R.canonValue(a.operands[k]).hash == G.canonValue(b.operands[k]).hash)
                continue;
            if (changed >= 0)
                return -1;
            changed = int(k);
        }
        return changed;
    }
};

} // namespace

std::optional<RawDifference> localiseOperandChange(const GFunction& R, const GFunction& G,
                                                   const OpMatching& m, const RawDifference& d)
{
    if (d.kind != DiffKind::OperandChanged || d.operandIndex < 0 || d.refOp < 0 || d.genOp < 0 ||
        d.functionLevel)
        return std::nullopt;
    const Sides s{R, G, m};
    const GOp& a = R.ops[size_t(d.refOp)];
    const GOp& b = G.ops[size_t(d.genOp)];
    const size_t k0 = size_t(d.operandIndex);
    if (k0 >= a.operands.size() || k0 >= b.operands.size())
        return std::nullopt;
    int rv = a.operands[k0], gv = b.operands[k0];
    int r = -1, g = -1, k = -1;
    int rvAt = rv, gvAt = gv; // the changed operand of the pair found so far
    // A chain is a few ops long; the bound keeps a pathological one linear.
    for (int depth = 0; depth < 64; ++depth) {
        if (s.readCrosswise(rv, gv))
            break;
        int gd = -1;
        const int rd = s.alikeDefs(rv, gv, &gd);
        if (rd < 0)
            break;
        int changed = s.onlyChangedOperand(rd, gd);
        // Operands the matcher pairs may still differ (their producers are a
        // matched pair whose own operand changed): the chain goes on through
        // them, and the place moves only where an operand really changed.
        const bool written = changed >= 0;
        if (!written)
            changed = s.onlyRehashedOperand(rd, gd);
        if (changed < 0)
            break;
        rv = R.ops[size_t(rd)].operands[size_t(changed)];
        gv = G.ops[size_t(gd)].operands[size_t(changed)];
        if (written) {
            r = rd;
            g = gd;
            k = changed;
            rvAt = rv;
            gvAt = gv;
        }
    }
    if (r < 0)
        return std::nullopt;
    rv = rvAt;
    gv = gvAt;
    RawDifference out = makeDifference(DiffKind::OperandChanged, R, r, G, g);
    out.operandIndex = k;
    out.attribute = "operand " + std::to_string(k);
    out.refValue = describeValue(R, rv);
    out.genValue = describeValue(G, gv);
    if (out.genValue == out.refValue)
        out.genValue += R.canonValue(rv).def < 0 ? " (paired by use with another argument)"
                                                 : " computing another value";
    return out;
}

namespace {

// The entry argument (canonical value) a value is, through assumes; -1 when
// it is computed.
int entryArgument(const GFunction& f, int v)
{
    for (int depth = 0; depth < 8; ++depth) {
        const GValue& c = f.canonValue(v);
        if (c.def < 0)
            return c.region == 0 ? f.values[size_t(v)].canon : -1;
        const GOp& o = f.ops[size_t(c.def)];
        if (!o.assume || o.operands.empty())
            return -1;
        v = o.operands[0];
    }
    return -1;
}

} // namespace

void joinSwappedArguments(const GFunction& R, const GFunction& G, const OpMatching& m,
                          const std::vector<RawDifference>& raw, const std::vector<char>& critical,
                          std::vector<int>& root, std::vector<char>& partOfChange)
{
    // Per root operand change between entry arguments: (reference argument,
    // the generated argument it corresponds to) -> (read instead, difference).
    struct Read
    {
        int ref = -1, genPartner = -1, gen = -1;
        size_t index = 0;
    };
    std::vector<Read> reads;
    for (size_t i = 0; i < raw.size(); ++i) {
        const RawDifference& d = raw[i];
        if (root[i] >= 0 || !critical[i] || d.kind != DiffKind::OperandChanged ||
            d.operandIndex < 0 || d.refOp < 0 || d.genOp < 0)
            continue;
        const GOp& a = R.ops[size_t(d.refOp)];
        const GOp& b = G.ops[size_t(d.genOp)];
        const size_t k = size_t(d.operandIndex);
        if (k >= a.operands.size() || k >= b.operands.size())
            continue;
        const int ra = entryArgument(R, a.operands[k]), ga = entryArgument(G, b.operands[k]);
        if (ra < 0 || ga < 0 || m.refValToGen[size_t(ra)] < 0)
            continue;
        reads.push_back({ra, m.refValToGen[size_t(ra)], ga, i});
    }
    for (size_t x = 0; x < reads.size(); ++x)
        for (size_t y = x + 1; y < reads.size(); ++y) {
            const Read& p = reads[x];
            const Read& q = reads[y];
            if (root[q.index] >= 0 || root[p.index] >= 0 || p.gen == p.genPartner ||
                p.gen != q.genPartner || q.gen != p.genPartner)
                continue;
            for (int& r : root)
                if (r == int(q.index))
                    r = int(p.index);
            root[q.index] = int(p.index);
            partOfChange[q.index] = 1;
        }
}

} // namespace tilelens::diff

namespace tilelens::diff {

namespace {

bool laneCast(OpId id)
{
    return isOneOf(id, {OpId::FToF, OpId::ExtI, OpId::TruncI, OpId::IToF, OpId::FToI});
}

// A pair of a cast and a reshape written in the other order on each side.
struct Commuted
{
    int refCast = -1, genCast = -1;
    int refReshape = -1, genReshape = -1;
    int refValue = -1, genValue = -1; // canonical values that hold the same lanes
    bool referenceReshapesFirst = false;
    std::string proof;
};

// The one written user of value v, -1 when none or several.
int onlyUser(const GFunction& f, int v)
{
    const GValue& c = f.canonValue(v);
    return c.users.size() == 1 ? c.users[0] : -1;
}

bool sameAttrs(const GOp& a, const GOp& b)
{
    if (a.attrs.size() != b.attrs.size())
        return false;
    for (size_t k = 0; k < a.attrs.size(); ++k)
        if (a.attrs[k].hash != b.attrs[k].hash)
            return false;
    return true;
}

std::optional<Commuted> commutedAt(const GFunction& R, const GFunction& G, const OpMatching& m,
                                   int r, int g)
{
    const GOp& a = R.ops[size_t(r)];
    const GOp& b = G.ops[size_t(g)];
    if (!sameOp(a, b) || !laneCast(a.id) || a.operands.size() != 1 || b.operands.size() != 1 ||
        a.results.size() != 1 || b.results.size() != 1 || !sameAttrs(a, b))
        return std::nullopt;
    const Sides s{R, G, m};
    const auto unmatchedReshape = [](const GFunction& f, int op, const std::vector<int>& other) {
        return op >= 0 && f.ops[size_t(op)].id == OpId::Reshape && other[size_t(op)] < 0 &&
               f.ops[size_t(op)].operands.size() == 1 && f.ops[size_t(op)].results.size() == 1;
    };
    const auto typeOf = [](const GFunction& f, int v) { return f.canonValue(v).typeText; };
    Commuted c;
    c.refCast = r;
    c.genCast = g;
    // The reference reshapes first, the port casts first.
    const int rr = R.canonValue(a.operands[0]).def;
    const int gu = onlyUser(G, b.results[0]);
    if (unmatchedReshape(R, rr, m.refToGen) && unmatchedReshape(G, gu, m.genToRef) &&
        s.correspond(R.ops[size_t(rr)].operands[0], b.operands[0]) &&
        typeOf(R, a.results[0]) == typeOf(G, G.ops[size_t(gu)].results[0])) {
        c.refReshape = rr;
        c.genReshape = gu;
        c.refValue = R.values[size_t(a.results[0])].canon;
        c.referenceReshapesFirst = true;
        c.genValue = G.values[size_t(G.ops[size_t(gu)].results[0])].canon;
    } else {
        // The port reshapes first, the reference casts first.
        const int ru = onlyUser(R, a.results[0]);
        const int gr = G.canonValue(b.operands[0]).def;
        if (!unmatchedReshape(R, ru, m.refToGen) || !unmatchedReshape(G, gr, m.genToRef) ||
            !s.correspond(a.operands[0], G.ops[size_t(gr)].operands[0]) ||
            typeOf(R, R.ops[size_t(ru)].results[0]) != typeOf(G, b.results[0]))
            return std::nullopt;
        c.refReshape = ru;
        c.genReshape = gr;
        c.refValue = R.values[size_t(R.ops[size_t(ru)].results[0])].canon;
        c.genValue = G.values[size_t(b.results[0])].canon;
    }
    const GOp& x = R.ops[size_t(c.refReshape)];
    const GOp& y = G.ops[size_t(c.genReshape)];
    const bool refFirst = c.referenceReshapesFirst;
    c.proof = std::string(a.name) + " and reshape commute: the reference " +
              (refFirst ? "reshapes (line " + std::to_string(x.line) + ") and then casts"
                        : "casts and then reshapes (line " + std::to_string(x.line) + ")") +
              ", the generated side " +
              (refFirst ? "casts and then reshapes (line " + std::to_string(y.line) + ")"
                        : "reshapes (line " + std::to_string(y.line) + ") and then casts") +
              ": the same lanes from corresponding inputs";
    return c;
}

} // namespace

std::vector<int> proveCommutedReshapes(const GFunction& R, const GFunction& G, const OpMatching& m,
                                       std::vector<RawDifference>& raw)
{
    std::vector<int> lead(raw.size(), -1);
    // Only pairs that differ are looked at: unchanged code costs nothing.
    std::vector<Commuted> found;
    for (const RawDifference& d : raw) {
        if (d.refOp < 0 || d.genOp < 0 || d.functionLevel || !d.proof.empty() ||
            (d.kind != DiffKind::TypeChanged && d.kind != DiffKind::OperandChanged))
            continue;
        bool known = false;
        for (const Commuted& c : found)
            known = known || (c.refCast == d.refOp && c.genCast == d.genOp);
        if (known)
            continue;
        if (std::optional<Commuted> c = commutedAt(R, G, m, d.refOp, d.genOp))
            found.push_back(std::move(*c));
    }
    if (found.empty())
        return lead;
    std::vector<int> first(found.size(), -1); // per commutation, its lead difference
    for (size_t i = 0; i < raw.size(); ++i) {
        RawDifference& d = raw[i];
        if (!d.proof.empty() || d.functionLevel)
            continue;
        for (size_t n = 0; n < found.size(); ++n) {
            const Commuted& c = found[n];
            bool covered = false;
            if (d.refOp == c.refCast && d.genOp == c.genCast)
                covered = d.kind == DiffKind::TypeChanged ||
                          (d.kind == DiffKind::OperandChanged && d.operandIndex == 0);
            else if (d.genOp < 0 && d.refOp == c.refReshape)
                covered = true;
            else if (d.refOp < 0 && d.genOp == c.genReshape)
                covered = true;
            else if (d.kind == DiffKind::OperandChanged && d.operandIndex >= 0 && d.refOp >= 0 &&
                     d.genOp >= 0) {
                const GOp& a = R.ops[size_t(d.refOp)];
                const GOp& b = G.ops[size_t(d.genOp)];
                const size_t k = size_t(d.operandIndex);
                covered = k < a.operands.size() && k < b.operands.size() &&
                          R.values[size_t(a.operands[k])].canon == c.refValue &&
                          G.values[size_t(b.operands[k])].canon == c.genValue;
            }
            if (covered) {
                d.proof = c.proof;
                d.counterexample.clear();
                const bool atCast = d.refOp == c.refCast && d.genOp == c.genCast;
                if (first[n] < 0 || (atCast && (raw[size_t(first[n])].refOp != c.refCast ||
                                                raw[size_t(first[n])].genOp != c.genCast)))
                    first[n] = int(i);
                lead[i] = int(n); // the commutation, resolved to its lead below
                break;
            }
        }
    }
    for (int& l : lead)
        if (l >= 0)
            l = first[size_t(l)];
    return lead;
}

} // namespace tilelens::diff
