// Issue 32: the differ compares only IR that verifies. analysePair (the CLI, the GUI, the
// dashboard, the pipeline's IR stage) refuses an input that does not with the verifier's located
// errors; before, the pair below, an andi of a tile<1xi32> and a tile<1024xi1> feeding a load
// mask, crashed the SMT check of the masks (a segfault in Z3 on mixed bit widths).

#include "PairTestUtil.h"
#include "pair/PairAnalysis.h"

namespace tilelens::pair {
namespace {

using namespace tilelens::pair::test;

std::string unverified(const char* name)
{
    return dataPath("ir/unverified/").toStdString() + name;
}

PairAnalysis analyse(std::shared_ptr<const std::string> refBytes, const std::string& refPath,
                     std::shared_ptr<const std::string> genBytes, const std::string& genPath)
{
    PairRequest request;
    request.sides = {{refPath, std::move(refBytes)}, {genPath, std::move(genBytes)}};
    return analysePair(request);
}

bool hasError(const PairAnalysis& a, const std::string& formatted)
{
    for (Side s : kBothSides)
        for (const Diagnostic& d : a.sides[s].diagnostics)
            if (d.format() == formatted)
                return true;
    return false;
}

std::string firstMessage(const PairAnalysis& a)
{
    for (Side s : kBothSides)
        if (!a.sides[s].diagnostics.empty())
            return a.sides[s].diagnostics.front().format();
    return {};
}

const char* const kAndiError =
    ":42:5: error: requires the same element type for all operands and results";

TEST(UnverifiedInput, AnAndiOfMismatchedTilesFeedingALoadMaskIsRefusedFromFiles)
{
    const std::string ref = unverified("andi_mask_ref.mlir");
    const std::string gen = unverified("andi_mask_gen.mlir");
    const PairAnalysis a = analyse(nullptr, ref, nullptr, gen);
    EXPECT_EQ(a.status, PairStatus::InputError);
    EXPECT_TRUE(hasError(a, gen + kAndiError)) << firstMessage(a);
    // Either side.
    const PairAnalysis swapped = analyse(nullptr, gen, nullptr, ref);
    EXPECT_EQ(swapped.status, PairStatus::InputError);
    EXPECT_TRUE(hasError(swapped, gen + kAndiError)) << firstMessage(swapped);
    // The reference verifies and compares with itself.
    EXPECT_TRUE(analyse(nullptr, ref, nullptr, ref).compared());
}

TEST(UnverifiedInput, AndFromBytesInMemory)
{
    const PairAnalysis a = analyse(
        shared(readText(QString::fromStdString(unverified("andi_mask_ref.mlir")))), "ref.mlir",
        shared(readText(QString::fromStdString(unverified("andi_mask_gen.mlir")))), "gen.mlir");
    EXPECT_EQ(a.status, PairStatus::InputError);
    EXPECT_TRUE(hasError(a, std::string("gen.mlir") + kAndiError)) << firstMessage(a);
}

} // namespace
} // namespace tilelens::pair
