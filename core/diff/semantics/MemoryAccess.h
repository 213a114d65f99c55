#pragma once
// What one memory op of one graph reads and writes, by role and by normal
// form: its address operands, mask, padding and ordering token. One-graph
// facts, used by the matcher (which loads and stores may correspond) and by the
// comparison of memory operands (compare/MemoryOperands.h).

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <cstdint>
#include <vector>

namespace tilelens::diff {

bool isMemoryOp(OpId id); // load_ptr_tko, store_view_tko, atomics, ...

// The operands of memory op `o` by role (by position otherwise).
struct MemoryRoles
{
    std::vector<int> main; // address, stored value, mask, indices: must correspond
    int token = -1;
    int padding = -1;
};

MemoryRoles memoryRoles(const GFunction& f, const GOp& o);

// What a memory op touches, by normal form: its name and the identities of its address
// operands (view and indices, or pointers and mask), not the stored value, the padding
// or the ordering token. 0 for other ops. Two sides' accesses of one place share it.
// `pointersOnly`: a gather's or scatter's pointer tile alone, without its mask
// (masks that differ in meaning still leave the place the same).
uint64_t memoryAddressKey(const GFunction& f, const GOp& o, bool pointersOnly = false);

// cuTile Rust cannot pass a padding of a generic element type: it loads
// without one and selects the padding into the masked-off lanes,
// select(mask, load(p, mask), c). For such a load `load` of `f` (masked, no
// padding) whose every use is that select with a c of normal form
// `paddingHash`: the select's (canonical) result, the value of a load padded
// with c. Else -1.
int paddingSelect(const GFunction& f, int load, uint64_t paddingHash);
// The normal form of the padding operand of load `load`, 0 when it has none.
uint64_t paddingHashOf(const GFunction& f, int load);

} // namespace tilelens::diff
