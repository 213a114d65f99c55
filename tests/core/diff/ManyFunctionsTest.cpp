// A module of many entries (large enough that the differ compares function
// pairs on two threads): every pair is matched, a single planted change is
// found at its line exactly as in a one-function diff, and the result is the
// same on every run.

#include "DiffTestUtil.h"
#include "diff/ReportWriters.h"
#include "ir/Parser.h"

#include <algorithm>
#include <atomic>
#include <gtest/gtest.h>

namespace tilelens::diff::test {
namespace {

// Entry bodies of the two fixtures, `copies` times under distinct names; in
// the copy numbered `changed`, `from` becomes `to`.
std::string replicate(int copies, int changed, const std::string& from, const std::string& to,
                      int* changedLine)
{
    std::vector<std::string> bodies;
    for (const char* f : {"matmul_static_persistent_transB_2048_bf16.mlir",
                          "softmax_persistent_256x2048_f32.mlir"}) {
        const std::string t = fixture(f);
        const auto b = t.find("  entry @");
        const auto e = t.rfind("\n}");
        bodies.push_back(t.substr(b, e - b + 1));
    }
    std::string out = "cuda_tile.module @kernels {\n";
    for (int i = 0; i < copies; ++i) {
        std::string body = bodies[size_t(i) % bodies.size()];
        body.insert(body.find('('), "_copy" + std::to_string(i));
        if (i == changed) {
            const auto at = body.find(from);
            EXPECT_NE(at, std::string::npos) << from;
            *changedLine = int(std::count(out.begin(), out.end(), '\n')) + lineOf(body, from);
            body.replace(at, from.size(), to);
        }
        out += body;
    }
    return out + "}\n";
}

TEST(ManyFunctions, EveryPairMatchedAndThePlantedChangeFoundAtItsLine)
{
    const std::string from = "%72 = cmpi less_than %69, %71, signed";
    const std::string to = "%72 = cmpi greater_than %69, %71, signed";
    int line = 0, unused = 0;
    const std::string ref = replicate(60, -1, from, to, &unused);
    const std::string gen = replicate(60, 40, from, to, &line);
    ASSERT_GT(line, 0);

    const DiffResult r = diffTexts(ref, gen);
    ASSERT_EQ(r.functions.size(), 60u);
    for (const auto& f : r.functions)
        EXPECT_EQ(f.reference, f.generated);

    // The same change in a one-function module gives the same divergences.
    std::string one = fixture("matmul_static_persistent_transB_2048_bf16.mlir"), changed = one;
    ASSERT_TRUE(applyEdits(changed, {{from, to}}));
    const DiffResult single = diffTexts(one, changed);
    ASSERT_EQ(r.divergences.size(), single.divergences.size()) << describe(r);
    for (size_t i = 0; i < r.divergences.size(); ++i) {
        EXPECT_EQ(r.divergences[i].rule, single.divergences[i].rule);
        EXPECT_EQ(r.divergences[i].severity, single.divergences[i].severity);
    }
    ASSERT_GT(r.count(Severity::Critical), 0);
    bool atLine = false;
    for (const auto& d : r.divergences)
        atLine = atLine ||
                 (d.severity == Severity::Critical && d.generated && d.generated->line == line);
    EXPECT_TRUE(atLine) << "line " << line << "\n" << describe(r);

    // Deterministic although pairs run on two threads.
    EXPECT_EQ(writeJsonReport(diffTexts(ref, gen)), writeJsonReport(r));
}

// compareLoading (pair::analysePair's path): each side's afterLoad runs once, on a loaded
// side only; the result is that of diffing the texts; a side loaded without
// modules gives no result.
TEST(ManyFunctions, LoadingBothSidesConcurrentlyGivesTheTextsResult)
{
    const std::string from = "%72 = cmpi less_than %69, %71, signed";
    const std::string to = "%72 = cmpi greater_than %69, %71, signed";
    int line = 0, unused = 0;
    const PerSide<std::string> texts{replicate(40, -1, from, to, &unused),
                                     replicate(40, 8, from, to, &line)};
    PerSide<ir::ParseResult> parsed;
    const auto load = [&](Side side, const FunctionSink& announce) {
        ir::ParseOptions options;
        options.onFunction = announce;
        parsed[side] = ir::parseModule(texts[side], options);
        std::vector<const ir::Module*> modules(parsed[side].modules.begin(),
                                               parsed[side].modules.end());
        return modules;
    };
    PerSide<std::atomic<int>> after;
    const auto loaded = compareLoading(
        load, [&](Side side) { ++after[side]; }, RuleSet::defaults(), "ref.mlir", "gen.mlir");
    ASSERT_TRUE(loaded);
    EXPECT_EQ(after.reference(), 1);
    EXPECT_EQ(after.generated(), 1);
    Diagnostics diags;
    const auto fromTexts = compareVerifiedTexts(texts.reference(), texts.generated(), diags);
    ASSERT_TRUE(fromTexts);
    EXPECT_EQ(writeJsonReport(*loaded), writeJsonReport(*fromTexts));
    EXPECT_GT(loaded->count(Severity::Critical), 0);

    after.reference() = after.generated() = 0;
    const auto noGenerated = compareLoading(
        [&](Side side, const FunctionSink& announce) {
            return side == Side::Reference ? load(side, announce)
                                           : std::vector<const ir::Module*>();
        },
        [&](Side side) { ++after[side]; }, RuleSet::defaults(), "ref.mlir", "gen.mlir");
    EXPECT_FALSE(noGenerated);
    EXPECT_EQ(after.reference(), 1);
    EXPECT_EQ(after.generated(), 0);
}

} // namespace
} // namespace tilelens::diff::test
