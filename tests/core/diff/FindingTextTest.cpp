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

} // namespace tilelens::diff::test
