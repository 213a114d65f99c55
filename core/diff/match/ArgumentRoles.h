#pragma once
// Entry arguments paired by what the kernel does with them (issue 13).
// Ports often order pointers differently from the reference (cuTile Python
// passes `input, ..., output`, a Rust port `out, in, ...`); paired by
// position, neither the pointer facts nor the addresses built from them could
// correspond. A pointer's role is its element type and whether memory is read
// and / or written through it (loads and stores reached through offsets,
// reshapes, broadcasts and views). A generated pointer takes the reference
// position of the one reference pointer with the same role when that role is
// unique on both sides; an ambiguous role (two read-only f16 inputs) keeps
// the positional pairing, so nothing is paired on a guess. Entries with equal
// signatures (two generated IRs of one port) keep positions: there the order
// is the launcher's contract and swapped uses are a change. Scalar arguments
// then pair by the place they take in the addresses of paired pointers (the
// stride multiplying the row of the output's address, PointerOffsets.h), again
// only where that place holds one argument on each side. The slots decide the
// arguments' identities in the normal form and their pairing in matchOps.

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <string>

namespace tilelens::diff {

// Sets G.entryArgSlots and renormalizes G when an argument moves; both
// functions must be normalized. Leaves G as it is when every role-paired
// argument already sits at its reference position.
void pairEntryArgsByRole(const GFunction& R, GFunction& G);

// "0 -> 5, 1 -> 0" (generated argument -> reference argument, "none" when
// unpaired) for the moved arguments; "" when all are paired by position.
std::string describeArgumentSlots(const GFunction& R, const GFunction& G);

} // namespace tilelens::diff
