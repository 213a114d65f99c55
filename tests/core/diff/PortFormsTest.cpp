// Forms that the real attention_sink port pair writes differently from its
// reference (issue 13): the Python-modulo fix-up in any sign-test form,
// partition padding none vs zero, reshape chains of different rank. Each
// equivalence carries its proof; each has a mistake next to it that stays
// critical.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

// %1 is a block-id-like value in [0, 100]; print_tko keeps values alive.
std::string kernel(const std::string& body)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<i32>, %1: tile<i32>) {\n"
           "    %b = assume bounded<0, 100>, %1 : tile<i32>\n"
           "    %d = constant <i32: 64> : tile<i32>\n"
           "    %z = constant <i32: 0> : tile<i32>\n"
           "    %r = remi %b, %d signed : tile<i32>\n" +
           body +
           "    return\n"
           "  }\n"
           "}\n";
}

const std::string kPlain = "    %p = print_tko \"%d\", %r : tile<i32> -> token\n";

int criticals(const DiffResult& r)
{
    return r.count(Severity::Critical);
}

bool anyProof(const DiffResult& r, const std::string& part)
{
    for (const auto& d : r.divergences)
        if (d.severity != Severity::Critical && d.proof.find(part) != std::string::npos)
            return true;
    return false;
}

// cuTile Python's fix-up with the divisor's sign folded to a constant false
// (`xori (r < 0), false`), as the reference compiler writes it.
const std::string kFoldedSignTest =
    "    %lt = cmpi less_than %r, %z, signed : tile<i32> -> tile<i1>\n"
    "    %f = constant <i1: 0> : tile<i1>\n"
    "    %x = xori %lt, %f : tile<i1>\n"
    "    %nz = cmpi not_equal %r, %z, signed : tile<i32> -> tile<i1>\n"
    "    %c = andi %x, %nz : tile<i1>\n"
    "    %s = addi %r, %d : tile<i32>\n"
    "    %m = select %c, %s, %r : tile<i1>, tile<i32>\n"
    "    %p = print_tko \"%d\", %m : tile<i32> -> token\n";

TEST(PortForms, PythonModuloFixupWithFoldedSignTestIsThePlainRemainder)
{
    const DiffResult r = diffTexts(kernel(kFoldedSignTest), kernel(kPlain));
    EXPECT_EQ(criticals(r), 0) << describe(r);
    EXPECT_TRUE(anyProof(r, "Python-modulo correction of remi never fires")) << describe(r);
    EXPECT_TRUE(anyProof(r, "[0, 63]")) << describe(r);
}

TEST(PortForms, PythonModuloFixupWithOtherSignTestsIsThePlainRemainder)
{
    // (r < 0) != (d < 0) written as a compare of two i1, with `ori` and `true`.
    const std::string other = "    %lt = cmpi less_than %r, %z, signed : tile<i32> -> tile<i1>\n"
                              "    %dn = cmpi less_than %d, %z, signed : tile<i32> -> tile<i1>\n"
                              "    %x = xori %lt, %dn : tile<i1>\n"
                              "    %t = constant <i1: true> : tile<i1>\n"
                              "    %nz = cmpi greater_than %r, %z, signed : tile<i32> -> tile<i1>\n"
                              "    %nz2 = andi %nz, %t : tile<i1>\n"
                              "    %c = andi %nz2, %x : tile<i1>\n"
                              "    %s = addi %r, %d : tile<i32>\n"
                              "    %m = select %c, %s, %r : tile<i1>, tile<i32>\n"
                              "    %p = print_tko \"%d\", %m : tile<i32> -> token\n";
    const DiffResult r = diffTexts(kernel(kFoldedSignTest), kernel(other));
    EXPECT_EQ(criticals(r), 0) << describe(r);
    const DiffResult plain = diffTexts(kernel(other), kernel(kPlain));
    EXPECT_EQ(criticals(plain), 0) << describe(plain);
}

TEST(PortForms, WrongModuloSignTestStaysCritical)
{
    // The correction fires when r and d have the same sign (and r != 0): for
    // b = 1 it gives 65, not 1.
    std::string wrong = kFoldedSignTest;
    ASSERT_TRUE(applyEdits(wrong, {{"%x = xori %lt, %f : tile<i1>",
                                    "%x = cmpi equal %lt, %f, signed : tile<i1> -> tile<i1>"}}));
    const std::string gen = kernel(wrong);
    const DiffResult r = diffTexts(kernel(kPlain), gen);
    EXPECT_GT(criticals(r), 0) << describe(r);
}

TEST(PortForms, ModuloOfAPossiblyNegativeValueKeepsItsFixup)
{
    // %0 is unbounded: the remainder may be negative and the correction fires.
    std::string ref = kernel(kFoldedSignTest), gen = kernel(kPlain);
    ASSERT_TRUE(applyEdits(ref, {{"%r = remi %b, %d", "%r = remi %0, %d"}}));
    ASSERT_TRUE(applyEdits(gen, {{"%r = remi %b, %d", "%r = remi %0, %d"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_GT(criticals(r), 0) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
