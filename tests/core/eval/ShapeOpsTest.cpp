// Shape ops, reductions, mma and control flow against hand-computed results.

#include "EvalTestUtil.h"

using namespace tilelens::eval;
using namespace tilelens::eval::test;

TEST(EvalShapeOps, ConstantIotaReshapeBroadcastPermute)
{
    FuncRun r = runFunc("testing$func @f() -> tile<3x2xi32> {\n"
                        "  %c = constant <i32: [[1, 2, 3], [4, 5, 6]]> : tile<2x3xi32>\n"
                        "  %p = permute %c [1, 0] : tile<2x3xi32> -> tile<3x2xi32>\n"
                        "  return %p : tile<3x2xi32>\n}",
                        {});
    ASSERT_FALSE(r.issue) << r.issue->format();
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{1, 4, 2, 5, 3, 6}));
    r = runFunc("testing$func @f() -> tile<2x4xi32> {\n"
                "  %i = iota : tile<4xi32>\n"
                "  %r = reshape %i : tile<4xi32> -> tile<1x4xi32>\n"
                "  %b = broadcast %r : tile<1x4xi32> -> tile<2x4xi32>\n"
                "  return %b : tile<2x4xi32>\n}",
                {});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{0, 1, 2, 3, 0, 1, 2, 3}));
}

TEST(EvalShapeOps, ExtractAndCat)
{
    FuncRun r =
        runFunc("testing$func @f(%t: tile<2x4xi32>, %i: tile<i32>) -> tile<2x2xi32> {\n"
                "  %z = constant <i32: 0> : tile<i32>\n"
                "  %e = extract %t[%z, %i] : tile<2x4xi32> -> tile<2x2xi32>\n"
                "  return %e : tile<2x2xi32>\n}",
                {ints(Elem::I32, {2, 4}, {0, 1, 2, 3, 4, 5, 6, 7}), ints(Elem::I32, {}, {1})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{2, 3, 6, 7}));
    r = runFunc("testing$func @f(%t: tile<2x4xi32>, %i: tile<i32>) -> tile<2x2xi32> {\n"
                "  %z = constant <i32: 0> : tile<i32>\n"
                "  %e = extract %t[%z, %i] : tile<2x4xi32> -> tile<2x2xi32>\n"
                "  return %e : tile<2x2xi32>\n}",
                {ints(Elem::I32, {2, 4}, {}), ints(Elem::I32, {}, {2})});
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::OutOfBounds);
    r = runFunc("testing$func @f(%a: tile<2x2xi32>, %b: tile<2x2xi32>) -> tile<2x4xi32> {\n"
                "  %c = cat %a, %b dim = 1 : tile<2x2xi32>, tile<2x2xi32> -> tile<2x4xi32>\n"
                "  return %c : tile<2x4xi32>\n}",
                {ints(Elem::I32, {2, 2}, {1, 2, 3, 4}), ints(Elem::I32, {2, 2}, {5, 6, 7, 8})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{1, 2, 5, 6, 3, 4, 7, 8}));
}

TEST(EvalShapeOps, ReduceWithIdentityAndRegion)
{
    FuncRun r = runFunc(
        "testing$func @f(%x: tile<2x3xf32>) -> tile<2xf32> {\n"
        "  %m = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<2x3xf32> -> tile<2xf32>\n"
        "  (%e: tile<f32>, %a: tile<f32>) {\n"
        "    %y = maxf %e, %a : tile<f32>\n"
        "    yield %y : tile<f32>\n"
        "  }\n"
        "  return %m : tile<2xf32>\n}",
        {floats(Elem::F32, {2, 3}, {1, 5, 2, -1, -7, -3})});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{5, -1}));
    // A body of two ops runs through the general path: sum of squares along dim 0.
    r = runFunc("testing$func @f(%x: tile<2x2xi32>) -> tile<2xi32> {\n"
                "  %s = reduce %x dim=0 identities=[10 : i32] : tile<2x2xi32> -> tile<2xi32>\n"
                "  (%e: tile<i32>, %a: tile<i32>) {\n"
                "    %q = muli %e, %e : tile<i32>\n"
                "    %y = addi %q, %a : tile<i32>\n"
                "    yield %y : tile<i32>\n"
                "  }\n"
                "  return %s : tile<2xi32>\n}",
                {ints(Elem::I32, {2, 2}, {1, 2, 3, 4})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{20, 30}));
}

// cuTile Rust's generic reduce of a [1x2048] tile along dim 0 once compiled to a
// scalar result type: the walk wrote 2048 results into one element. Rejected.
TEST(EvalShapeOps, ReduceIntoATooSmallResultTypeIsRejected)
{
    FuncRun r = runFunc("testing$func @f(%x: tile<1x4xf32>) -> tile<f32> {\n"
                        "  %m = reduce %x dim=0 identities=[0 : f32] : tile<1x4xf32> -> tile<f32>\n"
                        "  (%e: tile<f32>, %a: tile<f32>) {\n"
                        "    %y = maxf %e, %a : tile<f32>\n"
                        "    yield %y : tile<f32>\n"
                        "  }\n"
                        "  return %m : tile<f32>\n}",
                        {floats(Elem::F32, {1, 4}, {1, 5, 2, -1})});
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::InvalidInput);
    EXPECT_NE(r.issue->format().find("4 elements expected, 1 declared"), std::string::npos)
        << r.issue->format();
}

TEST(EvalShapeOps, ScanForwardAndReverse)
{
    const std::string body = " identities=[0 : i32] : tile<4xi32> -> tile<4xi32>\n"
                             "  (%e: tile<i32>, %a: tile<i32>) {\n"
                             "    %y = addi %e, %a : tile<i32>\n"
                             "    yield %y : tile<i32>\n"
                             "  }\n"
                             "  return %s : tile<4xi32>\n}";
    FuncRun r = runFunc("testing$func @f(%x: tile<4xi32>) -> tile<4xi32> {\n"
                        "  %s = scan %x dim=0 reverse=false" +
                            body,
                        {ints(Elem::I32, {4}, {1, 2, 3, 4})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{1, 3, 6, 10}));
    r = runFunc("testing$func @f(%x: tile<4xi32>) -> tile<4xi32> {\n"
                "  %s = scan %x dim=0 reverse=true" +
                    body,
                {ints(Elem::I32, {4}, {1, 2, 3, 4})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{10, 9, 7, 4}));
}

TEST(EvalShapeOps, MmafAccumulatesIntoTheAccumulatorType)
{
    FuncRun r =
        runFunc("testing$func @f(%a: tile<2x2xf16>, %b: tile<2x2xf16>, %c: tile<2x2xf32>) -> "
                "tile<2x2xf32> {\n"
                "  %d = mmaf %a, %b, %c : tile<2x2xf16>, tile<2x2xf16>, tile<2x2xf32>\n"
                "  return %d : tile<2x2xf32>\n}",
                {floats(Elem::F16, {2, 2}, {1, 2, 3, 4}), floats(Elem::F16, {2, 2}, {5, 6, 7, 8}),
                 floats(Elem::F32, {2, 2}, {0.5, 0, 0, 0})});
    EXPECT_EQ(floatsOf(r), (std::vector<double>{19.5, 22, 43, 50}));
    EXPECT_EQ(r.stats.approximations.count("mmaf"), 1u);
    r = runFunc(
        "testing$func @f(%a: tile<1x2xi8>, %b: tile<2x1xi8>, %c: tile<1x1xi32>) -> tile<1x1xi32> "
        "{\n"
        "  %d = mmai %a, %b, %c unsigned signed : tile<1x2xi8>, tile<2x1xi8>, tile<1x1xi32>\n"
        "  return %d : tile<1x1xi32>\n}",
        {ints(Elem::I8, {1, 2}, {-1, 2}), ints(Elem::I8, {2, 1}, {-1, 3}),
         ints(Elem::I32, {1, 1}, {1})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{-255 + 6 + 1})); // 255 * -1 + 2 * 3 + 1
}

TEST(EvalControlFlow, ForLoopCarriesValues)
{
    FuncRun r = runFunc("testing$func @f(%n: tile<i32>) -> tile<i32> {\n"
                        "  %z = constant <i32: 0> : tile<i32>\n"
                        "  %one = constant <i32: 1> : tile<i32>\n"
                        "  %s = for %i in (%z to %n, step %one) : tile<i32> iter_values(%acc = %z) "
                        "-> (tile<i32>) {\n"
                        "    %t = addi %acc, %i : tile<i32>\n"
                        "    continue %t : tile<i32>\n"
                        "  }\n"
                        "  return %s : tile<i32>\n}",
                        {ints(Elem::I32, {}, {5})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{10}));
}

TEST(EvalControlFlow, IfElseAndLoopWithBreak)
{
    const std::string f = "testing$func @f(%c: tile<i1>) -> tile<i32> {\n"
                          "  %r = if %c -> (tile<i32>) {\n"
                          "    %a = constant <i32: 7> : tile<i32>\n"
                          "    yield %a : tile<i32>\n"
                          "  } else {\n"
                          "    %b = constant <i32: 9> : tile<i32>\n"
                          "    yield %b : tile<i32>\n"
                          "  }\n"
                          "  return %r : tile<i32>\n}";
    EXPECT_EQ(intsOf(runFunc(f, {ints(Elem::I1, {}, {1})})), (std::vector<int64_t>{7}));
    EXPECT_EQ(intsOf(runFunc(f, {ints(Elem::I1, {}, {0})})), (std::vector<int64_t>{9}));
    // Doubles x until it exceeds 100.
    FuncRun r = runFunc("testing$func @f(%x: tile<i32>) -> tile<i32> {\n"
                        "  %lim = constant <i32: 100> : tile<i32>\n"
                        "  %r = loop iter_values(%v = %x) : tile<i32> -> tile<i32> {\n"
                        "    %big = cmpi greater_than %v, %lim, signed : tile<i32> -> tile<i1>\n"
                        "    if %big {\n"
                        "      break %v : tile<i32>\n"
                        "    }\n"
                        "    %d = addi %v, %v : tile<i32>\n"
                        "    continue %d : tile<i32>\n"
                        "  }\n"
                        "  return %r : tile<i32>\n}",
                        {ints(Elem::I32, {}, {3})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{192}));
}

TEST(EvalControlFlow, EndlessLoopHitsTheBudget)
{
    Memory mem;
    tilelens::ir::ParseResult p =
        tilelens::ir::parseModule("cuda_tile.module @m {\n"
                                  "testing$func @f(%x: tile<i32>) -> tile<i32> {\n"
                                  "  %r = loop iter_values(%v = %x) : tile<i32> -> tile<i32> {\n"
                                  "    continue %v : tile<i32>\n"
                                  "  }\n"
                                  "  return %r : tile<i32>\n}\n}\n");
    ASSERT_TRUE(p.ok());
    InterpreterOptions o;
    o.maxWork = 1000;
    Interpreter interp(mem, o);
    auto issue = interp.run(*p.modules[0]->functions[0], {ints(Elem::I32, {}, {1})}, {});
    ASSERT_TRUE(issue);
    EXPECT_EQ(issue->kind, IssueKind::Limit);
}

TEST(EvalControlFlow, EndlessLoopHitsTheBlockBudget)
{
    Memory mem;
    tilelens::ir::ParseResult p =
        tilelens::ir::parseModule("cuda_tile.module @m {\n"
                                  "testing$func @f(%x: tile<i32>) -> tile<i32> {\n"
                                  "  %r = loop iter_values(%v = %x) : tile<i32> -> tile<i32> {\n"
                                  "    continue %v : tile<i32>\n"
                                  "  }\n"
                                  "  return %r : tile<i32>\n}\n}\n");
    ASSERT_TRUE(p.ok());
    InterpreterOptions o;
    o.maxBlockWork = 1000;
    Interpreter interp(mem, o);
    auto issue = interp.run(*p.modules[0]->functions[0], {ints(Elem::I32, {}, {1})}, {});
    ASSERT_TRUE(issue);
    EXPECT_EQ(issue->kind, IssueKind::Limit);
    EXPECT_NE(issue->message.find("one tile block"), std::string::npos) << issue->message;
}

TEST(EvalControlFlow, BlockBudgetIsPerBlockNotPerRun)
{
    // 8 blocks of 512 element ops each: more than the block budget in all, within it per
    // block (kernels looping over a constant row count spread such work over the grid).
    Memory mem;
    tilelens::ir::ParseResult p = tilelens::ir::parseModule("cuda_tile.module @m {\n"
                                                            "testing$func @f() {\n"
                                                            "  %a = iota : tile<256xi32>\n"
                                                            "  %b = addi %a, %a : tile<256xi32>\n"
                                                            "  return\n}\n}\n");
    ASSERT_TRUE(p.ok());
    InterpreterOptions o;
    o.maxBlockWork = 1000;
    Interpreter interp(mem, o);
    auto issue = interp.run(*p.modules[0]->functions[0], {}, Grid{8, 1, 1});
    EXPECT_FALSE(issue) << issue->format();
    EXPECT_GT(interp.stats().elementOps, 4000u);
}

TEST(EvalControlFlow, BlockIdsFollowTheGrid)
{
    Memory mem;
    const uint64_t out = mem.allocate("out", Elem::I32, 6);
    FuncRun r = runFunc("testing$func @f(%p: tile<ptr<i32>>) {\n"
                        "  %x, %y, %z = get_tile_block_id : tile<i32>\n"
                        "  %nx, %ny, %nz = get_num_tile_blocks : tile<i32>\n"
                        "  %row = muli %y, %nx : tile<i32>\n"
                        "  %i = addi %row, %x : tile<i32>\n"
                        "  %q = offset %p, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>\n"
                        "  %v = muli %i, %i : tile<i32>\n"
                        "  %t = store_ptr_tko weak %q, %v : tile<ptr<i32>>, tile<i32> -> token\n"
                        "  return\n}",
                        {pointer(Elem::I32, out)}, &mem, Grid{3, 2, 1});
    EXPECT_FALSE(r.issue) << r.issue->format();
    EXPECT_EQ(mem.find("out")->ints, (std::vector<int64_t>{0, 1, 4, 9, 16, 25}));
}

TEST(EvalControlFlow, UnknownOpIsUnsupportedWithItsName)
{
    FuncRun r = runFunc("testing$func @f(%a: tile<2xi64>, %b: tile<2xi64>) -> tile<2xi64> {\n"
                        "  %r = mulhii %a, %b : tile<2xi64>\n"
                        "  return %r : tile<2xi64>\n}",
                        {ints(Elem::I64, {2}, {1, 2}), ints(Elem::I64, {2}, {3, 4})});
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::Unsupported);
    EXPECT_EQ(r.issue->op, "mulhii");
    EXPECT_EQ(r.issue->line, 3);
}
