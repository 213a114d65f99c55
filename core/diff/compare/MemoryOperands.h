#pragma once
// Operands of memory ops compared by role rather than position: the address,
// mask and stored value must correspond; the ordering token and the padding of
// a masked gather are compared on their own, with a proof where the difference
// cannot be observed (a fresh root token orders nothing, as no token does; a
// padded lane that only reaches lane-wise ops and a store under the same mask
// never reaches memory).

#include "diff/compare/RawDifference.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilelens::diff {

bool isMemoryOp(OpId id); // load_ptr_tko, store_view_tko, atomics, ...

void compareMemoryOperands(const GFunction& ref, int r, const GFunction& gen, int g,
                           const OpMatching& m, std::vector<RawDifference>& out);

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

// Proof that an op present on one side only is harmless: a root token, or the
// padding of a masked gather no observable lane reads. Empty when neither.
std::string unmatchedProof(const GFunction& f, int op);

} // namespace tilelens::diff
