// The CPU cross-check of an analysed pair runs the models the analysis compared: no second read
// or parse, and a file edited after the analysis does not change what runs (before, the GUI's
// "Run Both on CPU" read both files again; moved from tests/core/crosscheck's
// UnverifiedCrossCheckTest, whose crossCheckFiles is gone).

#include "pair/CrossCheck.h"

#include "PairTestUtil.h"
#include "pair/PairAnalysis.h"

#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace tilelens::pair {
namespace {

const char* const kSwiglu = "real-ports/swiglu_fwd_2x512x4096_bf16/";

eval::EvalOptions edgeOfA()
{
    eval::EvalOptions o;
    o.inputs = eval::InputKind::Edge;
    o.edgeArrays = {"a"};
    return o;
}

std::string swigluBinding()
{
    return test::dataPath("eval/swiglu_fwd_2x512x4096_bf16.binding.json").toStdString();
}

} // namespace

TEST(PairCrossCheck, TheRunChecksTheModelsThatWereComparedEvenIfAFileChangedSince)
{
    QTemporaryDir dir;
    const std::string gen =
        test::writeFile(dir, "generated.mlir",
                        test::readText(test::dataPath(kSwiglu) + QStringLiteral("generated.mlir")));
    PairRequest request;
    request.sides = {
        {(test::dataPath(kSwiglu) + QStringLiteral("reference.mlir")).toStdString(), nullptr},
        {gen, nullptr}};
    request.keepModels = true;
    const PairAnalysis analysis = analysePair(request);
    ASSERT_TRUE(analysis.compared());

    // Edited after the analysis into IR that does not verify: the run is not affected.
    test::writeFile(dir, "generated.mlir",
                    test::readText(test::dataPath("ir/unverified/cmpi_float_result.mlir")));
    const crosscheck::CrossCheck c = crossCheck(analysis, swigluBinding(), edgeOfA());
    ASSERT_TRUE(c.ran()) << c.summary;
    EXPECT_EQ(c.eval.verdict, "same") << c.summary;
}

TEST(PairCrossCheck, WithoutAComparisonOrItsModelsNothingRuns)
{
    PairRequest request;
    request.sides = {
        {(test::dataPath(kSwiglu) + QStringLiteral("reference.mlir")).toStdString(), nullptr},
        {(test::dataPath(kSwiglu) + QStringLiteral("generated.mlir")).toStdString(), nullptr}};
    const PairAnalysis noModels = analysePair(request);
    ASSERT_TRUE(noModels.compared());
    const crosscheck::CrossCheck withoutModels = crossCheck(noModels, swigluBinding(), edgeOfA());
    EXPECT_FALSE(withoutModels.ran());
    EXPECT_EQ(withoutModels.summary.rfind("not run: ", 0), 0u) << withoutModels.summary;

    request.sides.generated().path =
        test::dataPath("ir/unverified/cmpi_float_result.mlir").toStdString();
    request.keepModels = true;
    const PairAnalysis refused = analysePair(request);
    ASSERT_FALSE(refused.compared());
    const crosscheck::CrossCheck notCompared = crossCheck(refused, swigluBinding(), edgeOfA());
    EXPECT_FALSE(notCompared.ran());
    EXPECT_EQ(notCompared.summary, "not run: the pair was not compared");
}

} // namespace tilelens::pair

namespace tilelens::pair {

// The quick CPU search is part of the analysis every front end runs (the CLI's plain diff and
// the GUI's diff): asked for, the unproven critical of matmul's f16 accumulator gets the CPU
// counterexample in the result itself, on the binding derived from the pair's launch chain (no
// file given); not asked for (the dashboard's rows), the result is the differ's alone.
TEST(PairCrossCheck, TheQuickSearchWritesItsCounterexampleIntoTheAnalysedResult)
{
    PairRequest request;
    request.sides = {
        {(test::dataPath("real-ports/matmul_128x128x32_2048_f16/") +
          QStringLiteral("reference.mlir"))
             .toStdString(),
         nullptr},
        {test::dataPath("port-mistakes/matmul/wrong_accumulator_type_f16/generated.mlir")
             .toStdString(),
         nullptr}};
    const PairAnalysis plain = analysePair(request);
    ASSERT_TRUE(plain.compared());
    ASSERT_EQ(plain.result->unprovenCriticals(), 1);
    EXPECT_EQ(plain.cpuSearch.pairsRun, 0u);

    request.cpuSearch = CpuSearchRequest{};
    request.cpuSearch->budgetSeconds = 120; // ample on any machine: it ends at the difference
    const PairAnalysis searched = analysePair(request);
    ASSERT_TRUE(searched.compared());
    EXPECT_EQ(searched.cpuSearch.pairsRun, 1u);
    EXPECT_EQ(searched.result->unprovenCriticals(), 0);
    int found = 0;
    for (const diff::Divergence& d : searched.result->divergences)
        if (d.counterexample.rfind("CPU run: mmaf at reference line 82 / mmaf at generated line "
                                   "100",
                                   0) == 0)
            ++found;
    EXPECT_EQ(found, 1);
}

} // namespace tilelens::pair
