// How a tapped pair of ops is compared (issue 30 item 2): two ops of one kind that differ in an
// attribute only (a rounding mode, flush-to-zero) are compared bit for bit where their operands
// agree, since the attribute changes a value by one ulp or a denormal, within the tolerance of
// outputs; the inputs of every magnitude reach the denormals that flush-to-zero removes; and a
// budget of work ends an evaluation at the same place on any machine.

#include "eval/Binding.h"
#include "eval/Differential.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Module.h"
#include "ir/Op.h"
#include "ir/Parser.h"
#include "ir/Region.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::eval;

namespace {

// An entry over three 1-D f32 arrays, out = a OP b, 64 elements a block; `op` is the line that
// defines %r from %va and %vb.
std::string kernel(const std::string& op)
{
    const std::string tv = "tensor_view<?xf32, strides=[?]>";
    const std::string in = "partition_view<tile=(64), padding_value = zero, " + tv + ">";
    const std::string out = "partition_view<tile=(64), " + tv + ">";
    std::string s = "cuda_tile.module @m {\n"
                    "entry @k(%a: tile<ptr<f32>>, %an: tile<i32>, %as: tile<i32>, "
                    "%b: tile<ptr<f32>>, %bn: tile<i32>, %bs: tile<i32>, "
                    "%o: tile<ptr<f32>>, %on: tile<i32>, %os: tile<i32>) {\n"
                    "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n";
    for (const char* x : {"a", "b"}) {
        const std::string v(x);
        s += "  %t" + v + " = make_tensor_view %" + v + ", shape = [%" + v + "n], strides = [%" +
             v + "s] : tile<i32> -> " + tv + "\n";
        s += "  %p" + v + " = make_partition_view %t" + v + " : " + in + "\n";
        s += "  %v" + v + ", %k" + v + " = load_view_tko weak %p" + v + "[%bx] : " + in +
             ", tile<i32> -> tile<64xf32>, token\n";
    }
    s += "  " + op + " : tile<64xf32>\n";
    s += "  %to = make_tensor_view %o, shape = [%on], strides = [%os] : tile<i32> -> " + tv + "\n";
    s += "  %po = make_partition_view %to : " + out + "\n";
    s += "  %done = store_view_tko weak %r, %po[%bx] : tile<64xf32>, " + out +
         ", tile<i32> -> token\n";
    s += "  return\n}\n}\n";
    return s;
}

struct Pair
{
    ir::ParseResult ref, gen;
    Binding binding;
    const ir::Function& refFn() const { return *ref.modules[0]->functions[0]; }
    const ir::Function& genFn() const { return *gen.modules[0]->functions[0]; }
};

const ir::Op* opNamed(const ir::Function& fn, std::string_view mnemonic)
{
    for (const ir::Op* op : fn.body->entryBlock()->ops)
        if (op->name.mnemonic() == mnemonic)
            return op;
    return nullptr;
}

void loadPair(const std::string& refOp, const std::string& genOp, Pair& p)
{
    p.ref = ir::parseModule(kernel(refOp));
    p.gen = ir::parseModule(kernel(genOp));
    ASSERT_TRUE(p.ref.ok() && p.gen.ok())
        << (p.ref.ok() ? p.gen : p.ref).diagnostics.front().format();
    std::string error;
    ASSERT_TRUE(defaultBinding(p.refFn(), p.genFn(), p.binding, error)) << error;
}

EvalResult evaluateTapped(const Pair& p, TapCompare compare, InputKind inputs,
                          bool magnitudesAfter = false)
{
    EvalOptions o;
    o.inputs = inputs;
    o.magnitudesAfter = magnitudesAfter;
    o.taps = {TapPair{"D1", opNamed(p.refFn(), "mulf"), opNamed(p.genFn(), "mulf"), compare}};
    return evaluatePair(p.refFn(), p.genFn(), p.binding, o);
}

} // namespace

TEST(EvalTapCompare, ExactComparisonShowsTheOneUlpOfARoundingMode)
{
    Pair p;
    ASSERT_NO_FATAL_FAILURE(loadPair("%r = mulf %va, %vb", "%r = mulf %va, %vb rounding<zero>", p));
    // Within the outputs' tolerance (2 ulp) rounding toward zero changes nothing...
    const EvalResult tolerant = evaluateTapped(p, TapCompare::WithinTolerance, InputKind::Random);
    EXPECT_EQ(tolerant.verdict, "same");
    EXPECT_EQ(tolerant.tapDifferences.count("D1"), 0u);
    // ...bit for bit, where both multiply the same two numbers, it does.
    const EvalResult exact =
        evaluateTapped(p, TapCompare::ExactWhereOperandsAgree, InputKind::Random);
    ASSERT_EQ(exact.tapDifferences.count("D1"), 1u);
    const Counterexample& cx = exact.tapDifferences.at("D1").counterexample;
    EXPECT_EQ(cx.ulp, 1);
    EXPECT_NE(cx.refValue, cx.genValue);
    EXPECT_EQ(cx.inputsAtIndex.at("reference %va"), cx.inputsAtIndex.at("generated %va"));
    EXPECT_EQ(cx.inputsAtIndex.at("reference %vb"), cx.inputsAtIndex.at("generated %vb"));
}

TEST(EvalTapCompare, ExactComparisonSkipsElementsWhoseOperandsDiffer)
{
    // a*a against a*b: the values differ, but never from the same operands, so an exact
    // comparison (meant for an attribute) finds nothing; the tolerant one finds it.
    Pair p;
    ASSERT_NO_FATAL_FAILURE(loadPair("%r = mulf %va, %va", "%r = mulf %va, %vb", p));
    EXPECT_EQ(evaluateTapped(p, TapCompare::ExactWhereOperandsAgree, InputKind::Random)
                  .tapDifferences.count("D1"),
              0u);
    EXPECT_EQ(evaluateTapped(p, TapCompare::WithinTolerance, InputKind::Random)
                  .tapDifferences.count("D1"),
              1u);
}

TEST(EvalTapCompare, OperandsOfACommutingOpAgreeInEitherOrder)
{
    Pair p;
    ASSERT_NO_FATAL_FAILURE(
        loadPair("%r = mulf %va, %vb", "%r = mulf %vb, %va rounding<positive_inf>", p));
    EXPECT_EQ(evaluateTapped(p, TapCompare::ExactWhereOperandsAgree, InputKind::Random)
                  .tapDifferences.count("D1"),
              1u);
}

TEST(EvalTapCompare, ValuesOfEveryMagnitudeReachTheDenormalsFlushToZeroRemoves)
{
    Pair p;
    ASSERT_NO_FATAL_FAILURE(loadPair("%r = mulf %va, %vb", "%r = mulf %va, %vb flush_to_zero", p));
    // Normal(0, 1) inputs make no denormal product.
    EXPECT_EQ(evaluateTapped(p, TapCompare::ExactWhereOperandsAgree, InputKind::Random)
                  .tapDifferences.count("D1"),
              0u);
    const EvalResult r =
        evaluateTapped(p, TapCompare::ExactWhereOperandsAgree, InputKind::Random, true);
    ASSERT_EQ(r.tapDifferences.count("D1"), 1u);
    const TapDifference& d = r.tapDifferences.at("D1");
    EXPECT_EQ(d.inputs.inputs, "magnitudes");
    EXPECT_EQ(std::stod(d.counterexample.genValue), 0.0); // flushed
    EXPECT_NE(std::stod(d.counterexample.refValue), 0.0);
    EXPECT_LT(std::abs(std::stod(d.counterexample.refValue)), smallestNormal(Elem::F32));
    // Every magnitude, yet no NaN or inf; a denormal is many ulps from zero, so the output
    // shows the flush too, at a finite value.
    EXPECT_EQ(r.verdict, "different");
    ASSERT_TRUE(r.counterexample);
    EXPECT_TRUE(std::isfinite(std::stod(r.counterexample->refValue)));
    EXPECT_EQ(std::stod(r.counterexample->genValue), 0.0);
}

TEST(EvalTapCompare, AWorkBudgetEndsTheEvaluationAtTheSamePlaceEveryTime)
{
    Pair p;
    ASSERT_NO_FATAL_FAILURE(loadPair("%r = mulf %va, %vb", "%r = mulf %va, %vb", p));
    EvalOptions o;
    o.inputs = InputKind::All;
    const EvalResult whole = evaluatePair(p.refFn(), p.genFn(), p.binding, o);
    ASSERT_EQ(whole.verdict, "same");
    ASSERT_GT(whole.cases.size(), 2u);
    EXPECT_GT(whole.work, whole.elementOps); // ops count as work too
    EXPECT_FALSE(whole.workRanOut);
    // A budget of a little more than one case's work: the second case runs out of it.
    o.maxTotalWork = whole.work / whole.cases.size() + 1;
    const EvalResult first = evaluatePair(p.refFn(), p.genFn(), p.binding, o);
    const EvalResult again = evaluatePair(p.refFn(), p.genFn(), p.binding, o);
    EXPECT_EQ(first.verdict, "error");
    ASSERT_TRUE(first.issue);
    EXPECT_EQ(first.issue->kind, IssueKind::Limit);
    EXPECT_TRUE(first.workRanOut);
    EXPECT_LT(first.cases.size(), whole.cases.size());
    EXPECT_EQ(first.cases.size(), again.cases.size());
    EXPECT_EQ(first.work, again.work);
    EXPECT_EQ(first.message, again.message);
}
