#include "diff/semantics/Normalizer.h"

#include "diff/graph/FlatHashMap.h"
#include "diff/graph/Hashing.h"
#include "diff/semantics/SemanticForm.h"
#include "diff/semantics/Semantics.h"

#include <algorithm>
#include <functional>

namespace tilelens::diff {

namespace {

constexpr uint64_t kTagArg = 0xA5A5;
constexpr uint64_t kTagResult = 0x5A5A;

class Normalizer
{
public:
    explicit Normalizer(GFunction& g)
        : m_g(g), m_sem(g), m_scopes(g.ops.size()), m_argDep(g.values.size(), false)
    {
    }

    void run()
    {
        for (size_t v = 0; v < m_g.values.size(); ++v) {
            m_g.values[v].canon = int(v);
            m_g.values[v].users = {};
        }
        m_sem.collectFacts();
        if (!m_g.regions.empty())
            region(0);
        collectUsers();
        markLive();
    }

private:
    GValue& val(int v) { return m_g.values[size_t(v)]; }
    GValue& canon(int v) { return val(val(v).canon); }

    uint64_t regionHash(int r)
    {
        GRegion& reg = m_g.regions[size_t(r)];
        const uint64_t parentName = reg.parentOp >= 0 ? m_g.ops[size_t(reg.parentOp)].nameHash : 0;
        for (size_t i = 0; i < reg.args.size(); ++i) {
            GValue& a = val(reg.args[i]);
            uint64_t h = hashMix(kTagArg, uint64_t(reg.depth));
            h = hashMix(h, reg.parentOp < 0 ? size_t(m_g.entryArgSlot(i)) : i);
            h = hashMix(h, parentName);
            h = hashMix(h, uint64_t(reg.index));
            h = hashMix(h, a.typeHash);
            // Entry arguments are the same in every region (ops on them may be
            // hoisted anywhere); one bound to a constant is that constant.
            const uint64_t bound = reg.parentOp < 0 ? m_sem.specialisedArgHash(reg.args[i]) : 0;
            a.hash = bound ? bound : h;
            m_argDep[size_t(reg.args[i])] = reg.parentOp >= 0;
        }
        m_sem.regionArgRanges(r);
        // Nested regions reuse the tail of one scratch vector (no allocation per region).
        const size_t base = m_opHashes.size();
        for (int o : reg.ops) {
            op(o);
            // What a body computes is what it yields and what it does: its
            // terminator and side effects. Pure ops count through their
            // dataflow into those, so dead ops, assumes and values computed
            // here rather than hoisted before the loop do not change it.
            const GOp& done = m_g.ops[size_t(o)];
            if (done.duplicateOf < 0 && !done.pure && !done.assume)
                m_opHashes.push_back(done.hash);
        }
        // Independent ops may come in any order: combine the body as a multiset.
        std::sort(m_opHashes.begin() + long(base), m_opHashes.end());
        uint64_t h = hashMix(0x7E57, reg.args.size());
        for (size_t i = base; i < m_opHashes.size(); ++i)
            h = hashMix(h, m_opHashes[i]);
        m_opHashes.resize(base);
        return h;
    }

    void region(int r) { (void)regionHash(r); }

    // One table for all regions' scopes, keyed by (region, hash).
    static uint64_t scopeKey(int region, uint64_t hash) { return hashMix(hash, uint64_t(region)); }

    int findInScope(int region, uint64_t key) const
    {
        while (region >= 0) {
            if (const int* found = m_scopes.find(scopeKey(region, key)))
                return *found;
            const int parentOp = m_g.regions[size_t(region)].parentOp;
            region = parentOp >= 0 ? m_g.ops[size_t(parentOp)].region : -1;
        }
        return -1;
    }

    void op(int id)
    {
        uint64_t bodies = 0;
        for (int r : m_g.ops[size_t(id)].regions)
            bodies = hashMix(bodies, regionHash(r));
        GOp& o = m_g.ops[size_t(id)];
        // A memory op or other side effect inside a region stays there (its
        // result depends on where it runs); one in the body is computed once.
        bool dep = !o.regions.empty() || (!o.pure && !o.assume && o.region != 0);
        for (int v : o.operands)
            dep = dep || m_argDep[size_t(val(v).canon)];
        o.dependsOnArgs = dep;

        // The normal form: identities folded away, splats, affine constant
        // chains and fact-guarded rewrites hashed by what they compute.
        const SemanticForm form = o.regions.empty() ? m_sem.form(id) : m_sem.regionForm(id);
        o.proofConditional = form.conditional;
        if (form.alias >= 0) {
            o.folded = true;
            o.proof = form.proof;
            o.hash = hashMix(genericHash(o, false, bodies), 0xF01D);
            const int target = val(form.alias).canon;
            val(o.results[0]).canon = target;
            val(o.results[0]).hash = val(target).hash;
            m_argDep[size_t(o.results[0])] = m_argDep[size_t(target)];
            return;
        }
        const uint64_t h = form.custom
                               ? form.hash
                               : genericHash(o, form.signNeutral, bodies, form.roundingNeutral);
        o.hash = h;
        o.signNeutral = form.signNeutral;
        if (!form.proof.empty())
            o.proof = form.proof;

        if (o.assume) {
            // `assume` only annotates: its result is its operand.
            const int inner = val(o.operands[0]).canon;
            const int res = o.results[0];
            val(res).canon = inner;
            val(res).hash = val(inner).hash;
            m_argDep[size_t(res)] = m_argDep[size_t(inner)];
            const int rep = findInScope(o.region, h);
            if (rep >= 0)
                o.duplicateOf = rep;
            else
                m_scopes.insert(scopeKey(o.region, h), id);
            return;
        }
        if (o.pure || form.custom) {
            const int rep = findInScope(o.region, h);
            if (rep >= 0 && m_g.ops[size_t(rep)].results.size() == o.results.size()) {
                o.duplicateOf = rep;
                for (size_t k = 0; k < o.results.size(); ++k) {
                    const int repValue = val(m_g.ops[size_t(rep)].results[k]).canon;
                    val(o.results[k]).canon = repValue;
                    val(o.results[k]).hash = val(repValue).hash;
                    m_argDep[size_t(o.results[k])] = dep;
                    m_sem.mergeFacts(o.results[k], repValue);
                }
                return;
            }
            m_scopes.insert(scopeKey(o.region, h), id);
            for (size_t k = 0; k < o.results.size(); ++k) {
                val(o.results[k]).hash = resultHash(h, k);
                m_argDep[size_t(o.results[k])] = dep;
            }
            m_sem.describeResults(id);
            return;
        }
        // Side-effecting ops are distinct even when written identically.
        const uint64_t occurrence = m_occurrences[h]++;
        for (size_t k = 0; k < o.results.size(); ++k) {
            val(o.results[k]).hash = hashMix(hashMix(hashMix(kTagResult, h), occurrence), k);
            m_argDep[size_t(o.results[k])] = dep;
        }
        m_sem.describeResults(id);
    }

    // Name, attributes (signedness left out where proven irrelevant), hints,
    // result types, operand identities (commutative ones ordered; root tokens
    // and the padding of a masked gather left out) and bodies.
    uint64_t genericHash(const GOp& o, bool signNeutral, uint64_t bodies,
                         bool roundingNeutral = false)
    {
        uint64_t h = o.nameHash;
        for (const auto& a : o.attrs)
            if (!(signNeutral && isSignednessAttr(a.name)) &&
                !(roundingNeutral && a.name == "rounding"))
                h = hashMix(h, a.hash);
        for (const auto& a : o.hints)
            h = hashMix(h, a.hash);
        for (int r : o.results)
            h = hashMix(h, val(r).typeHash);
        if (o.commutative) {
            h = hashMix(h, o.operands.size());
            uint64_t a = canon(o.operands[0]).hash, b = canon(o.operands[1]).hash;
            if (b < a)
                std::swap(a, b);
            h = hashMix(hashMix(h, a), b);
            for (size_t i = 2; i < o.operands.size(); ++i) // fma's addend
                h = hashMix(h, canon(o.operands[i]).hash);
        } else {
            size_t counted = 0;
            for (size_t i = 0; i < o.operands.size(); ++i) {
                if (!m_sem.orderingOnlyOperand(o, i)) {
                    h = hashMix(h, canon(o.operands[i]).hash);
                    ++counted;
                }
            }
            h = hashMix(h, counted);
        }
        if (!o.regions.empty())
            h = hashMix(h, bodies);
        return h;
    }

    // Users per canonical value, stored back to back in the arena (counted first).
    void collectUsers()
    {
        std::vector<int> count(m_g.values.size(), 0), last(m_g.values.size(), -1);
        size_t total = 0;
        for (size_t id = 0; id < m_g.ops.size(); ++id) {
            const GOp& o = m_g.ops[id];
            if (o.duplicateOf >= 0 || o.folded)
                continue;
            for (int v : semanticOperands(o)) {
                const int c = val(v).canon;
                if (last[size_t(c)] != int(id)) {
                    last[size_t(c)] = int(id);
                    ++count[size_t(c)];
                    ++total;
                }
            }
        }
        if (total == 0)
            return;
        int* pool = static_cast<int*>(m_g.arena->allocate(sizeof(int) * total, alignof(int)));
        for (size_t v = 0; v < m_g.values.size(); ++v) {
            m_g.values[v].users = {pool, 0};
            pool += count[v];
        }
        for (size_t id = 0; id < m_g.ops.size(); ++id) {
            const GOp& o = m_g.ops[id];
            if (o.duplicateOf >= 0 || o.folded)
                continue;
            for (int v : semanticOperands(o)) {
                IdList& users = canon(v).users;
                if (users.empty() || users.back() != int(id)) {
                    users = {users.data(), users.size() + 1};
                    users.back() = int(id);
                }
            }
        }
    }

    static IdList semanticOperands(const GOp& o)
    {
        return o.hasSemOperands ? o.semOperands : o.operands;
    }

    // A weak load only reads memory: it is live when a live op uses its tile or its token,
    // else dead (reported as a dead load, not paired with the other side's live load).
    static bool isWeakLoad(const GOp& o)
    {
        if (o.id != OpId::LoadViewTko && o.id != OpId::LoadPtrTko)
            return false;
        const GAttr* ordering = findAttr(o, "memory_ordering");
        return ordering && ordering->value == "weak";
    }

    bool isRoot(const GOp& o) const { return o.duplicateOf < 0 && !o.pure && !isWeakLoad(o); }

    void markLive()
    {
        for (auto& o : m_g.ops)
            o.live = false;
        std::vector<int> stack;
        auto pushRoots = [&](int region) {
            for (int o : m_g.regions[size_t(region)].ops)
                if (isRoot(m_g.ops[size_t(o)]))
                    stack.push_back(o);
        };
        if (!m_g.regions.empty())
            pushRoots(0);
        while (!stack.empty()) {
            const int id = stack.back();
            stack.pop_back();
            GOp& o = m_g.ops[size_t(id)];
            if (o.live || o.duplicateOf >= 0)
                continue;
            o.live = true;
            for (int v : semanticOperands(o)) {
                const int def = canon(v).def;
                if (def >= 0)
                    stack.push_back(def);
                // An assume's operand chain stays alive through the assume.
                const int written = val(v).def;
                if (written >= 0 && m_g.ops[size_t(written)].assume)
                    stack.push_back(written);
            }
            for (int r : o.regions)
                pushRoots(r);
            const int parent = m_g.regions[size_t(o.region)].parentOp;
            if (parent >= 0)
                stack.push_back(parent);
        }
    }

    GFunction& m_g;
    SemanticNormalizer m_sem;
    FlatHashMap<int> m_scopes;
    std::vector<uint8_t> m_argDep; // bytes, not bits: read and written per operand and result
    FlatHashMap<uint64_t> m_occurrences;
    std::vector<uint64_t> m_opHashes;
};

} // namespace

void normalizeGraph(GFunction& g)
{
    Normalizer(g).run();
}

void resetNormalForm(GFunction& g)
{
    for (GOp& o : g.ops) {
        o.live = true;
        o.dependsOnArgs = false;
        o.duplicateOf = -1;
        o.hash = 0;
        o.proof = {};
        o.proofConditional = false;
        o.semOperands = {};
        o.formId = OpId::Unknown;
        o.hasSemOperands = false;
        o.folded = false;
    }
    for (GValue& v : g.values) {
        v.canon = -1;
        v.hash = 0;
        v.users = {};
        v.range = IntRange{};
    }
}

} // namespace tilelens::diff
