// Differential runs: the six real-port pairs evaluate `same` with their
// bindings (tests/data/eval), seeded mistakes in the generated IR evaluate
// `different` with a counterexample, edits that change no value stay `same`.

#include "eval/Differential.h"

#include "TestPaths.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <fstream>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::eval;

namespace {

struct Pair
{
    ir::ParseResult ref, gen;
    Binding binding;
};

// Loads pair NAME; `edit` = {from, to} replaces one exact piece of the generated IR.
bool loadPair(const std::string& name, Pair& p,
              const std::pair<std::string, std::string>& edit = {})
{
    const std::string corpus = test::corpusDir().toStdString();
    p.ref = ir::parseModule(test::readTextFile(corpus + "/tilegym-cutile/mlir/" + name + ".mlir"));
    std::string gen = test::readTextFile(corpus + "/real-ports/" + name + ".mlir");
    if (!edit.first.empty()) {
        const size_t at = gen.find(edit.first);
        EXPECT_NE(at, std::string::npos) << "edit not found: " << edit.first;
        if (at == std::string::npos)
            return false;
        gen.replace(at, edit.first.size(), edit.second);
    }
    p.gen = ir::parseModule(gen);
    std::string error;
    EXPECT_TRUE(loadBinding(test::testDataDir().toStdString() + "/eval/" + name + ".binding.json",
                            p.binding, error))
        << error;
    return p.ref.ok() && p.gen.ok() && !p.ref.modules.empty() && !p.gen.modules.empty();
}

EvalResult evaluate(const Pair& p, InputKind inputs = InputKind::Random)
{
    EvalOptions o;
    o.inputs = inputs;
    return evaluatePair(*p.ref.modules[0]->functions[0], *p.gen.modules[0]->functions[0], p.binding,
                        o);
}

class RealPair : public ::testing::TestWithParam<const char*>
{
};

} // namespace

TEST_P(RealPair, EvaluatesSame)
{
    TILELENS_REQUIRE_CORPUS();
    Pair p;
    ASSERT_TRUE(loadPair(GetParam(), p));
    const EvalResult r = evaluate(p);
    EXPECT_EQ(r.verdict, "same") << evalResultText(r);
    ASSERT_FALSE(r.cases.empty());
    EXPECT_GT(r.cases[0].elementsCompared, 0u);
}

INSTANTIATE_TEST_SUITE_P(Corpus, RealPair,
                         ::testing::Values("swiglu_fwd_2x512x4096_bf16",
                                           "matmul_128x128x32_2048_f16",
                                           "matmul_static_persistent_4096x8192x2728_f16",
                                           "bmm_128x128x32_8x512_f16",
                                           "bmm_static_persistent_16x1024_bf16",
                                           "attention_sink_2x128q128k_h8g8_d64_bf16"));

TEST(EvalSeededMistakes, SigmoidOfTheWrongSign)
{
    TILELENS_REQUIRE_CORPUS();
    Pair p; // exp(x) where the kernel needs exp(-x)
    ASSERT_TRUE(loadPair("swiglu_fwd_2x512x4096_bf16", p,
                         {"%121 = exp %120 : tile<4096xf32>", "%121 = exp %119 : tile<4096xf32>"}));
    const EvalResult r = evaluate(p);
    EXPECT_EQ(r.verdict, "different");
    ASSERT_TRUE(r.counterexample);
    EXPECT_EQ(r.counterexample->array, "c");
    EXPECT_EQ(r.counterexample->inputsAtIndex.count("a"), 1u); // the input that matters
    EXPECT_NE(r.counterexample->refValue, r.counterexample->genValue);
}

TEST(EvalSeededMistakes, StoreMaskOneColumnTooFar)
{
    TILELENS_REQUIRE_CORPUS();
    Pair p; // col <= n_cols: writes into the next row, and past the end on the last row
    ASSERT_TRUE(loadPair("swiglu_fwd_2x512x4096_bf16", p,
                         {"%148 = cmpi less_than %48", "%148 = cmpi less_than_or_equal %48"}));
    const EvalResult r = evaluate(p);
    EXPECT_EQ(r.verdict, "different") << evalResultText(r);
    ASSERT_TRUE(r.counterexample);
}

TEST(EvalSeededMistakes, KLoopSkipsTheFirstTile)
{
    TILELENS_REQUIRE_CORPUS();
    Pair p;
    ASSERT_TRUE(loadPair("matmul_128x128x32_2048_f16", p,
                         {"for %104 in (%102 to %85", "for %104 in (%103 to %85"}));
    const EvalResult r = evaluate(p);
    EXPECT_EQ(r.verdict, "different");
    ASSERT_TRUE(r.counterexample);
    EXPECT_EQ(r.counterexample->array, "c");
}

TEST(EvalSeededMistakes, NanPaddingLeaksIntoTheRaggedK)
{
    TILELENS_REQUIRE_CORPUS();
    Pair p; // K = 48 is not a multiple of the 32-wide K tile: the padded half tile is read
    ASSERT_TRUE(loadPair(
        "matmul_128x128x32_2048_f16", p,
        {"%93 = make_partition_view %27 : partition_view<tile=(128x32), padding_value = zero",
         "%93 = make_partition_view %27 : partition_view<tile=(128x32), padding_value = nan"}));
    const EvalResult r = evaluate(p);
    EXPECT_EQ(r.verdict, "different");
    ASSERT_TRUE(r.counterexample);
    EXPECT_EQ(r.counterexample->genValue, "nan");
}

TEST(EvalSeededMistakes, UnsignedCompareOfNonNegativeValuesChangesNothing)
{
    TILELENS_REQUIRE_CORPUS();
    Pair p; // a difference a structural diff reports, but not one in values
    ASSERT_TRUE(loadPair(
        "swiglu_fwd_2x512x4096_bf16", p,
        {"%61 = cmpi less_than %54, %60, signed", "%61 = cmpi less_than %54, %60, unsigned"}));
    const EvalResult r = evaluate(p);
    EXPECT_EQ(r.verdict, "same") << evalResultText(r);
}

TEST(EvalSeededMistakes, EdgeInputsRunToo)
{
    TILELENS_REQUIRE_CORPUS();
    Pair p;
    ASSERT_TRUE(loadPair("swiglu_fwd_2x512x4096_bf16", p));
    const EvalResult r = evaluate(p, InputKind::Edge);
    EXPECT_EQ(r.verdict, "same") << evalResultText(r);
    ASSERT_FALSE(r.cases.empty());
    EXPECT_EQ(r.cases[0].inputs, "edge");
}

TEST(EvalSeededMistakes, SigmoidAsEOverOnePlusENeedsEdgeInputs)
{
    TILELENS_REQUIRE_CORPUS();
    // Compiled from a modified kernel.rs (tests/data/eval/README.md): NaN only for large inputs.
    Pair p;
    ASSERT_TRUE(loadPair("swiglu_fwd_2x512x4096_bf16", p));
    p.gen = ir::parseModule(
        test::readTextFile(test::testDataDir().toStdString() + "/eval/swiglu_seeded_sigmoid.mlir"));
    ASSERT_TRUE(p.gen.ok());
    EXPECT_EQ(evaluate(p, InputKind::Random).verdict, "same");
    const EvalResult r = evaluate(p, InputKind::Edge);
    EXPECT_EQ(r.verdict, "different");
    ASSERT_TRUE(r.counterexample);
    EXPECT_EQ(r.counterexample->genValue, "nan");
    EXPECT_NE(r.counterexample->refValue, "nan");
    ASSERT_EQ(r.counterexample->inputsAtIndex.count("a"), 1u);
    EXPECT_GE(std::stod(r.counterexample->inputsAtIndex.at("a")), 88.0); // exp overflows f32
}

// The real-port pairs kept in tests/data/real-ports (no corpus needed): with their binding
// files, or by position where both entries take the same parameters. The baseline pairs'
// files are what `mistake-metrics.py --bindings` runs their mutants with, so they must exist:
// without one those runs are dropped, not failed.
TEST(EvalRealPortData, PairsInTheRepositoryEvaluateSame)
{
    enum class BindingSource
    {
        FileOrByPosition,
        File
    };
    struct Pair
    {
        const char* name;
        BindingSource source;
    };
    const std::string data = test::testDataDir().toStdString();
    for (const Pair& pair : {
             Pair{"attention_sink_sliding128_1x128q128k_h8g8_d64_bf16",
                  BindingSource::FileOrByPosition},
             Pair{"bmm_static_persistent_transAB_4x512_f16", BindingSource::FileOrByPosition},
             Pair{"swiglu_fwd_4x1024x8192_f16", BindingSource::FileOrByPosition},
             Pair{"dropout_train_p0.5_1M_f32", BindingSource::File},
             Pair{"gelu_tanh_4096x4096_bf16", BindingSource::File},
             Pair{"layer_norm_fwd_1024x768_f32", BindingSource::File},
             Pair{"relu_fwd_1M_f16", BindingSource::File},
             Pair{"rms_norm_static_persistent_4096x256_bf16", BindingSource::File},
             Pair{"rope_2x32x8x1024x128_bf16", BindingSource::File},
             Pair{"softmax_chunked_256x2048_f32", BindingSource::File},
         }) {
        const std::string name = pair.name;
        SCOPED_TRACE(name);
        const std::string dir = data + "/real-ports/" + name;
        const ir::ParseResult ref = ir::parseFile(dir + "/reference.mlir");
        const ir::ParseResult gen = ir::parseFile(dir + "/generated.mlir");
        ASSERT_TRUE(ref.ok() && gen.ok());
        const ir::Function& r = *ref.modules[0]->functions[0];
        const ir::Function& g = *gen.modules[0]->functions[0];
        Binding binding;
        std::string error;
        const std::string file = data + "/eval/" + name + ".binding.json";
        const bool haveFile = bool(std::ifstream(file));
        ASSERT_TRUE(haveFile || pair.source == BindingSource::FileOrByPosition) << file;
        ASSERT_TRUE(haveFile ? loadBinding(file, binding, error)
                             : defaultBinding(r, g, binding, error))
            << error;
        EvalOptions o;
        o.inputs = InputKind::Random;
        const EvalResult res = evaluatePair(r, g, binding, o);
        EXPECT_EQ(res.verdict, "same") << evalResultText(res);
        ASSERT_FALSE(res.cases.empty());
        EXPECT_GT(res.cases[0].elementsCompared, 0u);
    }
}
