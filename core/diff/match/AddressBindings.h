#pragma once
// Specialised constants bound to runtime arguments of a port whose entry has
// another ABI than the reference's (issue 13). cuTile Python passes tensors
// (pointer, shape, strides) and is compiled for its ct.Constant values (the
// mangled `_I1000` of its entry name); a raw-pointer Rust port passes the
// same quantity as a runtime scalar (`hidden_size`) and adds it to a row
// pointer where the reference adds its constant. Position says nothing here
// (the argument lists differ), so a binding argument = constant is kept only
// when the addresses confirm it: normalizing the port under it makes more of
// its load / store addresses equal to reference addresses, and every address
// that was equal stays equal. A binding no address confirms is never made; a
// wrong one (an address that adds the argument where the reference adds
// another constant) stays unconfirmed, so that address stays a difference.
// A kept binding is the assumption the entry's specialisation warn states.

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace tilelens::diff {

// Chooses G.specialisedArgs among G's scalar integer entry arguments and the
// reference's specialised `constants`, and leaves G normalized under them.
// Both functions must be normalized. A trial binding is kept only when
// `consistent()` (asked with G normalized under it) holds too: no pin of the
// structure contradicts it. Does nothing when no binding is confirmed.
void bindArgsByAddresses(const GFunction& R, GFunction& G, const std::vector<int64_t>& constants,
                         const std::function<bool()>& consistent);

} // namespace tilelens::diff
