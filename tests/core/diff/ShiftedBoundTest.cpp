// A compare written with its bound moved by one and the other strictness
// (ShiftedBound.h, issue 30 item 4): `offs <= y_shape0 - 1` for `offs <
// y_shape0` on the gelu real pair. Against the reference it keeps exactly the
// unmodified port's finding at that compare (its signedness), nothing more.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

const char* const kPair = "/real-ports/gelu_tanh_4096x4096_bf16/";

std::string pairFile(const char* file)
{
    return readText(tilelens::test::testDataDir() + QLatin1String(kPair) + QLatin1String(file));
}

const std::string kStoreMask =
    "%83 = cmpi less_than %32, %82, signed : tile<1024xi64> -> tile<1024xi1>";

// The y store mask `offs < y_shape0` as `offs <pred> y_shape0 <op> 1`.
std::string shifted(const std::string& pred, const std::string& op, const std::string& sign)
{
    return "%83c = constant <i64: 1> : tile<1024xi64>\n    %83s = " + op +
           " %82, %83c : tile<1024xi64>\n    %83 = cmpi " + pred + " %32, %83s, " + sign +
           " : tile<1024xi64> -> tile<1024xi1>";
}

std::vector<std::string> criticalTexts(const DiffResult& r)
{
    std::vector<std::string> out;
    for (const Divergence* d : criticals(r))
        out.push_back(d->rule + " ref " + std::to_string(d->reference ? d->reference->line : 0) +
                      ": " + d->message);
    return out;
}

TEST(ShiftedBound, LessOrEqualToBoundMinusOneKeepsTheUnmodifiedFindings)
{
    const std::string ref = pairFile("reference.mlir");
    const std::string port = pairFile("generated.mlir");
    ASSERT_FALSE(ref.empty());
    ASSERT_FALSE(port.empty());
    std::string gen = port;
    ASSERT_TRUE(applyEdits(gen, {{kStoreMask, shifted("less_than_or_equal", "subi", "signed")}}));
    const DiffResult before = diffTexts(ref, port);
    const DiffResult after = diffTexts(ref, gen);
    EXPECT_EQ(criticalTexts(after), criticalTexts(before)) << describe(after);
    // Against the unmodified port: nothing.
    EXPECT_TRUE(criticals(diffTexts(port, gen)).empty()) << describe(diffTexts(port, gen));
}

TEST(ShiftedBound, BoundMovedTheWrongWayOrWrappingStaysCritical)
{
    const std::string ref = pairFile("reference.mlir");
    const std::string port = pairFile("generated.mlir");
    const int beforeCount = diffTexts(ref, port).count(Severity::Critical);
    // offs <= y_shape0 + 1 admits two more lanes.
    std::string wrongWay = port;
    ASSERT_TRUE(
        applyEdits(wrongWay, {{kStoreMask, shifted("less_than_or_equal", "addi", "signed")}}));
    EXPECT_GT(diffTexts(ref, wrongWay).count(Severity::Critical), beforeCount)
        << describe(diffTexts(ref, wrongWay));
    // Unsigned, y_shape0 - 1 wraps where y_shape0 = 0: offs <=u 2^64-1 admits every lane.
    std::string wraps = port;
    ASSERT_TRUE(
        applyEdits(wraps, {{kStoreMask, shifted("less_than_or_equal", "subi", "unsigned")}}));
    const DiffResult w = diffTexts(port, wraps);
    EXPECT_FALSE(criticals(w).empty()) << describe(w);
}

} // namespace
} // namespace tilelens::diff::test
