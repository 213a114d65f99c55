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

#include "common/Side.h"
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

// Two values, one per side (any ids), of the same integer, mask or pointer tile type:
// pointers are 64-bit addresses and `offset` adds the scaled index. A Differs verdict's model is
// checked by putting its inputs back into both sides' terms (they must differ and satisfy the
// facts) before it is given; an Equal verdict covers no op (its cones are empty).
SmtVerdict smtCompareValues(const GFunction& ref, int refValue, const GFunction& gen, int genValue,
                            const OpMatching& m);

// A value of one side (integer or mask) against a constant the other side uses in its place
// (an absent mask: every lane on, 1), checked as smtCompareValues checks.
SmtVerdict smtCompareWithConstant(const GFunction& ref, const GFunction& gen, const OpMatching& m,
                                  Side side, int value, int64_t constant);

} // namespace tilelens::diff
