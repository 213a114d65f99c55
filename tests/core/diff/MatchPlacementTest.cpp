// Issue 30: one finding per porting mistake, at its line, also where the
// mistake changes how many times a computation is written (the matcher must not
// pair an op of one loop with its twin in another loop).

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

} // namespace
} // namespace tilelens::diff::test
