// Issue 31 item 9: the words of a finding. An infinite reduce identity is quoted as the IR
// writes it ("-inf"), not as MLIR's hex literal ("0xFF800000"), in the findings and the summary;
// the real softmax pair and one of its port mistakes (tests/data) show it.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::string dataFile(const char* rel)
{
    return readText(tilelens::test::testDataDir() + QLatin1Char('/') + QString::fromLatin1(rel));
}

} // namespace

TEST(FindingText, AnInfiniteIdentityIsQuotedAsMinusInf)
{
    // The port that dropped a reduce: its finding quotes the reference's identities.
    const DiffResult r =
        diffTexts(dataFile("real-ports/softmax_multi_wave_256x2048_f32/generated.mlir"),
                  dataFile("port-mistakes/softmax/swapped_operands_inv_div/generated.mlir"));
    bool quoted = false;
    for (const Divergence& d : r.divergences) {
        for (const std::string* text : {&d.message, &d.refValue, &d.genValue}) {
            if (text->find("identities") != std::string::npos) {
                EXPECT_EQ(text->find("0xFF800000"), std::string::npos) << d.id << ": " << *text;
            }
            quoted = quoted || text->find("identities=[-inf : f32]") != std::string::npos;
        }
    }
    EXPECT_TRUE(quoted) << describe(r);
}

// Issue 31 item 9: the silu_and_mul reference writes `1.0` broadcast twice (lines 84 and 88);
// CSE merges them, and the divf of line 89 was said to read "broadcast at line 84" where its
// text reads %98 of line 88. The message names the line the op's text reads; the finding still
// groups the same places (the grouping key is the canonical description).
TEST(FindingText, AnOperandChangeNamesTheOperandsOwnLineNotItsCseTwins)
{
    const std::string reference =
        dataFile("real-ports/silu_and_mul_fwd_8x512x1024_f16/reference.mlir");
    ASSERT_EQ(lineOf(reference, "%98 = broadcast"), 88);
    ASSERT_EQ(lineOf(reference, "%94 = broadcast"), 84);
    ASSERT_EQ(lineOf(reference, "%99 = divf %98"), 89);
    const DiffResult r =
        diffTexts(reference,
                  dataFile("port-mistakes/silu_and_mul/changed_rounding_silu_mulf/generated.mlir"));
    const Divergence* divf = nullptr;
    for (const Divergence& d : r.divergences)
        if (d.reference && d.reference->line == 89 && d.kind == DiffKind::OperandChanged)
            divf = &d;
    ASSERT_NE(divf, nullptr) << describe(r);
    EXPECT_NE(divf->message.find("operand 0 broadcast at line 88 -> "), std::string::npos)
        << divf->message;
    EXPECT_EQ(divf->message.find("line 84"), std::string::npos) << divf->message;
    EXPECT_EQ(divf->refValue, "broadcast at line 88");
    EXPECT_EQ(divf->sites.size(), 3U) << "grouped as before: " << divf->message;
    EXPECT_EQ(r.divergences.size(), 36U) << describe(r);
}

} // namespace tilelens::diff::test
