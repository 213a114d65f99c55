// Verifier rules on small written inputs (the corpus coverage is in VerifierCorpusTest).

#include "ir/Verifier.h"

#include "IrTestUtil.h"

#include <gtest/gtest.h>

using namespace tilelens::ir;

namespace {

// "LINE:COL: MESSAGE" of every verifier error for a kernel body (the text must parse).
std::vector<std::string> verifierErrors(const std::string& signature, const std::string& body)
{
    const std::string text =
        "cuda_tile.module @m {\n  entry @k(" + signature + ") {\n" + body + "    return\n  }\n}\n";
    ParseOptions options;
    options.fileName = "v.mlir";
    ParseResult r = parseModule(text, options);
    EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : r.diagnostics[0].format());
    tilelens::Diagnostics diags;
    for (const Module* m : r.modules)
        verifyModule(*m, "v.mlir", diags);
    std::vector<std::string> out;
    for (const auto& d : diags)
        out.push_back(std::to_string(d.place.line) + ":" + std::to_string(d.place.column) + ": " +
                      d.message);
    return out;
}

using Errors = std::vector<std::string>;

} // namespace

TEST(Verifier, ElementwiseOpsCheckTheirElementTypes)
{
    EXPECT_EQ(verifierErrors("%a: tile<4xi32>, %b: tile<4xf32>",
                             "    %0 = addf %a, %a : tile<4xi32>\n"
                             "    %1 = addi %b, %b : tile<4xf32>\n"
                             "    %2 = mulf %b, %b flush_to_zero : tile<4xf32>\n"),
              (Errors{"3:5: 'addf' works only with floats f16, bf16, f32, and f64, but got 'i32'",
                      "4:5: 'addi' works only with integers, but got 'f32'"}));
}

TEST(Verifier, TileShapesArePowersOfTwoAndBounded)
{
    EXPECT_EQ(verifierErrors("%a: tile<3xf32>", ""),
              (Errors{"2:3: tile shape dimensions must have power of two length but got [3]"}));
    EXPECT_EQ(verifierErrors("%a: tile<8192x4096xf32>", ""),
              (Errors{"2:3: 'tile<8192x4096xf32>': tile would exceed the maximum of 16777216 "
                      "elements"}));
}

TEST(Verifier, ShapeRulesOfReshapeBroadcastAndMmaf)
{
    EXPECT_EQ(verifierErrors("%a: tile<4x8xf16>, %b: tile<16x8xf16>, %c: tile<4x8xf32>",
                             "    %0 = reshape %a : tile<4x8xf16> -> tile<16xf16>\n"
                             "    %1 = broadcast %a : tile<4x8xf16> -> tile<8x8xf16>\n"
                             "    %2 = mmaf %a, %b, %c : tile<4x8xf16>, tile<16x8xf16>, "
                             "tile<4x8xf32>\n"),
              (Errors{"3:5: expected source tile and result tile to have the same number of "
                      "elements",
                      "4:5: dimension 0 of the source (4) must be 1 or equal the result's (8)",
                      "5:5: shape error: dim 1 of lhs (8) and dim 0 of rhs (16) must match"}));
}

TEST(Verifier, ReduceDropsItsDimensionAndScanKeepsTheShape)
{
    const std::string body = "    ^bb0(%e: tile<f32>, %a: tile<f32>):\n"
                             "      %y = maxf %e, %a : tile<f32>\n"
                             "      yield %y : tile<f32>\n"
                             "    }\n";
    EXPECT_EQ(verifierErrors("%x: tile<1x8xf32>",
                             "    %0 = reduce %x dim=1 identities=[0] : tile<1x8xf32> -> "
                             "tile<1xf32> {\n" +
                                 body +
                                 "    %1 = reduce %x dim=0 identities=[0] : tile<1x8xf32> -> "
                                 "tile<f32> {\n" +
                                 body +
                                 "    %2 = scan %x dim=1 reverse=false identities=[0] : "
                                 "tile<1x8xf32> -> tile<1x8xf32> {\n" +
                                 body),
              (Errors{"8:5: result #0 'tile<f32>' is not operand #0 'tile<1x8xf32>' without "
                      "dimension 0"}));
}

TEST(Verifier, IfYieldsMatchItsResults)
{
    EXPECT_EQ(verifierErrors("%c: tile<i1>, %x: tile<i32>", "    %0 = if %c -> (tile<i64>) {\n"
                                                            "      yield %x : tile<i32>\n"
                                                            "    } else {\n"
                                                            "      yield %x : tile<i32>\n"
                                                            "    }\n"),
              (Errors{"3:5: op type does not match yield type, then branch yields 'tile<i32>' but "
                      "op result type is 'tile<i64>'"}));
}

TEST(Verifier, LoopsCarryTheirIterValuesAndExitsStandInLoops)
{
    const std::string sig = "%lo: tile<i32>, %x: tile<f32>, %c: tile<i1>";
    // Valid: for with an iter value, loop left by a break inside an if.
    EXPECT_EQ(verifierErrors(sig, "    %r = for %i in (%lo to %lo, step %lo) : tile<i32> "
                                  "iter_values(%acc = %x) -> (tile<f32>) {\n"
                                  "      continue %acc : tile<f32>\n"
                                  "    }\n"
                                  "    %w = loop iter_values(%v = %lo) : tile<i32> -> tile<i32> {\n"
                                  "      if %c {\n"
                                  "        break %v : tile<i32>\n"
                                  "      }\n"
                                  "      continue %v : tile<i32>\n"
                                  "    }\n"),
              Errors{});
    EXPECT_EQ(verifierErrors(sig, "    %r = for %i in (%lo to %lo, step %lo) : tile<i32> "
                                  "iter_values(%acc = %x) -> (tile<f32>) {\n"
                                  "      continue %lo : tile<i32>\n"
                                  "    }\n"
                                  "    for %j in (%lo to %lo, step %lo) : tile<i32> {\n"
                                  "      if %c {\n"
                                  "        break\n"
                                  "      }\n"
                                  "    }\n"
                                  "    %w = loop iter_values(%v = %lo) : tile<i32> -> tile<f32> {\n"
                                  "      break %v : tile<i32>\n"
                                  "    }\n"
                                  "    if %c {\n"
                                  "      continue\n"
                                  "    }\n"),
              (Errors{"4:7: `for` is missing a valid terminator. `continue` op should have "
                      "operand types that match the parent loop return types: ('tile<f32>'), "
                      "but found: ('tile<i32>')",
                      "8:9: op can only be nested within a ancestor chain of 'cuda_tile.loop', "
                      "'cuda_tile.if' operations",
                      "12:7: operand types must correspond to the parent loop result types",
                      "15:7: op can only be nested within a ancestor chain of 'cuda_tile.for', "
                      "'cuda_tile.loop', 'cuda_tile.if' operations"}));
}

TEST(Verifier, AtomicsMatchTheirPointersModesAndViews)
{
    const std::string sig = "%p: tile<2xptr<i32>>, %q: tile<4xptr<f32>>, %a: tile<2xi32>, "
                            "%f: tile<4xf32>, %m: tile<4xi1>, "
                            "%v: partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2, 1]>>, "
                            "%t: tile<2x2xi32>, %c: tile<i32>";
    EXPECT_EQ(verifierErrors(sig,
                             "    %0, %k0 = atomic_rmw_tko relaxed device %p, add, %a\n"
                             "        : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token\n"
                             "    %1, %k1 = atomic_rmw_tko acq_rel device %q, addf, %f, %m\n"
                             "        : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> "
                             "tile<4xf32>, token\n"
                             "    %k2 = atomic_red_view_tko relaxed device %v[%c, %c], add, %t\n"
                             "        : tile<2x2xi32>, partition_view<tile=(2x2), "
                             "tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token\n"),
              Errors{});
    EXPECT_EQ(
        verifierErrors(sig, "    %0, %k0 = atomic_rmw_tko relaxed device %p, addf, %a\n"
                            "        : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token\n"
                            "    %1, %k1 = atomic_rmw_tko relaxed device %q, add, %a\n"
                            "        : tile<4xptr<f32>>, tile<2xi32> -> tile<2xi32>, token\n"
                            "    %k2 = atomic_red_view_tko acquire device %v[%c, %c], add, %t\n"
                            "        : tile<2x2xi32>, partition_view<tile=(2x2), "
                            "tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token\n"
                            "    %k3 = atomic_red_view_tko relaxed device %v[%c], add, %t\n"
                            "        : tile<2x2xi32>, partition_view<tile=(2x2), "
                            "tensor_view<2x2xi32, strides=[2, 1]>>, tile<i32> -> token\n"),
        (Errors{"3:5: 'addf' works only with floats f16, bf16, f32, and f64",
                "5:5: failed to verify that all of {pointers, arg, result} have same shape",
                "7:5: only 'relaxed' memory ordering is supported for view-based atomic reductions",
                "9:5: expected 2 index operand(s) for view with tile rank 2, got 1"}));
}

TEST(Verifier, BoundedAssumesStayWithinTheirIntegerType)
{
    EXPECT_EQ(verifierErrors("%a: tile<i8>", "    %0 = assume bounded<0, 200>, %a : tile<i8>\n"
                                             "    %1 = assume bounded<-129, ?>, %a : tile<i8>\n"
                                             "    %2 = assume bounded<-128, 127>, %a : tile<i8>\n"),
              (Errors{"3:5: 'cuda_tile.bounded' expects upper bound to be within [-128, 127]",
                      "4:5: 'cuda_tile.bounded' expects lower bound to be within [-128, 127]"}));
}

TEST(Verifier, ValidKernelVerifiesClean)
{
    EXPECT_EQ(verifierErrors("%a: tile<128x64xf16>, %b: tile<64x32xf16>, %c: tile<128x32xf32>",
                             "    %0 = mmaf %a, %b, %c : tile<128x64xf16>, tile<64x32xf16>, "
                             "tile<128x32xf32>\n"
                             "    %1 = reshape %0 : tile<128x32xf32> -> tile<4096xf32>\n"
                             "    %2 = exp %1 : tile<4096xf32>\n"),
              Errors{});
}
