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

} // namespace
} // namespace tilelens::diff::test
