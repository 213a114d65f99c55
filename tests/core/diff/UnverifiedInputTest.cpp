// Issue 32: the differ compares only IR that verifies. compareFiles and compareTexts (the
// dashboard, the pipeline's IR stage) refuse an input that does not with the verifier's located
// errors; before, the pair below, an andi of a tile<1xi32> and a tile<1024xi1> feeding a load
// mask, crashed the SMT check of the masks (a segfault in Z3 on mixed bit widths).

#include "TestPaths.h"
#include "diff/IrDiff.h"
#include "diff/RuleSet.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace tilelens;

namespace {

std::string unverified(const std::string& name)
{
    return test::testDataDir().toStdString() + "/ir/unverified/" + name;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool hasError(const Diagnostics& diags, const std::string& formatted)
{
    for (const Diagnostic& d : diags)
        if (d.format() == formatted)
            return true;
    return false;
}

const char* const kAndiError =
    ":42:5: error: requires the same element type for all operands and results";

} // namespace

TEST(UnverifiedInput, CompareFilesRefusesAnAndiOfMismatchedTilesFeedingALoadMask)
{
    const std::string ref = unverified("andi_mask_ref.mlir");
    const std::string gen = unverified("andi_mask_gen.mlir");
    Diagnostics diags;
    EXPECT_FALSE(diff::compareFiles(ref, gen, diff::RuleSet::defaults(), diags));
    EXPECT_TRUE(hasError(diags, gen + kAndiError)) << (diags.empty() ? "" : diags[0].format());
    // Either side.
    diags.clear();
    EXPECT_FALSE(diff::compareFiles(gen, ref, diff::RuleSet::defaults(), diags));
    EXPECT_TRUE(hasError(diags, gen + kAndiError));
    // The reference verifies and compares with itself.
    diags.clear();
    EXPECT_TRUE(diff::compareFiles(ref, ref, diff::RuleSet::defaults(), diags));
}

TEST(UnverifiedInput, CompareTextsRefusesItToo)
{
    Diagnostics diags;
    EXPECT_FALSE(diff::compareTexts(readText(unverified("andi_mask_ref.mlir")),
                                    readText(unverified("andi_mask_gen.mlir")),
                                    diff::RuleSet::defaults(), diags, "ref.mlir", "gen.mlir"));
    EXPECT_TRUE(hasError(diags, std::string("gen.mlir") + kAndiError))
        << (diags.empty() ? "" : diags[0].format());
}
