// Casts of constants (issue 13, ConstantFold.cpp castFold): cuTile Rust spells a
// literal of the generic element type as an f32 constant and an `ftof` (or an
// integer constant and an `itof`), cuTile Python writes the folded constant.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

// x (a gather under mask %m) times `scale`, stored; `constants` defines %s.
std::string scaled(const std::string& constants, const std::string& predicate = "less_than")
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<bf16>>, %1: tile<ptr<bf16>>, %2: tile<i32>) {\n"
           "    %i = iota : tile<16xi32>\n"
           "    %r = reshape %2 : tile<i32> -> tile<1xi32>\n"
           "    %n = broadcast %r : tile<1xi32> -> tile<16xi32>\n"
           "    %m = cmpi " +
           predicate +
           " %i, %n, signed : tile<16xi32> -> tile<16xi1>\n"
           "    %p = reshape %0 : tile<ptr<bf16>> -> tile<1xptr<bf16>>\n"
           "    %b = broadcast %p : tile<1xptr<bf16>> -> tile<16xptr<bf16>>\n"
           "    %q = offset %b, %i : tile<16xptr<bf16>>, tile<16xi32> -> tile<16xptr<bf16>>\n"
           "    %x, %t = load_ptr_tko weak %q, %m : tile<16xptr<bf16>>, tile<16xi1> -> "
           "tile<16xbf16>, token\n" +
           constants +
           "    %y = mulf %x, %s : tile<16xbf16>\n"
           "    %p1 = reshape %1 : tile<ptr<bf16>> -> tile<1xptr<bf16>>\n"
           "    %b1 = broadcast %p1 : tile<1xptr<bf16>> -> tile<16xptr<bf16>>\n"
           "    %q1 = offset %b1, %i : tile<16xptr<bf16>>, tile<16xi32> -> tile<16xptr<bf16>>\n"
           "    %st = store_ptr_tko weak %q1, %y, %m : tile<16xptr<bf16>>, tile<16xbf16>, "
           "tile<16xi1> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

const std::string kFolded = "    %s = constant <bf16: 0.796875> : tile<16xbf16>\n";
// sqrt(2/pi) in f32, rounded to bf16 by the cast: 0.796875.
const std::string kCast = "    %f = constant <f32: 0.7978845834732056> : tile<16xf32>\n"
                          "    %s = ftof %f : tile<16xf32> -> tile<16xbf16>\n";

TEST(ConstantCast, FtofOfAConstantIsTheRoundedConstant)
{
    const DiffResult r = diffTexts(scaled(kFolded), scaled(kCast));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    bool proven = false;
    for (const auto& d : r.divergences)
        proven = proven || d.proof.find("rounded to nearest even") != std::string::npos;
    EXPECT_TRUE(proven) << describe(r);
    // Another constant: 0.80078125 is the next bf16 above 0.796875.
    const DiffResult other =
        diffTexts(scaled("    %s = constant <bf16: 0.80078125> : tile<16xbf16>\n"), scaled(kCast));
    EXPECT_EQ(other.verdict, Verdict::FailFixable) << describe(other);
}

// Issue 30: a changed literal spelled as ftof of an f32 constant (gelu's
// coefficient 0.44715 for 0.044715) is one critical, at the ftof: the
// reference's constant and the port's ftof, paired by no name, are its sites
// instead of an op_missing and an op_extra of their own.
TEST(ConstantCast, AChangedCastConstantIsOneFindingAtTheCast)
{
    const std::string ref = scaled(kFolded);
    const std::string gen = scaled("    %f = constant <f32: 0.07978845834732056> : tile<16xf32>\n"
                                   "    %s = ftof %f : tile<16xf32> -> tile<16xbf16>\n");
    const DiffResult r = diffTexts(ref, gen);
    const auto crit = criticals(r);
    ASSERT_EQ(crit.size(), 1u) << describe(r);
    ASSERT_TRUE(crit[0]->generated && crit[0]->reference) << describe(r);
    EXPECT_EQ(crit[0]->generated->line, lineOf(gen, "%s = ftof"));
    EXPECT_EQ(crit[0]->reference->line, lineOf(ref, "%s = constant"));
    bool constantIsASite = false, castIsASite = false;
    for (const auto& s : crit[0]->sites) {
        constantIsASite = constantIsASite || (!s.generated && s.reference &&
                                              s.reference->line == lineOf(ref, "%s = constant"));
        castIsASite = castIsASite || (!s.reference && s.generated &&
                                      s.generated->line == lineOf(gen, "%s = ftof"));
    }
    EXPECT_TRUE(constantIsASite) << describe(r);
    EXPECT_TRUE(castIsASite) << describe(r);
}

TEST(ConstantCast, ItofOfAnIntegerConstantIsTheFloatConstant)
{
    auto divided = [](const std::string& divisor) {
        return "cuda_tile.module @m {\n  entry @k(%0: tile<f32>) {\n" + divisor +
               "    %q = divf %0, %d : tile<f32>\n"
               "    %p = print_tko \"%f\", %q : tile<f32> -> token\n    return\n  }\n}\n";
    };
    const std::string folded = divided("    %d = constant <f32: 768.0> : tile<f32>\n");
    const std::string cast = divided("    %n = constant <i32: 768> : tile<i32>\n"
                                     "    %d = itof %n signed : tile<i32> -> tile<f32>\n");
    DiffResult r = diffTexts(folded, cast);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    // -1 read as unsigned is 4294967295, not -1.0.
    r = diffTexts(divided("    %d = constant <f32: -1.0> : tile<f32>\n"),
                  divided("    %n = constant <i32: -1> : tile<i32>\n"
                          "    %d = itof %n unsigned : tile<i32> -> tile<f32>\n"));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
}

// dropout: the reference is specialised for p = 0.5 (entry name _F3fe0000000000000) and
// folds 1 / (1 - p) to 2.0; cuTile Rust takes p as an argument and branches on p >= 1.
std::string dropoutScale(const std::string& entry, const std::string& args,
                         const std::string& scale)
{
    return "cuda_tile.module @m {\n  entry @" + entry + "(%0: tile<ptr<f32>>" + args + ") {\n" +
           scale +
           "    %r = reshape %s : tile<f32> -> tile<1xf32>\n"
           "    %b = broadcast %r : tile<1xf32> -> tile<16xf32>\n"
           "    %i = iota : tile<16xi32>\n"
           "    %p = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %pb = broadcast %p : tile<1xptr<f32>> -> tile<16xptr<f32>>\n"
           "    %q = offset %pb, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>\n"
           "    %x, %t = load_ptr_tko weak %q : tile<16xptr<f32>> -> tile<16xf32>, token\n"
           "    %y = mulf %x, %b : tile<16xf32>\n"
           "    %st = store_ptr_tko weak %q, %y : tile<16xptr<f32>>, tile<16xf32> -> token\n"
           "    return\n  }\n}\n";
}

const std::string kBranchOnP = "    %one = constant <f32: 1.0> : tile<f32>\n"
                               "    %ge = cmpf greater_than_or_equal ordered %1, %one : "
                               "tile<f32> -> tile<i1>\n"
                               "    %s = if %ge -> (tile<f32>) {\n"
                               "      %z = constant <f32: 0.0> : tile<f32>\n"
                               "      yield %z : tile<f32>\n"
                               "    } else {\n"
                               "      %c1 = constant <f32: 1.0> : tile<f32>\n"
                               "      %d = subf %c1, %1 : tile<f32>\n"
                               "      %k = divf %c1, %d : tile<f32>\n"
                               "      yield %k : tile<f32>\n"
                               "    }\n";

TEST(ConstantCast, BranchOnASpecialisedFloatArgumentFoldsToTheReferenceConstant)
{
    const std::string gen = dropoutScale("k", ", %1: tile<f32>", kBranchOnP);
    const auto ref = [](const std::string& value) {
        return dropoutScale("_k_Kt1_F3fe0000000000000", "",
                            "    %s = constant <f32: " + value + "> : tile<f32>\n");
    };
    DiffResult r = diffTexts(ref("2.0"), gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    bool proven = false;
    for (const auto& d : r.divergences)
        proven = proven || d.proof.find("an if on a constant false condition") != std::string::npos;
    EXPECT_TRUE(proven) << describe(r);
    // 1 / (1 - 0.5) is not 3.
    r = diffTexts(ref("3.0"), gen);
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
    // p = 1.0 (_F3ff0000000000000) takes the then branch: 0, not 2.
    r = diffTexts(
        dropoutScale("_k_Kt1_F3ff0000000000000", "", "    %s = constant <f32: 2.0> : tile<f32>\n"),
        gen);
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
}

TEST(ConstantCast, FloatArithmeticOnConstantsRoundsOnceInTheResultType)
{
    const auto scale = [](const std::string& text) { return dropoutScale("k", "", text); };
    // 1 / 3 in f32 is 0.3333333432674408 (rounded once); the f64 quotient is not an f32.
    const std::string third = "    %a = constant <f32: 1.0> : tile<f32>\n"
                              "    %c = constant <f32: 3.0> : tile<f32>\n"
                              "    %s = divf %a, %c : tile<f32>\n";
    DiffResult r =
        diffTexts(scale("    %s = constant <f32: 0.3333333432674408> : tile<f32>\n"), scale(third));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    // The next f32 below is another value.
    r = diffTexts(scale("    %s = constant <f32: 0.3333333134651184> : tile<f32>\n"), scale(third));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
