// Findings of the byte-mutation sweep (tests/core/crosscheck/MutationSweepTest.cpp) in IR that
// verifies, each fixed where it arose; they fail under the asan preset on the code before.

#include "EvalTestUtil.h"

using namespace tilelens;

// Found by the byte-mutation sweep under UBSan (tests/core/crosscheck/MutationSweepTest.cpp): a
// mutated constant gave `offset` an element offset whose byte distance overflows int64. The
// address wraps as a 64-bit pointer does and the access through it is out of bounds.
TEST(EvalSweepFindings, AnOffsetBeyondTheAddressSpaceIsOutOfBoundsNotAnOverflow)
{
    eval::Memory mem;
    const uint64_t base = mem.allocate("a", eval::Elem::F32, 4);
    eval::test::FuncRun r =
        eval::test::runFunc("testing$func @f(%p: tile<ptr<f32>>) -> tile<f32> {\n"
                            "  %o = constant <i64: 2320479708002648100> : tile<i64>\n"
                            "  %q = offset %p, %o : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>\n"
                            "  %v, %t = load_ptr_tko weak %q : tile<ptr<f32>> -> tile<f32>, token\n"
                            "  return %v : tile<f32>\n}",
                            {eval::test::pointer(eval::Elem::F32, base)}, &mem);
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, eval::IssueKind::OutOfBounds) << r.issue->format();
    EXPECT_EQ(r.issue->line, 5);
}
