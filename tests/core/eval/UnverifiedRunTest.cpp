// Issue 32: the differential run (evaluatePair, behind `eval`, `diff --eval` and the GUI's CPU
// run) does not run an entry that does not verify: it reports the verifier's first error at its
// place. Before, a cmpi with a float result segfaulted the interpreter, a tile of 313,532,613,632
// elements aborted it (bad_alloc) and a 2^25-element tile over the verifier's limit simply ran.

#include "TestPaths.h"
#include "eval/Binding.h"
#include "eval/Differential.h"
#include "ir/Module.h"
#include "ir/bytecode/IrFileLoader.h"

#include <gtest/gtest.h>

using namespace tilelens;

namespace {

std::string dataFile(const std::string& relative)
{
    return test::testDataDir().toStdString() + "/" + relative;
}

struct Pair
{
    ir::ParseResult ref, gen; // as read, not verified
    eval::Binding binding;    // the reference against itself
};

void load(Pair& p, const std::string& unverifiedName)
{
    p.ref = ir::loadIrFile(dataFile("real-ports/relu_fwd_1M_f16/reference.mlir"));
    p.gen = ir::loadIrFile(dataFile("ir/unverified/" + unverifiedName));
    ASSERT_TRUE(p.ref.ok() && p.gen.ok());
    std::string error;
    const ir::Function& ref = *p.ref.modules[0]->functions[0];
    ASSERT_TRUE(eval::bindingForPair(nullptr, ref, ref, p.binding, error)) << error;
}

eval::EvalResult run(const Pair& p, bool genAsReference = false)
{
    const ir::Function& ref = *p.ref.modules[0]->functions[0];
    const ir::Function& gen = *p.gen.modules[0]->functions[0];
    eval::EvalOptions options;
    options.inputs = eval::InputKind::Random;
    return genAsReference ? eval::evaluatePair(gen, ref, p.binding, options)
                          : eval::evaluatePair(ref, gen, p.binding, options);
}

} // namespace

TEST(EvalUnverified, ACmpiWithAFloatResultIsNotRun)
{
    Pair p;
    ASSERT_NO_FATAL_FAILURE(load(p, "cmpi_float_result.mlir"));
    const eval::EvalResult r = run(p);
    EXPECT_EQ(r.verdict, "error");
    EXPECT_EQ(r.issueSide, "generated");
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, eval::IssueKind::InvalidInput);
    EXPECT_EQ(r.issue->line, 24);
    EXPECT_EQ(r.issue->column, 5);
    EXPECT_EQ(r.message, "generated line 24:5: invalid_input: does not verify: result #0 must be "
                         "'tile<1024xi1>' (i1 values shaped as the operands), but got "
                         "'tile<1024xf32>'");
    EXPECT_TRUE(r.cases.empty());
    EXPECT_EQ(run(p, true).issueSide, "reference");
}

TEST(EvalUnverified, TilesOverTheVerifiersLimitAreNotRun)
{
    for (const char* name : {"tile_over_limit.mlir", "tile_313g_elements.mlir"}) {
        Pair p;
        ASSERT_NO_FATAL_FAILURE(load(p, name));
        const eval::EvalResult r = run(p);
        EXPECT_EQ(r.verdict, "error") << name;
        ASSERT_TRUE(r.issue) << name;
        EXPECT_EQ(r.issue->line, 17) << name;
        EXPECT_EQ(r.elementOps, 0u) << name;
    }
}

TEST(EvalUnverified, MismatchedElementTypesAreNotRun)
{
    Pair p;
    ASSERT_NO_FATAL_FAILURE(load(p, "mixed_element_types.mlir"));
    const eval::EvalResult r = run(p);
    EXPECT_EQ(r.verdict, "error");
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->line, 35);
    EXPECT_NE(r.message.find("requires the same element type"), std::string::npos) << r.message;
}
