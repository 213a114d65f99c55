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

#include <cstdint>
#include <string>
#include <utility>
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
    // Equal: the range facts the proof assumed on its leaves, each with the reference value
    // (canonical) of the leaf it bounds ("argument 2 in [1024, 1024]" in `text`).
    std::vector<std::pair<int, IntRange>> leafRanges;
    // Equal only with the divisibility the reference assumes of its entry integer arguments
    // (`launchDivisors`: "argument 1 div_by<16>", a hint each launch derives from its own
    // values): an input of another launch on which the two differ, in `text`'s words.
    std::string launchDivisors;
    std::string withoutLaunchDivisors;
};

// The solver's work on one function pair, for the queries of the thread that holds it. Each
// query is bounded by its step limit, but a pair with many criticals over i32 divisions asked
// dozens, each to its limit: 9 s for a 12 KB pair the diff_pair fuzzer wrote. Every query
// charges the steps it spent here, whether it gave up or answered (a later fuzzer pair asked
// twelve that each answered near their limit: 4.3 s). A query runs only while its whole limit
// is left, so a pair spends at most two full limits; then its later queries answer unknown
// without running and their findings stay unproven. Steps are not time (the fuzzer's pairs ran
// 2 to 8 million a second), so the budget is kept small: real pairs and port mistakes spend at
// most 2.9M steps, well within one limit. Without a budget in scope (tests, other callers) no
// query is refused.
class SolverBudget
{
public:
    SolverBudget();
    ~SolverBudget();
    SolverBudget(const SolverBudget&) = delete;
    SolverBudget& operator=(const SolverBudget&) = delete;

    // Steps one function pair's queries may spend: two queries' step limits.
    static constexpr uint64_t kSteps = 8'000'000;

    // Whether a query was refused for want of steps.
    bool refusedAQuery() const { return m_refused; }
    // The steps the queries asked under this budget spent, as the solver counted them.
    uint64_t stepsSpent() const { return m_stepsSpent; }

private:
    friend class SolverBudgetAccess;
    SolverBudget* m_outer;
    uint64_t m_stepsLeft = kSteps;
    uint64_t m_stepsSpent = 0;
    bool m_refused = false;
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

// The same for a tile index of two view accesses (load_view_tko, store_view_tko; -1: none):
// every tile index of each access lies in its view's index space (0 <= i < ceil(extent /
// tile)), the tiles a launch grid sized by the extents reaches. Where that cannot be known, a
// witness that names a block id says it assumes the block id launchable.
SmtVerdict smtCompareAccessValues(const GFunction& ref, int refValue, int refAccess,
                                  const GFunction& gen, int genValue, int genAccess,
                                  const OpMatching& m);

// A value of one side (integer or mask) against a constant the other side uses in its place
// (an absent mask: every lane on, 1), checked as smtCompareValues checks.
SmtVerdict smtCompareWithConstant(const GFunction& ref, const GFunction& gen, const OpMatching& m,
                                  Side side, int value, int64_t constant);

// Two integer values in loops that correspond, each loop index encoded as lower + k * step of
// one iteration number k shared by the two loops (an iteration that runs on both sides): a
// loop that starts or steps otherwise gives other indices in the same iteration. Only a
// Differs verdict is given (checked as smtCompareValues checks); else Unknown.
SmtVerdict smtCompareIterations(const GFunction& ref, int refValue, const GFunction& gen,
                                int genValue, const OpMatching& m);

// An input on which a condition over the two sides' values holds: the inputs named as a Differs
// verdict's are ("argument 1 = 8, iota at reference line 4 = 3"), with nothing after them. Each
// model is checked by putting its inputs back into the condition, the facts and the reference's
// assumes, as smtCompareValues checks. Unknown where none is found.

// A lane masked off on both sides: the i1 values refMask (reference) and genMask (generated)
// are both 0 (a gather's masked-off lanes read its padding value).
SmtVerdict smtBothOff(const GFunction& ref, int refMask, const GFunction& gen, int genMask,
                      const OpMatching& m);

// One dimension of a tile window that crosses its tensor's end: the two sides' tile indices
// (refIndex, genIndex) are equal, the tile starts inside the tensor (index * tile < extent) and
// ends past it (extent < (index + 1) * tile). `extent` is the reference's extent value of that
// dimension; its lanes past the end read the view's padding.
SmtVerdict smtRaggedTile(const GFunction& ref, int refIndex, const GFunction& gen, int genIndex,
                         int extent, int64_t tile, const OpMatching& m);

} // namespace tilelens::diff
