// Issue 30: the two halves of a tile stored at tile index 0 and 1 pair by that index. The rope
// reference writes its output view between the two halves' reshapes and the port hoists it above
// both: as an anchor of the order alignment that view paired the halves' reshapes and stores
// crosswise, and a real change upstream (here the row index) then showed as criticals at the
// stores with false counterexamples.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::string dataFile(const char* rel)
{
    return readText(tilelens::test::testDataDir() + QLatin1Char('/') + QString::fromLatin1(rel));
}

TEST(StorePairing, HalvesOfATilePairByTheirTileIndexNotCrosswise)
{
    std::string gen =
        dataFile("port-mistakes/rope/neutral_python_modulo_row_unsigned_eq/generated.mlir");
    // A real mistake: the fix-up taken wherever the remainder is not 0 (r + s for r > 0).
    const std::string fixup = "%117 = select %114, %108, %116 :";
    const size_t at = gen.find(fixup);
    ASSERT_NE(at, std::string::npos);
    gen.replace(at, fixup.size(), "%117 = select %114, %108, %115 :");
    const DiffResult r =
        diffTexts(dataFile("real-ports/rope_2x32x8x1024x128_bf16/reference.mlir"), gen);
    size_t criticals = 0;
    for (const Divergence& d : r.divergences) {
        if (d.severity != Severity::Critical)
            continue;
        ++criticals;
        // The change is at lines 83-86 (the row index); nothing downstream is a finding.
        ASSERT_TRUE(d.generated.has_value()) << describe(r);
        EXPECT_GE(d.generated->line, 83) << describe(r);
        EXPECT_LE(d.generated->line, 86) << describe(r);
    }
    EXPECT_GE(criticals, 1U) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
