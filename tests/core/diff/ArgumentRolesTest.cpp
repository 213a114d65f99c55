// Entry pointers paired by role rather than position, and a one-sided
// constant of a rewritten op reported as a site of that rewrite (issue 13).

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::string kernel(const std::string& args, const std::string& body)
{
    return "cuda_tile.module @m {\n  entry @k(" + args + ") {\n" + body + "    return\n  }\n}\n";
}

// An 8-lane address `ptr + iota` named %p<name>.
std::string address(const std::string& name, const std::string& ptr)
{
    return "    %r" + name + " = reshape " + ptr + " : tile<ptr<f32>> -> tile<1xptr<f32>>\n" +
           "    %b" + name + " = broadcast %r" + name +
           " : tile<1xptr<f32>> -> tile<8xptr<f32>>\n" + "    %p" + name + " = offset %b" + name +
           ", %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n";
}

const char* kTwoPointers = "%0: tile<ptr<f32>>, %1: tile<ptr<f32>>";
// The reference's convention: a size between the pointers.
const char* kPointersAndSize = "%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<ptr<f32>>";

// out[i] = -in[i], reading through `in` and writing through `out`.
std::string negate(const std::string& in, const std::string& out, const char* args = kTwoPointers)
{
    return kernel(args,
                  "    %i = iota : tile<8xi32>\n" + address("in", in) +
                      "    %v, %t = load_ptr_tko weak %pin : tile<8xptr<f32>> -> tile<8xf32>, "
                      "token\n"
                      "    %w = negf %v : tile<8xf32>\n" +
                      address("out", out) +
                      "    %s = store_ptr_tko weak %pout, %w : tile<8xptr<f32>>, tile<8xf32> -> "
                      "token\n");
}

bool criticalAt(const DiffResult& r, int generatedLine)
{
    for (const Divergence* d : criticals(r))
        for (const auto& s : d->sites.empty()
                                 ? std::vector<DivergenceSite>{{d->reference, d->generated}}
                                 : d->sites)
            if (s.generated && s.generated->line == generatedLine)
                return true;
    return false;
}

// R takes (in, n, out), G (out, in): the same kernel, its pointers in another order.
TEST(ArgumentRoles, PointersInAnotherOrderArePairedByWhatIsReadAndWritten)
{
    const DiffResult r =
        diffTexts(negate("%0", "%2", kPointersAndSize), negate("%1", "%0", kTwoPointers));
    EXPECT_TRUE(criticals(r).empty()) << describe(r);
}

// A port mistake: G reads the output buffer instead of its input (the input
// pointer is unused). No role pairs, so the accesses stay paired by position
// and the store through the other pointer differs.
TEST(ArgumentRoles, ReadingTheOutputPointerStaysCritical)
{
    const std::string gen = negate("%0", "%0");
    const DiffResult r = diffTexts(negate("%0", "%2", kPointersAndSize), gen);
    EXPECT_TRUE(criticalAt(r, lineOf(gen, "store_ptr_tko"))) << describe(r);
}

// Two generated IRs of one port with one signature (a regression review):
// the launcher passes arguments by position, so swapping which pointer is
// read and which is written is a change.
TEST(ArgumentRoles, SwappedPointerUsesUnderOneSignatureStayCritical)
{
    const std::string gen = negate("%1", "%0");
    const DiffResult r = diffTexts(negate("%0", "%1"), gen);
    EXPECT_TRUE(criticalAt(r, lineOf(gen, "load_ptr_tko"))) << describe(r);
}

// Two read-only f32 inputs have the same role: nothing is paired on a guess,
// so swapping the operands of a subtraction stays a finding.
TEST(ArgumentRoles, PointersOfOneRoleAreNotPairedOnAGuess)
{
    // G takes one more (unused) size argument: the signatures differ, so roles are tried.
    auto sub = [](const std::string& x, const std::string& y, const std::string& extra) {
        return kernel("%0: tile<ptr<f32>>, %1: tile<ptr<f32>>, %2: tile<ptr<f32>>" + extra,
                      "    %i = iota : tile<8xi32>\n" + address("x", x) + address("y", y) +
                          "    %u, %t = load_ptr_tko weak %px : tile<8xptr<f32>> -> "
                          "tile<8xf32>, token\n"
                          "    %v, %t2 = load_ptr_tko weak %py : tile<8xptr<f32>> -> "
                          "tile<8xf32>, token\n"
                          "    %w = subf %u, %v : tile<8xf32>\n" +
                          address("out", "%2") +
                          "    %s = store_ptr_tko weak %pout, %w : tile<8xptr<f32>>, "
                          "tile<8xf32> -> token\n");
    };
    const DiffResult r = diffTexts(sub("%0", "%1", ""), sub("%1", "%0", ", %3: tile<i32>"));
    EXPECT_FALSE(criticals(r).empty()) << describe(r);
}

// Copies row `block id` of a strided input to a strided output; the entry
// lists (in, in_stride, out, out_stride) in the reference.
std::string stridedCopy(const std::string& args, const std::string& in, const std::string& inStride,
                        const std::string& out, const std::string& outStride)
{
    auto rowAddress = [](const std::string& name, const std::string& ptr,
                         const std::string& stride) {
        return "    %s" + name + " = exti " + stride + " signed : tile<i32> -> tile<i64>\n" +
               "    %m" + name + " = muli %r64, %s" + name + " : tile<i64>\n" + "    %o" + name +
               " = offset " + ptr + ", %m" + name +
               " : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>\n" + "    %r" + name +
               " = reshape %o" + name + " : tile<ptr<f32>> -> tile<1xptr<f32>>\n" + "    %b" +
               name + " = broadcast %r" + name + " : tile<1xptr<f32>> -> tile<8xptr<f32>>\n" +
               "    %p" + name + " = offset %b" + name +
               ", %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>\n";
    };
    return kernel(args, "    %bid, %b1, %b2 = get_tile_block_id : tile<i32>\n"
                        "    %row = assume bounded<0, ?>, %bid : tile<i32>\n"
                        "    %r64 = exti %row signed : tile<i32> -> tile<i64>\n"
                        "    %i = iota : tile<8xi32>\n" +
                            rowAddress("in", in, inStride) +
                            "    %v, %t = load_ptr_tko weak %pin : tile<8xptr<f32>> -> "
                            "tile<8xf32>, token\n" +
                            rowAddress("out", out, outStride) +
                            "    %s = store_ptr_tko weak %pout, %v : tile<8xptr<f32>>, "
                            "tile<8xf32> -> token\n");
}

const char* kStridedArgs = "%0: tile<ptr<f32>>, %1: tile<i32>, %2: tile<ptr<f32>>, %3: tile<i32>";
const char* kPortArgs = "%0: tile<ptr<f32>>, %1: tile<ptr<f32>>, %2: tile<i32>, %3: tile<i32>";

// G lists (out, in, out_stride, in_stride): each stride is paired by the
// address it scales, after the pointers by what is read and written.
TEST(ArgumentRoles, StridesArePairedByTheAddressTheyScale)
{
    const DiffResult r = diffTexts(stridedCopy(kStridedArgs, "%0", "%1", "%2", "%3"),
                                   stridedCopy(kPortArgs, "%1", "%3", "%0", "%2"));
    EXPECT_TRUE(criticals(r).empty()) << describe(r);
    // The calling-convention note says which argument plays which part.
    bool named = false;
    for (const auto& d : r.divergences)
        named = named || (d.rule == "entry-abi" &&
                          d.message.find("0 -> 2, 1 -> 0, 2 -> 3, 3 -> 1") != std::string::npos);
    EXPECT_TRUE(named) << describe(r);
}

// A port mistake: the output address uses the input's stride. That stride
// then takes two places, so it is paired with neither, and an access differs.
TEST(ArgumentRoles, TheInputStrideUsedForTheOutputStaysCritical)
{
    const DiffResult r = diffTexts(stridedCopy(kStridedArgs, "%0", "%1", "%2", "%3"),
                                   stridedCopy(kPortArgs, "%1", "%3", "%0", "%3"));
    EXPECT_FALSE(criticals(r).empty()) << describe(r);
}

// exp(x) rewritten as exp2(x * log2(e)): the constant only G has feeds the
// rewritten op alone, so it is a site of that finding, not one of its own.
TEST(ArgumentRoles, AConstantOfARewrittenOpIsASiteOfTheRewrite)
{
    auto body = [](const std::string& math) {
        return kernel(kTwoPointers, "    %i = iota : tile<8xi32>\n" + address("in", "%0") +
                                        "    %v, %t = load_ptr_tko weak %pin : tile<8xptr<f32>> -> "
                                        "tile<8xf32>, token\n" +
                                        math + address("out", "%1") +
                                        "    %s = store_ptr_tko weak %pout, %w : tile<8xptr<f32>>, "
                                        "tile<8xf32> -> token\n");
    };
    const std::string ref = body("    %n = negf %v : tile<8xf32>\n"
                                 "    %w = exp %n : tile<8xf32>\n");
    const std::string gen = body("    %c = constant <f32: 1.4426950216293335> : tile<8xf32>\n"
                                 "    %n = mulf %v, %c : tile<8xf32>\n"
                                 "    %w = exp2 %n : tile<8xf32>\n");
    const DiffResult r = diffTexts(ref, gen);
    ASSERT_TRUE(criticalAt(r, lineOf(gen, "%c = constant"))) << describe(r);
    ASSERT_TRUE(criticalAt(r, lineOf(gen, "%n = mulf"))) << describe(r);
    for (const Divergence* d : criticals(r))
        EXPECT_FALSE(d->generated && d->generated->line == lineOf(gen, "%c = constant"))
            << "the constant is its own finding:\n"
            << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
