// The semantic normal form and the SMT check (issue 13): equivalent forms are
// proven with a proof sentence, result-changing ones are critical with a
// counterexample, on small kernels written for each case.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>
#include <tuple>

namespace tilelens::diff::test {
namespace {

// One entry around `body`: %0 a scalar i32 argument, %1 a bounded one,
// `print_tko` keeps the values under test alive.
std::string kernel(const std::string& body)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<i32>, %1: tile<i32>) {\n"
           "    %b = assume bounded<0, 100>, %1 : tile<i32>\n" +
           body +
           "    return\n"
           "  }\n"
           "}\n";
}

const Divergence* criticalAt(const DiffResult& r, int genLine)
{
    for (const auto& d : r.divergences)
        if (d.severity == Severity::Critical && d.generated && d.generated->line == genLine)
            return &d;
    return nullptr;
}

bool anyProven(const DiffResult& r, Severity s, const std::string& proofPart)
{
    for (const auto& d : r.divergences)
        if (d.severity == s && d.proof.find(proofPart) != std::string::npos)
            return true;
    return false;
}

// The recognizer that accepted this once: (x+4-1) rounded down vs (x+3) rounded up.
TEST(SemanticForm, FloorAndCeilOfTheSameNumeratorDifferWithACounterexample)
{
    const std::string ref =
        kernel("    %c4 = constant <i32: 4> : tile<i32>\n"
               "    %c1 = constant <i32: 1> : tile<i32>\n"
               "    %s = addi %0, %c4 : tile<i32>\n"
               "    %n = subi %s, %c1 : tile<i32>\n"
               "    %q = divi %n, %c4 signed rounding negative_inf : tile<i32>\n"
               "    %p = print_tko \"%d\", %q : tile<i32> -> token\n");
    const std::string gen =
        kernel("    %c4 = constant <i32: 4> : tile<i32>\n"
               "    %c3 = constant <i32: 3> : tile<i32>\n"
               "    %n = addi %0, %c3 : tile<i32>\n"
               "    %q = divi %n, %c4 signed rounding positive_inf : tile<i32>\n"
               "    %p = print_tko \"%d\", %q : tile<i32> -> token\n");
    const DiffResult r = diffTexts(ref, gen);
    const Divergence* d = criticalAt(r, lineOf(gen, "%q = divi"));
    ASSERT_NE(d, nullptr) << describe(r);
    EXPECT_NE(d->counterexample.find("reference"), std::string::npos) << d->counterexample;
    EXPECT_EQ(r.verdict, Verdict::FailFixable);
}

TEST(SemanticForm, CeilDivisionEqualsFloorOfTheBiasedNumeratorWithoutOverflow)
{
    const std::string ref =
        kernel("    %c4 = constant <i32: 4> : tile<i32>\n"
               "    %q = divi %b, %c4 signed rounding positive_inf : tile<i32>\n"
               "    %p = print_tko \"%d\", %q : tile<i32> -> token\n");
    const std::string gen =
        kernel("    %c4 = constant <i32: 4> : tile<i32>\n"
               "    %c3 = constant <i32: 3> : tile<i32>\n"
               "    %n = addi %b, %c3 : tile<i32>\n"
               "    %q = divi %n, %c4 signed rounding negative_inf : tile<i32>\n"
               "    %p = print_tko \"%d\", %q : tile<i32> -> token\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_EQ(r.count(Severity::Warn), 0) << describe(r); // x <= 100: no precondition left
    EXPECT_TRUE(anyProven(r, Severity::Equivalent, "ceil(x / 4) = floor((x + 3) / 4)"))
        << describe(r);
}

// min(x, 128) written as an `if` (attention_sink's min(hi, N_KV_CTX)) is at most 128 wherever x
// is unbounded: the compare bounds x in the branch that yields it (also as the else branch of
// the negated compare), so its ceil division needs no overflow precondition.
TEST(SemanticForm, AnIfYieldingTheSmallerOfTwoValuesBoundsWhatItFeeds)
{
    const auto withMin = [](const std::string& predicate, const std::string& then,
                            const std::string& otherwise, const std::string& division) {
        return kernel("    %c128 = constant <i32: 128> : tile<i32>\n"
                      "    %lt = cmpi " +
                      predicate +
                      " %0, %c128, signed : tile<i32> -> tile<i1>\n"
                      "    %m = if %lt -> (tile<i32>) {\n"
                      "      yield " +
                      then +
                      " : tile<i32>\n"
                      "    } else {\n"
                      "      yield " +
                      otherwise + " : tile<i32>\n    }\n" + division +
                      "    %p = print_tko \"%d\", %q : tile<i32> -> token\n");
    };
    const std::string ceil = "    %q = divi %m, %c128 signed rounding positive_inf : tile<i32>\n";
    const std::string floorOfBiased = "    %c127 = constant <i32: 127> : tile<i32>\n"
                                      "    %n = addi %m, %c127 : tile<i32>\n"
                                      "    %q = divi %n, %c128 signed rounding negative_inf : "
                                      "tile<i32>\n";
    for (const auto& [predicate, then, otherwise] :
         {std::tuple<std::string, std::string, std::string>{"less_than", "%0", "%c128"},
          {"greater_than_or_equal", "%c128", "%0"}}) {
        const DiffResult r = diffTexts(withMin(predicate, then, otherwise, ceil),
                                       withMin(predicate, then, otherwise, floorOfBiased));
        EXPECT_EQ(r.count(Severity::Critical), 0) << predicate << "\n" << describe(r);
        EXPECT_EQ(r.count(Severity::Warn), 0) << predicate << "\n" << describe(r);
        EXPECT_TRUE(anyProven(r, Severity::Equivalent, "ceil(x / 128) = floor((x + 127) / 128)"))
            << predicate << "\n"
            << describe(r);
    }
}

TEST(SemanticForm, UnitStrideAndChainedConstantsFold)
{
    const std::string ref = kernel("    %one = constant <i32: 1> : tile<i32>\n"
                                   "    %c128 = constant <i32: 128> : tile<i32>\n"
                                   "    %x = muli %0, %one : tile<i32>\n"
                                   "    %y = subi %x, %c128 : tile<i32>\n"
                                   "    %z = addi %y, %one : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %z : tile<i32> -> token\n");
    const std::string gen = kernel("    %c127 = constant <i32: 127> : tile<i32>\n"
                                   "    %z = subi %0, %c127 : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %z : tile<i32> -> token\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_TRUE(anyProven(r, Severity::Equivalent, "x + -127")) << describe(r);

    // Off by one: critical where the constant differs.
    std::string wrong = gen;
    ASSERT_TRUE(applyEdits(wrong, {{"<i32: 127>", "<i32: 126>"}}));
    const DiffResult w = diffTexts(ref, wrong);
    EXPECT_GT(w.count(Severity::Critical), 0) << describe(w);
}

TEST(SemanticForm, SignednessMattersOnlyForPossiblyNegativeOperands)
{
    const std::string body = "    %c = cmpi less_than %b, %b2, signed : tile<i32> -> tile<i1>\n"
                             "    %p = print_tko \"%d\", %c : tile<i1> -> token\n";
    const std::string ref = kernel("    %b2 = assume bounded<0, ?>, %0 : tile<i32>\n" + body);
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, {{"%b2, signed", "%b2, unsigned"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_TRUE(anyProven(r, Severity::Equivalent, "non-negative")) << describe(r);

    // Without the bound on %0 the flip is critical, with a negative input as witness.
    std::string ref2 = ref, gen2 = gen;
    ASSERT_TRUE(applyEdits(ref2, {{"%b2 = assume bounded<0, ?>, %0", "%b2 = addi %0, %0"}}));
    ASSERT_TRUE(applyEdits(gen2, {{"%b2 = assume bounded<0, ?>, %0", "%b2 = addi %0, %0"}}));
    const DiffResult r2 = diffTexts(ref2, gen2);
    const Divergence* d = criticalAt(r2, lineOf(gen2, "%c = cmpi"));
    ASSERT_NE(d, nullptr) << describe(r2);
    EXPECT_FALSE(d->counterexample.empty());
}

TEST(SemanticForm, SolverProvesWhatTheNormalFormDoesNotKnow)
{
    const std::string ref = kernel("    %m = constant <i32: 255> : tile<i32>\n"
                                   "    %x = andi %b, %m : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %x : tile<i32> -> token\n");
    const std::string gen = kernel("    %m = constant <i32: 256> : tile<i32>\n"
                                   "    %x = remi %b, %m unsigned : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %x : tile<i32> -> token\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_TRUE(anyProven(r, Severity::Equivalent, "SMT: equal for all inputs")) << describe(r);
}

TEST(SemanticForm, DivisibilityHintsAreWarnsAndDuplicatedAssumesMerge)
{
    const std::string ref = kernel("    %h = assume div_by<8>, %0 : tile<i32>\n"
                                   "    %p = print_tko \"%d\", %h : tile<i32> -> token\n");
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, {{"div_by<8>, %0 : tile<i32>\n",
                                  "div_by<16>, %0 : tile<i32>\n    %h2 = assume div_by<16>, %h : "
                                  "tile<i32>\n"},
                                 {"print_tko \"%d\", %h", "print_tko \"%d\", %h2"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_EQ(withRule(r, "assume-div-by-hint").size(), 1u) << describe(r);
}

// Regression review (issue 13, item 5): one port's generated IR before and
// after a kernel change, diffed by the same engine.
TEST(SemanticForm, RegressionReviewOfTwoGeneratedIrsIsCriticalExactlyAtTheChange)
{
    const std::string before = fixture("../real-ports/swiglu_fwd_2x512x4096_bf16/generated.mlir");
    ASSERT_FALSE(before.empty());
    const DiffResult same = diffTexts(before, before);
    EXPECT_EQ(same.verdict, Verdict::Pass) << describe(same);

    // x * sigmoid(x) * b becomes x * sigmoid(x) + b.
    std::string after = before;
    ASSERT_TRUE(applyEdits(after, {{"%134 = mulf %133, %117", "%134 = addf %133, %117"}}));
    const DiffResult r = diffTexts(before, after);
    const int line = lineOf(after, "%134 = addf");
    ASSERT_NE(criticalAt(r, line), nullptr) << describe(r);
    for (const auto& d : r.divergences) {
        if (d.severity == Severity::Critical) {
            EXPECT_EQ(d.generated ? d.generated->line : 0, line) << describe(r);
        }
    }
}

} // namespace
} // namespace tilelens::diff::test
