#include "diff/match/ArgumentRoles.h"

#include "common/Side.h"
#include "diff/graph/Hashing.h"
#include "diff/match/ArgSpecialisation.h"
#include "diff/semantics/Normalizer.h"
#include "diff/semantics/PointerOffsets.h"
#include "ir/OpInfo.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace tilelens::diff {

namespace {

bool isPointer(const GValue& v)
{
    return v.typeText.rfind("tile<ptr<", 0) == 0;
}

// Values that still designate memory: pointers, pointer tiles and views.
bool isAddressLike(const GValue& v)
{
    return v.typeText.find("ptr<") != std::string_view::npos ||
           v.typeText.find("view") != std::string_view::npos;
}

// "tile<ptr<f32>> read write": the element type and the memory accesses
// reached from the argument through address-like values.
std::string roleOf(const GFunction& f, int arg)
{
    bool reads = false, writes = false;
    std::vector<int> stack{f.values[size_t(arg)].canon};
    std::vector<bool> seen(f.values.size(), false);
    seen[size_t(stack.back())] = true;
    while (!stack.empty()) {
        const int v = stack.back();
        stack.pop_back();
        for (int u : f.values[size_t(v)].users) {
            const GOp& o = f.ops[size_t(u)];
            if (!o.live)
                continue;
            const ir::OpInfo& row = ir::opInfo(o.id);
            reads = reads || row.has(ir::ReadsMemory);
            writes = writes || row.has(ir::WritesMemory);
            for (int r : o.results) {
                const int c = f.values[size_t(r)].canon;
                if (!seen[size_t(c)] && isAddressLike(f.values[size_t(c)])) {
                    seen[size_t(c)] = true;
                    stack.push_back(c);
                }
            }
        }
    }
    std::string role(f.values[size_t(arg)].typeText);
    role += reads ? " read" : "";
    role += writes ? " write" : "";
    return role;
}

// Role -> the entry pointer arguments (positions) that have it.
std::map<std::string, std::vector<int>> pointersByRole(const GFunction& f)
{
    std::map<std::string, std::vector<int>> out;
    const IdList args = f.regions[0].args;
    for (size_t k = 0; k < args.size(); ++k)
        if (isPointer(f.values[size_t(args[k])]))
            out[roleOf(f, args[k])].push_back(int(k));
    return out;
}

// Position of entry argument value v (canonical), or -1.
int entryArgPosition(const GFunction& f, int v)
{
    const IdList args = f.regions[0].args;
    for (size_t k = 0; k < args.size(); ++k)
        if (f.values[size_t(args[k])].canon == v)
            return int(k);
    return -1;
}

// Scalar arguments by their place in addresses: (slot of the base pointer,
// the rest of the term: coefficient and other atoms) -> argument positions.
// A stride multiplies the row of one pointer's address; the same place on the
// other side holds the argument that plays its part.
std::map<std::pair<int, uint64_t>, std::vector<int>> scalarsByAddressTerm(const GFunction& f,
                                                                          Side side)
{
    std::map<std::pair<int, uint64_t>, std::vector<int>> out;
    for (size_t op = 0; op < f.ops.size(); ++op) {
        const GOp& o = f.ops[op];
        if (o.id != OpId::Offset || !o.live || o.duplicateOf >= 0)
            continue;
        const PointerOffsetForm form = pointerOffsetForm(f, int(op));
        const int baseArg = form.rewritten ? entryArgPosition(f, form.base) : -1;
        if (baseArg < 0)
            continue;
        const int baseSlot = side == Side::Generated ? f.entryArgSlot(size_t(baseArg)) : baseArg;
        for (const auto& [coef, atoms] : form.terms) {
            int scalar = -1, count = 0;
            uint64_t rest = hashMix(0x5CA1, coef);
            for (int a : atoms) {
                const int k = a >= 0 ? entryArgPosition(f, a) : -1;
                if (k >= 0 && !isPointer(f.values[size_t(a)])) {
                    scalar = k;
                    ++count;
                } else {
                    rest = hashMix(rest, a >= 0 ? f.values[size_t(a)].hash : 0);
                }
            }
            if (count == 1) {
                auto& v = out[{baseSlot, rest}];
                if (std::find(v.begin(), v.end(), scalar) == v.end())
                    v.push_back(scalar);
            }
        }
    }
    return out;
}

// Generated scalar position -> reference position, where one address term pins both.
std::map<int, int> pairScalarsByAddressTerm(const GFunction& R, const GFunction& G)
{
    const auto rt = scalarsByAddressTerm(R, Side::Reference),
               gt = scalarsByAddressTerm(G, Side::Generated);
    std::map<int, int> pairs;
    std::map<int, int> claims; // reference position -> how many generated ones
    std::set<int> conflicting;
    for (const auto& [key, gs] : gt) {
        const auto it = rt.find(key);
        if (gs.size() != 1 || it == rt.end() || it->second.size() != 1)
            continue;
        const int g = gs[0], r = it->second[0];
        if (R.values[size_t(R.regions[0].args[size_t(r)])].typeText !=
            G.values[size_t(G.regions[0].args[size_t(g)])].typeText)
            continue;
        const auto [p, fresh] = pairs.emplace(g, r);
        if (!fresh && p->second != r)
            conflicting.insert(g);
    }
    for (const auto& [g, r] : pairs)
        if (!conflicting.count(g))
            ++claims[r];
    std::map<int, int> out;
    for (const auto& [g, r] : pairs)
        if (!conflicting.count(g) && claims[r] == 1)
            out.emplace(g, r);
    return out;
}

} // namespace

void pairEntryArgsByRole(const GFunction& R, GFunction& G)
{
    G.entryArgSlots.clear();
    if (R.regions.empty() || G.regions.empty())
        return;
    const size_t rn = R.regions[0].args.size(), gn = G.regions[0].args.size();
    // Equal signatures (a regression review of two generated IRs): position
    // is the contract, and a swap of the pointers' uses is a change.
    bool sameSignature = rn == gn;
    for (size_t k = 0; sameSignature && k < rn; ++k)
        sameSignature = R.values[size_t(R.regions[0].args[k])].typeText ==
                        G.values[size_t(G.regions[0].args[k])].typeText;
    if (sameSignature)
        return;
    const auto rroles = pointersByRole(R), groles = pointersByRole(G);
    std::vector<int> slots(gn, -1);
    std::vector<bool> taken(std::max(rn, gn), false);
    bool moved = false;
    for (const auto& [role, gs] : groles) {
        const auto it = rroles.find(role);
        // A role that is not unique on both sides pairs nothing on a guess.
        if (gs.size() != 1 || it == rroles.end() || it->second.size() != 1)
            continue;
        slots[size_t(gs[0])] = it->second[0];
        taken[size_t(it->second[0])] = true;
        moved = moved || gs[0] != it->second[0];
    }
    // Scalars (strides) by the place they take in the addresses of the
    // pointers as paired so far.
    {
        std::vector<int> current(gn);
        for (size_t k = 0; k < gn; ++k)
            current[k] = slots[k] >= 0 ? slots[k] : int(k);
        G.entryArgSlots = current;
        for (const auto& [g, r] : pairScalarsByAddressTerm(R, G)) {
            if (slots[size_t(g)] >= 0 || taken[size_t(r)])
                continue;
            slots[size_t(g)] = r;
            taken[size_t(r)] = true;
            moved = moved || g != r;
        }
        G.entryArgSlots.clear();
    }
    if (!moved)
        return;
    // The other arguments keep their positions; one whose position a moved
    // argument took gets a slot past both lists (paired with nothing).
    int fresh = int(std::max(rn, gn));
    for (size_t k = 0; k < gn; ++k)
        if (slots[k] < 0)
            slots[k] = taken[k] ? fresh++ : int(k);
    G.entryArgSlots = std::move(slots);
    resetNormalForm(G);
    normalizeGraph(G);
}

std::string describeArgumentSlots(const GFunction& R, const GFunction& G)
{
    const size_t rn = R.regions.empty() ? 0 : R.regions[0].args.size();
    std::string out;
    for (size_t k = 0; k < G.entryArgSlots.size(); ++k) {
        const int s = G.entryArgSlots[k];
        if (s == int(k))
            continue;
        out += out.empty() ? "" : ", ";
        out += std::to_string(k) + " -> " + (size_t(s) < rn ? std::to_string(s) : "none");
    }
    return out;
}

} // namespace tilelens::diff
