// Binding files, expressions, mangled entry names and the default binding.

#include "eval/Binding.h"

#include "eval/Differential.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <QTemporaryDir>
#include <fstream>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::eval;

TEST(EvalBinding, Expressions)
{
    const std::map<std::string, int64_t> names = {{"M", 144}, {"a.shape[1]", 48}};
    int64_t v = 0;
    std::string error;
    ASSERT_TRUE(evalExpression("cdiv(M, 128) * cdiv(a.shape[1], 32) + 1", names, v, error))
        << error;
    EXPECT_EQ(v, 2 * 2 + 1);
    ASSERT_TRUE(evalExpression("max(M - 200, -(3)) / 2", names, v, error));
    EXPECT_EQ(v, -1);
    EXPECT_FALSE(evalExpression("M +", names, v, error));
    EXPECT_NE(error.find("column 4"), std::string::npos) << error;
    EXPECT_FALSE(evalExpression("N", names, v, error));
    EXPECT_NE(error.find("unknown name 'N'"), std::string::npos) << error;
    EXPECT_FALSE(evalExpression("M / 0", names, v, error));
}

TEST(EvalBinding, MangledNameGivesArraysAndScalars)
{
    Binding b;
    std::string error;
    ASSERT_TRUE(bindingFromMangledName(
        "_k_Kt1_A2f16_1v8l0_2t1_3i16_p16_A1i32_1s1t1_p16_Sf32_I64_I_1_B0", 5 + 3 + 1, b, error))
        << error;
    ASSERT_EQ(b.arrays.size(), 2u);
    EXPECT_EQ(b.arrays[0].elem, Elem::F16);
    EXPECT_EQ(b.arrays[0].shape.size(), 2u);
    EXPECT_EQ(b.arrays[1].elem, Elem::I32);
    ASSERT_EQ(b.scalars.size(), 1u);
    EXPECT_EQ(b.scalars[0].elem, Elem::F32);
    EXPECT_EQ(expandParams(b, b.ref.params).size(), 9u);
    EXPECT_FALSE(bindingFromMangledName("_k_Kt1_A2f16_1v8l0", 3, b, error));
    EXPECT_NE(error.find("accounts for 5"), std::string::npos) << error;
    EXPECT_FALSE(bindingFromMangledName("softmax_kernel", 3, b, error));
}

TEST(EvalBinding, FileErrorsNameTheProblem)
{
    QTemporaryDir dir;
    const std::string path = dir.path().toStdString() + "/b.json";
    auto write = [&](const std::string& text) { std::ofstream(path) << text; };
    Binding b;
    std::string error;
    write("{\"schema\": \"tilelens.eval-binding/1\", ");
    EXPECT_FALSE(loadBinding(path, b, error));
    EXPECT_NE(error.find("invalid JSON"), std::string::npos) << error;
    write("{\"schema\": \"other\"}");
    EXPECT_FALSE(loadBinding(path, b, error));
    EXPECT_NE(error.find("schema"), std::string::npos);
    write("{\"schema\": \"tilelens.eval-binding/1\", \"arrays\": {\"a\": {\"dtype\": \"f17\", "
          "\"shape\": [4]}}, \"ref\": {\"params\": [\"a\"]}, \"gen\": {\"params\": [\"a\"]}}");
    EXPECT_FALSE(loadBinding(path, b, error));
    EXPECT_NE(error.find("arrays.a.dtype"), std::string::npos) << error;
    write(
        "{\"schema\": \"tilelens.eval-binding/1\", \"dims\": {\"N\": [3, 5]}, \"arrays\": {\"a\": "
        "{\"dtype\": \"f32\", \"shape\": [\"N\"]}}, \"ref\": {\"params\": [\"a\"], \"grid\": "
        "[\"N\", 1, 1]}, \"gen\": {\"params\": [\"a.ptr\", \"a.shape[0]\", \"a.stride[0]\"]}}");
    ASSERT_TRUE(loadBinding(path, b, error)) << error;
    EXPECT_EQ(b.dims["N"], (std::vector<int64_t>{3, 5}));
    EXPECT_EQ(b.ref.grid.size(), 3u);
    EXPECT_TRUE(b.gen.grid.empty());
}

TEST(EvalBinding, DefaultBindingByPositionNeedsEqualTypes)
{
    const char* kernel =
        "cuda_tile.module @m {\n"
        "entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {\n"
        "  %z = constant <i32: 0> : tile<i32>\n"
        "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
        "  %tv = make_tensor_view %p, shape = [%n], strides = [%s] : tile<i32> -> "
        "tensor_view<?xf32, strides=[?]>\n"
        "  %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, "
        "strides=[?]>>\n"
        "  %v, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(16), "
        "tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<16xf32>, token\n"
        "  %w = OPNAME %v, %v : tile<16xf32>\n"
        "  %t2 = store_view_tko weak %w, %pv[%bx] : tile<16xf32>, partition_view<tile=(16), "
        "tensor_view<?xf32, strides=[?]>>, tile<i32> -> token\n"
        "  return\n}\n}\n";
    auto withOp = [&](const std::string& op) {
        std::string t = kernel;
        t.replace(t.find("OPNAME"), 6, op);
        return ir::parseModule(t);
    };
    ir::ParseResult a = withOp("addf"), b = withOp("addf"), c = withOp("mulf");
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    Binding binding;
    std::string error;
    ASSERT_TRUE(
        defaultBinding(*a.modules[0]->functions[0], *b.modules[0]->functions[0], binding, error))
        << error;
    EXPECT_EQ(binding.source, "positional");
    ASSERT_EQ(binding.arrays.size(), 1u); // found through make_tensor_view
    EXPECT_EQ(
        evaluatePair(*a.modules[0]->functions[0], *b.modules[0]->functions[0], binding, {}).verdict,
        "same");
    // x + x and x * x differ (the grid comes from the stored view: cdiv(48, 16) blocks).
    const EvalResult r =
        evaluatePair(*a.modules[0]->functions[0], *c.modules[0]->functions[0], binding, {});
    EXPECT_EQ(r.verdict, "different");
    ASSERT_FALSE(r.cases.empty());
    EXPECT_EQ(r.cases[0].refGrid.x, 3);

    ir::ParseResult other = ir::parseModule("cuda_tile.module @m {\nentry @k(%p: tile<ptr<f16>>, "
                                            "%n: tile<i32>, %s: tile<i32>) {\n  return\n}\n}\n");
    ASSERT_TRUE(other.ok());
    EXPECT_FALSE(defaultBinding(*a.modules[0]->functions[0], *other.modules[0]->functions[0],
                                binding, error));
    EXPECT_NE(error.find("--binding"), std::string::npos) << error;
    // Issue 31 item 2: one text, the way to give a binding its parameter; the CLI's is the
    // default, the GUI names its menu instead of the flag.
    EXPECT_NE(error.find("give a binding file (--binding)"), std::string::npos) << error;
    EXPECT_FALSE(defaultBinding(*a.modules[0]->functions[0], *other.modules[0]->functions[0],
                                binding, error, "with Diff > CPU Run Binding..."));
    EXPECT_NE(error.find("give a binding file (with Diff > CPU Run Binding...)"), std::string::npos)
        << error;
    EXPECT_EQ(error.find("--binding"), std::string::npos) << error;
}

// Issue 31 item 3: the binding dialog starts from the binding in use written as a binding file;
// the reader takes it back to the same binding, and says where its parameters do not fit.
TEST(EvalBinding, AWrittenBindingReadsBackToTheSameBindingAndSaysWhereItDoesNotFit)
{
    Binding b;
    std::string error;
    const char* const given = R"json({"schema": "tilelens.eval-binding/1",
        "dims": {"M": [144, 128], "K": 48},
        "arrays": {"a": {"dtype": "f16", "shape": ["M", "K"], "strides": ["K", 1]},
                   "b": {"dtype": "i32", "shape": [4], "init": "uniform", "range": [-2, 9]},
                   "t": {"dtype": "i64", "shape": [2], "values": ["a.ptr", "M + 1"]}},
        "scalars": {"scale": {"dtype": "f32", "value": 0.125}, "n": {"dtype": "i32", "value": "M"},
                    "r": {"dtype": "f32"}},
        "ref": {"params": ["a", "b", "t", "scale", "n", "r"], "grid": ["cdiv(M, 128)", 1, 1]},
        "gen": {"params": ["a.ptr", "M", 7]}})json";
    ASSERT_TRUE(loadBindingText(given, "given.json", b, error)) << error;
    const std::string text = bindingJsonText(b);
    Binding back;
    ASSERT_TRUE(loadBindingText(text, "written.json", back, error)) << error << "\n" << text;
    EXPECT_EQ(back.dims, b.dims);
    ASSERT_EQ(back.arrays.size(), b.arrays.size());
    for (size_t i = 0; i < b.arrays.size(); ++i) {
        EXPECT_EQ(back.arrays[i].name, b.arrays[i].name);
        EXPECT_EQ(back.arrays[i].elem, b.arrays[i].elem);
        EXPECT_EQ(back.arrays[i].shape, b.arrays[i].shape);
        EXPECT_EQ(back.arrays[i].strides, b.arrays[i].strides);
        EXPECT_EQ(back.arrays[i].init, b.arrays[i].init);
        EXPECT_EQ(back.arrays[i].lo, b.arrays[i].lo);
        EXPECT_EQ(back.arrays[i].hi, b.arrays[i].hi);
        EXPECT_EQ(back.arrays[i].values, b.arrays[i].values);
    }
    ASSERT_EQ(back.scalars.size(), b.scalars.size());
    for (size_t i = 0; i < b.scalars.size(); ++i) {
        EXPECT_EQ(back.scalars[i].name, b.scalars[i].name);
        EXPECT_EQ(back.scalars[i].value, b.scalars[i].value);
    }
    EXPECT_EQ(back.ref.params, b.ref.params);
    EXPECT_EQ(back.ref.grid, b.ref.grid);
    EXPECT_EQ(back.gen.params, b.gen.params);
    EXPECT_TRUE(back.gen.grid.empty());

    // Two entries of one and three parameters: ref.params expands to 5 (a: pointer, 2 shapes,
    // 2 strides) + 3 + 3 + 3 scalars = 14, and the message places it.
    ir::ParseResult one =
        ir::parseModule("cuda_tile.module @m {\nentry @k(%p: tile<ptr<f16>>) {\n  return\n}\n}\n");
    ir::ParseResult three = ir::parseModule("cuda_tile.module @m {\nentry @g(%p: tile<ptr<f16>>, "
                                            "%n: tile<i32>, %s: tile<i32>) {\n  return\n}\n}\n");
    ASSERT_TRUE(one.ok() && three.ok());
    EXPECT_FALSE(bindingFitsPair(back, *one.modules[0]->functions[0],
                                 *three.modules[0]->functions[0], error));
    EXPECT_EQ(error.rfind("written.json:", 0), 0u) << error;
    EXPECT_NE(error.find(": ref.params: expands to 14 parameters, the reference entry k has 1"),
              std::string::npos)
        << error;
}

TEST(EvalBinding, ProgressAndCancelHooks)
{
    ir::ParseResult p = ir::parseModule(
        "cuda_tile.module @m {\nentry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {\n"
        "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
        "  %tv = make_tensor_view %p, shape = [%n], strides = [%s] : tile<i32> -> "
        "tensor_view<?xf32, strides=[?]>\n"
        "  %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, "
        "strides=[?]>>\n"
        "  %v, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(16), tensor_view<?xf32, "
        "strides=[?]>>, tile<i32> -> tile<16xf32>, token\n"
        "  %t2 = store_view_tko weak %v, %pv[%bx] : tile<16xf32>, partition_view<tile=(16), "
        "tensor_view<?xf32, strides=[?]>>, tile<i32> -> token\n"
        "  return\n}\n}\n");
    ASSERT_TRUE(p.ok());
    const ir::Function& fn = *p.modules[0]->functions[0];
    Binding binding;
    std::string error;
    ASSERT_TRUE(defaultBinding(fn, fn, binding, error)) << error;
    // Random and edge inputs, three sizes (48 and 144 are multiples of the 16-wide tile, and
    // nothing forbids the ragged 49): six cases.
    EXPECT_EQ(binding.dims.at("S"), (std::vector<int64_t>{48, 144, 49}));
    EvalOptions o;
    std::vector<std::pair<size_t, size_t>> calls;
    o.progress = [&](size_t done, size_t total) { calls.emplace_back(done, total); };
    EXPECT_EQ(evaluatePair(fn, fn, binding, o).verdict, "same");
    EXPECT_EQ(calls, (std::vector<std::pair<size_t, size_t>>{
                         {1, 6}, {2, 6}, {3, 6}, {4, 6}, {5, 6}, {6, 6}}));
    CancelSource cancel;
    cancel.cancel();
    o.cancel = cancel.token();
    const EvalResult r = evaluatePair(fn, fn, binding, o);
    EXPECT_EQ(r.verdict, "cancelled");
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::Cancelled);
}

// Without a binding file the sizes meet the entries' assume facts about their size and
// scalar parameters (before: always 48 and 144, which break div_by<32> and run into
// `both sides fail`), and the facts that chose them are listed.
TEST(EvalBinding, DefaultSizesAndScalarsMeetTheAssumeFacts)
{
    ir::ParseResult p = ir::parseModule(
        "cuda_tile.module @m {\nentry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>, "
        "%m: tile<i32>) {\n"
        "  %n2 = assume div_by<32>, %n : tile<i32>\n"
        "  %n3 = assume bounded<0, 100>, %n2 : tile<i32>\n"
        "  %m2 = assume div_by<8>, %m : tile<i32>\n"
        "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
        "  %tv = make_tensor_view %p, shape = [%n3], strides = [%s] : tile<i32> -> "
        "tensor_view<?xf32, strides=[?]>\n"
        "  %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = zero, "
        "tensor_view<?xf32, strides=[?]>>\n"
        "  %v, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(16), padding_value = "
        "zero, tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<16xf32>, token\n"
        "  %t2 = store_view_tko weak %v, %pv[%bx] : tile<16xf32>, partition_view<tile=(16), "
        "padding_value = zero, tensor_view<?xf32, strides=[?]>>, tile<i32> -> token\n"
        "  return\n}\n}\n");
    ASSERT_TRUE(p.ok());
    const ir::Function& fn = *p.modules[0]->functions[0];
    Binding binding;
    std::string error;
    ASSERT_TRUE(defaultBinding(fn, fn, binding, error)) << error;
    EXPECT_EQ(binding.dims.at("S"), (std::vector<int64_t>{64, 96})); // 48 and 144, met
    ASSERT_NE(binding.scalar("arg3"), nullptr);
    EXPECT_EQ(binding.scalar("arg3")->value, "8");
    auto listed = [&](const std::string& fact) {
        return std::any_of(binding.facts.begin(), binding.facts.end(),
                           [&](const std::string& f) { return f.rfind(fact, 0) == 0; });
    };
    EXPECT_TRUE(listed("div_by<32> on arg0.shape[0] (reference line 3)"));
    EXPECT_TRUE(listed("bounded<0, 100> on arg0.shape[0]"));
    EXPECT_TRUE(listed("div_by<8> on arg3"));
    EXPECT_TRUE(listed("S = 64, 96: multiples of 32 in [1, 100], none ragged against the "
                       "16-wide tile (the facts allow none)"));
    EvalOptions o;
    o.inputs = InputKind::Random;
    const EvalResult r = evaluatePair(fn, fn, binding, o);
    EXPECT_EQ(r.verdict, "same") << evalResultText(r);
    EXPECT_EQ(r.bindingFacts, binding.facts);
}

TEST(EvalBinding, DerivedGridFollowsTheBlockIdsOfTheStoreIndices)
{
    // Rows of tiles on y, columns on x (as fmha puts batch x head on y): the derived grid
    // is (column tiles, row tiles), so block (x, y) writes tile (y, x). With every tile on
    // x, block x would write tile (0, x): all but the first row of tiles left unwritten
    // and the loop of a causal kernel running to x.
    ir::ParseResult p = ir::parseModule(
        "cuda_tile.module @m {\nentry @k(%p: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, "
        "%s0: tile<i32>, %s1: tile<i32>) {\n"
        "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
        "  %tv = make_tensor_view %p, shape = [%m, %n], strides = [%s0, %s1] : tile<i32> -> "
        "tensor_view<?x?xf32, strides=[?,?]>\n"
        "  %pv = make_partition_view %tv : partition_view<tile=(16x32), tensor_view<?x?xf32, "
        "strides=[?,?]>>\n"
        "  %v, %t = load_view_tko weak %pv[%by, %bx] : partition_view<tile=(16x32), "
        "tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<16x32xf32>, token\n"
        "  %w = addf %v, %v : tile<16x32xf32>\n"
        "  %t2 = store_view_tko weak %w, %pv[%by, %bx] : tile<16x32xf32>, "
        "partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token\n"
        "  return\n}\n}\n");
    ASSERT_TRUE(p.ok());
    const ir::Function& fn = *p.modules[0]->functions[0];
    Binding binding;
    std::string error;
    ASSERT_TRUE(defaultBinding(fn, fn, binding, error)) << error;
    EvalOptions o;
    o.inputs = InputKind::Random;
    const EvalResult r = evaluatePair(fn, fn, binding, o);
    EXPECT_EQ(r.verdict, "same") << evalResultText(r);
    ASSERT_FALSE(r.cases.empty());
    const int64_t s = r.cases[0].dims.at("S"); // 48: 2 column tiles of 32, 3 row tiles of 16
    EXPECT_EQ(r.cases[0].refGrid.x, (s + 31) / 32);
    EXPECT_EQ(r.cases[0].refGrid.y, (s + 15) / 16);
    EXPECT_EQ(r.cases[0].refGrid.z, 1);
}

TEST(EvalBinding, IntegerValuesNameOtherArraysPointers)
{
    // A group table as group_gemm reads it: the kernel takes the table, loads a pointer and
    // a length from it and doubles that many elements of the array the pointer names.
    QTemporaryDir dir;
    const std::string path = dir.path().toStdString() + "/b.json";
    std::ofstream(path)
        << "{\"schema\": \"tilelens.eval-binding/1\", \"arrays\": {"
           "\"x\": {\"dtype\": \"f32\", \"shape\": [4]},"
           "\"table\": {\"dtype\": \"i64\", \"shape\": [3], \"values\": [\"x.ptr\", "
           "\"x.shape[0] - 1\"]}}, "
           "\"ref\": {\"params\": [\"table.ptr\"]}, \"gen\": {\"params\": [\"table.ptr\"]}}";
    Binding b;
    std::string error;
    ASSERT_TRUE(loadBinding(path, b, error)) << error;
    ASSERT_NE(b.array("table"), nullptr);
    EXPECT_EQ(b.array("table")->values.size(), 2u);
    const std::string kernel =
        "cuda_tile.module @m {\nentry @k(%t: tile<ptr<i64>>) {\n"
        "  %one = constant <i64: 1> : tile<i64>\n"
        "  %t1 = offset %t, %one : tile<ptr<i64>>, tile<i64> -> tile<ptr<i64>>\n"
        "  %p, %tk = load_ptr_tko weak %t : tile<ptr<i64>> -> tile<i64>, token\n"
        "  %n, %tk2 = load_ptr_tko weak %t1 : tile<ptr<i64>> -> tile<i64>, token\n"
        "  %xp = int_to_ptr %p : tile<i64> -> tile<ptr<f32>>\n"
        "  %i = iota : tile<4xi64>\n"
        "  %nb = reshape %n : tile<i64> -> tile<1xi64>\n"
        "  %nn = broadcast %nb : tile<1xi64> -> tile<4xi64>\n"
        "  %m = cmpi less_than %i, %nn, signed : tile<4xi64> -> tile<4xi1>\n"
        "  %xb = reshape %xp : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
        "  %xs = broadcast %xb : tile<1xptr<f32>> -> tile<4xptr<f32>>\n"
        "  %q = offset %xs, %i : tile<4xptr<f32>>, tile<4xi64> -> tile<4xptr<f32>>\n"
        "  %v, %tk3 = load_ptr_tko weak %q, %m : tile<4xptr<f32>>, tile<4xi1> -> tile<4xf32>, "
        "token\n"
        "  %w = OPNAME %v, %v : tile<4xf32>\n"
        "  %tk4 = store_ptr_tko weak %q, %w, %m : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> "
        "token\n"
        "  return\n}\n}\n";
    auto withOp = [&](const std::string& op) {
        std::string t = kernel;
        t.replace(t.find("OPNAME"), 6, op);
        return ir::parseModule(t);
    };
    ir::ParseResult add = withOp("addf"), mul = withOp("mulf");
    ASSERT_TRUE(add.ok() && mul.ok());
    EvalOptions o;
    o.inputs = InputKind::Random;
    const EvalResult same =
        evaluatePair(*add.modules[0]->functions[0], *add.modules[0]->functions[0], b, o);
    EXPECT_EQ(same.verdict, "same") << evalResultText(same);
    // x + x and x * x differ in the elements the table names.
    const EvalResult r =
        evaluatePair(*add.modules[0]->functions[0], *mul.modules[0]->functions[0], b, o);
    ASSERT_EQ(r.verdict, "different") << evalResultText(r);
    ASSERT_TRUE(r.counterexample);
    EXPECT_EQ(r.counterexample->array, "x");

    std::ofstream(path) << "{\"schema\": \"tilelens.eval-binding/1\", \"arrays\": {\"x\": "
                           "{\"dtype\": \"f32\", \"shape\": [4], \"values\": [\"1\"]}}, "
                           "\"ref\": {\"params\": [\"x\"]}, \"gen\": {\"params\": [\"x\"]}}";
    EXPECT_FALSE(loadBinding(path, b, error));
    EXPECT_NE(error.find("arrays.x.values"), std::string::npos) << error;
}

// A view read at a fixed tile index past the first (rope's second half of the head dimension,
// tile index 1 of a 64-wide tile): one size S for every axis would leave that tile wholly in
// the padding, so the extent is raised to cover it, and the facts say why.
TEST(EvalBinding, AnExtentReadAtAFixedTileIndexCoversThatTile)
{
    const std::string tv = "tensor_view<?x?xf32, strides=[?,?]>";
    const std::string pv = "partition_view<tile=(16x64), padding_value = zero, " + tv + ">";
    ir::ParseResult p = ir::parseModule(
        "cuda_tile.module @m {\nentry @k(%p: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, "
        "%s0: tile<i32>, %s1: tile<i32>) {\n"
        "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
        "  %one = constant <i32: 1> : tile<i32>\n"
        "  %t = make_tensor_view %p, shape = [%m, %n], strides = [%s0, %s1] : tile<i32> -> " +
        tv + "\n  %v = make_partition_view %t : " + pv +
        "\n  %x, %k = load_view_tko weak %v[%bx, %one] : " + pv +
        ", tile<i32> -> tile<16x64xf32>, token\n"
        "  %y = addf %x, %x : tile<16x64xf32>\n"
        "  %k2 = store_view_tko weak %y, %v[%bx, %one] : tile<16x64xf32>, " +
        pv + ", tile<i32> -> token\n  return\n}\n}\n");
    ASSERT_TRUE(p.ok()) << p.diagnostics.front().format();
    const ir::Function& fn = *p.modules[0]->functions[0];
    Binding binding;
    std::string error;
    ASSERT_TRUE(defaultBinding(fn, fn, binding, error)) << error;
    ASSERT_EQ(binding.arrays.size(), 1u);
    EXPECT_EQ(binding.arrays[0].shape, (std::vector<std::string>{"S", "max(S, 128)"}));
    EXPECT_NE(std::find(binding.facts.begin(), binding.facts.end(),
                        "arg0.shape[1] >= 128: a tile read at a fixed index (reference line 7)"),
              binding.facts.end())
        << ::testing::PrintToString(binding.facts);
    // The sizes run: every case within the kernel's contract.
    EvalOptions o;
    o.inputs = InputKind::Random;
    const EvalResult r = evaluatePair(fn, fn, binding, o);
    EXPECT_EQ(r.verdict, "same") << evalResultText(r);
    EXPECT_EQ(r.undefinedReads, 0u);
}
