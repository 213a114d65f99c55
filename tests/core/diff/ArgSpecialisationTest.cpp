// Runtime scalar arguments compared as the reference's specialised constants
// (issue 13, ArgSpecialisation.h) and the constant folding that makes the
// index arithmetic through them reduce to the reference's values.

#include "diff/match/ArgSpecialisation.h"

#include "DiffTestUtil.h"
#include "diff/EntryNames.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

// The reference: cuTile Python specialised on M = 1024, N = 512 (its mangled
// name); tile counts folded to 8 = M / 128 and 2 = N / 256; %0 is Q.
const char* kReference = "cuda_tile.module @m {\n"
                         "  entry @tiles_Kt1_Si32_I1024_I512(%0: tile<i32>) {\n"
                         "    %q = assume bounded<0, ?>, %0 : tile<i32>\n"
                         "    %c8 = constant <i32: 8> : tile<i32>\n"
                         "    %c2 = constant <i32: 2> : tile<i32>\n"
                         "    %a = divi %q, %c8 signed rounding negative_inf : tile<i32>\n"
                         "    %b = remi %q, %c2 signed : tile<i32>\n"
                         "    %p1 = print_tko \"%d\", %a : tile<i32> -> token\n"
                         "    %p2 = print_tko \"%d\", %b : tile<i32> -> token\n"
                         "    return\n"
                         "  }\n"
                         "}\n";

// The port: Q, M, N as runtime arguments, ceil-div tile counts at run time.
// `mDim` / `nDim` name the arguments the two counts are computed from.
std::string generated(const std::string& mDim, const std::string& nDim)
{
    return "cuda_tile.module @m {\n"
           "  entry @tiles(%0: tile<i32>, %1: tile<i32>, %2: tile<i32>) {\n"
           "    %q = assume bounded<0, ?>, %0 : tile<i32>\n"
           "    %m = assume div_by<16>, %1 : tile<i32>\n"
           "    %n = assume div_by<16>, %2 : tile<i32>\n"
           "    %c1 = constant <i32: 1> : tile<i32>\n"
           "    %c128 = constant <i32: 128> : tile<i32>\n"
           "    %c256 = constant <i32: 256> : tile<i32>\n"
           "    %t0 = addi " +
           mDim +
           ", %c128 : tile<i32>\n"
           "    %t1 = subi %t0, %c1 : tile<i32>\n"
           "    %tm = divi %t1, %c128 signed rounding negative_inf : tile<i32>\n"
           "    %tn = divi " +
           nDim +
           ", %c256 signed rounding positive_inf : tile<i32>\n"
           "    %a = divi %q, %tm signed rounding negative_inf : tile<i32>\n"
           "    %b = remi %q, %tn signed : tile<i32>\n"
           "    %p1 = print_tko \"%d\", %a : tile<i32> -> token\n"
           "    %p2 = print_tko \"%d\", %b : tile<i32> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

const Divergence* findRule(const DiffResult& r, const std::string& rule)
{
    for (const auto& d : r.divergences)
        if (d.rule == rule)
            return &d;
    return nullptr;
}

TEST(ArgSpecialisation, RuntimeArgumentsPinnedToTheReferenceConstantsAreOneWarnAtTheEntry)
{
    const DiffResult r = diffTexts(kReference, generated("%m", "%n"));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    const Divergence* entry = findRule(r, "entry-specialised-constant");
    ASSERT_NE(entry, nullptr) << describe(r);
    EXPECT_EQ(entry->severity, Severity::Warn);
    EXPECT_NE(entry->message.find("argument 1 = 1024, argument 2 = 512"), std::string::npos)
        << entry->message;
    // No "argument count 1 in reference, 3 in generated" beside it.
    EXPECT_EQ(findRule(r, "entry-signature"), nullptr) << describe(r);
    EXPECT_EQ(r.verdict, Verdict::PassWithNotes);
}

// M's argument used where the reference has N's constant and N's where it has
// M's: no binding satisfies both places, so nothing is bound and the tile
// arithmetic stays critical where it uses the wrong dimension.
TEST(ArgSpecialisation, WrongDimensionOrderIsNotHiddenByTheBinding)
{
    const std::string gen = generated("%n", "%m");
    const DiffResult r = diffTexts(kReference, gen);
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
    bool atDivision = false;
    for (const auto& d : r.divergences)
        if (d.severity == Severity::Critical && d.generated &&
            (d.generated->line == lineOf(gen, "%t0 = addi") ||
             d.generated->line == lineOf(gen, "%a = divi") ||
             d.generated->line == lineOf(gen, "%tn = divi")))
            atDivision = true;
    EXPECT_TRUE(atDivision) << describe(r);
    const Divergence* entry = findRule(r, "entry-specialised-constant");
    ASSERT_NE(entry, nullptr) << describe(r);
    EXPECT_EQ(entry->message.find("compared with"), std::string::npos) << entry->message;
}

// One argument right, the other unpinned by anything in the reference: only
// the pinned one is bound, the extra argument stays a signature finding.
TEST(ArgSpecialisation, AnArgumentThatNothingPinsStaysUnbound)
{
    std::string gen = generated("%m", "%n");
    ASSERT_TRUE(applyEdits(gen, {{"%b = remi %q, %tn signed", "%b = remi %q, %c2x signed"},
                                 {"    %c1 = constant", "    %c2x = constant <i32: 2> : "
                                                        "tile<i32>\n    %c1 = constant"}}));
    const DiffResult r = diffTexts(kReference, gen);
    const Divergence* entry = findRule(r, "entry-specialised-constant");
    ASSERT_NE(entry, nullptr) << describe(r);
    EXPECT_NE(entry->message.find("argument 1 = 1024"), std::string::npos) << entry->message;
    EXPECT_EQ(entry->message.find("argument 2 ="), std::string::npos) << entry->message;
    const Divergence* signature = findRule(r, "entry-signature");
    ASSERT_NE(signature, nullptr) << describe(r);
    EXPECT_EQ(signature->severity, Severity::Critical);
}

// Constant arithmetic folds exactly: a ceil-div tile count written as
// (x + T - 1) floor T, a compare-and-select, remainder and min on constants
// are the reference's folded constant, and only when the values agree.
TEST(ArgSpecialisation, ConstantArithmeticFoldsToTheReferenceConstant)
{
    auto kernel = [](const std::string& body) {
        return "cuda_tile.module @m {\n  entry @k(%0: tile<i32>) {\n" + body +
               "    %p = print_tko \"%d\", %r : tile<i32> -> token\n    return\n  }\n}\n";
    };
    const std::string ref = kernel("    %c5 = constant <i32: 5> : tile<i32>\n"
                                   "    %r = muli %0, %c5 : tile<i32>\n");
    const std::string gen = kernel("    %c1000 = constant <i32: 1000> : tile<i32>\n"
                                   "    %c255 = constant <i32: 255> : tile<i32>\n"
                                   "    %c200 = constant <i32: 200> : tile<i32>\n"
                                   "    %s = addi %c1000, %c255 : tile<i32>\n"
                                   "    %t = divi %s, %c200 signed rounding negative_inf : "
                                   "tile<i32>\n"
                                   "    %z = cmpi less_than %t, %c200, signed : tile<i32> -> "
                                   "tile<i1>\n"
                                   "    %u = select %z, %t, %c200 : tile<i1>, tile<i32>\n"
                                   "    %v = remi %u, %c1000 signed : tile<i32>\n"
                                   "    %w = mini %v, %c200 signed : tile<i32>\n"
                                   "    %r = muli %0, %w : tile<i32>\n");
    // (1000 + 255) floor 200 = 6, not 5: a different constant stays critical.
    DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
    std::string fixed = gen;
    ASSERT_TRUE(applyEdits(fixed, {{"<i32: 255>", "<i32: 199>"}}));
    r = diffTexts(ref, fixed); // (1000 + 199) floor 200 = 5
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
}

// ct.Constant[float] (eps of a norm): the reference's name carries the double's bits
// (`_F3ee4f8b588e368f1` = 1e-05) and its body the splat constant; the Rust port, which
// has no float const generics, takes eps as a runtime f32 argument and broadcasts it.
std::string epsKernel(const std::string& name, const std::string& args, const std::string& eps)
{
    return "cuda_tile.module @m {\n  entry @" + name + "(%0: tile<ptr<f32>>" + args + ") {\n" +
           eps +
           "    %x = constant <f32: 2.0> : tile<16xf32>\n"
           "    %y = addf %x, %e : tile<16xf32>\n"
           "    %p = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %q = broadcast %p : tile<1xptr<f32>> -> tile<16xptr<f32>>\n"
           "    %t = store_ptr_tko weak %q, %y : tile<16xptr<f32>>, tile<16xf32> -> token\n"
           "    return\n  }\n}\n";
}

TEST(ArgSpecialisation, FloatConstantOfTheReferenceNameBindsTheRuntimeFloatArgument)
{
    const std::string ref =
        epsKernel("norm_Kt1_A1f32_F3ee4f8b588e368f1", "",
                  "    %e = constant <f32: 0.000009999999747378752> : tile<16xf32>\n");
    auto gen = [](const std::string& arg) {
        return epsKernel("norm", ", %1: tile<f32>, %2: tile<f32>",
                         "    %r = reshape " + arg +
                             " : tile<f32> -> tile<1xf32>\n"
                             "    %e = broadcast %r : tile<1xf32> -> tile<16xf32>\n");
    };
    // Only one float constant in the name, two float arguments: nothing to bind by order.
    DiffResult r = diffTexts(ref, gen("%1"));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);

    const std::string ref2 =
        epsKernel("norm_Kt1_A1f32_F3ee4f8b588e368f1_F0000000000000000", "",
                  "    %e = constant <f32: 0.000009999999747378752> : tile<16xf32>\n");
    r = diffTexts(ref2, gen("%1"));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    const Divergence* entry = findRule(r, "entry-specialised-constant");
    ASSERT_NE(entry, nullptr) << describe(r);
    EXPECT_EQ(entry->severity, Severity::Warn);
    EXPECT_NE(entry->message.find("argument 1 = 1e-05, argument 2 = 0"), std::string::npos)
        << entry->message;
    EXPECT_EQ(findRule(r, "entry-signature"), nullptr) << describe(r);
    // The port adds the offset (0) where the reference adds eps: a different constant.
    r = diffTexts(ref2, gen("%2"));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
}

TEST(ArgSpecialisation, FloatConstantTokensAreReadFromTheMangledName)
{
    const EntryName n =
        demangleEntryName("_rms_Kt1_A2bf16_I16_I256_F3ee4f8b588e368f1_F0000000000000000");
    EXPECT_EQ(n.constants, (std::vector<std::string>{"16", "256"}));
    EXPECT_EQ(n.floatConstants, (std::vector<uint64_t>{0x3ee4f8b588e368f1ull, 0}));
    EXPECT_EQ(describeFloatConstant(0x3ee4f8b588e368f1ull), "1e-05");
    // Not 16 hex digits: not a float token.
    EXPECT_TRUE(demangleEntryName("_k_Kt1_F3ee4f8_I2").floatConstants.empty());
}

} // namespace
} // namespace tilelens::diff::test
