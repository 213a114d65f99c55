// A gather padding compared by what its padded lanes store (PaddingFacts.h,
// issue 30 item 4): relu's port padding x with -1.0 where the reference pads
// with 0.0 stores max(-1, 0) = max(0, 0) = 0 on every padded lane. The splat
// that builds the padding is compared once, at the gather (gather-padding-value),
// never as a fallback at its reshape.

#include "DiffTestUtil.h"

#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

std::string dataFile(const char* path)
{
    return readText(tilelens::test::testDataDir() + QLatin1String(path));
}

const char* const kRef = "/real-ports/relu_fwd_1M_f16/reference.mlir";
const char* const kPort = "/real-ports/relu_fwd_1M_f16/generated.mlir";
const char* const kNegOne = "/port-mistakes/relu/neutral_padding_x_neg_one/generated.mlir";

std::vector<std::string> criticalTexts(const DiffResult& r)
{
    std::vector<std::string> out;
    for (const Divergence* d : criticals(r))
        out.push_back(d->rule + " ref " + std::to_string(d->reference ? d->reference->line : 0) +
                      ": " + d->message);
    return out;
}

TEST(PaddedLanes, PaddingThatMaxfMapsToTheReferencesValueIsNoFinding)
{
    const std::string ref = dataFile(kRef);
    const std::string port = dataFile(kPort);
    const std::string gen = dataFile(kNegOne);
    ASSERT_FALSE(ref.empty());
    ASSERT_FALSE(gen.empty());
    const DiffResult r = diffTexts(ref, gen);
    EXPECT_EQ(criticalTexts(r), criticalTexts(diffTexts(ref, port))) << describe(r);
    EXPECT_TRUE(withRule(r, "fallback-semantic").empty()) << describe(r);
}

TEST(PaddedLanes, PaddingThatMaxfKeepsIsOneCriticalAtTheGather)
{
    const std::string ref = dataFile(kRef);
    std::string gen = dataFile(kNegOne);
    // max(1, 0) = 1: a padded lane the store admits holds 1 instead of 0.
    ASSERT_TRUE(
        applyEdits(gen, {{"constant <f32: -1.0> : tile<f32>", "constant <f32: 1.0> : tile<f32>"}}));
    const DiffResult r = diffTexts(ref, gen);
    const auto found = withRule(r, "gather-padding-value");
    ASSERT_EQ(found.size(), 1u) << describe(r);
    ASSERT_TRUE(found[0]->generated.has_value());
    EXPECT_EQ(found[0]->generated->line, lineOf(gen, "load_ptr_tko")) << describe(r);
    EXPECT_TRUE(withRule(r, "fallback-semantic").empty()) << describe(r);
}

} // namespace
} // namespace tilelens::diff::test
