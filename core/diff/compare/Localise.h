#pragma once
// Localise before reporting (issue 30 item 1): an operand that no longer
// corresponds is often the end of a chain of ops written alike on both sides
// (exti, reshape, broadcast, muli, addi of a row offset) of which only the first
// reads something else (another tensor's stride). The finding belongs at that
// first op: there the change is written, the rest of the chain only passes it on.

#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <optional>
#include <vector>

namespace tilelens::diff {

// For an operand_changed difference of a matched op pair, the earliest op pair
// upstream of its operand that differs in one operand only, its producers
// not alike (different ops, or leaves such as entry arguments): an
// operand_changed difference there. nullopt when the difference is already
// there (its operands' producers are not alike) or the chain forks.
std::optional<RawDifference> localiseOperandChange(const GFunction& R, const GFunction& G,
                                                   const OpMatching& m, const RawDifference& d);

// Two entry arguments swapped (the port reads its output pointer where it
// read its input and the reverse) are one mistake written on two lines: of two
// root operand changes, one reading argument a for b and the other b for a
// (a and b paired by the matcher), the later becomes a site of the earlier.
// `root` and `partOfChange` are updated as RootCauses.h describes them (the
// joined change is part of the swap); `critical` marks the differences
// classified critical.
void joinSwappedArguments(const GFunction& R, const GFunction& G, const OpMatching& m,
                          const std::vector<RawDifference>& raw, const std::vector<char>& critical,
                          std::vector<int>& root, std::vector<char>& partOfChange);

} // namespace tilelens::diff

namespace tilelens::diff {

// A lane-wise cast written on the other side of a reshape (the reference
// reshapes and then casts, the port casts and then reshapes: attention_sink's
// output) computes the same lanes from corresponding inputs. Where the inputs'
// normal forms differ (a change upstream, reported there, or proven equal
// there), the cast pair, the two one-sided reshapes and the uses of the two
// results differ only by that order: each such difference gets this proof.
// Returns, per difference, the first difference of its commutation (at the cast
// pair where there is one), so that they are reported as one finding; -1 for
// the others.
std::vector<int> proveCommutedReshapes(const GFunction& R, const GFunction& G, const OpMatching& m,
                                       std::vector<RawDifference>& raw);

} // namespace tilelens::diff
