#include "diff/match/OpMatcher.h"

#include "common/Side.h"
#include "diff/graph/FlatHashMap.h"
#include "diff/graph/Hashing.h"
#include "diff/semantics/MemoryAccess.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace tilelens::diff {

std::vector<size_t> longestIncreasing(const std::vector<int>& seq)
{
    std::vector<size_t> tails; // index of the smallest tail of each length
    std::vector<long> prev(seq.size(), -1);
    for (size_t i = 0; i < seq.size(); ++i) {
        auto it = std::lower_bound(tails.begin(), tails.end(), seq[i],
                                   [&](size_t t, int v) { return seq[t] < v; });
        const size_t len = size_t(it - tails.begin());
        if (len > 0)
            prev[i] = long(tails[len - 1]);
        if (it == tails.end())
            tails.push_back(i);
        else
            *it = i;
    }
    std::vector<size_t> out;
    long cur = tails.empty() ? -1 : long(tails.back());
    while (cur >= 0) {
        out.push_back(size_t(cur));
        cur = prev[size_t(cur)];
    }
    std::reverse(out.begin(), out.end());
    return out;
}

namespace {

class Matcher
{
public:
    Matcher(const GFunction& r, const GFunction& g) : R(r), G(g)
    {
        m.refToGen.assign(R.ops.size(), -1);
        m.genToRef.assign(G.ops.size(), -1);
        m.refValToGen.assign(R.values.size(), -1);
        m.genValToRef.assign(G.values.size(), -1);
        m.refRegionToGen.assign(R.regions.size(), -1);
        m.genRegionToRef.assign(G.regions.size(), -1);
        m_next.assign(R.ops.size(), -1);
        m_gpos.assign(G.ops.size(), -1);
    }

    OpMatching run()
    {
        if (R.regions.empty() || G.regions.empty())
            return std::move(m);
        pairRegions(0, 0);
        countInvariantComputations();
        matchInvariants();
        propagate();
        // Order alignment: first region-holding ops only (structure), then
        // everything, innermost regions first so that correspondences found in
        // loop bodies guide the alignment of the code around them.
        size_t aDone = 0, sDone = 0;
        bool addressesDone = false;
        std::vector<bool> fullDone;
        while (true) {
            fullDone.resize(m.regionPairs.size(), false);
            if (aDone < m.regionPairs.size()) {
                matchByHash(m.regionPairs[aDone++]);
                propagate();
                continue;
            }
            if (!addressesDone) {
                addressesDone = true;
                matchByAddress();
                propagate();
                continue;
            }
            if (sDone < m.regionPairs.size()) {
                matchByOrder(m.regionPairs[sDone++], true);
                propagate();
                continue;
            }
            size_t next = fullDone.size();
            while (next > 0 && fullDone[next - 1])
                --next;
            if (next == 0)
                break;
            fullDone[next - 1] = true;
            matchByOrder(m.regionPairs[next - 1], false);
            propagate();
        }
        matchAbsorbed(Side::Reference);
        matchAbsorbed(Side::Generated);
        return std::move(m);
    }

private:
    const GOp& rop(int i) const { return R.ops[size_t(i)]; }
    const GOp& gop(int i) const { return G.ops[size_t(i)]; }
    int rcanon(int v) const { return R.values[size_t(v)].canon; }
    int gcanon(int v) const { return G.values[size_t(v)].canon; }
    bool rfree(int o) const { return participates(rop(o)) && m.refToGen[size_t(o)] < 0; }
    bool gfree(int o) const { return participates(gop(o)) && m.genToRef[size_t(o)] < 0; }
    // The order phase also pairs duplicates (what CSE merges), so that a
    // change that makes an op equal to another one is still seen where it is written.
    static bool orderable(const GOp& o)
    {
        return participates(o) || (o.duplicateOf >= 0 && !o.assume);
    }
    bool rfreeOrder(int o) const { return orderable(rop(o)) && m.refToGen[size_t(o)] < 0; }
    bool gfreeOrder(int o) const { return orderable(gop(o)) && m.genToRef[size_t(o)] < 0; }

    void mapValue(int rv, int gv)
    {
        if (m.refValToGen[size_t(rv)] < 0 && m.genValToRef[size_t(gv)] < 0) {
            m.refValToGen[size_t(rv)] = gv;
            m.genValToRef[size_t(gv)] = rv;
            m_valueQueue.emplace_back(rv, gv);
        }
    }

    void pairRegions(int rr, int gr)
    {
        if (m.refRegionToGen[size_t(rr)] >= 0 || m.genRegionToRef[size_t(gr)] >= 0)
            return;
        m.refRegionToGen[size_t(rr)] = gr;
        m.genRegionToRef[size_t(gr)] = rr;
        m.regionPairs.emplace_back(rr, gr);
        const auto& ra = R.regions[size_t(rr)].args;
        const auto& ga = G.regions[size_t(gr)].args;
        // Entry arguments by slot: by position unless pointers were paired by role.
        const bool entry = R.regions[size_t(rr)].parentOp < 0;
        for (size_t i = 0; i < ga.size(); ++i) {
            const size_t k = entry ? size_t(G.entryArgSlot(i)) : i;
            if (k < ra.size())
                mapValue(rcanon(ra[k]), gcanon(ga[i]));
        }
    }

    void match(int r, int g)
    {
        m.refToGen[size_t(r)] = g;
        m.genToRef[size_t(g)] = r;
        ++m.matchedOps;
        const GOp& a = rop(r);
        const GOp& b = gop(g);
        // A padded load against a load whose masked-off lanes a select fills:
        // the padded value corresponds to the select's.
        const int refSelect = paddingSelect(R, r, paddingHashOf(G, g));
        const int genSelect = paddingSelect(G, g, paddingHashOf(R, r));
        for (size_t k = 0; k < std::min(a.results.size(), b.results.size()); ++k)
            mapValue(k == 0 && refSelect >= 0 ? refSelect : rcanon(a.results[k]),
                     k == 0 && genSelect >= 0 ? genSelect : gcanon(b.results[k]));
        if (a.regions.size() == b.regions.size())
            for (size_t i = 0; i < a.regions.size(); ++i)
                pairRegions(a.regions[i], b.regions[i]);
        m_queue.emplace_back(r, g);
    }

    bool regionsCorrespond(int r, int g) const
    {
        // Loop-invariant values may be hoisted anywhere; but two writings of one
        // computation inside loop bodies, held back (heldBack), pair only where
        // their regions do.
        const bool twinsHeldBack =
            rop(r).hash == gop(g).hash && heldBack(rop(r)) && heldBack(gop(g));
        if (!rop(r).dependsOnArgs && !gop(g).dependsOnArgs && !twinsHeldBack)
            return true;
        return m.refRegionToGen[size_t(rop(r).region)] == gop(g).region;
    }

    // Reference ops by hash, each bucket a FIFO list threaded through m_next
    // (no container per bucket).
    struct Bucket
    {
        int head = -1, tail = -1;
    };

    void push(FlatHashMap<Bucket>& buckets, int r)
    {
        Bucket& b = buckets[rop(r).hash];
        m_next[size_t(r)] = -1;
        if (b.tail >= 0)
            m_next[size_t(b.tail)] = r;
        else
            b.head = r;
        b.tail = r;
    }

    // First free reference op of the bucket of `hash` (taken off the list), or -1.
    int popFree(FlatHashMap<Bucket>& buckets, uint64_t hash)
    {
        Bucket* b = buckets.find(hash);
        if (!b)
            return -1;
        while (b->head >= 0 && !rfree(b->head))
            b->head = m_next[size_t(b->head)];
        if (b->head < 0)
            return -1;
        const int r = b->head;
        b->head = m_next[size_t(r)];
        return r;
    }

    // Ops computing nothing that depends on a block argument: matched function-wide.
    void matchInvariants()
    {
        FlatHashMap<Bucket> buckets(R.ops.size());
        for (size_t i = 0; i < R.ops.size(); ++i)
            if (rfree(int(i)) && !rop(int(i)).dependsOnArgs && !heldBack(rop(int(i))))
                push(buckets, int(i));
        for (size_t j = 0; j < G.ops.size(); ++j) {
            if (!gfree(int(j)) || gop(int(j)).dependsOnArgs || heldBack(gop(int(j))))
                continue;
            const int r = popFree(buckets, gop(int(j)).hash);
            if (r >= 0)
                match(r, int(j));
        }
    }

    // A computation (not a leaf) that depends on no block argument.
    static bool invariantComputation(const GOp& o)
    {
        return participates(o) && !o.dependsOnArgs && !semanticOperands(o).empty();
    }

    // Per hash, how many more invariant computations the reference writes
    // than the generated side. A change can make one side write one more of a
    // computation and one fewer of another (softmax's pass-2 mask made to read
    // the bound that pass 3 also reads). Paired function-wide in writing order,
    // the k-th of one loop would then pair with the k-th of another loop.
    void countInvariantComputations()
    {
        const auto count = [&](const GOp& o, int step) {
            if (invariantComputation(o))
                m_invariantSurplus[o.hash] += step;
        };
        for (const GOp& o : R.ops)
            count(o, 1);
        for (const GOp& o : G.ops)
            count(o, -1);
    }

    // An invariant computation inside a loop body whose count differs between
    // the sides: it pairs only within the pairing of its region, not
    // function-wide (where the counts agree, a computation one side hoists out
    // of the loop still pairs with the other side's inside it).
    bool heldBack(const GOp& o) const
    {
        if (o.region == 0 || !invariantComputation(o))
            return false;
        const int* n = m_invariantSurplus.find(o.hash);
        return n && *n != 0;
    }

    // Ops the normal form leaves dead although they are written for a live op:
    // every use folded them into its own form (a row base that an offset of it
    // by a constant reassociates into base + terms), directly or through other
    // such ops. An op dead for want of any use (a dropped scale factor) is not.
    static std::vector<char> absorbedOps(const GFunction& f)
    {
        std::vector<char> out(f.ops.size(), 0);
        // Operands are written before their users: one pass from the last op back.
        for (size_t k = f.ops.size(); k-- > 0;) {
            const GOp& o = f.ops[k];
            if (!o.live && !out[k])
                continue;
            for (int v : o.operands) {
                const int d = f.values[size_t(v)].def;
                if (d >= 0 && !f.ops[size_t(d)].live && f.ops[size_t(d)].duplicateOf < 0 &&
                    !f.ops[size_t(d)].assume)
                    out[size_t(d)] = 1;
            }
        }
        return out;
    }

    // A live op left unpaired whose very computation the other side writes in
    // the corresponding region, where the normal form absorbed it into its uses
    // (silu_and_mul's second half addressed with a constant: the port's row
    // base is folded into that address, the unmodified port's stays an op):
    // the same op written on both sides, not one missing on one of them.
    void matchAbsorbed(Side liveSide)
    {
        const bool ref = liveSide == Side::Reference;
        const GFunction& live = ref ? R : G;
        const GFunction& other = ref ? G : R;
        const std::vector<int>& liveTo = ref ? m.refToGen : m.genToRef;
        const std::vector<int>& otherTo = ref ? m.genToRef : m.refToGen;
        const std::vector<int>& regionTo = ref ? m.refRegionToGen : m.genRegionToRef;
        const auto unpaired = [&](size_t k) {
            const GOp& o = live.ops[k];
            return participates(o) && liveTo[k] < 0 && !o.operands.empty();
        };
        bool any = false;
        for (size_t k = 0; k < live.ops.size() && !any; ++k)
            any = unpaired(k);
        if (!any)
            return;
        const std::vector<char> absorbed = absorbedOps(other);
        std::unordered_map<uint64_t, std::vector<int>> byHash;
        for (size_t j = 0; j < other.ops.size(); ++j)
            if (absorbed[j] && otherTo[j] < 0)
                byHash[other.ops[j].hash].push_back(int(j));
        if (byHash.empty())
            return;
        for (size_t k = 0; k < live.ops.size(); ++k) {
            const auto it = unpaired(k) ? byHash.find(live.ops[k].hash) : byHash.end();
            if (it == byHash.end())
                continue;
            const int region = regionTo[size_t(live.ops[k].region)];
            auto& candidates = it->second;
            const auto at = std::find_if(candidates.begin(), candidates.end(), [&](int j) {
                return other.ops[size_t(j)].region == region &&
                       sameOp(live.ops[k], other.ops[size_t(j)]);
            });
            if (at == candidates.end())
                continue;
            const int j = *at;
            candidates.erase(at);
            if (ref)
                match(int(k), j);
            else
                match(j, int(k));
        }
    }

    // Memory ops that touch the same place (memoryAddressKey) but store or order
    // differently pair before any order alignment: the access is the anchor, whatever
    // value or token a change upstream gave it. Keys written more than once on a
    // side are left to the order. First by the full address, then gathers and
    // scatters by their pointers alone (a mask that differs is then a difference
    // of the pair, not a reason to pair by position).
    void matchByAddress()
    {
        matchByAddress(false);
        matchByAddress(true);
    }

    void matchByAddress(bool pointersOnly)
    {
        std::unordered_map<uint64_t, std::pair<int, int>> keys; // key -> (ref op, gen op)
        auto collect = [&](const GFunction& f, Side side) {
            for (size_t i = 0; i < f.ops.size(); ++i) {
                const GOp& o = f.ops[i];
                const bool free = side == Side::Generated ? gfree(int(i)) : rfree(int(i));
                const uint64_t key = free ? memoryAddressKey(f, o, pointersOnly) : 0;
                if (key == 0)
                    continue;
                auto& slot = keys.try_emplace(key, -1, -1).first->second;
                int& op = side == Side::Generated ? slot.second : slot.first;
                op = op == -1 ? int(i) : -2; // -2: ambiguous
            }
        };
        collect(R, Side::Reference);
        collect(G, Side::Generated);
        std::vector<std::pair<int, int>> pairs; // in reference order: the result must not
        for (const auto& entry : keys)          // depend on the map's iteration order
            if (entry.second.first >= 0 && entry.second.second >= 0)
                pairs.push_back(entry.second);
        std::sort(pairs.begin(), pairs.end());
        for (const auto& [r, g] : pairs)
            if (rfree(r) && gfree(g) && regionsCorrespond(r, g) && sameOp(rop(r), gop(g)))
                match(r, g);
    }

    void matchByHash(std::pair<int, int> pair)
    {
        const auto& rops = R.regions[size_t(pair.first)].ops;
        FlatHashMap<Bucket> buckets(rops.size());
        for (int o : rops)
            if (rfree(o))
                push(buckets, o);
        for (int o : G.regions[size_t(pair.second)].ops) {
            if (!gfree(o))
                continue;
            const int r = popFree(buckets, gop(o).hash);
            if (r >= 0)
                match(r, o);
        }
    }

    // Key of an op by name and the identities of its operands (in reference
    // value ids); false when an operand has no counterpart yet.
    bool shapeKey(Side side, int o, uint64_t& key) const
    {
        const GOp& op = side == Side::Generated ? gop(o) : rop(o);
        key = hashMix(op.nameHash, op.regions.size());
        int first = -1;
        const IdList operands = semanticOperands(op);
        for (size_t i = 0; i < operands.size(); ++i) {
            const int v = operands[i];
            int id = side == Side::Generated ? m.genValToRef[size_t(gcanon(v))] : rcanon(v);
            if (id < 0)
                return false;
            // A commutative op's first two operands: ordered by id.
            if (op.commutative && !op.hasSemOperands && i == 0) {
                first = id;
                continue;
            }
            if (op.commutative && !op.hasSemOperands && i == 1) {
                key = hashMix(hashMix(key, uint64_t(std::min(first, id))),
                              uint64_t(std::max(first, id)));
                continue;
            }
            key = hashMix(key, uint64_t(id));
        }
        return true;
    }

    bool compatible(int r, int g) const
    {
        const GOp& a = rop(r);
        const GOp& b = gop(g);
        if (sameOp(a, b))
            return true;
        if (a.results.size() != b.results.size() || a.regions.size() != b.regions.size() ||
            a.terminator != b.terminator)
            return false;
        for (size_t k = 0; k < a.results.size(); ++k)
            if (R.values[size_t(a.results[k])].typeText != G.values[size_t(b.results[k])].typeText)
                return false;
        return !a.results.empty();
    }

    // Correspondences by equal normal forms spread first; a pair of producers
    // that only share a name (topDown) is taken when nothing is left to spread,
    // and only if both are still free. A dropped `2 *` in gelu leaves the port's
    // scaled mulf read where the reference reads 2 * scaled: paired top-down by
    // name at once, the scaled mulf would take the reference's 2 * scaled before
    // the inputs' correspondences reach the reference's own scaled mulf.
    void propagate()
    {
        while (true) {
            while (!m_queue.empty() || !m_valueQueue.empty()) {
                if (!m_queue.empty()) {
                    const auto [r, g] = m_queue.front();
                    m_queue.pop_front();
                    topDown(r, g);
                } else {
                    const auto [rv, gv] = m_valueQueue.front();
                    m_valueQueue.pop_front();
                    bottomUp(rv, gv);
                }
            }
            if (m_byName.empty())
                return;
            const auto [r, g] = m_byName.front();
            m_byName.pop_front();
            if (rfree(r) && gfree(g))
                match(r, g);
        }
    }

    // Producers of corresponding operands correspond.
    void topDown(int r, int g)
    {
        const GOp& a = rop(r);
        const GOp& b = gop(g);
        if (a.hasSemOperands || b.hasSemOperands)
            return; // written operands of different normal forms do not correspond
        const size_t n = std::min(a.operands.size(), b.operands.size());
        bool swapped = false;
        if (a.commutative && b.commutative && n >= 2) {
            const int r0 = rcanon(a.operands[0]), r1 = rcanon(a.operands[1]);
            const int g0 = gcanon(b.operands[0]), g1 = gcanon(b.operands[1]);
            swapped = m.refValToGen[size_t(r0)] == g1 || m.refValToGen[size_t(r1)] == g0;
        }
        for (size_t i = 0; i < n; ++i) {
            const int rv = rcanon(a.operands[i]);
            const size_t j = swapped && i < 2 ? 1 - i : i; // fma's addend keeps its place
            const int gv = gcanon(b.operands[j]);
            if (m.refValToGen[size_t(rv)] >= 0 || m.genValToRef[size_t(gv)] >= 0) {
                if (m.refValToGen[size_t(rv)] != gv) {
                    pairWrittenCopy(a.operands[i], b.operands[j]);
                    rehomeChangedConstant(a.operands[i], b.operands[j]);
                }
                continue;
            }
            const GValue& x = R.values[size_t(rv)];
            const GValue& y = G.values[size_t(gv)];
            if (x.def < 0 || y.def < 0 || x.index != y.index)
                continue;
            // Producers of other names pair only by equal normal forms: a mask
            // built from one bounds test against two, or swapped operands of a
            // division, would otherwise pair unrelated ops (andi with cmpi,
            // addf with exp2) that the order alignment pairs better.
            // Two constants of other values pair only where written for this op
            // (a changed literal); one the op reads through CSE from elsewhere
            // (the loop step's 2 merged into an earlier 2) is reported where the
            // op's own constant is written, not paired with an unrelated one.
            const bool sameHash = rop(x.def).hash == gop(y.def).hash;
            const bool leaves =
                semanticOperands(rop(x.def)).empty() && semanticOperands(gop(y.def)).empty();
            const bool owned = R.values[size_t(a.operands[i])].def == x.def &&
                               G.values[size_t(b.operands[j])].def == y.def;
            if (!rfree(x.def) || !gfree(y.def) || !regionsCorrespond(x.def, y.def) ||
                !compatible(x.def, y.def))
                continue;
            if (sameHash)
                match(x.def, y.def);
            else if (sameOp(rop(x.def), gop(y.def)) && leaves && owned)
                match(x.def, y.def);
            else if (sameOp(rop(x.def), gop(y.def)) && !leaves)
                m_byName.emplace_back(x.def, y.def);
        }
    }

    // Two operands that do not correspond, where one side reads a copy (a CSE
    // duplicate) of a value paired elsewhere and the other side its own op,
    // still free: the change made the op written there equal to another one
    // (layer_norm's b mask made to compare with w's bound is the w mask written
    // again). The written ops pair, so that the change is seen at that op and
    // not at its reader. `rw` and `gw` are the values as written.
    void pairWrittenCopy(int rw, int gw)
    {
        const GValue& xv = R.values[size_t(rw)];
        const GValue& yv = G.values[size_t(gw)];
        if (xv.def < 0 || yv.def < 0 || xv.index != yv.index || !rfreeOrder(xv.def) ||
            !gfreeOrder(yv.def))
            return;
        const GOp& x = rop(xv.def);
        const GOp& y = gop(yv.def);
        const bool oneCopy =
            (x.duplicateOf >= 0 && participates(y)) || (y.duplicateOf >= 0 && participates(x));
        if (oneCopy && sameOp(x, y) && !semanticOperands(x).empty() &&
            !semanticOperands(y).empty() && regionsCorrespond(xv.def, yv.def) &&
            duplicateFits(xv.def, yv.def))
            match(xv.def, yv.def);
    }

    // A literal changed to the value of a constant written later (softmax's
    // denominator initialised with 1.0, the value of the 1.0 that divides by it
    // afterwards): CSE keeps the changed constant and makes the later one its
    // copy, so the pairing by value gave the changed constant the other side's
    // later one. Where two paired readers read constants of one type written
    // for them, the reference's still free, those pair, and the other side's
    // later constant pairs with the copy: the change is a changed value at the
    // constant, not another operand of its reader. `rw`, `gw`: values as written.
    void rehomeChangedConstant(int rw, int gw)
    {
        const int x = R.values[size_t(rw)].def, y = G.values[size_t(gw)].def;
        if (x < 0 || y < 0 || rop(x).id != OpId::Constant || gop(y).id != OpId::Constant ||
            !rfree(x) || !participates(gop(y)) || rop(x).hash == gop(y).hash ||
            R.values[size_t(rw)].typeText != G.values[size_t(gw)].typeText)
            return;
        const int z = m.genToRef[size_t(y)];
        const int copy = z >= 0 ? freeConstantCopy(y) : -1;
        if (copy < 0)
            return;
        unmatch(z, y);
        match(x, y);
        match(z, copy);
    }

    // A generated constant op that CSE merges into `canonical`, still unpaired, or -1.
    int freeConstantCopy(int canonical)
    {
        if (!m_constantCopiesBuilt) {
            m_constantCopiesBuilt = true;
            for (size_t k = 0; k < G.ops.size(); ++k)
                if (G.ops[k].id == OpId::Constant && G.ops[k].duplicateOf >= 0)
                    m_constantCopies[G.ops[k].duplicateOf].push_back(int(k));
        }
        const auto it = m_constantCopies.find(canonical);
        if (it == m_constantCopies.end())
            return -1;
        for (int k : it->second)
            if (m.genToRef[size_t(k)] < 0)
                return k;
        return -1;
    }

    // Undoes match(r, g) of two ops without regions (rehomeChangedConstant).
    void unmatch(int r, int g)
    {
        m.refToGen[size_t(r)] = -1;
        m.genToRef[size_t(g)] = -1;
        --m.matchedOps;
        const GOp& a = rop(r);
        const GOp& b = gop(g);
        for (size_t k = 0; k < std::min(a.results.size(), b.results.size()); ++k) {
            const int rv = rcanon(a.results[k]), gv = gcanon(b.results[k]);
            if (m.refValToGen[size_t(rv)] == gv) {
                m.refValToGen[size_t(rv)] = -1;
                m.genValToRef[size_t(gv)] = -1;
            }
        }
    }

    // Users computing the same thing from corresponding values correspond.
    // Candidates are sorted by (key, position) in a reused vector: the first
    // free one in writing order wins, as with one FIFO per key.
    void bottomUp(int rv, int gv)
    {
        const auto& gusers = G.values[size_t(gv)].users;
        const auto& rusers = R.values[size_t(rv)].users;
        if (gusers.empty() || rusers.empty())
            return;
        if (std::none_of(gusers.begin(), gusers.end(), [&](int u) { return gfree(u); }))
            return;
        auto& cand = m_candidates;
        cand.clear();
        for (int ru : rusers) {
            uint64_t rk = 0;
            if (rfree(ru) && shapeKey(Side::Reference, ru, rk))
                cand.push_back({rk, ru});
        }
        if (cand.empty())
            return;
        // Users are listed in op order, so (key, op) keeps the writing order per key.
        std::sort(cand.begin(), cand.end(), [](const Candidate& a, const Candidate& b) {
            return a.key < b.key || (a.key == b.key && a.op < b.op);
        });
        for (int gu : gusers) {
            uint64_t gk = 0;
            if (!gfree(gu) || !shapeKey(Side::Generated, gu, gk))
                continue;
            auto it = std::lower_bound(cand.begin(), cand.end(), gk,
                                       [](const Candidate& c, uint64_t k) { return c.key < k; });
            for (; it != cand.end() && it->key == gk; ++it) {
                if (it->op >= 0 && rfree(it->op) && regionsCorrespond(it->op, gu)) {
                    const int ru = it->op;
                    it->op = -1;
                    match(ru, gu);
                    break;
                }
            }
        }
    }

    static bool placedAnywhere(const GOp& o)
    {
        return o.id == OpId::MakeTensorView || o.id == OpId::MakePartitionView;
    }

    // Memory ops whose operands are constants on both sides (a view's tile
    // indices) touch the same place only where those constants are equal: the
    // two halves of a tile stored at index 0 and 1 pair by index, not crosswise
    // by position. Others (a changed index among them) are left to the
    // pairing of what is left in the gap.
    bool sameConstantOperands(int r, int g) const
    {
        const GOp& a = rop(r);
        const GOp& b = gop(g);
        if (!isMemoryOp(a.id) || a.operands.size() != b.operands.size())
            return true;
        for (size_t i = 0; i < a.operands.size(); ++i) {
            const GValue& x = R.canonValue(a.operands[i]);
            const GValue& y = G.canonValue(b.operands[i]);
            if (x.def >= 0 && y.def >= 0 && rop(x.def).id == OpId::Constant &&
                gop(y.def).id == OpId::Constant && x.hash != y.hash)
                return false;
        }
        return true;
    }

    // Two operands that can correspond: each is the other's counterpart, or neither has one yet.
    bool operandsFit(int rv, int gv) const
    {
        const int x = rcanon(rv), y = gcanon(gv);
        return m.refValToGen[size_t(x)] == y ||
               (m.refValToGen[size_t(x)] < 0 && m.genValToRef[size_t(y)] < 0);
    }

    // Ops r and g read, in some position, a value whose counterpart is another one: paired,
    // that operand would differ although another pairing may read it (in a chain of two
    // changed ops, the reference's addf(mulf(x, a), x) is the port's addf(addf(x, a), x), not
    // its addf(x, a)). Commutative ops may read their operands either way round.
    bool operandsConflict(int r, int g) const
    {
        const IdList a = semanticOperands(rop(r));
        const IdList b = semanticOperands(gop(g));
        if (a.size() != b.size())
            return false;
        const auto fits = [&](bool crossed) {
            for (size_t i = 0; i < a.size(); ++i)
                if (!operandsFit(a[i], b[crossed && i < 2 ? 1 - i : i]))
                    return false;
            return true;
        };
        return !fits(false) && !(rop(r).commutative && gop(g).commutative && fits(true));
    }

    // A user of r's first result is paired with a user of g's.
    bool usersCorrespond(int r, int g) const
    {
        const GOp& a = rop(r);
        const GOp& b = gop(g);
        if (a.results.empty() || b.results.empty())
            return false;
        const auto& gusers = G.values[size_t(gcanon(b.results[0]))].users;
        for (int u : R.values[size_t(rcanon(a.results[0]))].users) {
            const int gu = m.refToGen[size_t(u)];
            if (gu >= 0 && std::find(gusers.begin(), gusers.end(), gu) != gusers.end())
                return true;
        }
        return false;
    }

    // A duplicate (what CSE merges) pairs with a written op of the other side
    // as a change that made an op equal to another one; not where the other
    // side writes that copy too (its canonical op's partner has a duplicate of
    // its own): there the copy is no change. layer_norm's b mask made to read
    // the w bound leaves the b bound's reshape unread; rstd's reshape, written
    // twice on both sides, is not it. Only a pair whose results differ in type is refused:
    // rope's store view, CSE-merged into the port's load view that lost its padding, still
    // pairs with the reference's store view (the same view type but for the padding).
    bool duplicateFits(int r, int g)
    {
        const GOp& a = rop(r);
        const GOp& b = gop(g);
        if (sameResultTypes(a, b))
            return true;
        if (a.duplicateOf >= 0 && b.duplicateOf < 0) {
            const int partner = m.refToGen[size_t(a.duplicateOf)];
            return partner < 0 || !hasCopy(Side::Generated, partner);
        }
        if (b.duplicateOf >= 0 && a.duplicateOf < 0) {
            const int partner = m.genToRef[size_t(b.duplicateOf)];
            return partner < 0 || !hasCopy(Side::Reference, partner);
        }
        return true;
    }

    bool sameResultTypes(const GOp& a, const GOp& b) const
    {
        if (a.results.size() != b.results.size())
            return false;
        for (size_t i = 0; i < a.results.size(); ++i)
            if (R.values[size_t(a.results[i])].typeText != G.values[size_t(b.results[i])].typeText)
                return false;
        return true;
    }

    // Whether an op of `side` is the canonical op of a duplicate (built on first use).
    bool hasCopy(Side side, int op)
    {
        std::vector<char>& copied = m_copied[side];
        if (copied.empty()) {
            const GFunction& f = side == Side::Reference ? R : G;
            copied.assign(f.ops.size(), 0);
            for (const GOp& o : f.ops)
                if (o.duplicateOf >= 0 && !o.assume)
                    copied[size_t(o.duplicateOf)] = 1;
        }
        return copied[size_t(op)] != 0;
    }

    void alignGap(const std::vector<int>& rAll, const std::vector<int>& gAll)
    {
        if (rAll.empty() || gAll.empty())
            return;
        // Two duplicates never pair: one side must be a real (participating) op.
        // Nor do two constants: a position says nothing about which value is which.
        auto same = [&](int r, int g) {
            return sameOp(rop(r), gop(g)) && (participates(rop(r)) || participates(gop(g))) &&
                   !semanticOperands(rop(r)).empty() && sameConstantOperands(r, g) &&
                   duplicateFits(r, g);
        };
        // Equal heads pair up in order (as the LCS backtrack would) in linear
        // time; only the rest needs the quadratic table.
        std::vector<std::pair<int, int>> pairs;
        size_t head = 0;
        while (head < rAll.size() && head < gAll.size() && same(rAll[head], gAll[head])) {
            pairs.emplace_back(rAll[head], gAll[head]);
            ++head;
        }
        const std::vector<int> ra(rAll.begin() + long(head), rAll.end());
        const std::vector<int> ga(gAll.begin() + long(head), gAll.end());
        const size_t n = ra.size(), k = ga.size();
        if (n == 0 || k == 0) {
        } else if (n * k <= 250000) {
            std::vector<uint32_t> dp((n + 1) * (k + 1), 0);
            auto at = [&](size_t i, size_t j) -> uint32_t& { return dp[i * (k + 1) + j]; };
            for (size_t i = n; i-- > 0;)
                for (size_t j = k; j-- > 0;)
                    at(i, j) = same(ra[i], ga[j]) ? at(i + 1, j + 1) + 1
                                                  : std::max(at(i + 1, j), at(i, j + 1));
            size_t i = 0, j = 0;
            while (i < n && j < k) {
                // Of two pairings as long, the one whose operands can correspond: in a chain
                // of two changed ops, the reference's addf(mulf(x, a), x) pairs with the
                // port's addf(addf(x, a), x), not with its addf(x, a).
                const bool pairable = same(ra[i], ga[j]);
                if (pairable && operandsConflict(ra[i], ga[j]) && at(i, j + 1) == at(i, j)) {
                    ++j;
                } else if (pairable && operandsConflict(ra[i], ga[j]) && at(i + 1, j) == at(i, j)) {
                    ++i;
                } else if (pairable) {
                    pairs.emplace_back(ra[i++], ga[j++]);
                } else if (at(i + 1, j) >= at(i, j + 1)) {
                    ++i;
                } else {
                    ++j;
                }
            }
        } else {
            // Too large for a quadratic table: pair same-named ops in order.
            std::unordered_map<std::string_view, std::deque<int>> byName;
            for (int o : ga)
                if (participates(gop(o)) && !semanticOperands(gop(o)).empty())
                    byName[gop(o).name].push_back(o);
            for (int o : ra) {
                if (!participates(rop(o)) || semanticOperands(rop(o)).empty())
                    continue;
                auto it = byName.find(rop(o).name);
                if (it != byName.end() && !it->second.empty()) {
                    pairs.emplace_back(o, it->second.front());
                    it->second.pop_front();
                }
            }
        }
        for (const auto& [r, g] : pairs)
            if (rfreeOrder(r) && gfreeOrder(g))
                match(r, g);
        // What is left in the gap pairs up when it computes the same kind of value.
        std::vector<int> rl, gl;
        for (int o : rAll)
            if (rfreeOrder(o))
                rl.push_back(o);
        for (int o : gAll)
            if (gfreeOrder(o))
                gl.push_back(o);
        // Ops of one name first (a store left over pairs with the store, not
        // with a join_tokens that also yields a token), then any compatible ones.
        pairInOrder(rl, gl, PairBy::SameName);
        pairInOrder(rl, gl, PairBy::CompatibleValue);
    }

    // What a left-over op pairs with in pairInOrder's pass.
    enum class PairBy
    {
        SameName,       // an op of its name
        CompatibleValue // any op computing the same kind of value
    };

    // How many ops past the first fitting one pairInOrder looks at for one that feeds the same.
    static constexpr size_t kLookAhead = 8;

    void pairInOrder(const std::vector<int>& rl, const std::vector<int>& gl, PairBy by)
    {
        size_t j = 0;
        for (int r : rl) {
            if (!rfreeOrder(r) || semanticOperands(rop(r)).empty())
                continue;
            const auto fits = [&](int g) {
                return gfreeOrder(g) &&
                       (by == PairBy::SameName ? sameOp(rop(r), gop(g)) : compatible(r, g)) &&
                       (participates(rop(r)) || participates(gop(g))) &&
                       !semanticOperands(gop(g)).empty() && duplicateFits(r, g);
            };
            size_t k = j;
            while (k < gl.size() && !fits(gl[k]))
                ++k;
            // Where a later fitting op feeds what r feeds (the op both stores read) and the
            // first does not, that one: an op the port inserted before a changed op (x * 1
            // with flush_to_zero) stays an op of its own instead of hiding the change.
            if (k < gl.size() && !usersCorrespond(r, gl[k]))
                for (size_t later = k + 1; later < gl.size() && later <= k + kLookAhead; ++later)
                    if (fits(gl[later]) && usersCorrespond(r, gl[later])) {
                        k = later;
                        break;
                    }
            if (k == gl.size()) {
                if (by == PairBy::SameName)
                    continue; // the next reference op may still find its name
                break;
            }
            match(r, gl[k]);
            j = k + 1;
        }
    }

    void matchByOrder(std::pair<int, int> pair, bool structureOnly)
    {
        const auto& rops = R.regions[size_t(pair.first)].ops;
        const auto& gops = G.regions[size_t(pair.second)].ops;
        std::vector<int> rl, gl;
        auto wanted = [&](const GOp& o) { return !structureOnly || !o.regions.empty(); };
        // Nothing left to align on one side (the common case once hashes matched).
        if (std::none_of(rops.begin(), rops.end(),
                         [&](int o) { return rfreeOrder(o) && wanted(rop(o)); }) ||
            std::none_of(gops.begin(), gops.end(),
                         [&](int o) { return gfreeOrder(o) && wanted(gop(o)); }))
            return;
        rl.reserve(rops.size()); // one allocation each instead of a doubling series
        gl.reserve(gops.size());
        for (int o : rops)
            if (orderable(rop(o)) && (wanted(rop(o)) || m.refToGen[size_t(o)] >= 0))
                rl.push_back(o);
        for (int o : gops)
            if (orderable(gop(o)) && (wanted(gop(o)) || m.genToRef[size_t(o)] >= 0)) {
                m_gpos[size_t(o)] = int(gl.size());
                gl.push_back(o);
            }
        // Anchors: already matched pairs inside this region pair, in order on both sides.
        // Not leaves (constants, folded casts, iota) nor views of a tensor: each compiler
        // places them anywhere before their first use, and one hoisted above a
        // computation would cut the two sides' order there (rope's output view, written
        // between the two halves' reshapes on one side, paired them crosswise).
        std::vector<int> anchorRefIdx, anchorGenPos;
        anchorRefIdx.reserve(std::min(rl.size(), gl.size()));
        anchorGenPos.reserve(std::min(rl.size(), gl.size()));
        for (size_t i = 0; i < rl.size(); ++i) {
            const int g = m.refToGen[size_t(rl[i])];
            if (g >= 0 && m_gpos[size_t(g)] >= 0 && !semanticOperands(rop(rl[i])).empty() &&
                !semanticOperands(gop(g)).empty() && !placedAnywhere(rop(rl[i]))) {
                anchorRefIdx.push_back(int(i));
                anchorGenPos.push_back(m_gpos[size_t(g)]);
            }
        }
        for (int o : gl)
            m_gpos[size_t(o)] = -1;
        const auto chain = longestIncreasing(anchorGenPos);
        int ri = 0, gi = 0;
        std::vector<int> ra, ga; // one pair of lists for all gaps (cleared, capacity kept)
        auto gap = [&](int rEnd, int gEnd) {
            ra.clear();
            ga.clear();
            for (int i = ri; i < rEnd; ++i)
                if (rfreeOrder(rl[size_t(i)]))
                    ra.push_back(rl[size_t(i)]);
            for (int j = gi; j < gEnd; ++j)
                if (gfreeOrder(gl[size_t(j)]))
                    ga.push_back(gl[size_t(j)]);
            alignGap(ra, ga);
        };
        for (size_t c : chain) {
            gap(anchorRefIdx[c], anchorGenPos[c]);
            ri = anchorRefIdx[c] + 1;
            gi = anchorGenPos[c] + 1;
        }
        gap(int(rl.size()), int(gl.size()));
    }

    const GFunction& R;
    const GFunction& G;
    OpMatching m;
    std::deque<std::pair<int, int>> m_queue;      // matched op pairs
    std::deque<std::pair<int, int>> m_valueQueue; // newly corresponding values
    std::deque<std::pair<int, int>> m_byName;     // producers sharing only a name (topDown)
    std::unordered_map<int, std::vector<int>> m_constantCopies; // freeConstantCopy
    bool m_constantCopiesBuilt = false;
    PerSide<std::vector<char>> m_copied; // hasCopy
    struct Candidate
    {
        uint64_t key;
        int op;
    };
    std::vector<Candidate> m_candidates; // bottomUp scratch
    std::vector<int> m_next;             // bucket lists, by reference op
    std::vector<int> m_gpos;             // matchByOrder scratch: op -> position, else -1
    FlatHashMap<int> m_invariantSurplus; // countInvariantComputations
};

} // namespace

OpMatching matchOps(const GFunction& ref, const GFunction& gen)
{
    return Matcher(ref, gen).run();
}

} // namespace tilelens::diff
