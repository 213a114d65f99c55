#pragma once
// Partition padding compared by what a load can observe (issue 13, checklist
// M9). Padding `none` leaves out-of-bounds lanes undefined: a side that
// defines them (any padding value) where the reference has none refines it
// and agrees wherever the reference is defined. Any other difference (a value
// the reference pads with, dropped or changed) matters only for accesses
// that reach past the tensor: when the facts prove every access through both
// views in bounds it is harmless, else it is critical for ragged inputs.

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <string_view>

namespace tilelens::diff {

// How explainPadding's counterexample starts: it names a class of inputs, not
// one input, so a concrete witness found later (CriticalCounterexample.h)
// takes its place.
inline constexpr std::string_view kInputClassPrefix = "input class: ";

// Fills d.proof (harmless) or d.counterexample (the input class that shows
// the difference) for a padding_value difference between the partition views
// made by ops r (reference) and g (generated).
void explainPadding(const GFunction& R, int r, const GFunction& G, int g, RawDifference& d);

// The results of op `op` reach nothing but the padding operand of masked
// gathers, through reshape / broadcast / ftof (the splat that builds a padding
// tile): a difference there is the padding's, compared once at the gather
// (rule gather-padding-value), not at this op. Empty when they reach anything
// else.
std::string onlyGatherPadding(const GFunction& f, int op);

// Gathers r (reference) and g (generated) pad with the float constants
// `refPadding` and `genPadding` (values of each side): the proof, else empty,
// that the generated side stores the same value on every padded lane with
// either constant. The padded lanes reach its stores only through ftof and
// maxf / minf with a constant (relu's max(x, 0) maps -1 and 0 to 0): once the
// two images are equal, nothing downstream can tell them apart.
std::string paddedLanesStoreAlike(const GFunction& R, int refPadding, const GFunction& G, int g,
                                  int genPadding);

} // namespace tilelens::diff
