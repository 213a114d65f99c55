// Verifier rules on small written inputs (the corpus coverage is in VerifierCorpusTest).

#include "ir/Verifier.h"

#include "IrTestUtil.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Region.h"

#include <gtest/gtest.h>

using namespace tilelens::ir;

namespace {

// "LINE:COL: MESSAGE" of every verifier error for a kernel body (the text must parse).
std::vector<std::string> verifierErrors(const std::string& signature, const std::string& body,
                                        VerifyPurpose purpose = VerifyPurpose::Dialect)
{
    const std::string text =
        "cuda_tile.module @m {\n  entry @k(" + signature + ") {\n" + body + "    return\n  }\n}\n";
    ParseOptions options;
    options.fileName = "v.mlir";
    ParseResult r = parseModule(text, options);
    EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : r.diagnostics[0].format());
    tilelens::Diagnostics diags;
    for (const Module* m : r.modules)
        verifyModule(*m, "v.mlir", diags, purpose);
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

// The verifier remembers the types that passed its type rules; a type that failed is checked
// again at each place it is used, also after its error at one place was reported already.
TEST(Verifier, ABadTypeIsReportedAtEveryPlaceThatUsesIt)
{
    const std::string bad = "tile shape dimensions must have power of two length but got [3]";
    EXPECT_EQ(verifierErrors("%a: tile<3xf32>, %b: tile<3xf32>, %c: tile<4xf32>",
                             "    %0 = negf %c : tile<4xf32>\n"
                             "    %1 = negf %a : tile<3xf32>\n"
                             "    %2 = negf %b : tile<3xf32>\n"
                             "    %3 = negf %c : tile<4xf32>\n"),
              (Errors{"2:3: " + bad, "4:5: " + bad, "5:5: " + bad}));
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

// Issue 32: the verifier knows every op's operand, result, region and block counts and the
// result type of every op against its operands.

TEST(Verifier, CompareResultsAreI1TilesShapedAsTheirOperands)
{
    // A one-byte mutation of corpus bytecode gave a cmpi a float result: the interpreter wrote
    // its i1 values into a float tile (segfault).
    EXPECT_EQ(verifierErrors("%a: tile<4xi32>, %f: tile<4xf32>",
                             "    %0 = cmpi less_than %a, %a, signed : tile<4xi32> -> tile<4xf32>\n"
                             "    %1 = cmpf less_than ordered %f, %f : tile<4xf32> -> tile<8xi1>\n"
                             "    %2 = cmpi equal %f, %f, signed : tile<4xf32> -> tile<4xi1>\n"
                             "    %3 = cmpi equal %a, %a, signed : tile<4xi32> -> tile<4xi1>\n"),
              (Errors{"3:5: result #0 must be 'tile<4xi1>' (i1 values shaped as the operands), "
                      "but got 'tile<4xf32>'",
                      "4:5: result #0 must be 'tile<4xi1>' (i1 values shaped as the operands), "
                      "but got 'tile<8xi1>'",
                      "5:5: operand #0 must be a tile of integers, but got 'tile<4xf32>'"}));
}

TEST(Verifier, EveryElementwiseOpChecksItsOperandsAndItsResultType)
{
    struct Case
    {
        const char* op;
        int operands;
        const char* element; // what the op computes on
    };
    const Case cases[] = {
        {"absf", 1, "f32"}, {"absi", 1, "i32"},  {"addf", 2, "f32"},   {"addi", 2, "i32"},
        {"andi", 2, "i32"}, {"atan2", 2, "f32"}, {"ceil", 1, "f32"},   {"cos", 1, "f32"},
        {"cosh", 1, "f32"}, {"divf", 2, "f32"},  {"divi", 2, "i32"},   {"exp", 1, "f32"},
        {"exp2", 1, "f32"}, {"floor", 1, "f32"}, {"fma", 3, "f32"},    {"log", 1, "f32"},
        {"log2", 1, "f32"}, {"maxf", 2, "f32"},  {"maxi", 2, "i32"},   {"minf", 2, "f32"},
        {"mini", 2, "i32"}, {"mulf", 2, "f32"},  {"mulhii", 2, "i32"}, {"muli", 2, "i32"},
        {"negf", 1, "f32"}, {"negi", 1, "i32"},  {"ori", 2, "i32"},    {"pow", 2, "f32"},
        {"remf", 2, "f32"}, {"remi", 2, "i32"},  {"rsqrt", 1, "f32"},  {"shli", 2, "i32"},
        {"shri", 2, "i32"}, {"sin", 1, "f32"},   {"sinh", 1, "f32"},   {"sqrt", 1, "f32"},
        {"subf", 2, "f32"}, {"subi", 2, "i32"},  {"tan", 1, "f32"},    {"tanh", 1, "f32"},
        {"xori", 2, "i32"}};
    for (const Case& c : cases) {
        const std::string t = std::string("tile<4x") + c.element + ">";
        std::string operands, types;
        for (int i = 0; i < c.operands; ++i) {
            operands += i ? ", %x" : "%x";
            types += i ? ", " + t : t;
        }
        const std::string sig = "%x: " + t + ", %w: tile<1024xi1>";
        // Its operands' type, but another shape.
        EXPECT_EQ(verifierErrors(sig, "    %r = \"cuda_tile." + std::string(c.op) + "\"(" +
                                          operands + ") : (" + types + ") -> tile<8x" + c.element +
                                          ">\n"),
                  (Errors{"3:5: result #0 must be '" + t +
                          "' (the type of operand #0), but got "
                          "'tile<8x" +
                          c.element + ">'"}))
            << c.op;
        // Another operand: a tile<1024xi1> with a tile<4x...> (the andi).
        if (c.operands > 1) {
            const Errors got = verifierErrors(
                sig, "    %r = \"cuda_tile." + std::string(c.op) + "\"(%x, %w" +
                         std::string(c.operands == 3 ? ", %x" : "") + ") : (" + t +
                         ", tile<1024xi1>" + (c.operands == 3 ? ", " + t : std::string()) +
                         ") -> " + t + "\n");
            ASSERT_EQ(got.size(), 1u) << c.op;
            EXPECT_EQ(got[0].rfind("3:5: ", 0), 0u) << c.op << ": " << got[0];
        }
        // Counts.
        EXPECT_EQ(verifierErrors(sig, "    %r = \"cuda_tile." + std::string(c.op) +
                                          "\"() : () -> " + t + "\n"),
                  (Errors{"3:5: expected " + std::to_string(c.operands) + " operand" +
                          (c.operands == 1 ? "" : "s") + ", but found 0"}))
            << c.op;
    }
}

TEST(Verifier, OperandResultAndRegionCountsAreChecked)
{
    EXPECT_EQ(
        verifierErrors("%a: tile<4xi32>, %c: tile<i1>",
                       "    %0 = \"cuda_tile.andi\"(%a) : (tile<4xi32>) -> tile<4xi32>\n"
                       "    %1, %2 = \"cuda_tile.negi\"(%a) : (tile<4xi32>) -> (tile<4xi32>, "
                       "tile<4xi32>)\n"
                       "    \"cuda_tile.loop\"() : () -> ()\n"
                       "    %3 = \"cuda_tile.select\"(%c, %a) : (tile<i1>, tile<4xi32>) -> "
                       "tile<4xi32>\n"
                       "    %4 = \"cuda_tile.constant\"(%a) {value = dense<0> : tile<4xi32>} : "
                       "(tile<4xi32>) -> tile<4xi32>\n"),
        (Errors{"3:5: expected 2 operands, but found 1", "4:5: expected 1 result, but found 2",
                "5:5: expected 1 region, but found 0", "6:5: expected 3 operands, but found 2",
                "7:5: expected 0 operands, but found 1"}));
}

TEST(Verifier, PointerLoadsAndStoresMatchTheirPointersMasksAndPaddings)
{
    const std::string sig = "%p: tile<1024xptr<f16>>, %m: tile<1024xi1>, %x: tile<1xi32>, "
                            "%pad: tile<1024xf16>, %v: tile<1024xf32>";
    // Valid, with the cutile-ir printer's padding without a mask.
    EXPECT_EQ(verifierErrors(sig, "    %0, %t0 = load_ptr_tko weak %p, %m, %pad : "
                                  "tile<1024xptr<f16>>, tile<1024xi1>, tile<1024xf16> -> "
                                  "tile<1024xf16>, token\n"
                                  "    %1, %t1 = load_ptr_tko weak %p, %pad : tile<1024xptr<f16>>, "
                                  "tile<1024xf16> -> tile<1024xf16>, token\n"
                                  "    %t2 = store_ptr_tko weak %p, %0, %m token=%t1 : "
                                  "tile<1024xptr<f16>>, tile<1024xf16>, tile<1024xi1> -> token\n"),
              Errors{});
    EXPECT_EQ(
        verifierErrors(sig, "    %0, %t0 = load_ptr_tko weak %p, %x : tile<1024xptr<f16>>, "
                            "tile<1xi32> -> tile<1024xf16>, token\n"
                            "    %1, %t1 = load_ptr_tko weak %p : tile<1024xptr<f16>> -> "
                            "tile<1024xf32>, token\n"
                            "    %t2 = store_ptr_tko weak %p, %v : tile<1024xptr<f16>>, "
                            "tile<1024xf32> -> token\n"
                            "    %t3 = store_ptr_tko weak %p, %pad, %x : tile<1024xptr<f16>>, "
                            "tile<1024xf16>, tile<1xi32> -> token\n"),
        (Errors{"3:5: operand #1 must be the mask 'tile<1024xi1>' or the padding "
                "'tile<1024xf16>', but got 'tile<1xi32>'",
                "4:5: result #0 must be 'tile<1024xf16>' (the pointees of operand #0), but got "
                "'tile<1024xf32>'",
                "5:5: operand #1 must be 'tile<1024xf16>' (the pointees of operand #0), but got "
                "'tile<1024xf32>'",
                "6:5: operand #2 must be the mask 'tile<1024xi1>', but got 'tile<1xi32>'"}));
}

TEST(Verifier, TilesOverTheElementLimitAreErrors)
{
    EXPECT_EQ(verifierErrors("", "    %0 = iota : tile<33554432xi32>\n"
                                 "    %1 = constant <i32: 0> : tile<73x4294967296xi32>\n"),
              (Errors{"3:5: 'tile<33554432xi32>': tile would exceed the maximum of 16777216 "
                      "elements",
                      "4:5: tile shape dimensions must have power of two length but got [73, "
                      "4294967296]"}));
}

TEST(Verifier, TokenBlockIdAndShapeQueriesHaveTheirResultTypes)
{
    EXPECT_EQ(
        verifierErrors("%tv: tensor_view<4xf32, strides=[1]>",
                       "    %n0, %n1, %n2 = \"cuda_tile.get_num_tile_blocks\"() : () -> "
                       "(tile<i32>, tile<i32>, tile<i64>)\n"
                       "    %t = \"cuda_tile.make_token\"() : () -> tile<i32>\n"
                       "    %s0, %s1 = get_tensor_shape %tv : tensor_view<4xf32, strides=[1]> -> "
                       "tile<i64>\n"
                       "    %i = \"cuda_tile.iota\"() : () -> tile<8xf32>\n"),
        (Errors{"3:5: result #2 must be a 0D tile of i32 values, but got 'tile<i64>'",
                "4:5: result #0 must be a token, but got 'tile<i32>'",
                "5:5: expected 1 result, one per dimension of 'tensor_view<4xf32, strides=[1]>', "
                "but found 2",
                "6:5: result #0 must be a tile of integers, but got 'tile<8xf32>'"}));
}

TEST(Verifier, MakeTensorViewTakesOneOperandPerDynamicSizeOrStride)
{
    EXPECT_EQ(verifierErrors("%p: tile<ptr<f32>>, %n: tile<i32>, %f: tile<f32>",
                             "    %0 = make_tensor_view %p, shape = [%n, 32], strides = [32, 1] : "
                             "tile<i32> -> tensor_view<?x32xf32, strides=[32,1]>\n"
                             "    %1 = \"cuda_tile.make_tensor_view\"(%p) : (tile<ptr<f32>>) -> "
                             "tensor_view<?x32xf32, strides=[32,1]>\n"
                             "    %2 = \"cuda_tile.make_tensor_view\"(%p, %f) : (tile<ptr<f32>>, "
                             "tile<f32>) -> tensor_view<?x32xf32, strides=[32,1]>\n"),
              (Errors{"4:5: expected 1 dynamic size and stride operand for "
                      "'tensor_view<?x32xf32, strides=[32,1]>', but found 0",
                      "5:5: operand #1 must be a 0D tile of integers, but got 'tile<f32>'"}));
}

TEST(Verifier, PermuteIsAPermutationOfItsOperandsShape)
{
    EXPECT_EQ(verifierErrors("%t: tile<2x4xf32>",
                             "    %0 = permute %t [1, 0] : tile<2x4xf32> -> tile<4x2xf32>\n"
                             "    %1 = permute %t [1, 1] : tile<2x4xf32> -> tile<4x2xf32>\n"
                             "    %2 = permute %t [1, 0] : tile<2x4xf32> -> tile<2x4xf32>\n"),
              (Errors{"4:5: expected permutation to be a permutation of [0, 2), got [1, 1]",
                      "5:5: expected result shape [4, 2] for permutation [1, 0] of "
                      "'tile<2x4xf32>', got 'tile<2x4xf32>'"}));
}

TEST(Verifier, ReduceBodiesTakeAndYieldTheirOperandsElements)
{
    EXPECT_EQ(verifierErrors("%x: tile<8xf32>",
                             "    %0 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> "
                             "tile<f32> {\n"
                             "    ^bb0(%e: tile<f32>, %a: tile<f32>):\n"
                             "      %y = cmpf less_than ordered %e, %a : tile<f32> -> tile<i1>\n"
                             "      yield %y : tile<i1>\n"
                             "    }\n"
                             "    %1 = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> "
                             "tile<f32> {\n"
                             "    ^bb0(%e: tile<f32>, %a: tile<i32>):\n"
                             "      yield %e : tile<f32>\n"
                             "    }\n"),
              (Errors{"3:5: yielded value #0 must be 'tile<f32>', but got 'tile<i1>'",
                      "8:5: body argument #1 must be 'tile<f32>', but got 'tile<i32>'"}));
}

TEST(Verifier, OpsWrittenWithoutResultNamesVerifyButAreNotAnalysed)
{
    // The dialect's own tests write ops without naming their results; the parser keeps no
    // results for them, which the interpreter would index.
    const std::string body = "    make_tensor_view %p, shape = [32], strides = [1] : "
                             "tensor_view<32xf32, strides=[1]>\n";
    EXPECT_EQ(verifierErrors("%p: tile<ptr<f32>>", body), Errors{});
    EXPECT_EQ(verifierErrors("%p: tile<ptr<f32>>", body, VerifyPurpose::Analysis),
              (Errors{"3:5: 'make_tensor_view' is written without naming its results, which the "
                      "analyses need (write '%name = ' before it)"}));
}

TEST(Verifier, MmafScaledHasItsAccumulatorsType)
{
    const std::string text =
        "cuda_tile.module @m {\n  entry @k(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, "
        "%c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {\n"
        "    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, "
        "tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>\n    return\n  }\n}\n";
    ParseResult r = parseModule(text);
    ASSERT_TRUE(r.ok());
    const Op* op = r.modules[0]->functions[0]->body->entryBlock()->ops[0];
    EXPECT_EQ(op->results[0]->type->canonical(), "tile<128x128xf32>");
    EXPECT_TRUE(verifyParseResult(r, "v.mlir")) << r.diagnostics[0].format();
}
