#pragma once
// Specialisation of runtime scalar arguments (issue 13). cuTile Python
// compiles the reference for integer constants (M = N = K = 1024, its mangled
// entry name `..._I1024_I1024_I1024`); a port may take them as runtime entry
// arguments and compute tile counts and loop bounds from them at run time.
// Compared as written, every op downstream of such an argument differs from
// the reference's folded constant. Here the generated entry's extra scalar
// arguments are bound, in parameter order, to the reference's specialised
// constants (the k-th extra argument to the k-th `_I<n>` of the name) where
// the structure pins them: a pin is a matched op pair whose reference operand
// (or result) is a constant and whose generated one is computed. A binding is
// kept only when normalizing the generated function under it makes more pins
// equal to the reference's constant and none a different constant. The
// comparison then reports the binding once, at the entry, as a checklist item
// (the launch must pass the reference's values), and every op that differed
// only through the argument folds to the reference's constant. A binding that
// no pin confirms stays unbound, and one that contradicts a pin (M used where
// the reference has N's constant) is refused, so the mistake stays critical.
// Float constants (`ct.Constant[float]`, `_F<double bits>` in the name: eps
// of a norm) are bound the same way to the port's extra scalar float
// arguments, in order, kept when more generated ops then equal the reference's.

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <cstdint>
#include <string>

namespace tilelens::diff {

// Chooses G.specialisedArgs and leaves G normalized under it. Both functions
// must be normalized; R is unchanged. Does nothing (G as normalized) when the
// reference entry is not specialised on integer constants or G has no extra
// scalar integer arguments.
void specialiseRuntimeArgs(const GFunction& R, GFunction& G);

// A float constant of a reference entry name (EntryName::floatConstants) as text: "1e-05".
std::string describeFloatConstant(uint64_t doubleBits);

// "argument 22 = 1024, argument 23 = 1024" for the report; "" when unbound.
std::string describeSpecialisation(const GFunction& G);

} // namespace tilelens::diff
