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
    // moe_align_block multiplies by its tile sizes 512 and 64, constants on both sides too:
    // a literal factor is no hidden extent.
    const DiffResult moe =
        diffTexts(dataFile("/real-ports/moe_align_block_stage1_t4096_k8_e64_b64/reference.mlir"),
                  dataFile("/real-ports/moe_align_block_stage1_t4096_k8_e64_b64/generated.mlir"));
    EXPECT_TRUE(literalWarns(moe).empty()) << describe(moe);
    // 999 is no constant of the reference: a wrong address, critical, not this warn.
    std::string gen = dataFile(kLiteral);
    ASSERT_TRUE(
        applyEdits(gen, {{"constant <i32: 1000> : tile<i32>", "constant <i32: 999> : tile<i32>"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_TRUE(literalWarns(r).empty()) << describe(r);
    EXPECT_GT(r.count(Severity::Critical), port.count(Severity::Critical)) << describe(r);
}

// A cuTile Python kernel writes its own specialised constants as literals: compared with
// itself (or with another kernel compiled for the same constants) a literal is no stand-in for
// an argument. layer_norm's reference against itself gave one critical before.
TEST(SpecialisedLiteral, AKernelCompiledForTheSameConstantsGetsNoWarn)
{
    for (const char* pair : {"layer_norm_fwd_1024x768_f32", "layer_norm_fwd_4096x1024_f16",
                             "silu_and_mul_fwd_13x256x1000_f32"}) {
        const std::string ref =
            dataFile((std::string("/real-ports/") + pair + "/reference.mlir").c_str());
        ASSERT_FALSE(ref.empty()) << pair;
        const DiffResult r = diffTexts(ref, ref);
        EXPECT_TRUE(r.divergences.empty()) << pair << "\n" << describe(r);
    }
}

// The f16 twin: the literal is BLOCK_SIZE = 1024, a tile dimension, but the reference's name
// has 1024 twice (the tile and hidden_size): an extent equal to the tile. Its mask-bound twin
// keeps its one warn (the solver's, SpecialisedEquality.h), not a second one.
TEST(SpecialisedLiteral, ATileSizeLiteralWhereTheReferenceHasAnEqualExtentIsTheWarnToo)
{
    const std::string ref = dataFile("/real-ports/silu_and_mul_fwd_8x512x1024_f16/reference.mlir");
    const std::string gen =
        dataFile("/port-mistakes/silu_and_mul/specialised_b_offset_block_size/generated.mlir");
    const DiffResult r = diffTexts(ref, gen);
    const auto found = literalWarns(r);
    ASSERT_EQ(found.size(), 1u) << describe(r);
    ASSERT_TRUE(found[0]->generated.has_value());
    EXPECT_EQ(found[0]->generated->line, 40);
    EXPECT_EQ(found[0]->generated->op, "offset");
    const DiffResult port =
        diffTexts(ref, dataFile("/real-ports/silu_and_mul_fwd_8x512x1024_f16/generated.mlir"));
    EXPECT_TRUE(literalWarns(port).empty()) << describe(port);
    const DiffResult mask = diffTexts(
        ref,
        dataFile("/port-mistakes/silu_and_mul/specialised_mask_bound_block_size/generated.mlir"));
    EXPECT_TRUE(literalWarns(mask).empty()) << describe(mask);
}

} // namespace
} // namespace tilelens::diff::test
