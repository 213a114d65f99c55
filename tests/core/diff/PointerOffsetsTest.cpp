// Addresses in one normal form, base + sum of terms (issue 13): the grouping
// of the additions and the width of a proven non-negative column do not
// matter; a different term, or arithmetic that may wrap, does.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

// %0 the input, %1 a row stride; one row of 8 lanes is copied to %2.
std::string kernel(const std::string& address)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<ptr<f32>>) {\n"
           "    %bid, %b1, %b2 = get_tile_block_id : tile<i32>\n"
           "    %row = assume bounded<0, ?>, %bid : tile<i32>\n"
           "    %i = iota : tile<8xi32>\n"
           "    %r64 = exti %row signed : tile<i32> -> tile<i64>\n"
           "    %s64 = exti %1 signed : tile<i32> -> tile<i64>\n"
           "    %rs = muli %r64, %s64 : tile<i64>\n" +
           address +
           "    %v, %t = load_ptr_tko weak %pa : tile<8xptr<f32>> -> tile<8xf32>, token\n"
           "    %ro = reshape %2 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %bo = broadcast %ro : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
           "    %po = offset %bo, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n"
           "    %s = store_ptr_tko weak %po, %v : tile<8xptr<f32>>, tile<8xf32> -> token\n"
           "    return\n  }\n}\n";
}

// base + (row*stride + col) in i64 lanes, as the reference writes it.
const std::string kSumFirst =
    "    %rr = reshape %rs : tile<i64> -> tile<1xi64>\n"
    "    %br = broadcast %rr : tile<1xi64> -> tile<8xi64>\n"
    "    %c64 = exti %i signed : tile<8xi32> -> tile<8xi64>\n"
    "    %sum = addi %br, %c64 : tile<8xi64>\n"
    "    %rp = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
    "    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
    "    %pa = offset %bp, %sum : tile<8xptr<f32>>, tile<8xi64> -> tile<8xptr<f32>>\n";

// (base + row*stride) + col with the i32 column, as the port writes it.
std::string rowFirst(const std::string& columnOps, const std::string& column)
{
    return "    %rowp = offset %0, %rs : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>\n"
           "    %rp = reshape %rowp : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
           "    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<8xptr<f32>>\n" +
           columnOps + "    %pa = offset %bp, " + column +
           " : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n";
}

bool criticalAt(const DiffResult& r, int generatedLine)
{
    for (const Divergence* d : criticals(r)) {
        if (d->generated && d->generated->line == generatedLine)
            return true;
        for (const auto& s : d->sites)
            if (s.generated && s.generated->line == generatedLine)
                return true;
    }
    return false;
}

TEST(PointerOffsets, RowFirstWithAnI32ColumnIsTheSameAddress)
{
    const DiffResult r = diffTexts(kernel(kSumFirst), kernel(rowFirst("", "%i")));
    EXPECT_TRUE(criticals(r).empty()) << describe(r);
}

// A port mistake: the column is iota + 1 (one element to the right).
TEST(PointerOffsets, AWrongColumnOffsetStaysCritical)
{
    const std::string gen = kernel(rowFirst("    %one = constant <i32: 1> : tile<8xi32>\n"
                                            "    %col = addi %i, %one : tile<8xi32>\n",
                                            "%col"));
    const DiffResult r = diffTexts(kernel(kSumFirst), gen);
    EXPECT_TRUE(criticalAt(r, lineOf(gen, "%pa = offset"))) << describe(r);
}

// row * stride computed in i32 may wrap (the stride is unbounded): not the
// reference's i64 product, so the address differs.
TEST(PointerOffsets, AnI32ProductThatMayWrapIsNotItsWideForm)
{
    const std::string narrow =
        "    %rs32 = muli %row, %1 : tile<i32>\n"
        "    %rowp = offset %0, %rs32 : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>\n"
        "    %rp = reshape %rowp : tile<ptr<f32>> -> tile<1xptr<f32>>\n"
        "    %bp = broadcast %rp : tile<1xptr<f32>> -> tile<8xptr<f32>>\n"
        "    %pa = offset %bp, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n";
    const std::string gen = kernel(narrow);
    const DiffResult r = diffTexts(kernel(kSumFirst), gen);
    EXPECT_TRUE(criticalAt(r, lineOf(gen, "%pa = offset"))) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
