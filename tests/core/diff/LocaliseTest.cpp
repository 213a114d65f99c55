// Issue 30 item 1: one finding per porting mistake, at its line. A chain of ops
// written alike on both sides of which only the first reads something else (a
// stride of the wrong tensor, which CSE then merges into another chain) is one
// finding at that first op, with a counterexample; a compare whose predicate
// changed is one finding even where its signedness differs too, if the
// signedness cannot matter.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>
#include <string>

namespace tilelens::diff::test {
namespace {

// Two row offsets, stride * row; the port computes the second with the first's stride.
const char* const kOffsets = "cuda_tile.module @m {\n"
                             "  entry @k(%sx: tile<i32>, %sy: tile<i32>, %row: tile<i32>) {\n"
                             "    %ex = exti %sx signed : tile<i32> -> tile<i64>\n"
                             "    %rr = exti %row signed : tile<i32> -> tile<i64>\n"
                             "    %mx = muli %ex, %rr : tile<i64>\n"
                             "    %ey = exti %sy signed : tile<i32> -> tile<i64>\n"
                             "    %my = muli %ey, %rr : tile<i64>\n"
                             "    %p1 = print_tko \"%d\", %mx : tile<i64> -> token\n"
                             "    %p2 = print_tko \"%d\", %my : tile<i64> -> token\n"
                             "    return\n"
                             "  }\n"
                             "}\n";

TEST(Localise, AWrongStrideIsOneFindingWhereItIsRead)
{
    const std::string ref = kOffsets;
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, {{"%ey = exti %sy", "%ey = exti %sx"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated && crit[0]->reference);
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%ey = exti"));
    EXPECT_EQ(crit[0]->reference->line, lineOf(ref, "%ey = exti"));
    EXPECT_FALSE(crit[0]->counterexample.empty()) << describe(r);
    // The product and the print that use it are its sites, not findings of their own.
    bool printIsASite = false;
    for (const auto& s : crit[0]->sites)
        printIsASite =
            printIsASite || (s.generated && s.generated->line == lineOf(gen, "%p2 = print_tko"));
    EXPECT_TRUE(printIsASite) << describe(r);
}

// The port reads a value it also computes for another use (softmax's pass-2
// column mask bounded by the output's extent, which pass 3 reads too): the
// chain of that value is paired with the reference's own and unchanged, so the
// one finding is at the op that now reads it, not at the first op of its chain.
TEST(Localise, AnExistingValueReadInPlaceOfAnotherIsOneFindingAtTheReader)
{
    const std::string ref =
        "cuda_tile.module @m {\n"
        "  entry @k(%sx: tile<i32>, %sy: tile<i32>, %row: tile<i32>) {\n"
        "    %ex = exti %sx signed : tile<i32> -> tile<i64>\n"
        "    %rx = reshape %ex : tile<i64> -> tile<1xi64>\n"
        "    %ey = exti %sy signed : tile<i32> -> tile<i64>\n"
        "    %ry = reshape %ey : tile<i64> -> tile<1xi64>\n"
        "    %rr = exti %row signed : tile<i32> -> tile<i64>\n"
        "    %r1 = reshape %rr : tile<i64> -> tile<1xi64>\n"
        "    %c1 = cmpi less_than %r1, %rx, signed : tile<1xi64> -> tile<1xi1>\n"
        "    %c2 = cmpi less_than %r1, %ry, signed : tile<1xi64> -> tile<1xi1>\n"
        "    %p0 = print_tko \"%d\", %ry : tile<1xi64> -> token\n"
        "    %p1 = print_tko \"%d\", %c1 : tile<1xi1> -> token\n"
        "    %p2 = print_tko \"%d\", %c2 : tile<1xi1> -> token\n"
        "    return\n"
        "  }\n"
        "}\n";
    std::string gen = ref;
    ASSERT_TRUE(
        applyEdits(gen, {{"%c2 = cmpi less_than %r1, %ry", "%c2 = cmpi less_than %r1, %rx"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated && crit[0]->reference) << describe(r);
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%c2 = cmpi"));
    EXPECT_EQ(crit[0]->reference->line, lineOf(ref, "%c2 = cmpi"));
}

TEST(Localise, AChangeAtTheOpItselfStaysThere)
{
    const std::string ref = kOffsets;
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, {{"%my = muli %ey, %rr", "%my = addi %ey, %rr"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_FALSE(crit.empty()) << describe(r);
    for (const Divergence* d : crit) {
        ASSERT_TRUE(d->generated.has_value()) << describe(r);
        EXPECT_NE(d->generated->line, lineOf(gen, "%ey = exti")) << describe(r);
    }
}

// `<` made `<=` on operands proven non-negative, the signedness changed with it
// (softmax's output column mask against the reference): the signedness cannot
// change the result, so the predicate is the one finding.
TEST(Localise, APredicateChangeIsOneFindingWhereTheSignednessCannotMatter)
{
    const std::string ref = "cuda_tile.module @m {\n"
                            "  entry @k(%0: tile<i32>, %1: tile<i32>) {\n"
                            "    %a = assume bounded<0, 100>, %0 : tile<i32>\n"
                            "    %b = assume bounded<0, 100>, %1 : tile<i32>\n"
                            "    %c = cmpi less_than %a, %b, unsigned : tile<i32> -> tile<i1>\n"
                            "    %p = print_tko \"%d\", %c : tile<i1> -> token\n"
                            "    return\n"
                            "  }\n"
                            "}\n";
    std::string gen = ref;
    ASSERT_TRUE(
        applyEdits(gen, {{"less_than %a, %b, unsigned", "less_than_or_equal %a, %b, signed"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    EXPECT_EQ(crit[0]->attribute, "predicate");
    EXPECT_FALSE(crit[0]->counterexample.empty()) << describe(r);

    // Near miss: an operand that may be negative makes the signedness matter too.
    std::string wide = ref, wideGen = gen;
    ASSERT_TRUE(applyEdits(wide, {{"bounded<0, 100>, %0", "bounded<-5, 100>, %0"}}));
    ASSERT_TRUE(applyEdits(wideGen, {{"bounded<0, 100>, %0", "bounded<-5, 100>, %0"}}));
    EXPECT_EQ(criticals(diffTexts(wide, wideGen)).size(), 2u) << describe(diffTexts(wide, wideGen));
}

// The same where only the solver shows that the signedness cannot matter
// (`x ^ x` is 0, which the ranges of the normal form do not track); with an
// operand that may be negative (`x | 127`) it does matter.
TEST(Localise, APredicateChangeIsOneFindingWhereTheSolverShowsTheSignednessCannotMatter)
{
    const auto kernel = [](const std::string& a, const std::string& compare) {
        return "cuda_tile.module @m {\n"
               "  entry @k(%0: tile<i32>, %1: tile<i32>) {\n"
               "    %k = constant <i32: 127> : tile<i32>\n"
               "    %a = " +
               a +
               " : tile<i32>\n"
               "    %b = andi %1, %k : tile<i32>\n"
               "    %c = cmpi " +
               compare +
               " : tile<i32> -> tile<i1>\n"
               "    %p = print_tko \"%d\", %c : tile<i1> -> token\n"
               "    return\n"
               "  }\n"
               "}\n";
    };
    const std::string lt = "less_than %a, %b, unsigned", le = "less_than_or_equal %a, %b, signed";
    const DiffResult r = diffTexts(kernel("xori %0, %0", lt), kernel("xori %0, %0", le));
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    EXPECT_EQ(crit[0]->attribute, "predicate");
    bool signednessProven = false;
    for (const auto& d : r.divergences)
        signednessProven = signednessProven ||
                           (d.attribute == "signedness" && d.severity == Severity::Equivalent &&
                            d.proof.find("the signedness cannot change this compare") == 0);
    EXPECT_TRUE(signednessProven) << describe(r);

    const DiffResult mayBeNegative = diffTexts(kernel("ori %0, %k", lt), kernel("ori %0, %k", le));
    EXPECT_EQ(criticals(mayBeNegative).size(), 2u) << describe(mayBeNegative);
}

// Issue 30 item 3: `>` for `>=` against a constant the other operand never
// reaches (attention_sink's key mask, N_KV_CTX = TILE_N = 128) is equal only in
// this specialisation: a warn that names the constant and where the two differ.
TEST(Localise, AStrictnessChangeEqualOnlyBelowAConstantIsAWarnThatNamesIt)
{
    const auto kernel = [](int lanes, const std::string& predicate) {
        const std::string t = "tile<" + std::to_string(lanes) + "xi32>";
        return "cuda_tile.module @m {\n"
               "  entry @k() {\n"
               "    %i = iota : " +
               t +
               "\n"
               "    %n = constant <i32: 128> : " +
               t +
               "\n"
               "    %c = cmpi " +
               predicate + " %i, %n, signed : " + t + " -> tile<" + std::to_string(lanes) +
               "xi1>\n"
               "    %p = print_tko \"%d\", %c : tile<" +
               std::to_string(lanes) +
               "xi1> -> token\n"
               "    return\n"
               "  }\n"
               "}\n";
    };
    const DiffResult r =
        diffTexts(kernel(128, "greater_than_or_equal"), kernel(128, "greater_than"));
    EXPECT_TRUE(criticals(r).empty()) << describe(r);
    const auto warns = withRule(r, "proven-under-precondition");
    ASSERT_EQ(warns.size(), 1u) << describe(r);
    EXPECT_EQ(warns[0]->severity, Severity::Warn);
    EXPECT_NE(warns[0]->proof.find("the constant 128"), std::string::npos) << warns[0]->proof;
    EXPECT_NE(warns[0]->proof.find("they differ"), std::string::npos) << warns[0]->proof;

    // Near miss: 256 lanes reach 128, and the two compares differ there.
    const DiffResult wide =
        diffTexts(kernel(256, "greater_than_or_equal"), kernel(256, "greater_than"));
    ASSERT_EQ(criticals(wide).size(), 1u) << describe(wide);
    EXPECT_FALSE(criticals(wide)[0]->counterexample.empty()) << describe(wide);
}

// attention_sink's output: the reference reshapes and then casts, the port casts
// and then reshapes. With a change upstream (here addf -> subf) the two casts'
// inputs differ, so their normal forms do, but the order of cast and reshape is
// no second change: one critical, at the subf.
TEST(Localise, ACastWrittenOnTheOtherSideOfAReshapeIsNoSecondFinding)
{
    const std::string ref = "cuda_tile.module @m {\n"
                            "  entry @k(%a: tile<4xf32>, %b: tile<4xf32>) {\n"
                            "    %x = addf %a, %b : tile<4xf32>\n"
                            "    %r = reshape %x : tile<4xf32> -> tile<2x2xf32>\n"
                            "    %c = ftof %r : tile<2x2xf32> -> tile<2x2xf16>\n"
                            "    %p = print_tko \"%f\", %c : tile<2x2xf16> -> token\n"
                            "    return\n"
                            "  }\n"
                            "}\n";
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, {{"addf %a", "subf %a"},
                                 {"    %r = reshape %x : tile<4xf32> -> tile<2x2xf32>\n"
                                  "    %c = ftof %r : tile<2x2xf32> -> tile<2x2xf16>\n"
                                  "    %p = print_tko \"%f\", %c",
                                  "    %c = ftof %x : tile<4xf32> -> tile<4xf16>\n"
                                  "    %r = reshape %c : tile<4xf16> -> tile<2x2xf16>\n"
                                  "    %p = print_tko \"%f\", %r"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated.has_value());
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%x = subf"));
    // The commutation is one equivalent finding that says why.
    int commuted = 0;
    for (const auto& d : r.divergences)
        if (d.proof.find("ftof and reshape commute") != std::string::npos) {
            ++commuted;
            EXPECT_EQ(d.severity, Severity::Equivalent) << describe(r);
            // The cast pair, the print using it and the two one-sided reshapes: each once.
            EXPECT_EQ(d.sites.size(), 4u) << describe(r);
        }
    EXPECT_EQ(commuted, 1) << describe(r);

    // Near miss: a cast to another type on the port's side is a change of its own.
    std::string other = gen;
    ASSERT_TRUE(
        applyEdits(other, {{"%c = ftof %x : tile<4xf32> -> tile<4xf16>",
                            "%c = ftof %x : tile<4xf32> -> tile<4xbf16>"},
                           {"tile<4xf16> -> tile<2x2xf16>", "tile<4xbf16> -> tile<2x2xbf16>"},
                           {"%r : tile<2x2xf16> -> token", "%r : tile<2x2xbf16> -> token"}}));
    EXPECT_GT(criticals(diffTexts(ref, other)).size(), 1u) << describe(diffTexts(ref, other));
}

} // namespace
} // namespace tilelens::diff::test
