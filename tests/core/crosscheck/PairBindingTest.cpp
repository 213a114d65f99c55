// Issue 30 item 2: a CPU run without a binding file and without a launch chain binds the pair
// from what the differ knows of it (crosscheck/PairBinding.h): the real pairs run `same` on it,
// a port mistake against its Python reference gets a CPU counterexample, and a pair with a
// parameter it cannot tie falls back to the guess with the reason.

#include "crosscheck/PairBinding.h"

#include "TestPaths.h"
#include "diff/IrDiff.h"
#include "diff/RuleSet.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::crosscheck;

namespace {

std::string data(const std::string& relative)
{
    return test::testDataDir().toStdString() + "/" + relative;
}

struct Pair
{
    ir::ParseResult ref, gen;
    std::optional<diff::DiffResult> diff;
    const ir::Function& refEntry() const { return *ref.modules[0]->functions[0]; }
    const ir::Function& genEntry() const { return *gen.modules[0]->functions[0]; }
};

// A reference of tests/data/real-ports against `generated` (a path under tests/data).
void load(Pair& p, const std::string& pair, const std::string& generated,
          const std::string& edit = {}, const std::string& replacement = {})
{
    p.ref = ir::parseModule(test::readTextFile(data("real-ports/" + pair + "/reference.mlir")));
    std::string gen = test::readTextFile(data(generated));
    if (!edit.empty()) {
        const size_t at = gen.find(edit);
        ASSERT_NE(at, std::string::npos) << edit;
        gen.replace(at, edit.size(), replacement);
    }
    p.gen = ir::parseModule(gen);
    ASSERT_TRUE(p.ref.ok() && p.gen.ok()) << pair;
    const std::vector<const ir::Module*> r(p.ref.modules.begin(), p.ref.modules.end());
    const std::vector<const ir::Module*> g(p.gen.modules.begin(), p.gen.modules.end());
    p.diff = diff::compareModules(r, g, diff::RuleSet::defaults());
}

CrossCheck runWithoutFile(const Pair& p, eval::InputKind inputs)
{
    eval::EvalOptions o;
    o.inputs = inputs;
    const std::vector<const ir::Module*> r(p.ref.modules.begin(), p.ref.modules.end());
    const std::vector<const ir::Module*> g(p.gen.modules.begin(), p.gen.modules.end());
    return crossCheckAll(*p.diff, r, g, std::string(), o);
}

} // namespace

// Every real pair with a hand binding in tests/data/eval whose port takes the reference's
// extents: the binding derived from the pair runs it and finds no difference (none of these
// pairs has a mistake the run could show: their known criticals are within the modelled
// rounding).
TEST(PairBinding, RealPairsWithAHandBindingRunSameOnTheDerivedBinding)
{
    const char* pairs[] = {
        "layer_norm_fwd_1024x768_f32",
        "rms_norm_static_persistent_4096x256_bf16",
        "dropout_train_p0.5_1M_f32",
        "relu_fwd_1M_f16",
        "gelu_tanh_4096x4096_bf16",
        "swiglu_fwd_2x512x4096_bf16",
        "softmax_chunked_256x2048_f32",
        "matmul_128x128x32_2048_f16",
        "matmul_static_persistent_4096x8192x2728_f16",
        "bmm_128x128x32_8x512_f16",
        "bmm_static_persistent_transAB_4x512_f16",
    };
    // bmm_static_persistent_16x1024_bf16 binds too (ExtraPortScalarsTakeTheReferencesConstants)
    // but its run walks the reference's padded 1024-cube in every block of the derived grid
    // and ends at the 120 s budget: `error`, deciding nothing (no false difference).
    for (const char* name : pairs) {
        SCOPED_TRACE(name);
        Pair p;
        load(p, name, std::string("real-ports/") + name + "/generated.mlir");
        std::string why;
        const std::optional<eval::Binding> b =
            pairBinding(*p.diff, p.refEntry(), p.genEntry(), why);
        ASSERT_TRUE(b) << why;
        EXPECT_EQ(b->source, "pair");
        const CrossCheck c = runWithoutFile(p, eval::InputKind::Random);
        ASSERT_TRUE(c.ran()) << c.error;
        EXPECT_EQ(c.eval.bindingSource, "pair");
        EXPECT_EQ(c.eval.verdict, "same") << c.summary << "\n" << c.counterexample;
        EXPECT_EQ(c.bindingText.rfind("a binding derived from the pair (", 0), 0u) << c.bindingText;
    }
}

// The port's extra float scalars are the reference's specialised constants (layer_norm's eps and
// weight shift), its extra integers the reference's compile-time extents (bmm_static_persistent's
// M, N, K = 1024): the binding passes those values, and says so.
TEST(PairBinding, ExtraPortScalarsTakeTheReferencesConstants)
{
    Pair ln;
    load(ln, "layer_norm_fwd_1024x768_f32",
         "real-ports/layer_norm_fwd_1024x768_f32/generated.mlir");
    std::string why;
    const auto b = pairBinding(*ln.diff, ln.refEntry(), ln.genEntry(), why);
    ASSERT_TRUE(b) << why;
    ASSERT_EQ(b->gen.params.size(), 24u);
    EXPECT_EQ(b->gen.params[22], "gen_arg22");
    const eval::ScalarBinding* eps = b->scalar("gen_arg22");
    ASSERT_TRUE(eps);
    EXPECT_FLOAT_EQ(float(std::stod(eps->value)), 1e-5f);
    EXPECT_NE(b->derivation.find("generated 22 = 1e-05, 23 = 0"), std::string::npos)
        << b->derivation;

    Pair bmm;
    load(bmm, "bmm_static_persistent_16x1024_bf16",
         "real-ports/bmm_static_persistent_16x1024_bf16/generated.mlir");
    const auto m = pairBinding(*bmm.diff, bmm.refEntry(), bmm.genEntry(), why);
    ASSERT_TRUE(m) << why;
    EXPECT_EQ(std::count(m->gen.params.begin(), m->gen.params.end(), "1024"), 3);
}

// Port mistakes against the Python reference, no binding file: the run on the pair's binding
// finds each one's difference and gives it to a critical.
TEST(PairBinding, PortMistakesGetACpuCounterexampleWithoutABindingFile)
{
    const struct
    {
        const char *pair, *mistake;
    } cases[] = {
        {"layer_norm_fwd_1024x768_f32", "layer_norm/missing_mask_variance_fma"},
        {"rms_norm_static_persistent_4096x256_bf16", "rms_norm/dropped_eps_rsqrt"},
        {"matmul_128x128x32_2048_f16", "matmul/wrong_accumulator_type_f16"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.mistake);
        Pair p;
        load(p, c.pair, std::string("port-mistakes/") + c.mistake + "/generated.mlir");
        ASSERT_GT(p.diff->count(diff::Severity::Critical), 0);
        const CrossCheck x = runWithoutFile(p, eval::InputKind::All);
        ASSERT_TRUE(x.ran()) << x.error;
        EXPECT_EQ(x.eval.bindingSource, "pair");
        EXPECT_EQ(x.eval.verdict, "different") << x.summary;
        EXPECT_FALSE(x.attachedTo.empty()) << x.summary;
        EXPECT_FALSE(x.differBug);
    }
}

// A generated parameter the differ ties to nothing: no pair binding, the reason said, and the
// guess follows as before (here it fails too: the entries' parameter counts differ).
TEST(PairBinding, AnUntiedParameterDerivesNothingAndSaysWhy)
{
    Pair p;
    // layer_norm's port with its last float parameter made an integer: the reference's float
    // constants then bind neither extra parameter (they bind in order, all or none), and no
    // reference parameter stands at their places.
    load(p, "layer_norm_fwd_1024x768_f32", "real-ports/layer_norm_fwd_1024x768_f32/generated.mlir",
         "%22: tile<f32>, %23: tile<f32>", "%22: tile<f32>, %23: tile<i32>");
    std::string why;
    EXPECT_FALSE(pairBinding(*p.diff, p.refEntry(), p.genEntry(), why));
    EXPECT_EQ(why, "generated parameter 22 (tile<f32>) stands for no reference parameter and no "
                   "specialised constant");
    const CrossCheck c = runWithoutFile(p, eval::InputKind::Random);
    EXPECT_FALSE(c.ran());
    EXPECT_EQ(c.error, "binding: the entries have 22 and 24 parameters: give a binding file "
                       "(--binding) (pair: " +
                           why + ")");
}

// A port that does not take an extent the reference takes (silu_and_mul's raw pointers: its
// column count is a constant of the port) could read past arrays of the sizes a binding picks:
// nothing is derived.
TEST(PairBinding, APortThatDoesNotTakeTheReferencesExtentsDerivesNothing)
{
    Pair p;
    load(p, "silu_and_mul_fwd_13x256x1000_f32",
         "real-ports/silu_and_mul_fwd_13x256x1000_f32/generated.mlir");
    std::string why;
    EXPECT_FALSE(pairBinding(*p.diff, p.refEntry(), p.genEntry(), why));
    EXPECT_NE(why.find("takes no parameter for the reference's extent"), std::string::npos) << why;
}

// Not the pair the differ compared (another generated entry): nothing derived.
TEST(PairBinding, AnEntryPairTheDifferDidNotCompareDerivesNothing)
{
    Pair p;
    load(p, "relu_fwd_1M_f16", "real-ports/relu_fwd_1M_f16/generated.mlir");
    diff::DiffResult empty;
    std::string why;
    EXPECT_FALSE(pairBinding(empty, p.refEntry(), p.genEntry(), why));
    EXPECT_EQ(why, "the differ compared no such entry pair");
}
