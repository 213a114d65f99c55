// Issue 30 item 1: one mistake at one op is one finding, also where it changes two of the op's
// operands: one value read twice (fma(xd, xd, acc) for fma(xc, xc, acc)) or two indices written
// in each other's place ([0, cur] for [cur, 0]). Both gave two criticals on the same op.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::string dataFile(const char* rel)
{
    return readText(tilelens::test::testDataDir() + QLatin1Char('/') + QString::fromLatin1(rel));
}

// The one critical of diffing the unmodified port against the mistake, at `line`.
void expectOneCriticalAt(const char* unmodified, const char* mistake, int line,
                         const std::string& attribute)
{
    const std::string ref = dataFile(unmodified);
    const std::string gen = dataFile(mistake);
    ASSERT_FALSE(ref.empty());
    ASSERT_FALSE(gen.empty());
    const DiffResult r = diffTexts(ref, gen);
    const auto found = criticals(r);
    ASSERT_EQ(found.size(), 1U) << describe(r);
    ASSERT_TRUE(found[0]->generated.has_value()) << describe(r);
    EXPECT_EQ(found[0]->generated->line, line) << describe(r);
    EXPECT_NE(found[0]->message.find(attribute), std::string::npos) << describe(r);
}

TEST(OneFindingPerOp, AChangedValueReadAsTwoOperandsIsOneFinding)
{
    expectOneCriticalAt("real-ports/layer_norm_fwd_1024x768_f32/generated.mlir",
                        "port-mistakes/layer_norm/missing_mask_variance_fma/generated.mlir", 146,
                        "operands 0 and 1 select");
}

TEST(OneFindingPerOp, TwoIndicesInEachOthersPlaceAreOneFinding)
{
    expectOneCriticalAt("real-ports/rms_norm_static_persistent_4096x256_bf16/generated.mlir",
                        "port-mistakes/rms_norm/wrong_dim_order_x_index/generated.mlir", 119,
                        "operands 1 and 2 swapped");
}

// One value read as three operands (fma(b, b, b) for fma(a, a, a)): one finding that names all
// three operands, not only the first and the last.
TEST(OneFindingPerOp, AChangedValueReadAsThreeOperandsNamesEachOfThem)
{
    const auto kernel = [](const std::string& fma) {
        return "cuda_tile.module @m {\n"
               "  entry @k(%0: tile<f32>, %1: tile<f32>) {\n"
               "    %a = addf %0, %1 : tile<f32>\n"
               "    %b = subf %0, %1 : tile<f32>\n"
               "    %pa = print_tko \"%f\", %a : tile<f32> -> token\n"
               "    %pb = print_tko \"%f\", %b : tile<f32> -> token\n" +
               fma +
               "    %pr = print_tko \"%f\", %r : tile<f32> -> token\n"
               "    return\n"
               "  }\n"
               "}\n";
    };
    const std::string gen = kernel("    %r = fma %b, %b, %b : tile<f32>\n");
    const DiffResult r = diffTexts(kernel("    %r = fma %a, %a, %a : tile<f32>\n"), gen);
    const auto found = criticals(r);
    ASSERT_EQ(found.size(), 1U) << describe(r);
    ASSERT_TRUE(found[0]->generated.has_value()) << describe(r);
    EXPECT_EQ(found[0]->generated->line, lineOf(gen, "%r = fma")) << describe(r);
    EXPECT_NE(found[0]->message.find("operands 0, 1 and 2 "), std::string::npos) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
