#include "diff/compare/MemoryOperands.h"

#include "diff/compare/AssumeFacts.h"
#include "diff/compare/PaddingFacts.h"
#include "diff/semantics/Semantics.h"
#include "ir/OpInfo.h"

#include <unordered_set>

namespace tilelens::diff {

namespace {

bool rootToken(const GFunction& f, int v)
{
    const int def = f.canonValue(v).def;
    return def >= 0 && f.ops[size_t(def)].id == OpId::MakeToken;
}

std::string describe(const GFunction& f, int v)
{
    if (v < 0)
        return "none";
    const GValue& c = f.canonValue(v);
    if (c.def < 0)
        return "block argument " + std::to_string(c.index);
    const GOp& o = f.ops[size_t(c.def)];
    return std::string(o.name) + " at line " + std::to_string(o.line);
}

// A padding operand: its splat constant when it is one ("<f32: 0.0> at line 47").
std::string describePadding(const GFunction& f, int v)
{
    int x = f.values[size_t(v)].canon;
    for (int depth = 0; depth < 8 && f.values[size_t(x)].def >= 0; ++depth) {
        const GOp& o = f.ops[size_t(f.values[size_t(x)].def)];
        if ((o.id == OpId::Reshape || o.id == OpId::Broadcast) && !o.operands.empty()) {
            x = f.values[size_t(o.operands[0])].canon;
            continue;
        }
        if (o.id == OpId::Constant)
            if (const GAttr* a = findAttr(o, "value"); a && !splatScalar(a->value).empty())
                return std::string(splatScalar(a->value)) + " (constant at line " +
                       std::to_string(o.line) + ")";
        break;
    }
    return describe(f, v);
}

bool laneWise(OpId n)
{
    return isOneOf(n, {OpId::FToF,    OpId::NegF, OpId::Exp,  OpId::Exp2, OpId::AddF, OpId::SubF,
                       OpId::MulF,    OpId::DivF, OpId::MaxF, OpId::MinF, OpId::TanH, OpId::Sqrt,
                       OpId::Rsqrt,   OpId::Fma,  OpId::AbsF, OpId::IToF, OpId::FToI, OpId::Select,
                       OpId::Bitcast, OpId::Log,  OpId::Log2, OpId::Pow,  OpId::Sin,  OpId::Cos,
                       OpId::Floor,   OpId::Ceil});
}

// `mask` is `load` itself or a conjunct of an andi tree.
bool implies(const GFunction& f, int mask, int loadMask, int depth = 0)
{
    mask = f.values[size_t(mask)].canon;
    if (mask == loadMask)
        return true;
    const int def = f.values[size_t(mask)].def;
    if (def < 0 || depth > 8 || f.ops[size_t(def)].id != OpId::AndI)
        return false;
    for (int v : f.ops[size_t(def)].operands)
        if (implies(f, v, loadMask, depth + 1))
            return true;
    return false;
}

// What a walk over a gather's lanes does at a store they reach.
enum class AtStore
{
    Continue,
    Stop,
};

// Follows the lanes of gather `o`'s result through lane-wise ops (at most 256 values); each
// store they reach goes to `atStore(value, store op)`. False when a lane reaches anything else,
// the walk grows too large or `atStore` stops it.
template <class AtStoreFn>
bool walkLanesToStores(const GFunction& f, const GOp& o, AtStoreFn atStore)
{
    std::vector<int> work = {f.values[size_t(o.results[0])].canon};
    std::unordered_set<int> seen;
    while (!work.empty()) {
        const int v = work.back();
        work.pop_back();
        if (!seen.insert(v).second)
            continue;
        if (seen.size() > 256)
            return false;
        for (int u : f.values[size_t(v)].users) {
            const GOp& user = f.ops[size_t(u)];
            if (user.id == OpId::StorePtrTko) {
                if (atStore(v, u) == AtStore::Stop)
                    return false;
                continue;
            }
            if (!laneWise(user.id) || user.results.empty())
                return false;
            work.push_back(f.values[size_t(user.results[0])].canon);
        }
    }
    return true;
}

// The masked-off lanes of `load` (op) only reach lane-wise ops and stores
// under a mask that implies the load's (`sameMask`): they are never observed.
// Without `sameMask`, any masked store is accepted: the lanes then reach
// memory only where the store's mask admits a lane the load's excludes.
bool paddingUnobservable(const GFunction& f, int load, bool sameMask = true)
{
    const GOp& o = f.ops[size_t(load)];
    const MemoryRoles roles = memoryRoles(f, o);
    if (roles.main.size() < 2)
        return true; // no mask: every lane is read, a padding value is never used
    if (o.results.empty())
        return false;
    const int loadMask = f.values[size_t(roles.main[1])].canon;
    return walkLanesToStores(f, o, [&](int v, int store) {
        const MemoryRoles s = memoryRoles(f, f.ops[size_t(store)]);
        const bool observed = s.main.size() < 3 || f.values[size_t(s.main[0])].canon == v ||
                              (sameMask && !implies(f, s.main[2], loadMask));
        return observed ? AtStore::Stop : AtStore::Continue;
    });
}

// Why a padding difference ("padding", "padding value") cannot be seen, or
// that a reduction or a non-lane-wise op reads the padded lanes.
void explainPaddingLanes(const GFunction& R, int r, const GFunction& G, int g, bool unmasked,
                         RawDifference& d)
{
    if (unmasked)
        d.proof = "the gather has no mask: every lane is read, so the padding value is never "
                  "used";
    else if (paddingUnobservable(R, r) && paddingUnobservable(G, g))
        d.proof = "the masked-off lanes only reach lane-wise ops and stores under a mask "
                  "that implies the load's: no padded lane is ever stored";
    else if (!paddingUnobservable(R, r, false) || !paddingUnobservable(G, g, false))
        d.attribute += " read by a reduction or a non-lane-wise op";
}

} // namespace

// Op `load` (a gather) is ordered by `token` after a store through the same
// pointer tile (by normal form; a loop-carried token brings the previous
// iteration's store): dropping that order lets the read miss the write.
bool readsWhatItsTokenWrote(const GFunction& f, int load, int token)
{
    const GOp& o = f.ops[size_t(load)];
    if (o.id != OpId::LoadPtrTko || token < 0)
        return false;
    const MemoryRoles read = memoryRoles(f, o);
    if (read.main.empty())
        return false;
    const uint64_t place = f.canonValue(read.main[0]).hash;
    std::vector<int> work = {token};
    std::unordered_set<int> seen;
    while (!work.empty() && seen.size() < 64) {
        const int v = f.values[size_t(work.back())].canon;
        work.pop_back();
        if (!seen.insert(v).second)
            continue;
        const GValue& tv = f.values[size_t(v)];
        if (tv.def < 0) {
            // An iter value of a loop body: its initial value and what `continue` carries.
            const int loop = tv.region >= 0 ? f.regions[size_t(tv.region)].parentOp : -1;
            if (loop < 0 || f.ops[size_t(loop)].id != OpId::For || tv.index < 1)
                continue;
            const GOp& l = f.ops[size_t(loop)];
            const size_t k = size_t(tv.index - 1);
            if (k + 3 < l.operands.size())
                work.push_back(l.operands[k + 3]);
            const GRegion& body = f.regions[size_t(l.regions[0])];
            if (!body.ops.empty()) {
                const GOp& last = f.ops[size_t(body.ops.back())];
                if (last.id == OpId::Continue && k < last.operands.size())
                    work.push_back(last.operands[k]);
            }
            continue;
        }
        const GOp& d = f.ops[size_t(tv.def)];
        if (d.id == OpId::JoinTokens) {
            for (int x : d.operands)
                work.push_back(x);
        } else if (d.id == OpId::StorePtrTko) {
            const MemoryRoles write = memoryRoles(f, d);
            if (!write.main.empty() && f.canonValue(write.main[0]).hash == place)
                return true;
        }
    }
    return false;
}

int unmaskedStoreOfPadding(const GFunction& f, int load)
{
    const GOp& o = f.ops[size_t(load)];
    if (memoryRoles(f, o).main.size() < 2 || o.results.empty())
        return -1; // no mask: no lane is padded
    int found = -1;
    const bool reachesOnlyStores = walkLanesToStores(f, o, [&](int v, int store) {
        const MemoryRoles s = memoryRoles(f, f.ops[size_t(store)]);
        if (s.main.empty() || f.values[size_t(s.main[0])].canon == v)
            return AtStore::Stop; // the lanes address memory
        if (s.main.size() >= 3)
            return AtStore::Continue; // a masked store: not this question
        if (found >= 0 && found != store)
            return AtStore::Stop;
        found = store;
        return AtStore::Continue;
    });
    return reachesOnlyStores ? found : -1;
}

namespace {

// Every use of constant `op`'s value (through reshape and broadcast) is the padding operand of a
// gather whose padded lanes are never observed (paddingUnobservable), and there is one.
bool onlyUnobservedPadding(const GFunction& f, int op)
{
    const GOp& c = f.ops[size_t(op)];
    if (c.results.empty())
        return false;
    std::vector<int> work = {f.values[size_t(c.results[0])].canon};
    std::unordered_set<int> seen;
    int gathers = 0;
    while (!work.empty()) {
        const int v = work.back();
        work.pop_back();
        if (!seen.insert(v).second)
            continue;
        if (seen.size() > 64)
            return false;
        for (int u : f.values[size_t(v)].users) {
            const GOp& user = f.ops[size_t(u)];
            if (!user.live)
                continue;
            if ((user.id == OpId::Reshape || user.id == OpId::Broadcast) && !user.results.empty()) {
                work.push_back(f.values[size_t(user.results[0])].canon);
                continue;
            }
            const MemoryRoles roles =
                user.id == OpId::LoadPtrTko ? memoryRoles(f, user) : MemoryRoles();
            if (roles.padding < 0 || roles.main.size() < 2 ||
                f.values[size_t(roles.padding)].canon != v || !paddingUnobservable(f, u))
                return false;
            // The padding operand only, not the address or the mask.
            for (int operand : roles.main)
                if (f.values[size_t(operand)].canon == v)
                    return false;
            ++gathers;
        }
    }
    return gathers > 0;
}

} // namespace

std::string unobservedPaddingConstantProof(const GFunction& R, int r, const GFunction& G, int g)
{
    if (R.ops[size_t(r)].id != OpId::Constant || G.ops[size_t(g)].id != OpId::Constant ||
        !onlyUnobservedPadding(R, r) || !onlyUnobservedPadding(G, g))
        return {};
    return "used only as the padding of masked gathers whose masked-off lanes only reach "
           "lane-wise ops and stores under a mask that implies the load's: no padded lane is "
           "ever stored, so the padding value is never observed";
}

namespace {

// The index j the reference's operand i was swapped with (the generated op reads ref[i] at j
// and ref[j] at i, neither in place), -1 when none.
template <typename Corresponds>
int swappedIndex(const std::vector<int>& ref, const std::vector<int>& gen, size_t i,
                 const Corresponds& corresponds)
{
    for (size_t j = 0; j < ref.size() && j < gen.size(); ++j)
        if (j != i && !corresponds(ref[j], gen[j]) && corresponds(ref[i], gen[j]) &&
            corresponds(ref[j], gen[i]))
            return int(j);
    return -1;
}

} // namespace

void compareMemoryOperands(const GFunction& R, int r, const GFunction& G, int g,
                           const OpMatching& m, std::vector<RawDifference>& out)
{
    const MemoryRoles a = memoryRoles(R, R.ops[size_t(r)]);
    const MemoryRoles b = memoryRoles(G, G.ops[size_t(g)]);
    auto corresponds = [&](int rv, int gv) {
        return m.refValToGen[size_t(R.values[size_t(rv)].canon)] == G.values[size_t(gv)].canon;
    };
    if (a.main.size() != b.main.size()) {
        auto d = makeDifference(DiffKind::OperandChanged, R, r, G, g);
        d.attribute = "operand_count";
        d.refValue = std::to_string(R.ops[size_t(r)].operands.size());
        d.genValue = std::to_string(G.ops[size_t(g)].operands.size());
        out.push_back(d);
    } else {
        std::vector<char> reported(a.main.size(), 0);
        for (size_t i = 0; i < a.main.size(); ++i) {
            if (reported[i] || corresponds(a.main[i], b.main[i]))
                continue;
            auto d = makeDifference(DiffKind::OperandChanged, R, r, G, g);
            d.operandIndex = int(i);
            d.attribute = "operand " + std::to_string(i);
            // Two indices written in each other's place ([0, cur] for [cur, 0]) are one
            // mistake, reported once (issue 30 item 1).
            if (const int j = swappedIndex(a.main, b.main, i, corresponds); j >= 0) {
                reported[size_t(j)] = 1;
                d.attribute =
                    "operands " + std::to_string(i) + " and " + std::to_string(j) + " swapped:";
            }
            d.refValue = describe(R, a.main[i]);
            d.genValue = describe(G, b.main[i]);
            out.push_back(d);
        }
    }
    if ((a.token < 0) != (b.token < 0) ||
        (a.token >= 0 && b.token >= 0 && !corresponds(a.token, b.token))) {
        auto d = makeDifference(DiffKind::OperandChanged, R, r, G, g);
        d.attribute = "token";
        d.refValue = describe(R, a.token);
        d.genValue = describe(G, b.token);
        const bool ra = a.token < 0 || rootToken(R, a.token);
        const bool gb = b.token < 0 || rootToken(G, b.token);
        if (ra && gb)
            d.proof = "both sides order this access by a fresh root token or none: a root token "
                      "orders it after no other memory op, as no token does";
        else if (gb && readsWhatItsTokenWrote(R, r, a.token))
            d.attribute = "token (it orders this read after a write through the same pointer)";
        else if (ra && readsWhatItsTokenWrote(G, g, b.token))
            d.attribute = "token (the generated side orders this read after a write through the "
                          "same pointer, the reference does not)";
        out.push_back(d);
    }
    // By normal form, not by the matching: a padding splat built the same way on both sides
    // (reshape, broadcast) from other values is paired op by op, yet pads with another value.
    if (a.padding >= 0 && b.padding >= 0 &&
        R.canonValue(a.padding).hash != G.canonValue(b.padding).hash) {
        // Both pad, with other values: the masked-off lanes differ.
        auto d = makeDifference(DiffKind::OperandChanged, R, r, G, g);
        d.attribute = "padding value";
        d.refValue = describePadding(R, a.padding);
        d.genValue = describePadding(G, b.padding);
        explainPaddingLanes(R, r, G, g, a.main.size() < 2 && b.main.size() < 2, d);
        // The generated side never stores a padded lane: its padding value reaches none of its
        // results, so it computes what it would with the reference's value. Where the
        // reference stores its padded lanes, the store masks differ, compared at the store
        // (issue 30 item 4: silu_and_mul's a-load padded with 1.0).
        if (d.proof.empty() && paddingUnobservable(G, g))
            d.proof = "the generated side's masked-off lanes only reach lane-wise ops and stores "
                      "under a mask that implies its load's: its padding value reaches no "
                      "result, as with the reference's value (the store masks are compared at "
                      "the stores)";
        if (d.proof.empty())
            d.proof = paddedLanesStoreAlike(R, a.padding, G, g, b.padding);
        out.push_back(d);
    }
    if ((a.padding < 0) != (b.padding < 0)) {
        auto d = makeDifference(DiffKind::OperandChanged, R, r, G, g);
        d.attribute = "padding";
        d.refValue = a.padding < 0 ? std::string("none") : describePadding(R, a.padding);
        d.genValue = b.padding < 0 ? std::string("none") : describePadding(G, b.padding);
        const bool unmasked = (a.padding >= 0 ? a : b).main.size() < 2;
        const bool selected = a.padding >= 0
                                  ? paddingSelect(G, g, R.canonValue(a.padding).hash) >= 0
                                  : paddingSelect(R, r, G.canonValue(b.padding).hash) >= 0;
        if (selected)
            d.proof = "every use of the load without padding selects the other side's padding "
                      "value into the masked-off lanes (select(mask, load, c)): the same lanes "
                      "as the padded load";
        else
            explainPaddingLanes(R, r, G, g, unmasked, d);
        out.push_back(d);
    }
}

namespace {

// Whether value `v` is computed (through op operands, never through tokens) from
// result `result` of op `load`.
bool computedFrom(const GFunction& f, int v, int load, int result)
{
    std::vector<int> work = {f.values[size_t(v)].canon};
    std::unordered_set<int> seen;
    while (!work.empty()) {
        const int x = work.back();
        work.pop_back();
        if (!seen.insert(x).second)
            continue;
        if (seen.size() > 4096)
            return false;
        const GValue& xv = f.values[size_t(x)];
        if (xv.def < 0)
            continue;
        if (xv.def == load)
            return f.values[size_t(f.ops[size_t(load)].results[size_t(result)])].canon == x;
        for (int operand : f.ops[size_t(xv.def)].operands)
            if (f.values[size_t(operand)].typeText != "token")
                work.push_back(f.values[size_t(operand)].canon);
    }
    return false;
}

// A join_tokens whose ordering dataflow already implies: what it joins (through further
// joins) is root tokens and the tokens of loads, and every memory op it orders (directly
// or through further joins) is a store whose stored value is computed from each of those
// loads' tiles, so it cannot be written before they are read.
std::string joinProof(const GFunction& f, int join)
{
    std::vector<int> loads, stores;
    std::vector<int> inputs = {join}, outputs = {join};
    std::unordered_set<int> seenIn, seenOut;
    while (!inputs.empty()) { // what the join orders after
        const int j = inputs.back();
        inputs.pop_back();
        if (!seenIn.insert(j).second)
            continue;
        if (seenIn.size() > 64)
            return {};
        for (int in : f.ops[size_t(j)].operands) {
            const int def = f.canonValue(in).def;
            if (def < 0)
                return {};
            const OpId n = f.ops[size_t(def)].id;
            if (n == OpId::JoinTokens)
                inputs.push_back(def);
            else if (n == OpId::LoadViewTko || n == OpId::LoadPtrTko)
                loads.push_back(def);
            else if (n != OpId::MakeToken)
                return {};
        }
    }
    while (!outputs.empty()) { // what the join orders
        const int j = outputs.back();
        outputs.pop_back();
        if (!seenOut.insert(j).second)
            continue;
        if (seenOut.size() > 64)
            return {};
        for (int u : f.canonValue(f.ops[size_t(j)].results[0]).users) {
            const OpId n = f.ops[size_t(u)].id;
            if (n == OpId::JoinTokens)
                outputs.push_back(u);
            else if (n == OpId::StoreViewTko || n == OpId::StorePtrTko)
                stores.push_back(u);
            else
                return {};
        }
    }
    if (loads.empty() || stores.empty())
        return {};
    for (int s : stores) {
        const GOp& store = f.ops[size_t(s)];
        const int value = store.operands[store.id == OpId::StoreViewTko ? 0 : 1];
        for (int l : loads)
            if (!computedFrom(f, value, l, 0))
                return {};
    }
    return "every memory op it orders is a store of a value computed from each joined load's "
           "tile: the store cannot be written before those loads are read";
}

} // namespace

std::string unmatchedProof(const GFunction& f, int op)
{
    const GOp& o = f.ops[size_t(op)];
    if (o.results.empty())
        return {};
    const GValue& v = f.canonValue(o.results[0]);
    if (o.id == OpId::JoinTokens)
        return joinProof(f, op);
    if (o.id == OpId::MakeToken) {
        for (int u : v.users)
            if (!isMemoryOp(f.ops[size_t(u)].id))
                return {};
        return "a fresh root token, consumed directly by memory ops: it orders them after no "
               "other memory op, as no token does";
    }
    // Only the padding of gathers.
    if (v.users.empty())
        return {};
    bool masked = true;
    for (int u : v.users) {
        const GOp& user = f.ops[size_t(u)];
        const MemoryRoles roles =
            user.id == OpId::LoadPtrTko ? memoryRoles(f, user) : MemoryRoles();
        if (roles.padding < 0 || f.values[size_t(roles.padding)].canon != v.canon)
            return {};
        masked = masked && roles.main.size() >= 2;
    }
    (void)masked;
    return "only the padding operand of gathers: the padding is compared at the gather, where a "
           "missing or different value is reported";
}

} // namespace tilelens::diff
