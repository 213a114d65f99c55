#pragma once
// Operands of memory ops compared by role rather than position: the address,
// mask and stored value must correspond; the ordering token and the padding of
// a masked gather are compared on their own, with a proof where the difference
// cannot be observed (a fresh root token orders nothing, as no token does; a
// padded lane that only reaches lane-wise ops and a store under the same mask
// never reaches memory).

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"
#include "diff/semantics/MemoryAccess.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilelens::diff {

void compareMemoryOperands(const GFunction& ref, int r, const GFunction& gen, int g,
                           const OpMatching& m, std::vector<RawDifference>& out);

// Proof that an op present on one side only is harmless: a root token, or the
// padding of a masked gather no observable lane reads. Empty when neither.
std::string unmatchedProof(const GFunction& f, int op);

// The one store without a mask that the lanes a masked gather `load` (op)
// pads reach through lane-wise ops, -1 when they reach none, several, or a
// reduction or other non-lane-wise op. There a dropped store mask is what
// makes the padding observable.
int unmaskedStoreOfPadding(const GFunction& f, int load);

// Proof that two matched constants (ops r and g) whose values differ are only ever the padding
// of masked gathers whose padded lanes no stored value reads (directly or through reshape and
// broadcast): the value is never observed on either side. Empty otherwise.
std::string unobservedPaddingConstantProof(const GFunction& R, int r, const GFunction& G, int g);

} // namespace tilelens::diff
