#include "diff/ArgumentRoles.h"

#include "diff/ArgSpecialisation.h"
#include "diff/Normalizer.h"

#include <map>
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
            const bool atomic = o.name.rfind("atomic", 0) == 0;
            reads = reads || atomic || o.name.rfind("load", 0) == 0;
            writes = writes || atomic || o.name.rfind("store", 0) == 0;
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

} // namespace

void pairPointerArgsByRole(const GFunction& R, GFunction& G)
{
    G.entryArgSlots.clear();
    if (R.regions.empty() || G.regions.empty())
        return;
    const size_t rn = R.regions[0].args.size(), gn = G.regions[0].args.size();
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
    if (!moved)
        return;
    // The other arguments keep their positions; one whose position a moved
    // pointer took gets a slot past both lists (paired with nothing).
    int fresh = int(std::max(rn, gn));
    for (size_t k = 0; k < gn; ++k)
        if (slots[k] < 0)
            slots[k] = taken[k] ? fresh++ : int(k);
    G.entryArgSlots = std::move(slots);
    resetNormalForm(G);
    normalizeGraph(G);
}

std::string describeArgumentSlots(const GFunction& G)
{
    std::string out;
    for (size_t k = 0; k < G.entryArgSlots.size(); ++k) {
        const int s = G.entryArgSlots[k];
        if (s == int(k) || G.regions.empty() || !isPointer(G.values[size_t(G.regions[0].args[k])]))
            continue;
        out += out.empty() ? "" : ", ";
        out += "generated argument " + std::to_string(k) + " as reference argument " +
               std::to_string(s);
    }
    return out;
}

} // namespace tilelens::diff
