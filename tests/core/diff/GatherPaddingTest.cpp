// The padding operand of a gather (load_ptr_tko). The cuTile Python compiler
// also writes one on an unmasked gather (softmax's `-inf` padding of a full
// row, `load_ptr_tko weak %ptrs, %pad`): with no mask every lane is read, so
// the value is never used, whatever reads the loaded tile.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

// `fill`, when given, defines %x from the loaded %x0 (cuTile Rust's
// select(mask, load, c) instead of a padding operand).
std::string gather(const std::string& operands, const std::string& types,
                   const std::string& fill = "")
{
    return "cuda_tile.module @m {\n"
           "  entry @row_max(%0: tile<ptr<f32>>, %1: tile<ptr<f32>>) {\n"
           "    %i = iota : tile<16xi32>\n"
           "    %p = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b = broadcast %p : tile<1xptr<f32>> -> tile<16xptr<f32>>\n"
           "    %q = offset %b, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>\n"
           "    %ninf = constant <f32: 0xFF800000> : tile<16xf32>\n"
           "    %lim = constant <i32: 8> : tile<16xi32>\n"
           "    %m = cmpi less_than %i, %lim, signed : tile<16xi32> -> tile<16xi1>\n"
           "    %zero = constant <f32: 0.0> : tile<16xf32>\n"
           "    %lim2 = constant <i32: 4> : tile<16xi32>\n"
           "    %m2 = cmpi less_than %i, %lim2, signed : tile<16xi32> -> tile<16xi1>\n" +
           std::string(fill.empty() ? "    %x" : "    %x0") + ", %t = load_ptr_tko weak %q" +
           operands + " : tile<16xptr<f32>>" + types + " -> tile<16xf32>, token\n" + fill +
           "    %r = reduce %x dim=0 identities=[0xFF800000] : tile<16xf32> -> tile<f32> {\n"
           "    ^bb0(%a: tile<f32>, %c: tile<f32>):\n"
           "      %mx = maxf %a, %c : tile<f32>\n"
           "      yield %mx : tile<f32>\n"
           "    }\n"
           "    %s = store_ptr_tko weak %1, %r : tile<ptr<f32>>, tile<f32> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

// silu_and_mul's shape: gathers a and b under mask %m, a * b stored under `storeMask` (%m: the
// loads' mask, %m2: a wider one). The reference pads both with one 0.0; the generated side pads
// a with `padA` and leaves b without padding, as the port does.
std::string twoGathersStore(const std::string& padA, const std::string& storeMask,
                            const std::string& padB)
{
    // The reference makes its padding by broadcasting a scalar, the port a splat constant.
    const std::string padOps =
        padB.empty() ? "    %pad = constant <f32: " + padA + "> : tile<16xf32>\n"
                     : "    %pad0 = constant <f32: " + padA +
                           "> : tile<f32>\n"
                           "    %pad1 = reshape %pad0 : tile<f32> -> tile<1xf32>\n"
                           "    %pad = broadcast %pad1 : tile<1xf32> -> tile<16xf32>\n";
    return "cuda_tile.module @m {\n"
           "  entry @mul(%0: tile<ptr<f32>>, %1: tile<ptr<f32>>) {\n"
           "    %i = iota : tile<16xi32>\n"
           "    %p = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b = broadcast %p : tile<1xptr<f32>> -> tile<16xptr<f32>>\n"
           "    %q = offset %b, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>\n"
           "    %sixteen = constant <i32: 16> : tile<16xi32>\n"
           "    %j = addi %i, %sixteen : tile<16xi32>\n"
           "    %qb = offset %b, %j : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>\n"
           "    %p1 = reshape %1 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b1 = broadcast %p1 : tile<1xptr<f32>> -> tile<16xptr<f32>>\n"
           "    %q1 = offset %b1, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>\n"
           "    %lim = constant <i32: 8> : tile<16xi32>\n"
           "    %m = cmpi less_than %i, %lim, signed : tile<16xi32> -> tile<16xi1>\n"
           "    %lim2 = constant <i32: 12> : tile<16xi32>\n"
           "    %m2 = cmpi less_than %i, %lim2, signed : tile<16xi32> -> tile<16xi1>\n" +
           padOps +
           "    %x, %t = load_ptr_tko weak %q, %m, %pad : tile<16xptr<f32>>, tile<16xi1>, "
           "tile<16xf32> -> tile<16xf32>, token\n" +
           (padB.empty()
                ? std::string("    %xb, %tb = load_ptr_tko weak %qb, %m : tile<16xptr<f32>>, "
                              "tile<16xi1> -> tile<16xf32>, token\n")
                : "    %xb, %tb = load_ptr_tko weak %qb, %m, " + padB +
                      " : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token\n") +
           "    %y = mulf %x, %xb : tile<16xf32>\n"
           "    %s = store_ptr_tko weak %q1, %y, " +
           storeMask +
           " : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

// Issue 30 item 4 (silu_and_mul's a-load padded with 1.0 against the reference's 0): where the
// generated side stores no padded lane, its padding value reaches no result; the reference's
// wider store mask is the stores' difference, not the padding's. Storing the padded lanes on the
// generated side too keeps the padding value critical.
TEST(GatherPadding, APaddingValueTheGeneratedSideNeverStoresIsNotTheDifference)
{
    const auto paddingFinding = [](const DiffResult& r) -> const Divergence* {
        for (const auto& d : r.divergences)
            if (d.attribute == "padding value")
                return &d;
        return nullptr;
    };
    const std::string ref = twoGathersStore("0.0", "%m2", "%pad");
    const DiffResult unstored = diffTexts(ref, twoGathersStore("1.0", "%m", ""));
    const Divergence* d = paddingFinding(unstored);
    ASSERT_NE(d, nullptr) << describe(unstored);
    EXPECT_NE(d->severity, Severity::Critical) << describe(unstored);
    EXPECT_NE(d->proof.find("its padding value reaches no result"), std::string::npos)
        << describe(unstored);

    const DiffResult stored = diffTexts(ref, twoGathersStore("1.0", "%m2", ""));
    d = paddingFinding(stored);
    ASSERT_NE(d, nullptr) << describe(stored);
    EXPECT_EQ(d->severity, Severity::Critical) << describe(stored);
}

// A gather padded with `pad` whose negated tile is stored under `storeMask` (%m: the load's own).
std::string negatedGather(const std::string& pad, const std::string& storeMask)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<ptr<f32>>) {\n"
           "    %i = iota : tile<8xi32>\n"
           "    %r0 = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b0 = broadcast %r0 : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %p0 = offset %b0, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %rn = reshape %1 : tile<i32> -> tile<1xi32>\n"
           "    %bn = broadcast %rn : tile<1xi32> -> tile<8xi32>\n"
           "    %m = cmpi less_than %i, %bn, signed : tile<8xi32> -> tile<8xi1>\n"
           "    %four = constant <i32: 4> : tile<8xi32>\n"
           "    %m2 = cmpi less_than %i, %four, signed : tile<8xi32> -> tile<8xi1>\n"
           "    %pad = constant <f32: " +
           pad +
           "> : tile<8xf32>\n"
           "    %x, %t = load_ptr_tko weak %p0, %m, %pad : tile<8xptr<f32>>, tile<8xi1>, "
           "tile<8xf32> -> tile<8xf32>, token\n"
           "    %y = negf %x : tile<8xf32>\n"
           "    %r1 = reshape %2 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b1 = broadcast %r1 : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %p1 = offset %b1, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %s = store_ptr_tko weak %p1, %y, " +
           storeMask +
           " : tile<8xptr<f32>>, tile<8xf32>, tile<8xi1> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

// Review32 case L: the padding constant changed (0 -> 1) where both sides store the gather's
// lanes under the load's own mask. No padded lane is stored, so the value is never observed:
// no critical and no witness ("any input -> 0 vs 1" named a value no kernel stores). Stored
// under another mask, the padded lanes reach memory and the change stays critical.
TEST(GatherPadding, AChangedPaddingConstantNoStoredLaneReadsIsNoCritical)
{
    const DiffResult unstored = diffTexts(negatedGather("0.0", "%m"), negatedGather("1.0", "%m"));
    EXPECT_EQ(unstored.count(Severity::Critical), 0) << describe(unstored);
    bool proven = false;
    for (const auto& d : unstored.divergences) {
        EXPECT_TRUE(d.counterexample.empty()) << describe(unstored);
        proven = proven || d.proof.find("no padded lane is ever stored") != std::string::npos;
    }
    EXPECT_TRUE(proven) << describe(unstored);

    const DiffResult stored = diffTexts(negatedGather("0.0", "%m2"), negatedGather("1.0", "%m2"));
    EXPECT_EQ(stored.verdict, Verdict::FailFixable) << describe(stored);
}

TEST(GatherPadding, ThePaddingOfAnUnmaskedGatherIsNeverUsed)
{
    const DiffResult r = diffTexts(gather(", %ninf", ", tile<16xf32>"), gather("", ""));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    bool proven = false;
    for (const auto& d : r.divergences)
        proven = proven || d.proof.find("no mask") != std::string::npos;
    EXPECT_TRUE(proven) << describe(r);
}

TEST(GatherPadding, ThePaddingOfAMaskedGatherThatAReductionReadsStaysCritical)
{
    const DiffResult r = diffTexts(gather(", %m, %ninf", ", tile<16xi1>, tile<16xf32>"),
                                   gather(", %m", ", tile<16xi1>"));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
}

TEST(GatherPadding, AnotherPaddingValueThatAReductionReadsIsCritical)
{
    const std::string types = ", tile<16xi1>, tile<16xf32>";
    const DiffResult r = diffTexts(gather(", %m, %ninf", types), gather(", %m, %zero", types));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
    // Reported where the value is written: the padding operand or its constant.
    bool named = false;
    for (const auto& d : r.divergences)
        named = named || (d.severity == Severity::Critical &&
                          d.message.find("<f32: 0.000000e+00>") != std::string::npos);
    EXPECT_TRUE(named) << describe(r);
}

TEST(GatherPadding, SelectingThePaddingIntoTheMaskedOffLanesIsThePaddedGather)
{
    const std::string padded = gather(", %m, %ninf", ", tile<16xi1>, tile<16xf32>");
    const auto selected = [](const std::string& mask, const std::string& c) {
        return gather(", %m", ", tile<16xi1>",
                      "    %x = select " + mask + ", %x0, " + c + " : tile<16xi1>, tile<16xf32>\n");
    };
    const DiffResult r = diffTexts(padded, selected("%m", "%ninf"));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    bool proven = false;
    for (const auto& d : r.divergences)
        proven = proven || d.proof.find("selects the other side's padding") != std::string::npos;
    EXPECT_TRUE(proven) << describe(r);
    // Also the other way round.
    EXPECT_EQ(diffTexts(selected("%m", "%ninf"), padded).count(Severity::Critical), 0);
    // Another fill value, or another mask than the load's, reaches the maximum.
    EXPECT_EQ(diffTexts(padded, selected("%m", "%zero")).verdict, Verdict::FailFixable);
    EXPECT_EQ(diffTexts(padded, selected("%m2", "%ninf")).verdict, Verdict::FailFixable);
    // The unselected tile also stored: its undefined lanes reach memory (and the store is extra).
    const std::string leaked = gather(
        ", %m", ", tile<16xi1>",
        "    %x = select %m, %x0, %ninf : tile<16xi1>, tile<16xf32>\n"
        "    %leak = store_ptr_tko weak %q, %x0 : tile<16xptr<f32>>, tile<16xf32> -> token\n");
    EXPECT_EQ(diffTexts(padded, leaked).verdict, Verdict::FailFixable);
}

} // namespace
} // namespace tilelens::diff::test
