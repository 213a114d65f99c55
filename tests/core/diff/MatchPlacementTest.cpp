// Issue 30: one finding per porting mistake, at its line, also where the
// mistake changes how many times a computation is written (the matcher must not
// pair an op of one loop with its twin in another loop) or lets the normal form
// fold an unchanged op into its uses (the op is still written on both sides).

#include "DiffTestUtil.h"

#include <gtest/gtest.h>
#include <string>

namespace tilelens::diff::test {
namespace {

// Two single-trip loops whose masks compare a column index with two bounds,
// computed before the loops: the first loop's compare reads bound a, the
// second's both a and b (softmax's pass 2 and pass 3).
const char* const kTwoLoops =
    "cuda_tile.module @m {\n"
    "  entry @k(%a: tile<i32>, %b: tile<i32>, %n: tile<i32>) {\n"
    "    %i = iota : tile<16xi32>\n"
    "    %ra = reshape %a : tile<i32> -> tile<1xi32>\n"
    "    %ba = broadcast %ra : tile<1xi32> -> tile<16xi32>\n"
    "    %rb = reshape %b : tile<i32> -> tile<1xi32>\n"
    "    %bb = broadcast %rb : tile<1xi32> -> tile<16xi32>\n"
    "    %z = constant <i32: 0> : tile<i32>\n"
    "    %one = constant <i32: 1> : tile<i32>\n"
    "    for %x in (%z to %n, step %one) : tile<i32> {\n"
    "      %c1 = cmpi less_than %i, %ba, signed : tile<16xi32> -> tile<16xi1>\n"
    "      %p1 = print_tko \"%d\", %c1 : tile<16xi1> -> token\n"
    "      continue\n"
    "    }\n"
    "    for %y in (%z to %n, step %one) : tile<i32> {\n"
    "      %c2 = cmpi less_than %i, %ba, signed : tile<16xi32> -> tile<16xi1>\n"
    "      %c3 = cmpi less_than %i, %bb, signed : tile<16xi32> -> tile<16xi1>\n"
    "      %p2 = print_tko \"%d\", %c2 : tile<16xi1> -> token\n"
    "      %p3 = print_tko \"%d\", %c3 : tile<16xi1> -> token\n"
    "      continue\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

// The first loop's compare made to read bound b: one compare more of b, one
// fewer of a. Each loop's compares pair with their own loop's, so the one
// finding is the changed compare.
TEST(MatchPlacement, AComputationWrittenInOneLoopPairsWithinThatLoop)
{
    const std::string ref = kTwoLoops;
    std::string gen = ref;
    ASSERT_TRUE(
        applyEdits(gen, {{"%c1 = cmpi less_than %i, %ba", "%c1 = cmpi less_than %i, %bb"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated && crit[0]->reference) << describe(r);
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%c1 = cmpi"));
    EXPECT_EQ(crit[0]->reference->line, lineOf(ref, "%c1 = cmpi"));
    // The second loop is unchanged: nothing there is a finding of any kind.
    for (const auto& d : r.divergences) {
        const bool secondLoop = (d.reference && d.reference->line >= lineOf(ref, "%c2 = cmpi")) ||
                                (d.generated && d.generated->line >= lineOf(gen, "%c2 = cmpi"));
        EXPECT_FALSE(secondLoop) << describe(r);
    }
}

// A row base, and the second half of the row at base + h; the loads of both
// halves are added and stored.
std::string halves(const std::string& secondHalf)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f16>>, %1: tile<ptr<f16>>, %2: tile<i32>, %3: tile<i32>) {\n"
           "    %k = constant <i32: 16> : tile<i32>\n"
           "    %bid, %b1, %b2 = get_tile_block_id : tile<i32>\n"
           "    %r = assume bounded<0, ?>, %bid : tile<i32>\n"
           "    %e = exti %r signed : tile<i32> -> tile<i64>\n"
           "    %s = exti %3 signed : tile<i32> -> tile<i64>\n"
           "    %m = muli %e, %s : tile<i64>\n"
           "    %base = offset %0, %m : tile<ptr<f16>>, tile<i64> -> tile<ptr<f16>>\n"
           "    %i = iota : tile<16xi32>\n"
           "    %pa = reshape %base : tile<ptr<f16>> -> tile<1xptr<f16>>\n"
           "    %ba = broadcast %pa : tile<1xptr<f16>> -> tile<16xptr<f16>>\n"
           "    %qa = offset %ba, %i : tile<16xptr<f16>>, tile<16xi32> -> tile<16xptr<f16>>\n"
           "    %xa, %ta = load_ptr_tko weak %qa : tile<16xptr<f16>> -> tile<16xf16>, token\n"
           "    %half = offset %base, " +
           secondHalf +
           " : tile<ptr<f16>>, tile<i32> -> tile<ptr<f16>>\n"
           "    %pb = reshape %half : tile<ptr<f16>> -> tile<1xptr<f16>>\n"
           "    %bb = broadcast %pb : tile<1xptr<f16>> -> tile<16xptr<f16>>\n"
           "    %qb = offset %bb, %i : tile<16xptr<f16>>, tile<16xi32> -> tile<16xptr<f16>>\n"
           "    %xb, %tb = load_ptr_tko weak %qb : tile<16xptr<f16>> -> tile<16xf16>, token\n"
           "    %y = addf %xa, %xb : tile<16xf16>\n"
           "    %po = reshape %1 : tile<ptr<f16>> -> tile<1xptr<f16>>\n"
           "    %bo = broadcast %po : tile<1xptr<f16>> -> tile<16xptr<f16>>\n"
           "    %qo = offset %bo, %i : tile<16xptr<f16>>, tile<16xi32> -> tile<16xptr<f16>>\n"
           "    %st = store_ptr_tko weak %qo, %y : tile<16xptr<f16>>, tile<16xf16> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

// The second half addressed with a constant instead of the argument h
// (silu_and_mul's `+ BLOCK_SIZE` for `+ hidden_size`): the port's address is
// then base + row terms + 16, which folds the row base into it, while the
// unmodified port keeps the row base an op of its own. The row base is written
// alike on both sides: no op_missing there, one finding at the changed offset.
TEST(MatchPlacement, AnOpTheNormalFormFoldsIntoItsUsesIsStillWrittenThere)
{
    const std::string ref = halves("%2"), gen = halves("%k");
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated && crit[0]->reference) << describe(r);
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%half = offset"));
    for (const auto& d : r.divergences)
        EXPECT_FALSE(d.reference && d.reference->line == lineOf(ref, "%base = offset") &&
                     !d.generated)
            << describe(r);
}

// gelu's tanh through exp(-2z) on a masked load. The two sides spell the mask
// with another signedness (a finding of its own, at the compare) and order the
// load by a root token or none: the loads pair by their addresses, as the
// stores do, and what lies between them by dataflow from both ends.
std::string scaledExp(Side side)
{
    const std::string token = side == Side::Reference ? " token=%tok" : "";
    const std::string signedness = side == Side::Reference ? "unsigned" : "signed";
    return "cuda_tile.module @m {\n"
           "  entry @k(%p: tile<16xptr<bf16>>, %q: tile<16xptr<bf16>>, %n: tile<i32>) {\n"
           "    %tok = make_token : token\n"
           "    %i = iota : tile<16xi32>\n"
           "    %r = reshape %n : tile<i32> -> tile<1xi32>\n"
           "    %b = broadcast %r : tile<1xi32> -> tile<16xi32>\n"
           "    %m = cmpi less_than %i, %b, " +
           signedness +
           " : tile<16xi32> -> tile<16xi1>\n"
           "    %x, %t = load_ptr_tko weak %p, %m" +
           token +
           " : tile<16xptr<bf16>>, tile<16xi1> -> tile<16xbf16>, token\n"
           "    %s = constant <bf16: 0.796875> : tile<16xbf16>\n"
           "    %x2 = mulf %x, %x : tile<16xbf16>\n"
           "    %sz = mulf %s, %x2 : tile<16xbf16>\n"
           "    %two = constant <bf16: 2.0> : tile<16xbf16>\n"
           "    %z = mulf %two, %sz : tile<16xbf16>\n"
           "    %ng = negf %z : tile<16xbf16>\n"
           "    %e = exp %ng : tile<16xbf16>\n"
           "    %st = store_ptr_tko weak %q, %e : tile<16xptr<bf16>>, tile<16xbf16> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

// The port drops the `2 *`: its negf reads the scaled product itself. The
// port's scaled mulf pairs with the reference's scaled mulf (their operands
// correspond), not with the reference's 2 * scaled mulf that the negf reads
// there: one finding, at the negf whose operand lost the factor.
TEST(MatchPlacement, AProducerSharingOnlyItsNameWaitsForOneWithCorrespondingOperands)
{
    const std::string ref = scaledExp(Side::Reference);
    std::string gen = scaledExp(Side::Generated);
    ASSERT_TRUE(applyEdits(gen, {{"    %two = constant <bf16: 2.0> : tile<16xbf16>\n", ""},
                                 {"    %z = mulf %two, %sz : tile<16xbf16>\n", ""},
                                 {"%ng = negf %z", "%ng = negf %sz"}}));
    const DiffResult r = diffTexts(ref, gen);
    int atNegf = 0;
    for (const auto* d : criticals(r)) {
        ASSERT_TRUE(d->generated) << describe(r);
        EXPECT_NE(d->generated->line, lineOf(gen, "%sz = mulf")) << describe(r);
        atNegf += d->generated->line == lineOf(gen, "%ng = negf");
    }
    EXPECT_EQ(atNegf, 1) << describe(r);
}

// layer_norm's loop: w and b gathered under masks bounded by their own
// extents (computed before the loop, as is rstd's splat, a reshape that the
// kernel also writes for a store before: a CSE duplicate).
const char* const kTwoMaskedLoads =
    "cuda_tile.module @m {\n"
    "  entry @k(%pw: tile<ptr<f32>>, %pb: tile<ptr<f32>>, %po: tile<ptr<f32>>, %nw: tile<i32>, "
    "%nb: tile<i32>, %v: tile<f32>, %n: tile<i32>) {\n"
    "    %rs = rsqrt %v : tile<f32>\n"
    "    %r1 = reshape %rs : tile<f32> -> tile<1xf32>\n"
    "    %po1 = reshape %po : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
    "    %s1 = store_ptr_tko weak %po1, %r1 : tile<1xptr<f32>>, tile<1xf32> -> token\n"
    "    %ew = exti %nw signed : tile<i32> -> tile<i64>\n"
    "    %rw = reshape %ew : tile<i64> -> tile<1xi64>\n"
    "    %bw = broadcast %rw : tile<1xi64> -> tile<16xi64>\n"
    "    %eb = exti %nb signed : tile<i32> -> tile<i64>\n"
    "    %rb = reshape %eb : tile<i64> -> tile<1xi64>\n"
    "    %bb = broadcast %rb : tile<1xi64> -> tile<16xi64>\n"
    "    %r2 = reshape %rs : tile<f32> -> tile<1xf32>\n"
    "    %b2 = broadcast %r2 : tile<1xf32> -> tile<16xf32>\n"
    "    %pw1 = reshape %pw : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
    "    %pwb = broadcast %pw1 : tile<1xptr<f32>> -> tile<16xptr<f32>>\n"
    "    %pb1 = reshape %pb : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
    "    %pbb = broadcast %pb1 : tile<1xptr<f32>> -> tile<16xptr<f32>>\n"
    "    %z = constant <i32: 0> : tile<i32>\n"
    "    %one = constant <i32: 1> : tile<i32>\n"
    "    for %k in (%z to %n, step %one) : tile<i32> {\n"
    "      %i32 = iota : tile<16xi32>\n"
    "      %i = exti %i32 signed : tile<16xi32> -> tile<16xi64>\n"
    "      %qw = offset %pwb, %i : tile<16xptr<f32>>, tile<16xi64> -> tile<16xptr<f32>>\n"
    "      %mw = cmpi less_than %i, %bw, signed : tile<16xi64> -> tile<16xi1>\n"
    "      %xw, %tw = load_ptr_tko weak %qw, %mw : tile<16xptr<f32>>, tile<16xi1> -> "
    "tile<16xf32>, token\n"
    "      %qb = offset %pbb, %i : tile<16xptr<f32>>, tile<16xi64> -> tile<16xptr<f32>>\n"
    "      %mb = cmpi less_than %i, %bb, signed : tile<16xi64> -> tile<16xi1>\n"
    "      %xb, %tb = load_ptr_tko weak %qb, %mb : tile<16xptr<f32>>, tile<16xi1> -> "
    "tile<16xf32>, token\n"
    "      %sw = mulf %xw, %b2 : tile<16xf32>\n"
    "      %y = addf %sw, %xb : tile<16xf32>\n"
    "      %st = store_ptr_tko weak %qw, %y, %mw : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> "
    "-> token\n"
    "      continue\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

// b's mask made to read w's bound: the port compares with a value it computes
// for the w mask (its b mask is the w mask written again, a duplicate) and no
// longer reads the b bound's chain. One finding, at the b mask's compare; the
// port's f32 reshape of rstd (a duplicate on both sides) does not stand in for
// the unmodified port's unread i64 reshape of the b bound.
TEST(MatchPlacement, AMaskReadingAnotherMasksBoundIsOneFindingAtItsCompare)
{
    const std::string ref = kTwoMaskedLoads;
    std::string gen = ref;
    ASSERT_TRUE(
        applyEdits(gen, {{"%mb = cmpi less_than %i, %bb", "%mb = cmpi less_than %i, %bw"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated && crit[0]->reference) << describe(r);
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%mb = cmpi"));
    EXPECT_EQ(crit[0]->reference->line, lineOf(ref, "%mb = cmpi"));
}

// softmax's denominator: a sum initialised with 0.0, then 1.0 divided by it
// (the 1.0 a constant of the same type, written after the loop).
const char* const kSumThenInverse =
    "cuda_tile.module @m {\n"
    "  entry @k(%p: tile<16xptr<f32>>, %q: tile<16xptr<f32>>, %n: tile<i32>) {\n"
    "    %x, %t = load_ptr_tko weak %p : tile<16xptr<f32>> -> tile<16xf32>, token\n"
    "    %init = constant <f32: 0.0> : tile<16xf32>\n"
    "    %z = constant <i32: 0> : tile<i32>\n"
    "    %one = constant <i32: 1> : tile<i32>\n"
    "    %acc = for %k in (%z to %n, step %one) : tile<i32> iter_values(%a = %init) -> "
    "(tile<16xf32>) {\n"
    "      %s = addf %a, %x : tile<16xf32>\n"
    "      continue %s : tile<16xf32>\n"
    "    }\n"
    "    %c1 = constant <f32: 1.0> : tile<16xf32>\n"
    "    %inv = divf %c1, %acc : tile<16xf32>\n"
    "    %st = store_ptr_tko weak %q, %inv : tile<16xptr<f32>>, tile<16xf32> -> token\n"
    "    return\n"
    "  }\n"
    "}\n";

// The sum initialised with 1.0: the changed constant now has the value of the
// later 1.0, which CSE makes its copy. The finding is the changed value at the
// initial constant, not another operand of the loop.
TEST(MatchPlacement, ALiteralChangedToALaterConstantsValueIsAChangedValueAtIt)
{
    const std::string ref = kSumThenInverse;
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, {{"%init = constant <f32: 0.0>", "%init = constant <f32: 1.0>"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated && crit[0]->reference) << describe(r);
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%init = constant"));
    EXPECT_EQ(crit[0]->reference->line, lineOf(ref, "%init = constant"));
    EXPECT_EQ(crit[0]->rule, "constant-value") << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
