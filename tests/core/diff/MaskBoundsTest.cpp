// Mask bounds the launch justifies (MaskBounds.h) and runtime arguments bound
// to the reference's specialised constants by the addresses that confirm them
// (AddressBindings.h), on the silu_and_mul real pair (tests/data/real-ports).

#include "DiffTestUtil.h"

#include <gtest/gtest.h>
#include <set>

namespace tilelens::diff::test {
namespace {

const char* const kPair = "/real-ports/silu_and_mul_fwd_13x256x1000_f32/";

std::string pairFile(const char* file)
{
    return readText(tilelens::test::testDataDir() + QLatin1String(kPair) + QLatin1String(file));
}

std::string describeAll(const DiffResult& r)
{
    std::string s;
    for (const auto& d : r.divergences)
        s += std::string(severityName(d.severity)) + " [" + d.rule + "] gen " +
             (d.generated ? std::to_string(d.generated->line) : "-") + ": " + d.message + "\n";
    return s;
}

bool criticalAt(const DiffResult& r, int genLine)
{
    for (const auto& d : r.divergences)
        if (d.severity == Severity::Critical && d.generated && d.generated->line == genLine)
            return true;
    return false;
}

// The reference with the row bound dropped from both gathers' and the scatter's masks
// (row < shape0 & col < shape1 -> col < shape1), as a raw-pointer port masks.
const std::vector<Edit> kRowBoundDropped = {
    {"load_ptr_tko weak %54, %49, %57", "load_ptr_tko weak %54, %48, %57"},
    {"load_ptr_tko weak %81, %76, %84", "load_ptr_tko weak %81, %75, %84"},
    {"store_ptr_tko weak %120, %98, %115", "store_ptr_tko weak %120, %98, %114"}};

TEST(MaskBounds, DroppedRowBoundIsOneWarnWithAllItsSites)
{
    const std::string ref = pairFile("reference.mlir");
    ASSERT_FALSE(ref.empty());
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, kRowBoundDropped));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(r.count(Severity::Critical), 0) << describeAll(r);
    const auto found = withRule(r, "mask-bounds-host");
    ASSERT_EQ(found.size(), 1u) << describeAll(r);
    const Divergence& d = *found[0];
    EXPECT_EQ(d.severity, Severity::Warn);
    // The three masks' operands and the row compares and conjunctions feeding only them.
    EXPECT_GE(d.sites.size(), 6u) << d.message;
    EXPECT_NE(d.message.find("row bounds"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("more blocks than rows"), std::string::npos) << d.message;
    EXPECT_EQ(d.message.find("differ only through it"), std::string::npos) << d.message;
}

TEST(MaskBounds, DroppedColumnBoundStaysCritical)
{
    const std::string ref = pairFile("reference.mlir");
    std::string gen = ref;
    // The a gather masked by the row bound alone: lanes past the row's extent are read.
    ASSERT_TRUE(
        applyEdits(gen, {{"load_ptr_tko weak %54, %49, %57", "load_ptr_tko weak %54, %39, %57"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_TRUE(criticalAt(r, lineOf(gen, "%58, %59 = load_ptr_tko"))) << describeAll(r);
    EXPECT_TRUE(withRule(r, "mask-bounds-host").empty()) << describeAll(r);
}

TEST(MaskBounds, RowBoundAgainstAnotherArgumentStaysCritical)
{
    const std::string ref = pairFile("reference.mlir");
    std::string gen = ref;
    // The a gather's row bound compares with out.shape1 instead of in.shape0: a row bound on
    // each side, which is another bound, not a dropped one.
    ASSERT_TRUE(applyEdits(gen, {{"%36 = exti %22 signed", "%36 = exti %26 signed"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_GT(r.count(Severity::Critical), 0) << describeAll(r);
    EXPECT_TRUE(withRule(r, "mask-bounds-host").empty()) << describeAll(r);
}

TEST(MaskBounds, ChangedColumnPredicateStaysCritical)
{
    const std::string ref = pairFile("reference.mlir");
    std::string gen = ref;
    ASSERT_TRUE(applyEdits(gen, kRowBoundDropped));
    // col <= shape1 instead of col < shape1 on the a gather: one lane more is read.
    ASSERT_TRUE(applyEdits(gen, {{"%48 = cmpi less_than %44, %47, unsigned",
                                  "%48 = cmpi less_than_or_equal %44, %47, unsigned"}}));
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_TRUE(criticalAt(r, lineOf(gen, "%48 = cmpi"))) << describeAll(r);
}

TEST(MaskBounds, RealPortMasksAreOneWarn)
{
    const DiffResult r = diffTexts(pairFile("reference.mlir"), pairFile("generated.mlir"));
    const auto found = withRule(r, "mask-bounds-host");
    ASSERT_EQ(found.size(), 1u) << describeAll(r);
    std::set<int> genLines;
    for (const auto& s : found[0]->sites)
        if (s.generated)
            genLines.insert(s.generated->line);
    // Both gathers and the scatter (G 39, 48, 64).
    EXPECT_TRUE(genLines.count(39) && genLines.count(48) && genLines.count(64))
        << found[0]->message;
    // The reference's column bounds use in.shape1 and out.shape1 (arguments 2 and 7).
    EXPECT_NE(found[0]->message.find("argument(s) 2, 7"), std::string::npos) << found[0]->message;
}

TEST(AddressBindings, HiddenSizeIsBoundWhereTheAddressConfirmsIt)
{
    const DiffResult r = diffTexts(pairFile("reference.mlir"), pairFile("generated.mlir"));
    const auto spec = withRule(r, "entry-specialised-constant");
    ASSERT_EQ(spec.size(), 1u) << describeAll(r);
    EXPECT_NE(spec[0]->message.find("argument 2 = 1000"), std::string::npos) << spec[0]->message;
    // The b address (row base + hidden_size + col vs + 1000 + col) is no difference now.
    EXPECT_FALSE(criticalAt(r, 47)) << describeAll(r);
    EXPECT_FALSE(criticalAt(r, 21)) << describeAll(r);
}

TEST(AddressBindings, NoBindingWhenNoAddressConfirmsIt)
{
    // The port's b address adds hidden_size + 1: under no binding to 1000 or 1024 does it
    // equal the reference's, so hidden_size stays a runtime value and the address differs.
    std::string gen = pairFile("generated.mlir");
    ASSERT_TRUE(applyEdits(gen, {{"%45 = offset %25, %8 :", "%45 = offset %25, %8p :"}}));
    ASSERT_TRUE(applyEdits(gen, {{"%40 = broadcast %37", "%8p = addi %8, %38 : tile<i32>\n    "
                                                         "%40 = broadcast %37"}}));
    const DiffResult r = diffTexts(pairFile("reference.mlir"), gen);
    const auto spec = withRule(r, "entry-specialised-constant");
    ASSERT_EQ(spec.size(), 1u) << describeAll(r);
    EXPECT_EQ(spec[0]->message.find("compared with"), std::string::npos) << spec[0]->message;
    // One critical where the term is added to the row base; the b address that offsets
    // that pointer by the lanes differs only through it, a site of it.
    EXPECT_TRUE(criticalAt(r, lineOf(gen, "%45 = offset"))) << describeAll(r);
    EXPECT_FALSE(criticalAt(r, lineOf(gen, "%52 = offset"))) << describeAll(r);
}

} // namespace
} // namespace tilelens::diff::test
