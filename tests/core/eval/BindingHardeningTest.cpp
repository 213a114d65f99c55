// Hostile binding files and expressions (issue 32): numbers beyond range, overflowing and
// deeply nested expressions are located errors; sizes beyond the budgets are located limits,
// never an abort; look-ups over many arrays stay linear.

#include "eval/Binding.h"
#include "eval/Differential.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <QTemporaryDir>
#include <chrono>
#include <fstream>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::eval;

namespace {

// One f32 array of n elements, tiles of 16 loaded and stored back: the smallest kernel that
// reads every input element.
const char* const kCopy16 =
    "cuda_tile.module @m {\nentry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {\n"
    "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
    "  %tv = make_tensor_view %p, shape = [%n], strides = [%s] : tile<i32> -> "
    "tensor_view<?xf32, strides=[?]>\n"
    "  %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, "
    "strides=[?]>>\n"
    "  %v, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(16), tensor_view<?xf32, "
    "strides=[?]>>, tile<i32> -> tile<16xf32>, token\n"
    "  %t2 = store_view_tko weak %v, %pv[%bx] : tile<16xf32>, partition_view<tile=(16), "
    "tensor_view<?xf32, strides=[?]>>, tile<i32> -> token\n"
    "  return\n}\n}\n";

// A binding file of `body` (dims, arrays, ...) whose ref and gen both take `params`.
std::string bindingText(const std::string& body, const std::string& params = "\"x\"")
{
    return "{\"schema\": \"tilelens.eval-binding/1\",\n" + body + ",\n\"ref\": {\"params\": [" +
           params + "]},\n\"gen\": {\"params\": [" + params + "]}}\n";
}

struct BindingFile
{
    QTemporaryDir dir;
    std::string path;
    explicit BindingFile(const std::string& text) : path(dir.path().toStdString() + "/b.json")
    {
        std::ofstream(path) << text;
    }
};

EvalResult evaluateCopy16(const Binding& b, EvalOptions o = {})
{
    const ir::ParseResult p = ir::parseModule(kCopy16);
    EXPECT_TRUE(p.ok());
    const ir::Function& fn = *p.modules[0]->functions[0];
    o.inputs = InputKind::Random;
    return evaluatePair(fn, fn, b, o);
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

TEST(EvalBindingHardening, NumberBeyondDoubleRangeIsALocatedError)
{
    // Was an uncaught out_of_range (abort): the binding reader did not use the checked reader.
    const BindingFile f(
        bindingText("\"dims\": {\"N\": [16, 1e400]},\n"
                    "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [\"N\"]}}"));
    Binding b;
    std::string error;
    EXPECT_FALSE(loadBinding(f.path, b, error));
    EXPECT_TRUE(contains(error, "b.json:2:20: invalid JSON: number overflow")) << error;
    EXPECT_TRUE(contains(error, "1e400")) << error;
}

TEST(EvalBindingHardening, FieldsOfTheWrongTypeAreLocatedErrors)
{
    struct Case
    {
        std::string body, place, message;
    };
    const Case cases[] = {
        {"\"dims\": {\"N\": [16, 2.5]}", "b.json:2:20: dims.N[1]", "must be an integer, not 2.5"},
        {"\"dims\": {\"N\": [18446744073709551615]}", "b.json:2:16: dims.N[0]",
         "does not fit in 64-bit integers"},
        {"\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": 4}}", "arrays.x.shape",
         "must be a list"},
        {"\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [true]}}", "arrays.x.shape[0]",
         "must be an integer or an expression string"},
        {"\"arrays\": {\"x\": {\"dtype\": \"i32\", \"shape\": [4], \"range\": [0, 1e300]}}",
         "arrays.x.range", "within +-2^62"},
        {"\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [\"N +\"]}}", "arrays.x.shape[0]",
         "expression 'N +' at column 4"},
        // The init word is read once, here: a misspelt one no longer draws normal values.
        {"\"arrays\": {\"x\": {\"dtype\": \"i32\", \"shape\": [4], \"init\": \"iotaa\"}}",
         "arrays.x.init", "must be normal, uniform or iota, not 'iotaa'"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.body);
        const BindingFile f(bindingText(c.body));
        Binding b;
        std::string error;
        EXPECT_FALSE(loadBinding(f.path, b, error));
        EXPECT_TRUE(contains(error, c.place)) << error;
        EXPECT_TRUE(contains(error, c.message)) << error;
    }
}

TEST(EvalBindingHardening, ShapeLiteralBeyondInt64IsALocatedError)
{
    // Was std::stoll's out_of_range (abort) in the first case run.
    const BindingFile f(bindingText(
        "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [\"99999999999999999999\"]}}"));
    Binding b;
    std::string error;
    ASSERT_FALSE(loadBinding(f.path, b, error));
    EXPECT_TRUE(contains(error, "b.json:2:44: arrays.x.shape[0]: expression "
                                "'99999999999999999999' at column 1: the number "
                                "99999999999999999999 does not fit in 64-bit integers"))
        << error;
}

TEST(EvalBindingHardening, ArithmeticIsCheckedForOverflow)
{
    const std::map<std::string, int64_t> names = {{"H", 1024}, {"M", INT64_MAX}};
    int64_t v = 0;
    std::string error;
    // INT64_MIN / -1 raised SIGFPE.
    EXPECT_FALSE(evalExpression("(0-9223372036854775807-1) / (0-1)", names, v, error));
    EXPECT_TRUE(contains(error, "at column 27: -9223372036854775808 / -1 overflows")) << error;
    // 1024^7 = 2^70 wrapped silently.
    EXPECT_FALSE(evalExpression("H*H*H*H*H*H*H", names, v, error));
    EXPECT_TRUE(contains(error, "at column 12: 1152921504606846976 * 1024 overflows")) << error;
    for (const char* e : {"M + 1", "0 - M - 2", "-(0 - M - 1)", "cdiv(1, 0)", "M / 0",
                          "9223372036854775808", "cdiv(-M, -2)"}) {
        SCOPED_TRACE(e);
        EXPECT_FALSE(evalExpression(e, names, v, error));
    }
    ASSERT_TRUE(evalExpression("cdiv(M, 2) + min(M, 3) - max(-M, -4)", names, v, error)) << error;
    EXPECT_EQ(v, INT64_MAX / 2 + 1 + 3 + 4);
    ASSERT_TRUE(evalExpression("-9223372036854775807 - 1", names, v, error)) << error;
    EXPECT_EQ(v, INT64_MIN);
}

TEST(EvalBindingHardening, DeepNestingIsAnErrorNotAStackOverflow)
{
    const std::map<std::string, int64_t> names;
    int64_t v = 0;
    std::string error;
    const std::string parens = std::string(200000, '(') + "1" + std::string(200000, ')');
    EXPECT_FALSE(evalExpression(parens, names, v, error));
    EXPECT_TRUE(contains(error, "at column 257: nested more than 256 levels deep")) << error;
    EXPECT_LT(error.size(), 400u) << "a long expression is shown around the column only";
    EXPECT_FALSE(evalExpression(std::string(200000, '-') + "1", names, v, error));
    EXPECT_TRUE(contains(error, "nested more than 256 levels deep")) << error;
    std::string calls;
    for (int i = 0; i < 100000; ++i)
        calls += "min(1, ";
    EXPECT_FALSE(evalExpression(calls + "1" + std::string(100000, ')'), names, v, error));
    EXPECT_TRUE(contains(error, "nested more than 256 levels deep")) << error;
    // 256 levels still evaluate.
    ASSERT_TRUE(
        evalExpression(std::string(256, '(') + "7" + std::string(256, ')'), names, v, error))
        << error;
    EXPECT_EQ(v, 7);
}

TEST(EvalBindingHardening, ErrorWhileRunningNamesTheItemAndTheColumn)
{
    const BindingFile f(bindingText("\"dims\": {\"H\": [4, 1024]},\n"
                                    "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [2], "
                                    "\"strides\": [\"H*H*H*H*H*H*H\"]}}"));
    Binding b;
    std::string error;
    ASSERT_TRUE(loadBinding(f.path, b, error)) << error;
    const EvalResult r = evaluateCopy16(b);
    EXPECT_EQ(r.verdict, "error");
    EXPECT_TRUE(contains(r.message, "b.json:3:60: arrays.x.strides[0]: expression "
                                    "'H*H*H*H*H*H*H' at column 12: "))
        << r.message;
}

TEST(EvalBindingHardening, InputsBeyondTheBudgetAreALocatedLimit)
{
    // 2^40 elements, and a stride of 2^62: bad_alloc and length_error before.
    for (const std::string arrays :
         {"\"dims\": {\"N\": [1099511627776]},\n"
          "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [\"N\"]}}",
          "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [2], \"strides\": "
          "[4611686018427387904]}}",
          "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [3], \"strides\": "
          "[9223372036854775807]}}",
          // Row-major strides of this shape overflow int64 (UBSan, found by fuzz_binding_file).
          "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [2, 4294967296, "
          "4294967296]}}"}) {
        SCOPED_TRACE(arrays);
        const BindingFile f(bindingText(arrays));
        Binding b;
        std::string error;
        ASSERT_TRUE(loadBinding(f.path, b, error)) << error;
        const EvalResult r = evaluateCopy16(b);
        EXPECT_EQ(r.verdict, "error");
        ASSERT_TRUE(r.issue);
        EXPECT_EQ(r.issue->kind, IssueKind::Limit);
        EXPECT_TRUE(contains(r.message, "b.json:")) << r.message;
        EXPECT_TRUE(contains(r.message, "more than the input budget of 134217728 elements"))
            << r.message;
    }
    // The budget is the caller's: 100 elements pass at 100 and fail at 99.
    const BindingFile f(
        bindingText("\"dims\": {\"N\": [100]},\n"
                    "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [\"N\"]}}"));
    Binding b;
    std::string error;
    ASSERT_TRUE(loadBinding(f.path, b, error)) << error;
    EvalOptions o;
    o.maxInputElements = 100;
    EXPECT_EQ(evaluateCopy16(b, o).verdict, "same");
    o.maxInputElements = 99;
    EXPECT_EQ(evaluateCopy16(b, o).verdict, "error");
}

TEST(EvalBindingHardening, CasesBeyondTheBudgetAreALocatedLimit)
{
    std::string values;
    for (int i = 0; i < 30; ++i)
        values += (i ? ", " : "") + std::to_string(16 + i);
    const BindingFile f(
        bindingText("\"dims\": {\"N\": [" + values +
                    "]},\n"
                    "\"arrays\": {\"x\": {\"dtype\": \"f32\", \"shape\": [\"N\"]}}"));
    Binding b;
    std::string error;
    ASSERT_TRUE(loadBinding(f.path, b, error)) << error;
    EvalOptions o;
    o.maxCases = 29;
    const EvalResult r = evaluateCopy16(b, o);
    EXPECT_EQ(r.verdict, "error");
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::Limit);
    EXPECT_TRUE(r.cases.empty());
    EXPECT_TRUE(contains(r.message, "b.json:2:10: dims.N lists 30 values")) << r.message;
    EXPECT_TRUE(contains(r.message, "30 cases, more than the budget of 29")) << r.message;
    o.maxCases = 30;
    EXPECT_EQ(evaluateCopy16(b, o).verdict, "same");
}

TEST(EvalBindingHardening, ThousandsOfArraysBindInLinearTime)
{
    // 20,000 one-element arrays, one of which the kernel takes: every look-up by name was a
    // scan of the arrays (expandParams, the buffers), quadratic in all.
    std::string arrays = "\"dims\": {\"N\": [16]},\n\"arrays\": {\"x\": {\"dtype\": \"f32\", "
                         "\"shape\": [\"N\"]}";
    for (int i = 0; i < 20000; ++i)
        arrays += ", \"a" + std::to_string(i) + "\": {\"dtype\": \"i32\", \"shape\": [1]}";
    const BindingFile f(bindingText(arrays + "}"));
    Binding b;
    std::string error;
    ASSERT_TRUE(loadBinding(f.path, b, error)) << error;
    const auto start = std::chrono::steady_clock::now();
    const EvalResult r = evaluateCopy16(b);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.verdict, "same") << r.message;
    EXPECT_LT(seconds, 30.0);
}

TEST(EvalBindingHardening, DefaultBindingOfManyParametersIsLinear)
{
    // 50,000 integer parameters, each with a div_by fact: every fact looked its parameter up
    // by a scan of the scalars.
    constexpr int kParams = 50000;
    std::string ir = "cuda_tile.module @m {\nentry @k(";
    for (int i = 0; i < kParams; ++i)
        ir += (i ? ", %p" : "%p") + std::to_string(i) + ": tile<i32>";
    ir += ") {\n";
    for (int i = 0; i < kParams; ++i)
        ir += "  %a" + std::to_string(i) + " = assume div_by<2>, %p" + std::to_string(i) +
              " : tile<i32>\n";
    ir += "  return\n}\n}\n";
    const ir::ParseResult p = ir::parseModule(ir);
    ASSERT_TRUE(p.ok());
    const ir::Function& fn = *p.modules[0]->functions[0];
    const auto start = std::chrono::steady_clock::now();
    Binding b;
    std::string error;
    ASSERT_TRUE(defaultBinding(fn, fn, b, error)) << error;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(b.scalars.size(), size_t(kParams));
    EXPECT_EQ(b.scalars.back().value, "2");
    EXPECT_LT(seconds, 10.0);
}
