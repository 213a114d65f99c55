#pragma once
// An equality that holds only under the reference's specialisation (issue 30
// item 3). A generated entry argument bound to one of the reference's
// specialised constants (hidden_size = 1024, ArgSpecialisation.h) is the fact
// [c, c] on the value it pairs with; where the port writes that constant
// itself (BLOCK_SIZE) and the reference reads the argument's partner, the
// solver proves the two equal with that fact only. Asked again without it,
// the solver gives an instance where they differ: the equality rests on the
// specialisation, a warn at the op that reads the constant.

#include "diff/compare/RawDifference.h"
#include "diff/compare/SmtCheck.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <optional>
#include <vector>

namespace tilelens::diff {

// For reference op r and generated op g that the solver proved equal
// (`proven`): a difference, conditional, at the generated op that reads the
// specialised constant and the reference op that reads the argument's
// partner, when the equality needs the binding; nullopt otherwise.
std::optional<RawDifference> restsOnSpecialisedArgument(const GFunction& R, int r,
                                                        const GFunction& G, int g,
                                                        const OpMatching& m,
                                                        const SmtVerdict& proven);

// A literal the port writes where the reference has a specialised extent: a
// generated integer constant c (not 0 or +-1; a tile dimension of the port
// only where the reference's name has it twice, an extent equal to the tile)
// that one of the reference's specialised constants (its entry name) equals,
// added to a pointer (`offset`) or compared with (`cmpi`), directly or through
// exti / reshape / broadcast (a multiplier is a tile size or a stride), by an
// op that is the port's only (an address the reference computes in one piece)
// or matched to a reference op reading the same value there, in a port that
// takes runtime integer arguments it reads in addresses or bounds. The two agree, but only for
// launches with that extent equal to c: per literal, a difference, conditional, at its first
// reader, naming the constant (and the argument bound to it, if any) and
// another value. `reported` holds the generated ops that already have one.
std::vector<RawDifference> literalsOfSpecialisedConstants(const GFunction& R, const GFunction& G,
                                                          const OpMatching& m,
                                                          const std::vector<int>& reported);

} // namespace tilelens::diff
