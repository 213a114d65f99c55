#pragma once
// The words a finding uses for a changed operand. The comparison describes an
// operand by its canonical value (looking through `assume` and CSE), so that two
// places of one change read alike and group into one finding. Shown to a reader,
// a CSE twin's line is wrong, though: the op's own text reads another value,
// written identically a few lines further (issue 31 item 9: "broadcast at line
// 84" where the divf reads the broadcast of line 88). The message names the
// value the op's text reads; the grouping key stays canonical.

#include "diff/DiffResult.h"
#include "diff/compare/RawDifference.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <string>

namespace tilelens::diff {

// describeValue() of value \a v, but with the line of the op whose result the
// text names (through `assume`, which only annotates) when CSE merged that op
// into an identical twin.
std::string describeOperandAsWritten(const GFunction& f, int v);

// Rewrites \a div's operand descriptions (its fields, and its message filled
// again from its template) as the ops' texts read them, for an operand change
// \a d between \a reference and \a generated. Anything else is left alone.
void nameOperandsAsWritten(const GFunction& reference, const GFunction& generated,
                           const RawDifference& d, Divergence& div);

} // namespace tilelens::diff
