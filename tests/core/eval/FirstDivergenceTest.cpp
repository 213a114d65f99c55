// The first diverging store of a differing case: the softmax with exp computed as
// exp2 first writes a different y element at its one store, named on both sides
// (line, op, block) in the result, its JSON and its text.

#include "TestPaths.h"
#include "eval/Differential.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace tilelens;
using namespace tilelens::eval;

namespace {

std::string fixtureText()
{
    std::ifstream in(test::testDataDir().toStdString() +
                     "/diff/softmax_persistent_256x2048_f32.mlir");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

Binding smallBinding()
{
    Binding b;
    b.source = "test";
    b.dims = {{"R", {16}}, {"C", {48}}};
    for (const char* name : {"x", "y"}) {
        ArrayBinding a;
        a.name = name;
        a.elem = Elem::F32;
        a.shape = {"R", "C"};
        b.arrays.push_back(a);
    }
    b.ref.params = {"y", "x"};
    b.ref.grid = {"4", "1", "1"};
    b.gen = b.ref;
    return b;
}

EvalResult run(const std::string& genText)
{
    const ir::ParseResult ref = ir::parseModule(fixtureText());
    const ir::ParseResult gen = ir::parseModule(genText);
    EXPECT_TRUE(ref.ok() && gen.ok());
    EvalOptions o;
    o.inputs = InputKind::Random;
    return evaluatePair(*ref.modules[0]->functions[0], *gen.modules[0]->functions[0],
                        smallBinding(), o);
}

} // namespace

TEST(EvalFirstDivergence, NamesTheStoreOfEachSideThatFirstWritesADifferentValue)
{
    std::string gen = fixtureText();
    const size_t at = gen.find("%85 = exp %84");
    ASSERT_NE(at, std::string::npos);
    gen.replace(at, 13, "%85 = exp2 %84");
    const EvalResult r = run(gen);
    ASSERT_EQ(r.verdict, "different") << evalResultText(r);
    ASSERT_TRUE(r.firstDivergence);
    const FirstDivergence& f = *r.firstDivergence;
    EXPECT_EQ(f.reference.op, "store_ptr_tko");
    EXPECT_EQ(f.generated.op, "store_ptr_tko");
    EXPECT_EQ(f.reference.line, 91);
    EXPECT_EQ(f.generated.line, 91);
    EXPECT_EQ(f.reference.block, (std::vector<int64_t>{0, 0, 0}));
    EXPECT_EQ(f.array, "y");
    EXPECT_NE(f.refValue, f.genValue);
    // Row 0 is the first row block 0 stores: the final comparison's first element too.
    EXPECT_EQ(f.index, r.counterexample->index);
    const nlohmann::json j = evalResultJson(r);
    EXPECT_EQ(j["first_divergence"]["reference"]["line"], 91);
    EXPECT_EQ(j["first_divergence"]["generated"]["op"], "store_ptr_tko");
    EXPECT_EQ(j["first_divergence"]["array"], "y");
    EXPECT_NE(evalResultText(r).find("first written differently by store_ptr_tko at reference "
                                     "line 91 / store_ptr_tko at generated line 91"),
              std::string::npos)
        << evalResultText(r);
}

TEST(EvalFirstDivergence, AbsentWhenTheOutputsAreTheSame)
{
    const EvalResult r = run(fixtureText());
    EXPECT_EQ(r.verdict, "same");
    EXPECT_FALSE(r.firstDivergence);
    EXPECT_FALSE(evalResultJson(r).contains("first_divergence"));
}
