// The seeded porting mistakes of tests/data/port-mistakes run against the unmodified
// port (tests/data/real-ports/<pair>/generated.mlir) on the CPU interpreter: the ones
// that a plain random run missed, each with the inputs that expose it, or the reason
// why no input can.

#include "TestPaths.h"
#include "eval/Differential.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace tilelens;
using namespace tilelens::eval;

namespace {

std::string dataPath(const std::string& rel)
{
    return test::testDataDir().toStdString() + "/" + rel;
}

ir::ParseResult parse(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return ir::parseModule(s.str());
}

// Unmodified port of `pair` against mistake `op/kase`, bound by `bindingFile` (tests/data/eval).
EvalResult evaluateMistake(const std::string& pair, const std::string& opAndCase,
                           const std::string& bindingFile, const EvalOptions& options)
{
    const ir::ParseResult unmodified = parse(dataPath("real-ports/" + pair + "/generated.mlir"));
    const ir::ParseResult mistake =
        parse(dataPath("port-mistakes/" + opAndCase + "/generated.mlir"));
    EXPECT_TRUE(unmodified.ok() && mistake.ok());
    Binding binding;
    std::string error;
    EXPECT_TRUE(loadBinding(dataPath("eval/" + bindingFile), binding, error)) << error;
    if (!unmodified.ok() || !mistake.ok() || !error.empty())
        return {};
    return evaluatePair(*unmodified.modules[0]->functions[0], *mistake.modules[0]->functions[0],
                        binding, options);
}

EvalOptions inputs(InputKind kind)
{
    EvalOptions o;
    o.inputs = kind;
    return o;
}

const char* const kAttention = "attention_sink_2x128q128k_h8g8_d64_bf16";

} // namespace

// padding::None on A's partition: the ragged K tail of A is undefined and reaches C through
// mmaf. Zero-filled undefined reads hid it (`same`); the rerun with NaN shows C depends on them.
TEST(EvalPortMistakes, UnpaddedLoadWhoseUndefinedLanesReachTheOutput)
{
    const EvalResult r =
        evaluateMistake("bmm_128x128x32_8x512_f16", "bmm/wrong_padding_a_none",
                        "bmm_128x128x32_8x512_f16.binding.json", inputs(InputKind::Random));
    ASSERT_EQ(r.verdict, "different") << evalResultText(r);
    ASSERT_TRUE(r.counterexample && r.counterexample->genIssue);
    EXPECT_FALSE(r.counterexample->refIssue);
    EXPECT_EQ(r.counterexample->genIssue->kind, IssueKind::Undefined);
    EXPECT_EQ(r.counterexample->genIssue->op, "load_view_tko");
    EXPECT_EQ(r.counterexample->genIssue->line, 87); // the load through the unpadded view
    EXPECT_NE(r.counterexample->genIssue->message.find("c["), std::string::npos);
}

// Both sides summing an unpadded ragged tile depend on the undefined lanes alike (as the
// corpus's attention kernels do with their unpadded K/V tails, times a zero probability):
// noted, and the zero-filled outputs compared, not `both sides fail`.
TEST(EvalPortMistakes, BothSidesDependingOnUndefinedReadsIsANoteNotAnError)
{
    const ir::ParseResult p = ir::parseModule(
        "cuda_tile.module @m {\nentry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {\n"
        "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
        "  %tv = make_tensor_view %p, shape = [%n], strides = [%s] : tile<i32> -> "
        "tensor_view<?xf32, strides=[?]>\n"
        "  %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, "
        "strides=[?]>>\n"
        "  %v, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(16), tensor_view<?xf32, "
        "strides=[?]>>, tile<i32> -> tile<16xf32>, token\n"
        "  %r = reduce %v dim=0 identities=[0] : tile<16xf32> -> tile<f32> {\n"
        "  ^bb0(%a: tile<f32>, %b: tile<f32>):\n"
        "    %c = addf %a, %b : tile<f32>\n"
        "    yield %c : tile<f32>\n"
        "  }\n"
        "  %r1 = reshape %r : tile<f32> -> tile<1xf32>\n"
        "  %rb = broadcast %r1 : tile<1xf32> -> tile<16xf32>\n"
        "  %t2 = store_view_tko weak %rb, %pv[%bx] : tile<16xf32>, partition_view<tile=(16), "
        "tensor_view<?xf32, strides=[?]>>, tile<i32> -> token\n"
        "  return\n}\n}\n");
    ASSERT_TRUE(p.ok());
    const ir::Function& fn = *p.modules[0]->functions[0];
    Binding binding;
    std::string error;
    ASSERT_TRUE(defaultBinding(fn, fn, binding, error)) << error;
    const EvalResult r = evaluatePair(fn, fn, binding, inputs(InputKind::Random));
    EXPECT_EQ(r.verdict, "same") << evalResultText(r);
    EXPECT_GT(r.undefinedReads, 0u); // the ragged size 49 leaves 15 lanes of the last tile
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_EQ(r.notes.begin()->rfind("both sides' outputs depend on reads without a padding "
                                     "value (reference line 6, generated line 6)",
                                     0),
              0u)
        << *r.notes.begin();
}

// m_ij - m_i instead of m_i - m_ij: with this launch's single KV tile, acc and l are still 0
// when alpha scales them, so only alpha = inf (0 * inf = NaN) shows; that needs a sink far
// below the logits (-100, -inf). Edge values in every array at once never got there: a NaN
// in q or k makes every output row NaN on both sides. Edge values in the sinks alone do.
TEST(EvalPortMistakes, SwappedRescaleOperandsNeedEdgeValuesInTheSinksAlone)
{
    EvalOptions o = inputs(InputKind::Edge);
    o.edgeArrays = {"sinks"};
    const EvalResult r = evaluateMistake(kAttention, "attention_sink/swapped_operands_alpha",
                                         std::string(kAttention) + ".binding.json", o);
    ASSERT_EQ(r.verdict, "different") << evalResultText(r);
    ASSERT_TRUE(r.counterexample && r.counterexampleCase);
    EXPECT_EQ(r.counterexampleCase->edgeArray, "sinks");
    EXPECT_EQ(r.counterexample->genValue, "nan");
    EXPECT_NE(r.counterexample->refValue, "nan");
}

// exp2 without flush_to_zero keeps the probabilities p in (2^-133, 2^-126) that the port
// flushes (below 2^-133 the cast to bf16 rounds them to 0 on both sides). They only show in
// the output when they carry it: a sink 89..91 above every logit makes all p of a row that
// small, and V of 50..100 lifts p @ V out of the denormals that the final division flushes.
TEST(EvalPortMistakes, DroppedFlushToZeroNeedsProbabilitiesInTheDenormals)
{
    const EvalResult r =
        evaluateMistake(kAttention, "attention_sink/dropped_ftz_exp2_p",
                        "attention_sink_denormal_p.binding.json", inputs(InputKind::Random));
    ASSERT_EQ(r.verdict, "different") << evalResultText(r);
    ASSERT_TRUE(r.counterexample);
    EXPECT_EQ(r.counterexample->refValue, "0");
    EXPECT_GT(std::stod(r.counterexample->genValue), 0.0);
    // The same inputs keep an edit that changes no value `same`.
    const EvalResult refactor =
        evaluateMistake(kAttention, "attention_sink/refactor_reorder_scale_rename",
                        "attention_sink_denormal_p.binding.json", inputs(InputKind::Random));
    EXPECT_EQ(refactor.verdict, "same") << evalResultText(refactor);
}

// divf rounding<approx> (the port) against IEEE divf (the mistake) in sigmoid = 1 / (1 + e):
// approx (PTX div.approx.f32) is documented only to within 2 ulp of the quotient, so the correctly
// rounded quotient is one of its allowed results and no input separates the two within the
// dialect's semantics. Its one documented exception (|divisor| in (2^126, 2^128) gives 0) coincides
// with the IEEE quotient there, a denormal that flush_to_zero, kept by the mistake, flushes.
// So the run stays `same` even with no ulp tolerance and says it modelled approx.
TEST(EvalPortMistakes, RoundingOfAnApproximateDivisionIsNotObservable)
{
    EvalOptions o = inputs(InputKind::All);
    o.maxUlp = 0;
    const EvalResult r =
        evaluateMistake("swiglu_fwd_2x512x4096_bf16", "swiglu/changed_rounding_sigmoid_div",
                        "gui_swiglu_small.binding.json", o);
    EXPECT_EQ(r.verdict, "same") << evalResultText(r);
    EXPECT_EQ(r.approximations.count("divf rounding<approx>"), 1u);
}

// silu_and_mul's Rust port takes raw pointers, a hidden size and row strides, so the port
// against a seeded copy of itself needs a Rust-to-Rust binding (`*.rust-vs-rust.binding.json`).
// No tolerance: both sides run the same approximated exp2 and divf on the same values, so
// any output difference comes from the seeded change. rounding<zero> on a * sigmoid moves the
// f32 product by at most one ulp, which shows as one f16 ulp after the cast; the default
// 2-ulp tolerance, meant for approximated ops, would hide it.
TEST(EvalPortMistakes, SiluAndMulMistakesAreCaughtAndItsRefactorIsNot)
{
    struct Case
    {
        const char* name;
        const char* pair;
        const char* verdict;
    };
    const Case cases[] = {
        {"changed_rounding_silu_mulf", "silu_and_mul_fwd_8x512x1024_f16", "different"},
        {"dropped_ftz_output_mulf_f32", "silu_and_mul_fwd_13x256x1000_f32", "different"},
        {"dropped_scale_factor_log2e", "silu_and_mul_fwd_8x512x1024_f16", "different"},
        {"swapped_operands_sigmoid_div", "silu_and_mul_fwd_8x512x1024_f16", "different"},
        {"refactor_reorder_cast_rename", "silu_and_mul_fwd_8x512x1024_f16", "same"},
    };
    for (const Case& c : cases) {
        EvalOptions o = inputs(InputKind::All);
        o.maxUlp = 0;
        const EvalResult r = evaluateMistake(c.pair, std::string("silu_and_mul/") + c.name,
                                             std::string(c.pair) + ".rust-vs-rust.binding.json", o);
        EXPECT_EQ(r.verdict, c.verdict) << c.name << "\n" << evalResultText(r);
        EXPECT_EQ(r.counterexample.has_value(), std::string(c.verdict) == "different") << c.name;
    }
}
