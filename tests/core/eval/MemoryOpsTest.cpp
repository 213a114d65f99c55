// Views, partitions and pointers: loads and stores by tile index with
// padding, dim_map, masks, out-of-bounds detection and checked assumes.

#include "EvalTestUtil.h"

#include <cmath>
#include <limits>

using namespace tilelens::eval;
using namespace tilelens::eval::test;

namespace {

// A 3x4 f32 tensor viewed in 2x4 tiles with -inf padding: tile 1 covers row 2 and a padded row 3.
const char* kLoadTile =
    "testing$func @f(%p: tile<ptr<f32>>, %m: tile<i32>, %i: tile<i32>) -> tile<2x4xf32> {\n"
    "  %z = constant <i32: 0> : tile<i32>\n"
    "  %tv = make_tensor_view %p, shape = [%m, 4], strides = [4, 1] : tile<i32> -> "
    "tensor_view<?x4xf32, strides=[4,1]>\n"
    "  %pv = make_partition_view %tv : partition_view<tile=(2x4), padding_value = neg_inf, "
    "tensor_view<?x4xf32, strides=[4,1]>>\n"
    "  %v, %t = load_view_tko weak %pv[%i, %z] : partition_view<tile=(2x4), padding_value = "
    "neg_inf, tensor_view<?x4xf32, strides=[4,1]>>, tile<i32> -> tile<2x4xf32>, token\n"
    "  return %v : tile<2x4xf32>\n}";

Memory tensor3x4(uint64_t& base, size_t count = 12)
{
    Memory mem;
    base = mem.allocate("x", Elem::F32, count);
    for (size_t k = 0; k < count; ++k)
        mem.find("x")->floats[k] = double(k);
    return mem;
}

} // namespace

TEST(EvalMemoryOps, PartitionLoadPadsOutsideTheTensor)
{
    uint64_t base = 0;
    Memory mem = tensor3x4(base);
    FuncRun r = runFunc(
        kLoadTile, {pointer(Elem::F32, base), ints(Elem::I32, {}, {3}), ints(Elem::I32, {}, {1})},
        &mem);
    ASSERT_FALSE(r.issue) << r.issue->format();
    const double ninf = -std::numeric_limits<double>::infinity();
    EXPECT_EQ(floatsOf(r), (std::vector<double>{8, 9, 10, 11, ninf, ninf, ninf, ninf}));
}

TEST(EvalMemoryOps, TensorLargerThanItsBufferIsOutOfBounds)
{
    uint64_t base = 0;
    Memory mem = tensor3x4(base, 10); // the view claims 3 rows (12 elements)
    FuncRun r = runFunc(
        kLoadTile, {pointer(Elem::F32, base), ints(Elem::I32, {}, {3}), ints(Elem::I32, {}, {1})},
        &mem);
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::OutOfBounds);
    EXPECT_EQ(r.issue->op, "load_view_tko");
    EXPECT_EQ(r.issue->indices, (std::vector<int64_t>{0, 2})); // element (8 + 2) of the buffer
}

TEST(EvalMemoryOps, DimMapLoadsATransposedTile)
{
    uint64_t base = 0;
    Memory mem = tensor3x4(base);
    FuncRun r =
        runFunc("testing$func @f(%p: tile<ptr<f32>>) -> tile<4x2xf32> {\n"
                "  %z = constant <i32: 0> : tile<i32>\n"
                "  %tv = make_tensor_view %p, shape = [3, 4], strides = [4, 1] : "
                "tensor_view<3x4xf32, strides=[4,1]>\n"
                "  %pv = make_partition_view %tv : partition_view<tile=(4x2), padding_value = "
                "zero, tensor_view<3x4xf32, strides=[4,1]>, dim_map=[1, 0]>\n"
                "  %v, %t = load_view_tko weak %pv[%z, %z] : partition_view<tile=(4x2), "
                "padding_value = zero, tensor_view<3x4xf32, strides=[4,1]>, dim_map=[1, 0]>, "
                "tile<i32> -> tile<4x2xf32>, token\n"
                "  return %v : tile<4x2xf32>\n}",
                {pointer(Elem::F32, base)}, &mem);
    ASSERT_FALSE(r.issue) << r.issue->format();
    EXPECT_EQ(floatsOf(r), (std::vector<double>{0, 4, 1, 5, 2, 6, 3, 7}));
}

TEST(EvalMemoryOps, PartitionStoreDropsElementsOutsideTheTensor)
{
    Memory mem;
    const uint64_t base = mem.allocate("y", Elem::I32, 3);
    FuncRun r =
        runFunc("testing$func @f(%p: tile<ptr<i32>>, %n: tile<i32>) {\n"
                "  %z = constant <i32: 0> : tile<i32>\n"
                "  %v = iota : tile<4xi32>\n"
                "  %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> "
                "tensor_view<?xi32, strides=[1]>\n"
                "  %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<?xi32, "
                "strides=[1]>>\n"
                "  %t = store_view_tko weak %v, %pv[%z] : tile<4xi32>, partition_view<tile=(4), "
                "tensor_view<?xi32, strides=[1]>>, tile<i32> -> token\n"
                "  return\n}",
                {pointer(Elem::I32, base), ints(Elem::I32, {}, {3})}, &mem);
    ASSERT_FALSE(r.issue) << r.issue->format();
    EXPECT_EQ(mem.find("y")->ints, (std::vector<int64_t>{0, 1, 2}));
}

TEST(EvalMemoryOps, PointerGatherWithMaskAndPadding)
{
    uint64_t base = 0;
    Memory mem = tensor3x4(base);
    const std::string f =
        "testing$func @f(%p: tile<ptr<f32>>, %o: tile<4xi32>, %m: tile<4xi1>) -> tile<4xf32> {\n"
        "  %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
        "  %b = broadcast %r : tile<1xptr<f32>> -> tile<4xptr<f32>>\n"
        "  %q = offset %b, %o : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>\n"
        "  %pad = constant <f32: -1.0> : tile<4xf32>\n"
        "  %v, %t = load_ptr_tko weak %q, %m, %pad : tile<4xptr<f32>>, tile<4xi1>, tile<4xf32> -> "
        "tile<4xf32>, token\n"
        "  return %v : tile<4xf32>\n}";
    FuncRun r = runFunc(f,
                        {pointer(Elem::F32, base), ints(Elem::I32, {4}, {11, 3, 100, 0}),
                         ints(Elem::I1, {4}, {1, 1, 0, 1})},
                        &mem);
    ASSERT_FALSE(r.issue) << r.issue->format();
    EXPECT_EQ(floatsOf(r), (std::vector<double>{11, 3, -1, 0}));
    // The same offsets without the mask: element 2 reads past the buffer.
    r = runFunc(f,
                {pointer(Elem::F32, base), ints(Elem::I32, {4}, {11, 3, 100, 0}),
                 ints(Elem::I1, {4}, {1, 1, 1, 1})},
                &mem);
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::OutOfBounds);
    EXPECT_EQ(r.issue->op, "load_ptr_tko");
    EXPECT_EQ(r.issue->indices, (std::vector<int64_t>{2}));
    EXPECT_NE(r.issue->message.find("element 100"), std::string::npos) << r.issue->message;
}

TEST(EvalMemoryOps, ViolatedAssumeIsReported)
{
    const std::string f = "testing$func @f(%n: tile<i32>) -> tile<i32> {\n"
                          "  %a = assume div_by<16>, %n : tile<i32>\n"
                          "  %b = assume bounded<0, 100>, %a : tile<i32>\n"
                          "  return %b : tile<i32>\n}";
    EXPECT_FALSE(runFunc(f, {ints(Elem::I32, {}, {48})}).issue);
    FuncRun r = runFunc(f, {ints(Elem::I32, {}, {40})});
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::AssumeViolated);
    EXPECT_EQ(r.issue->line, 3); // line 1 is the module
    r = runFunc(f, {ints(Elem::I32, {}, {112})});
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->line, 4);
    // A false assume about the kernel's own constant is noted, not an input error.
    r = runFunc("testing$func @f() -> tile<i32> {\n"
                "  %c = constant <i32: 1> : tile<i32>\n"
                "  %a = assume div_by<4>, %c : tile<i32>\n"
                "  return %a : tile<i32>\n}",
                {});
    EXPECT_FALSE(r.issue);
    EXPECT_EQ(r.stats.notes.size(), 1u);
}

TEST(EvalMemoryOps, PaddingWithoutMaskPadsNothing)
{
    // The cutile-ir printer writes `load_ptr_tko %ptrs, %pad` (no mask); the padding was
    // once taken for the mask and read as integers out of range.
    uint64_t base = 0;
    Memory mem = tensor3x4(base);
    FuncRun r = runFunc(
        "testing$func @f(%p: tile<ptr<f32>>, %o: tile<2xi32>) -> tile<2xf32> {\n"
        "  %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
        "  %b = broadcast %r : tile<1xptr<f32>> -> tile<2xptr<f32>>\n"
        "  %q = offset %b, %o : tile<2xptr<f32>>, tile<2xi32> -> tile<2xptr<f32>>\n"
        "  %pad = constant <f32: -1.0> : tile<2xf32>\n"
        "  %v, %t = load_ptr_tko weak %q, %pad : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, "
        "token\n"
        "  return %v : tile<2xf32>\n}",
        {pointer(Elem::F32, base), ints(Elem::I32, {2}, {5, 7})}, &mem);
    ASSERT_FALSE(r.issue) << r.issue->format();
    EXPECT_EQ(floatsOf(r), (std::vector<double>{5, 7}));
}

TEST(EvalMemoryOps, IllTypedOperandIsReportedNotRead)
{
    FuncRun r = runFunc("testing$func @f(%a: tile<2xi32>) -> tile<2xi32> {\n"
                        "  %r = addi %a, %a : tile<2xi32>\n"
                        "  return %r : tile<2xi32>\n}",
                        {floats(Elem::F32, {2}, {1, 2})});
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::InvalidInput);
    EXPECT_EQ(r.issue->op, "addi");
}
