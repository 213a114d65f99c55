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

} // namespace tilelens::diff
