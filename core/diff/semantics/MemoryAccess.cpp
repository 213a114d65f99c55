#include "diff/semantics/MemoryAccess.h"

#include "diff/graph/Hashing.h"
#include "diff/semantics/Semantics.h"
#include "ir/OpInfo.h"

namespace tilelens::diff {

bool isMemoryOp(OpId id)
{
    return ir::opInfo(id).has(ir::OpTrait(ir::ReadsMemory | ir::WritesMemory));
}

MemoryRoles memoryRoles(const GFunction& f, const GOp& o)
{
    MemoryRoles roles;
    roles.main.reserve(o.operands.size()); // one allocation, not a doubling series
    for (size_t i = 0; i < o.operands.size(); ++i) {
        const int v = o.operands[i];
        const std::string_view type = f.values[size_t(v)].typeText;
        if (type == "token")
            roles.token = v;
        else if (o.id == OpId::LoadPtrTko && i >= 1 && intWidth(type) != 1)
            roles.padding = v; // after the mask, or alone: the compilers print an unmasked one
        else
            roles.main.push_back(v);
    }
    return roles;
}

uint64_t paddingHashOf(const GFunction& f, int load)
{
    const GOp& o = f.ops[size_t(load)];
    if (o.id != OpId::LoadPtrTko)
        return 0;
    const MemoryRoles roles = memoryRoles(f, o);
    return roles.padding < 0 ? 0 : f.canonValue(roles.padding).hash;
}

int paddingSelect(const GFunction& f, int load, uint64_t paddingHash)
{
    const GOp& o = f.ops[size_t(load)];
    if (o.id != OpId::LoadPtrTko || paddingHash == 0 || o.results.empty())
        return -1;
    const MemoryRoles roles = memoryRoles(f, o);
    if (roles.padding >= 0 || roles.main.size() < 2)
        return -1;
    const int mask = f.values[size_t(roles.main[1])].canon;
    const int value = f.values[size_t(o.results[0])].canon;
    int selected = -1;
    for (int u : f.values[size_t(value)].users) {
        const GOp& s = f.ops[size_t(u)];
        if (!s.live)
            continue;
        if (s.id != OpId::Select || s.operands.size() != 3 || s.results.size() != 1 ||
            f.values[size_t(s.operands[0])].canon != mask ||
            f.values[size_t(s.operands[1])].canon != value ||
            f.canonValue(s.operands[2]).hash != paddingHash)
            return -1;
        const int result = f.values[size_t(s.results[0])].canon;
        if (selected >= 0 && selected != result)
            return -1;
        selected = result;
    }
    return selected;
}

uint64_t memoryAddressKey(const GFunction& f, const GOp& o, bool pointersOnly)
{
    if (!isMemoryOp(o.id))
        return 0;
    const MemoryRoles roles = memoryRoles(f, o);
    if (pointersOnly) {
        if ((o.id != OpId::LoadPtrTko && o.id != OpId::StorePtrTko) || roles.main.empty())
            return 0;
        return hashMix(hashMix(o.nameHash, 0x9071), f.canonValue(roles.main[0]).hash);
    }
    // The stored value: first operand of a view store, second of a scatter.
    const size_t value = o.id == OpId::StoreViewTko  ? 0
                         : o.id == OpId::StorePtrTko ? 1
                                                     : size_t(-1);
    uint64_t key = hashMix(o.nameHash, roles.main.size());
    for (size_t i = 0; i < roles.main.size(); ++i)
        if (i != value)
            key = hashMix(key, f.canonValue(roles.main[i]).hash);
    return key;
}

} // namespace tilelens::diff
