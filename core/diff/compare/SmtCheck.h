#pragma once
// Residual integer / i1-mask differences decided by the Z3 SMT solver. The
// two ops' dataflow cones are encoded as bit-vector terms down to shared
// leaves (values that correspond between the sides and are not computed by
// an encodable op: arguments, block ids, iota, loads); the facts proven on
// the leaves (signed ranges) are constraints. Elementwise tiles are encoded
// lane-wise: a broadcast of a scalar is the scalar, iota a lane index bounded
// by the tile size. The solver either proves the results equal for every
// input satisfying the facts, or yields a counterexample. Deterministic: a
// fixed seed and a per-query resource limit (not a wall-clock timeout). Only called on differences
// that would otherwise be critical, never on unchanged code.

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <string>
#include <vector>

namespace tilelens::diff {

struct SmtVerdict
{
    enum Kind
    {
        Unknown, // not encodable, or the solver gave up (timeout)
        Equal,
        Differs
    };
    Kind kind = Unknown;
    std::string text; // Equal: the facts used; Differs: "x = 2 -> reference 1, generated 2"
    // Ops whose results the terms encode (leaves excluded), per side: what an
    // Equal verdict covers.
    std::vector<int> refCone, genCone;
};

// Compares the first results of reference op r and generated op g.
SmtVerdict smtCompare(const GFunction& ref, int r, const GFunction& gen, int g,
                      const OpMatching& m);

// The same for two compares, the generated one read with the reference's
// predicate: whether the rest of the compare (its signedness, its operands)
// changes the result where the predicate changed too.
SmtVerdict smtCompareSignedness(const GFunction& ref, int r, const GFunction& gen, int g,
                                const OpMatching& m);

} // namespace tilelens::diff
