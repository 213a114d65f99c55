// Ordering tokens of memory ops (checklist M6): a token difference is harmless
// unless it lets a read miss a write through the same pointers. moe_align's
// counter update reads the counter after the previous iteration's store of it
// (a loop-carried token); a port that drops that token races with itself.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

// A loop of read-modify-writes of *%1 (or of *%2 when `readOther`), ordered by the
// loop-carried token of the previous store unless `token` is empty.
std::string counter(const std::string& token, bool readOther = false)
{
    return "cuda_tile.module @m {\n"
           "  entry @k(%0: tile<i32>, %1: tile<ptr<i32>>, %2: tile<ptr<i32>>) {\n"
           "    %t0 = make_token : token\n"
           "    %z = constant <i32: 0> : tile<i32>\n"
           "    %s = constant <i32: 1> : tile<i32>\n"
           "    %r = for %i in (%z to %0, step %s) : tile<i32> iter_values(%t = %t0) -> "
           "(token) {\n"
           "      %v, %lt = load_ptr_tko weak " +
           std::string(readOther ? "%2" : "%1") + token +
           " : tile<ptr<i32>> -> tile<i32>, token\n"
           "      %n = addi %v, %s : tile<i32>\n"
           "      %st = store_ptr_tko weak %1, %n token=%t : tile<ptr<i32>>, tile<i32> -> token\n"
           "      continue %st : token\n"
           "    }\n"
           "    return\n  }\n}\n";
}

TEST(TokenOrder, AReadThatLosesItsOrderAfterAWriteOfTheSamePointerIsCritical)
{
    const std::string ordered = counter(" token=%t");
    DiffResult r = diffTexts(ordered, counter(""));
    EXPECT_EQ(r.verdict, Verdict::FailFixable) << describe(r);
    bool atLoad = false;
    for (const auto& d : r.divergences)
        atLoad = atLoad || (d.severity == Severity::Critical && d.generated &&
                            d.generated->op == "load_ptr_tko" &&
                            d.message.find("same pointer") != std::string::npos);
    EXPECT_TRUE(atLoad) << describe(r);
    // Reading another tensor than the one the loop writes: the order is only a warn.
    r = diffTexts(counter(" token=%t", true), counter("", true));
    EXPECT_EQ(r.count(Severity::Critical), 0) << describe(r);
    EXPECT_GT(r.count(Severity::Warn), 0) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
