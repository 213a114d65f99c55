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

} // namespace
} // namespace tilelens::diff::test
