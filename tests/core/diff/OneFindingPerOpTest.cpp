// Issue 30 item 1: one mistake at one op is one finding, also where it changes two of the op's
// operands: one value read twice (fma(xd, xd, acc) for fma(xc, xc, acc)) or two indices written
// in each other's place ([0, cur] for [cur, 0]). Both gave two criticals on the same op.

#include "DiffTestUtil.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <vector>

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

// A chain x -> u -> v -> y stored, `body` computing u, v and y from x and a (review32's
// hand-made chains).
std::string chain(const std::string& body)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f32>>, %1: tile<ptr<f32>>, %2: tile<f32>) {\n"
           "    %i = iota : tile<8xi32>\n"
           "    %r0 = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b0 = broadcast %r0 : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %p0 = offset %b0, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %x, %t = load_ptr_tko weak %p0 : tile<8xptr<f32>> -> tile<8xf32>, token\n"
           "    %ra = reshape %2 : tile<f32> -> tile<1xf32>\n"
           "    %a = broadcast %ra : tile<1xf32> -> tile<8xf32>\n" +
           body +
           "    %r1 = reshape %1 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b1 = broadcast %r1 : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %p1 = offset %b1, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %s = store_ptr_tko weak %p1, %y : tile<8xptr<f32>>, tile<8xf32> -> token\n"
           "    return\n"
           "  }\n"
           "}\n";
}

// The generated lines of the criticals, sorted.
std::vector<int> criticalLines(const DiffResult& r)
{
    std::vector<int> lines;
    for (const Divergence* d : criticals(r))
        lines.push_back(d->generated ? d->generated->line : -1);
    std::sort(lines.begin(), lines.end());
    return lines;
}

// Two op changes in one chain (mulf -> addf, then maxf -> minf) are two findings, one at each
// changed op: the unchanged addf between them pairs with its own counterpart (it reads the
// changed op's result and x, as the reference's does), not with the port's changed addf
// (review32 case F4: four criticals, two of them at the unchanged addf).
TEST(OneFindingPerOp, TwoChangedOpsInOneChainAreTwoFindingsAtTheirLines)
{
    const std::string ref = chain("    %u = mulf %x, %a : tile<8xf32>\n"
                                  "    %v = addf %u, %x : tile<8xf32>\n"
                                  "    %y = maxf %v, %a : tile<8xf32>\n");
    const std::string gen = chain("    %u = addf %x, %a : tile<8xf32>\n"
                                  "    %v = addf %u, %x : tile<8xf32>\n"
                                  "    %y = minf %v, %a : tile<8xf32>\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(criticalLines(r),
              (std::vector<int>{lineOf(gen, "%u = addf"), lineOf(gen, "%y = minf")}))
        << describe(r);
}

// An op the port inserts before a changed op (x * 1 with flush_to_zero, then addf -> subf): two
// changed ops, two findings. The reference's addf pairs with the subf that the store reads, so
// the op change is reported at its own line (it was hidden as a site of an "addf -> mulf"
// finding at the inserted op), and the inserted flush, which changes x's subnormals on its own,
// is no input of that change but a finding of its own; its constant 1.0 is a site of it.
TEST(OneFindingPerOp, AnOpInsertedBeforeAChangedOpLeavesTheChangeAtItsLine)
{
    const std::string ref = chain("    %y = addf %x, %a : tile<8xf32>\n");
    const std::string gen = chain("    %one = constant <f32: 1.0> : tile<8xf32>\n"
                                  "    %o = mulf %x, %one flush_to_zero : tile<8xf32>\n"
                                  "    %y = subf %o, %a : tile<8xf32>\n");
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(criticalLines(r),
              (std::vector<int>{lineOf(gen, "%o = mulf"), lineOf(gen, "%y = subf")}))
        << describe(r);
    bool atChange = false;
    for (const Divergence* d : criticals(r))
        atChange = atChange || (d->generated && d->generated->line == lineOf(gen, "%y = subf") &&
                                d->message.find("addf -> subf") != std::string::npos);
    EXPECT_TRUE(atChange) << describe(r);

    // Inserted alone, the flush is one finding (the constant it reads is a site of it).
    const std::string alone = chain("    %one = constant <f32: 1.0> : tile<8xf32>\n"
                                    "    %o = mulf %x, %one flush_to_zero : tile<8xf32>\n"
                                    "    %y = addf %o, %a : tile<8xf32>\n");
    const DiffResult flushOnly = diffTexts(ref, alone);
    EXPECT_EQ(criticalLines(flushOnly), (std::vector<int>{lineOf(alone, "%o = mulf")}))
        << describe(flushOnly);
}

} // namespace
} // namespace tilelens::diff::test
