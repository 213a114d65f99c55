// Review of the float witness's extensions (issue 30 item 2, wt/fw2): a witness names a real
// input on which the two kernels store different values. Each pair here got a witness that
// no real input has (before the fix) or must keep one (the control beside it).

#include "DiffTestUtil.h"

#include <gtest/gtest.h>
#include <string>

namespace tilelens::diff::test {
namespace {

// Eight floats loaded where iota < %n (an integer argument, a non-negative multiple of 16),
// `body` computes %y from them and %nf = itof(%n); %y is stored where `storeMask` (iota
// `storeMask` n) holds.
std::string maskedStoreKernel(const std::string& body, const std::string& storeMask)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f32>>, %1: tile<ptr<f32>>, %n0: tile<i32>) {\n"
           "    %n1 = assume div_by<16>, %n0 : tile<i32>\n"
           "    %n = assume bounded<0, ?>, %n1 : tile<i32>\n"
           "    %i = iota : tile<8xi32>\n"
           "    %nr = reshape %n : tile<i32> -> tile<1xi32>\n"
           "    %nb = broadcast %nr : tile<1xi32> -> tile<8xi32>\n"
           "    %mask = cmpi less_than %i, %nb, signed : tile<8xi32> -> tile<8xi1>\n"
           "    %smask = cmpi " +
           storeMask +
           " %i, %nb, signed : tile<8xi32> -> tile<8xi1>\n"
           "    %r0 = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b0 = broadcast %r0 : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %p0 = offset %b0, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %x, %t = load_ptr_tko weak %p0, %mask : tile<8xptr<f32>>, tile<8xi1> -> "
           "tile<8xf32>, token\n"
           "    %nf0 = itof %n signed : tile<i32> -> tile<f32>\n"
           "    %nfr = reshape %nf0 : tile<f32> -> tile<1xf32>\n"
           "    %nf = broadcast %nfr : tile<1xf32> -> tile<8xf32>\n" +
           body +
           "    %r1 = reshape %1 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %b1 = broadcast %r1 : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %p1 = offset %b1, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %st = store_ptr_tko weak %p1, %y, %smask : tile<8xptr<f32>>, tile<8xf32>, "
           "tile<8xi1> -> token\n"
           "    return\n  }\n}\n";
}

// %x eight floats from %0, %a the float argument %2 on every lane; `body` computes %y, stored
// to %1.
std::string plainKernel(const std::string& body)
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
           "    return\n  }\n}\n";
}

// %y = a for from -1 to 0 (step 1, `kind` " unsigned" or "") of acc `op` a, from acc = x.
std::string loopFromMinusOne(const std::string& op, const std::string& kind)
{
    return "    %c0 = constant <i32: -1> : tile<i32>\n"
           "    %c1 = constant <i32: 1> : tile<i32>\n"
           "    %cn = constant <i32: 0> : tile<i32>\n"
           "    %y = for" +
           kind +
           " %k in (%c0 to %cn, step %c1) : tile<i32> iter_values(%acc = %x) -> "
           "(tile<8xf32>) {\n"
           "      %n = " +
           op +
           " %acc, %a : tile<8xf32>\n"
           "      continue %n : tile<8xf32>\n    }\n";
}

// A store inside the body of a for from -1 to 0 (`kind` as above) of x `op` a.
std::string storeInLoopFromMinusOne(const std::string& op, const std::string& kind)
{
    return "    %c0 = constant <i32: -1> : tile<i32>\n"
           "    %c1 = constant <i32: 1> : tile<i32>\n"
           "    %cn = constant <i32: 0> : tile<i32>\n"
           "    for" +
           kind +
           " %k in (%c0 to %cn, step %c1) : tile<i32> {\n"
           "      %n = " +
           op +
           " %x, %a : tile<8xf32>\n"
           "      %q1 = reshape %1 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "      %qb = broadcast %q1 : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "      %qp = offset %qb, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "      %qs = store_ptr_tko weak %qp, %n : tile<8xptr<f32>>, tile<8xf32> -> token\n"
           "      continue\n    }\n"
           "    %y = addf %x, %x : tile<8xf32>\n";
}

// Rows of 8 floats, two at a time, from a 4x8 tensor whose rows lie `rowStride` apart;
// exp(x - max(x)) along each row, with or without flush_to_zero, stored back.
std::string rowsKernel(const std::string& rowStride, bool ftz)
{
    const std::string tensor = "tensor_view<4x8xf32, strides=[" + rowStride + ",1]>";
    const std::string view = "partition_view<tile=(2x8), " + tensor + ">";
    return "cuda_tile.module @m {\n"
           "  entry @k(%p: tile<ptr<f32>>) {\n"
           "    %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
           "    %tv = make_tensor_view %p, shape = [4, 8], strides = [" +
           rowStride + ", 1] : " + tensor + "\n    %pv = make_partition_view %tv : " + view +
           "\n    %x, %t0 = load_view_tko weak %pv[%bx, %by] : " + view +
           ", tile<i32>, tile<i32> -> tile<2x8xf32>, token\n"
           "    %m = reduce %x dim=1 identities=[-inf] : tile<2x8xf32> -> tile<2xf32> {\n"
           "    ^bb0(%u: tile<f32>, %w: tile<f32>):\n"
           "      %ww = maxf %u, %w : tile<f32>\n"
           "      yield %ww : tile<f32>\n"
           "    }\n"
           "    %mr = reshape %m : tile<2xf32> -> tile<2x1xf32>\n"
           "    %mb = broadcast %mr : tile<2x1xf32> -> tile<2x8xf32>\n"
           "    %d = subf %x, %mb : tile<2x8xf32>\n"
           "    %y = exp %d" +
           std::string(ftz ? " flush_to_zero" : "") +
           " : tile<2x8xf32>\n"
           "    %t1 = store_view_tko weak %y, %pv[%bx, %by] token = %t0 : tile<2x8xf32>, " +
           view + ", tile<i32>, tile<i32> -> token\n    return\n  }\n}\n";
}

// Eight floats of a 64-float tensor, the tile at `index`; x `op` itof(%n) stored back there.
std::string indexedViewKernel(const std::string& op, const std::string& index)
{
    const std::string tensor = "tensor_view<64xf32, strides=[1]>";
    const std::string view = "partition_view<tile=(8), " + tensor + ">";
    return "cuda_tile.module @m {\n"
           "  entry @k(%p: tile<ptr<f32>>, %n0: tile<i32>) {\n"
           "    %n = assume div_by<16>, %n0 : tile<i32>\n"
           "    %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
           "    %tv = make_tensor_view %p, shape = [64], strides = [1] : " +
           tensor + "\n    %pv = make_partition_view %tv : " + view +
           "\n    %x, %t0 = load_view_tko weak %pv[" + index + "] : " + view +
           ", tile<i32> -> tile<8xf32>, token\n"
           "    %nf0 = itof %n signed : tile<i32> -> tile<f32>\n"
           "    %nfr = reshape %nf0 : tile<f32> -> tile<1xf32>\n"
           "    %nf = broadcast %nfr : tile<1xf32> -> tile<8xf32>\n"
           "    %y = " +
           op +
           " %x, %nf : tile<8xf32>\n"
           "    %t1 = store_view_tko weak %y, %pv[" +
           index + "] token = %t0 : tile<8xf32>, " + view +
           ", tile<i32> -> token\n    return\n  }\n}\n";
}

void expectNoWitness(const DiffResult& r)
{
    ASSERT_FALSE(criticals(r).empty()) << describe(r);
    for (const Divergence* d : criticals(r)) {
        EXPECT_TRUE(d->counterexample.empty()) << d->message << ": " << d->counterexample;
    }
}

std::string onlyWitness(const DiffResult& r)
{
    const auto crit = criticals(r);
    EXPECT_EQ(crit.size(), 1u) << describe(r);
    return crit.empty() ? std::string() : crit[0]->counterexample;
}

// A store masked by iota >= n stores nothing at any argument the witness takes (each >= 16,
// the tile is 8): the stored values "x / n against x * n" were never written.
TEST(FloatWitnessSoundness, AStoreWhoseMaskIsFalseShowsNothing)
{
    expectNoWitness(diffTexts(
        maskedStoreKernel("    %y = divf %x, %nf : tile<8xf32>\n", "greater_than_or_equal"),
        maskedStoreKernel("    %y = mulf %x, %nf : tile<8xf32>\n", "greater_than_or_equal")));
    // The control: masked by iota < n, true on every element at n = 16.
    const std::string text = onlyWitness(
        diffTexts(maskedStoreKernel("    %y = divf %x, %nf : tile<8xf32>\n", "less_than"),
                  maskedStoreKernel("    %y = mulf %x, %nf : tile<8xf32>\n", "less_than")));
    EXPECT_NE(text.find("argument 2 = 16 -> reference 0.03125, generated 8; stored by "
                        "store_ptr_tko"),
              std::string::npos)
        << text; // x = 0.5: 0.5 / 16 against 0.5 * 16
}

// A for `unsigned` from -1 (4294967295) to 0 never runs: its result is x on both sides. The same
// loop compared signed runs once (x + a against x * a).
TEST(FloatWitnessSoundness, AnUnsignedLoopComparesItsBoundsUnsigned)
{
    expectNoWitness(diffTexts(plainKernel(loopFromMinusOne("addf", " unsigned")),
                              plainKernel(loopFromMinusOne("mulf", " unsigned"))));
    const std::string text = onlyWitness(diffTexts(plainKernel(loopFromMinusOne("addf", "")),
                                                   plainKernel(loopFromMinusOne("mulf", ""))));
    EXPECT_NE(text.find("-> reference 1, generated 0.25"), std::string::npos) << text;
}

// A store in the body of a loop that never runs stores nothing (this held on main too: the
// value stored does not read the loop, so no first iteration was asked for).
TEST(FloatWitnessSoundness, AStoreInALoopThatNeverRunsShowsNothing)
{
    expectNoWitness(diffTexts(plainKernel(storeInLoopFromMinusOne("addf", " unsigned")),
                              plainKernel(storeInLoopFromMinusOne("mulf", " unsigned"))));
    const std::string text =
        onlyWitness(diffTexts(plainKernel(storeInLoopFromMinusOne("addf", "")),
                              plainKernel(storeInLoopFromMinusOne("mulf", ""))));
    EXPECT_NE(text.find("stored by store_ptr_tko"), std::string::npos) << text;
}

// Rows 3 floats apart overlap: the element at row 1, position 0 is row 0's position 3, so no
// memory alternates along both rows. Rows 8 apart (even) may.
TEST(FloatWitnessSoundness, AnOddRowStrideGetsNoAlternatingRow)
{
    expectNoWitness(diffTexts(rowsKernel("3", true), rowsKernel("3", false)));
    const std::string text = onlyWitness(diffTexts(rowsKernel("8", true), rowsKernel("8", false)));
    EXPECT_NE(text.find("alternating along its last dimension"), std::string::npos) << text;
}

// The tile index is the integer argument: at every value the witness tries (16 and up) the
// tile lies past the 64 floats (8 tiles), where the load reads padding and the store writes
// nothing. Indexed by the block id, the first block's tile is inside.
TEST(FloatWitnessSoundness, AViewTilePastTheTensorShowsNothing)
{
    expectNoWitness(diffTexts(indexedViewKernel("divf", "%n"), indexedViewKernel("mulf", "%n")));
    const std::string text =
        onlyWitness(diffTexts(indexedViewKernel("divf", "%bx"), indexedViewKernel("mulf", "%bx")));
    EXPECT_NE(text.find("argument 1 = 16, in the tile block (0, 0, 0) -> reference 0.03125, "
                        "generated 8; stored by store_view_tko"),
              std::string::npos)
        << text;
}

} // namespace
} // namespace tilelens::diff::test
