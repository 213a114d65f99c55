// A literal the port writes where the reference has a specialised extent
// (SpecialisedEquality.h, issue 30 item 3): silu_and_mul's b half addressed at
// in_row_base + 1000 instead of + hidden_size equals the reference, compiled
// for hidden_size = 1000, only for that launch: one warn at the offset that
// names the constant and another value, and nothing on the unmodified port.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::string dataFile(const char* path)
{
    return readText(tilelens::test::testDataDir() + QLatin1String(path));
}

const char* const kRef = "/real-ports/silu_and_mul_fwd_13x256x1000_f32/reference.mlir";
const char* const kPort = "/real-ports/silu_and_mul_fwd_13x256x1000_f32/generated.mlir";
const char* const kLiteral =
    "/port-mistakes/silu_and_mul/specialised_b_offset_literal_1000_f32/generated.mlir";

std::vector<const Divergence*> literalWarns(const DiffResult& r)
{
    std::vector<const Divergence*> out;
    for (const auto& d : r.divergences)
        if (d.severity == Severity::Warn && d.proof.find("writes the literal") != std::string::npos)
            out.push_back(&d);
    return out;
}

TEST(SpecialisedLiteral, ALiteralEqualToTheSpecialisedExtentIsOneWarnAtItsReader)
{
    const std::string ref = dataFile(kRef);
    const std::string gen = dataFile(kLiteral);
    ASSERT_FALSE(ref.empty());
    ASSERT_FALSE(gen.empty());
    const DiffResult r = diffTexts(ref, gen);
    const auto found = literalWarns(r);
    ASSERT_EQ(found.size(), 1u) << describe(r);
    const Divergence& d = *found[0];
    EXPECT_EQ(d.rule, "proven-under-precondition");
    ASSERT_TRUE(d.generated.has_value());
    EXPECT_EQ(d.generated->line, lineOf(gen, "offset %25, %45"));
    EXPECT_NE(d.proof.find("1000"), std::string::npos) << d.proof;
    EXPECT_NE(d.proof.find("1001"), std::string::npos) << d.proof;
    // No more criticals than the unmodified port has.
    EXPECT_EQ(r.count(Severity::Critical),
              diffTexts(ref, dataFile(kPort)).count(Severity::Critical))
        << describe(r);
}

TEST(SpecialisedLiteral, NoWarnOnTheUnmodifiedPortOrAnotherLiteral)
{
    const std::string ref = dataFile(kRef);
    const DiffResult port = diffTexts(ref, dataFile(kPort));
    EXPECT_TRUE(literalWarns(port).empty()) << describe(port);
    // 999 is no constant of the reference: a wrong address, critical, not this warn.
    std::string gen = dataFile(kLiteral);
    ASSERT_TRUE(
        applyEdits(gen, {{"constant <i32: 1000> : tile<i32>", "constant <i32: 999> : tile<i32>"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_TRUE(literalWarns(r).empty()) << describe(r);
    EXPECT_GT(r.count(Severity::Critical), port.count(Severity::Critical)) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
