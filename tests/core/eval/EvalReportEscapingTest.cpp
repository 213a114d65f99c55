// The eval report with hostile names (arrays, parameters, ops from bytecode or a binding file):
// the text form drives no terminal, the JSON form is written without throwing.

#include "common/JsonWrite.h"
#include "eval/Differential.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace tilelens;
using namespace tilelens::eval;

namespace {

EvalResult resultNaming(const std::string& name)
{
    EvalResult r;
    r.verdict = "different";
    r.message = name;
    r.bindingSource = name;
    r.bindingFacts = {name};
    r.approximations = {name};
    r.notes = {name};
    CaseResult c;
    c.inputs = "edge";
    c.edgeArray = name;
    c.dims = {{name, 4}};
    r.cases = {c};
    r.counterexampleCase = c;
    Counterexample cx;
    cx.array = name;
    cx.index = {1};
    cx.refValue = "1";
    cx.genValue = "2";
    cx.inputsAtIndex = {{name, "3"}};
    cx.scalars = {{name, "4"}};
    r.counterexample = cx;
    FirstDivergence f;
    f.reference.op = f.generated.op = name;
    f.array = name;
    r.firstDivergence = f;
    return r;
}

} // namespace

TEST(EvalReportEscaping, TextCarriesNoTerminalControl)
{
    const std::string name = "a\x1B]0;pwned\x07\x1B[2K\rsame\x1B[8m\xC2\x9B\xE2\x80\xAE\n";
    const std::string text = evalResultText(resultNaming(name));
    for (unsigned char c : text)
        EXPECT_TRUE(c >= 0x20 || c == '\n') << int(c) << "\n" << text;
    EXPECT_EQ(text.find("\xC2\x9B"), std::string::npos);
    EXPECT_EQ(text.find("\xE2\x80\xAE"), std::string::npos);
    EXPECT_NE(
        text.find("a\\u001b]0;pwned\\u0007\\u001b[2K\\u000dsame\\u001b[8m\\u009b\\u202e\\u000a"),
        std::string::npos)
        << text;
    // Each line is the report's own: the name's newline starts none.
    EXPECT_EQ(text.find("\nsame"), std::string::npos);
}

TEST(EvalReportEscaping, JsonIsWrittenForBytesThatAreNotUtf8)
{
    const EvalResult r = resultNaming("k\xC0\xAF\xED\xA0\x80");
    std::string text;
    ASSERT_NO_THROW(text = jsonText(evalResultJson(r)));
    const auto back = nlohmann::json::parse(text, nullptr, false);
    ASSERT_FALSE(back.is_discarded());
    EXPECT_EQ(back["counterexample"]["array"].get<std::string>().rfind("k\xEF\xBF\xBD", 0), 0u);
}
