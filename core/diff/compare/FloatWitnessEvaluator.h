#pragma once
// The float witness's evaluator (FloatWitness.h): both sides' values at concrete inputs, one
// scalar per lane, memoised; the finding alone on the reference's values. Its members are
// defined by concern: FloatWitnessEvaluator.cpp (values, element-wise ops and shapes),
// FloatWitnessOps.cpp (float, integer and conversion ops), FloatWitnessInputs.cpp (loads,
// arguments, views and masks), FloatWitnessLoops.cpp (loops, stores' conditions, reductions).

#include "common/Side.h"
#include "diff/compare/FloatWitnessModel.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "diff/match/OpMatcher.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tilelens::diff::witness {

class Evaluator
{
public:
    Evaluator(const GFunction& R, const GFunction& G, const OpMatching& m, int64_t& spent)
        : R(R), G(G), M(m), m_spent(spent)
    {
    }

    // The finding alone (issue 30 item 2): the reference's value `refValue` replaced by the
    // generated `genValue`, where only the generated values in `own` (the finding's ops) and
    // those of the generated side only are computed on the generated side; every other
    // generated value is its reference counterpart's, so no other difference of the pair (an
    // op changed elsewhere) can contribute.
    void setFinding(int refValue, int genValue, std::set<int> own);

    // Lane 0 of each input, and lane 1 where an input alternates two values (see Leaf).
    void setInputs(std::vector<double> inputs, double approxScale,
                   std::vector<double> secondLane = {});

    // Lanes the inputs set: 1, or 2 where some input alternates two values.
    int lanes() const { return m_patterned ? 2 : 1; }
    // The lane value() computes (0 without a pattern).
    void setLane(int lane) { m_lane = m_patterned ? lane : 0; }

    // Value v in lane `lane` (0 without a pattern).
    std::optional<Num> valueInLane(Side side, int v, int lane);

    std::optional<Num> value(Side side, int v);

    // `v` in the reference with only the finding changed (setFinding).
    std::optional<Num> patched(Side side, int v);

    bool overBudget() const { return m_spent > kMaxNodesPerFinding; }

    // Whether op `o` runs at the inputs (in the first iteration of the loops around it): every
    // for around it runs at least once, every if around it takes its region. Known::No where
    // one does not; Known::Unsure where a bound or condition is not modelled. `extended`: the
    // answer read an integer argument or the block id.
    Known runs(Side side, int o, bool& extended);

    // Whether mask `v` holds on every element: Known::No where it is false on some (modelled,
    // or decided per element), Known::Unsure where it is not modelled.
    Known holds(Side side, int v, bool& extended);

    // Whether the tile a view load or store `o` addresses (its view operand `viewOperand`, the
    // tile indices after it) starts inside the tensor: Known::No where an index is negative or
    // past the extent (a load reads padding there, a store writes nothing), Known::Unsure where
    // an index or extent is not modelled.
    Known tileInside(Side side, const GOp& o, size_t viewOperand);

    const std::vector<Leaf>& leaves() const { return m_leaves; }
    // Loops whose first iteration the values were taken in (reference lines, or generated).
    const std::set<std::string>& firstIterations() const { return m_firstIterations; }
    // The value integer entry arguments take (kIntegerArguments).
    void setIntegerArgument(int64_t x);
    int64_t integerArgument() const { return m_integerArgument; }
    // Integer entry arguments read, all at integerArgument(); whether the block id was read.
    const std::set<int>& integerArguments() const { return m_integerArguments; }
    bool firstBlock() const { return m_firstBlock; }
    const std::set<std::string>& extraIterations() const { return m_extraIterations; }

private:
    const GFunction& fn(Side side) const { return side == Side::Generated ? G : R; }

    std::optional<Num> compute(Side side, int c);

    // An entry argument is an input (a specialised one the reference's constant); a loop's
    // iteration value is its initial value: the first iteration is an input like any other.
    std::optional<Num> blockArgument(Side side, int c, Elem e);

    // Result `index` of a for whose bounds the inputs decide: its initial value where the loop
    // runs no iteration, the body's continued value where it runs one (that iteration is the
    // first); more iterations are not modelled.
    std::optional<Num> loopResult(Side side, const GOp& loop, int index);

    // The body's continued value `index` in the first iteration, where it is the only one.
    std::optional<Num> loopIteration(Side side, const GOp& loop, int index, bool once);

    // An integer the kernel fixes: a constant, or an entry argument specialised to one.
    std::optional<int64_t> knownInt(Side side, int v);

    // A value both sides share: the same load, or the same entry argument.
    std::optional<Num> leaf(Side side, int c, Elem e);

    // Value c of `side` as a matched pair (reference id, generated id), where the generated
    // side's value is the canonical partner of the reference's; nullopt where it is not one.
    std::optional<std::pair<int, int>> matchedPair(Side side, int c) const;

    // A view load whose tile may reach past the extent: its lanes are not all equal, so a
    // reduction (or mma) of it is not the uniform one.
    static bool paddedView(const GFunction& f, const GOp& load);

    // A view load whose tensor's dynamic extents (make_tensor_view's shape operands, at the
    // inputs: integer arguments) are multiples of its tile: no tile reaches past them.
    bool insideByExtents(Side side, const GOp& load);

    // A partition view's tile and its tensor's extents (make_tensor_view's dynamic shape
    // operands at the inputs), one per dimension; nullopt where one is not known.
    struct ViewShape
    {
        std::vector<int64_t> tile, extent;
    };
    std::optional<ViewShape> viewShape(Side side, int viewValue);

    // A pointer load's masks (its i1 operands) are true on every element.
    bool maskTrue(Side side, const GOp& load);

    // Every assume on value c of side `side` (div_by<N>, bounded<lo, hi>) holds for x; any
    // other assumption fails.
    bool assumesHold(Side side, int c, int64_t x) const;

    // An integer entry argument both sides take: m_integerArgument where every assume of
    // either side on it allows that.
    std::optional<Num> integerArgument(Side side, int c, Elem e);

    // opOf, extended where an operand is.
    std::optional<Num> op(Side side, const GOp& o, Elem e);

    std::optional<Num> opOf(Side side, const GOp& o, Elem e);

    std::optional<Num> constant(const GOp& o, Elem e) const;

    // The rounding mode of an op; approx (and full, the non-IEEE "accurate" mode) is set.
    static std::optional<Rounding> roundingOf(const GOp& o, bool& approx);

    // Element-wise float ops, as eval/OpsArith.cpp computes them.
    std::optional<Num> floatOp(const GOp& o, const std::vector<Num>& in, Elem e) const;

    static std::optional<Num> cmpf(const GOp& o, const std::vector<Num>& in);

    // ftof, itof, ftoi as eval/OpsArith.cpp computes them.
    static std::optional<Num> convert(const GOp& o, const Num& a, Elem e);

    // iota of a 1-D tile: 0 .. n-1.
    std::optional<Num> iota(Side side, const GOp& o, Elem e) const;

    // An integer op reading an index range: the range of its results where no element wraps,
    // a comparison where it decides every element alike.
    static std::optional<Num> rangedInteger(const GOp& o, const std::vector<Num>& in, Elem e);

    // The integer ops a float value's select or conversion may read (from constants).
    static std::optional<Num> integer(const GOp& o, const std::vector<Num>& in, Elem e);

    // A reduction of a uniform tile by maxf / minf (exact in any order) or addf where every
    // partial sum is exact (then the order the hardware sums in cannot matter).
    std::optional<Num> reduce(Side side, const GOp& o, Elem e);

    // x is exact in e, and neither subnormal (which the hardware may flush) nor infinite.
    static bool plainValue(double x, Elem e);

    // Whether operand `k` of `o` holds the same number in both lanes (every element equal
    // where it held one before).
    std::optional<bool> uniformOperand(Side side, const GOp& o, size_t k);

    // A broadcast, reshape or permute of an alternating tile keeps the pattern where the
    // element's position along the last dimension keeps its parity: a broadcast that keeps
    // the last dimension, a reshape between even last dimensions (the flat index has the same
    // parity). A permute may move the last dimension: only a uniform tile.
    bool keepsPattern(Side side, const GOp& o);

    // A reduction along the last dimension of an alternating tile: count/2 elements of each
    // lane. maxf / minf in either order; addf where every partial sum (i elements of one lane
    // and j of the other) is exact and zero or normal: all are multiples of the lowest bit
    // either has, below 2^precision of it.
    std::optional<Num> reduceAlternating(const GOp& combine, const Num& a, const Num& b,
                                         double identity, int64_t count, Elem e) const;

    // mmaf of uniform tiles: acc plus K equal products. Modelled where every partial sum
    // (any K' <= K products, with or without acc) is exact and normal: then neither the
    // order nor the precision the tensor cores add in can change it.
    std::optional<Num> mma(Side side, const GOp& o, const std::vector<Num>& in, Elem e);

    const GFunction& R;
    const GFunction& G;
    const OpMatching& M;
    std::vector<double> m_inputs, m_secondLane;
    bool m_patterned = false; // some input alternates two values: lane 1 differs
    int m_lane = 0;           // the lane value() computes
    double m_scale = 1;
    PerSide<std::map<int, Num>> m_memo, m_patchedMemo;
    std::vector<Leaf> m_leaves;
    std::set<std::string> m_firstIterations;
    std::set<std::string> m_extraIterations; // loops read through a result or induction var
    int m_loopDepth = 0;                     // loopResult calls under way
    std::set<int> m_integerArguments;        // reference argument numbers at m_integerArgument
    int64_t m_integerArgument = kIntegerArguments[0];
    bool m_firstBlock = false; // get_tile_block_id read: the block (0, 0, 0)
    int m_nodes = 0;
    int64_t& m_spent;
    bool m_fresh = true;
    bool m_patched = false;
    int m_patchRef = -1, m_patchGen = -1;
    std::set<int> m_own;
};

} // namespace tilelens::diff::witness
