// Integer ops against hand-computed results: wrapping, signedness, division
// rounding modes, shifts, compares, conversions.

#include "EvalTestUtil.h"

using namespace tilelens::eval;
using namespace tilelens::eval::test;

namespace {

FuncRun binary(const std::string& opText, Elem e, const std::string& ty,
               const std::vector<int64_t>& a, const std::vector<int64_t>& b,
               const std::string& resTy = "")
{
    const std::string rt = resTy.empty() ? ty : resTy;
    const int64_t n = int64_t(a.size());
    return runFunc("testing$func @f(%a: " + ty + ", %b: " + ty + ") -> " + rt +
                       " {\n  %r = " + opText + " : " + (resTy.empty() ? ty : ty + " -> " + rt) +
                       "\n  return %r : " + rt + "\n}",
                   {ints(e, {n}, a), ints(e, {n}, b)});
}

} // namespace

TEST(EvalIntegerOps, AddSubMulWrap)
{
    EXPECT_EQ(intsOf(binary("addi %a, %b", Elem::I8, "tile<2xi8>", {127, -128}, {1, -1})),
              (std::vector<int64_t>{-128, 127}));
    EXPECT_EQ(intsOf(binary("subi %a, %b", Elem::I8, "tile<2xi8>", {-128, 5}, {1, 7})),
              (std::vector<int64_t>{127, -2}));
    EXPECT_EQ(intsOf(binary("muli %a, %b", Elem::I16, "tile<2xi16>", {300, -3}, {300, 7})),
              (std::vector<int64_t>{90000 - 65536, -21}));
}

TEST(EvalIntegerOps, DivisionRoundingModes)
{
    const std::vector<int64_t> a = {7, -7, 7, -7, 6};
    const std::vector<int64_t> b = {2, 2, -2, -2, 3};
    EXPECT_EQ(intsOf(binary("divi %a, %b signed", Elem::I32, "tile<5xi32>", a, b)),
              (std::vector<int64_t>{3, -3, -3, 3, 2}));
    EXPECT_EQ(
        intsOf(binary("divi %a, %b signed rounding<negative_inf>", Elem::I32, "tile<5xi32>", a, b)),
        (std::vector<int64_t>{3, -4, -4, 3, 2}));
    EXPECT_EQ(
        intsOf(binary("divi %a, %b signed rounding<positive_inf>", Elem::I32, "tile<5xi32>", a, b)),
        (std::vector<int64_t>{4, -3, -3, 4, 2}));
    // Unsigned: -7 is 2^32 - 7.
    EXPECT_EQ(intsOf(binary("divi %a, %b unsigned", Elem::I32, "tile<2xi32>", {-7, 7}, {2, 2})),
              (std::vector<int64_t>{2147483644, 3}));
    EXPECT_EQ(intsOf(binary("divi %a, %b unsigned rounding<positive_inf>", Elem::I32, "tile<1xi32>",
                            {7}, {2})),
              (std::vector<int64_t>{4}));
}

TEST(EvalIntegerOps, DivisionByZeroAndOverflowAreReported)
{
    FuncRun r = binary("divi %a, %b signed", Elem::I32, "tile<2xi32>", {1, 2}, {1, 0});
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::Undefined);
    EXPECT_EQ(r.issue->op, "divi");
    EXPECT_EQ(r.issue->indices, (std::vector<int64_t>{1}));
    r = binary("divi %a, %b signed", Elem::I8, "tile<1xi8>", {-128}, {-1});
    ASSERT_TRUE(r.issue);
    EXPECT_NE(r.issue->message.find("overflow"), std::string::npos);
}

TEST(EvalIntegerOps, RemainderTakesTheDividendSign)
{
    EXPECT_EQ(intsOf(binary("remi %a, %b signed", Elem::I32, "tile<4xi32>", {7, -7, 7, -7},
                            {3, 3, -3, -3})),
              (std::vector<int64_t>{1, -1, 1, -1}));
    EXPECT_EQ(intsOf(binary("remi %a, %b unsigned", Elem::I8, "tile<1xi8>", {-1}, {10})),
              (std::vector<int64_t>{5})); // 255 % 10
}

TEST(EvalIntegerOps, ShiftsMinMaxAndBitwise)
{
    EXPECT_EQ(intsOf(binary("shri %a, %b signed", Elem::I8, "tile<2xi8>", {-16, 16}, {2, 2})),
              (std::vector<int64_t>{-4, 4}));
    EXPECT_EQ(intsOf(binary("shri %a, %b unsigned", Elem::I8, "tile<1xi8>", {-16}, {2})),
              (std::vector<int64_t>{60})); // 240 >> 2
    EXPECT_EQ(intsOf(binary("shli %a, %b", Elem::I8, "tile<2xi8>", {65, 1}, {1, 9})),
              (std::vector<int64_t>{-126, 0}));
    EXPECT_EQ(intsOf(binary("maxi %a, %b signed", Elem::I32, "tile<2xi32>", {-1, 3}, {2, -5})),
              (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(intsOf(binary("maxi %a, %b unsigned", Elem::I32, "tile<1xi32>", {-1}, {2})),
              (std::vector<int64_t>{-1}));
    EXPECT_EQ(intsOf(binary("mini %a, %b signed", Elem::I32, "tile<1xi32>", {-1}, {2})),
              (std::vector<int64_t>{-1}));
    EXPECT_EQ(intsOf(binary("xori %a, %b", Elem::I32, "tile<1xi32>", {12}, {10})),
              (std::vector<int64_t>{6}));
    EXPECT_EQ(intsOf(binary("andi %a, %b", Elem::I32, "tile<1xi32>", {12}, {10})),
              (std::vector<int64_t>{8}));
    EXPECT_EQ(intsOf(binary("ori %a, %b", Elem::I32, "tile<1xi32>", {12}, {10})),
              (std::vector<int64_t>{14}));
}

TEST(EvalIntegerOps, CompareRespectsSignedness)
{
    EXPECT_EQ(intsOf(binary("cmpi less_than %a, %b, signed", Elem::I32, "tile<2xi32>", {-1, 1},
                            {0, 2}, "tile<2xi1>")),
              (std::vector<int64_t>{1, 1}));
    EXPECT_EQ(intsOf(binary("cmpi less_than %a, %b, unsigned", Elem::I32, "tile<2xi32>", {-1, 1},
                            {0, 2}, "tile<2xi1>")),
              (std::vector<int64_t>{0, 1}));
    EXPECT_EQ(intsOf(binary("cmpi greater_than_or_equal %a, %b, signed", Elem::I32, "tile<2xi32>",
                            {3, 1}, {3, 2}, "tile<2xi1>")),
              (std::vector<int64_t>{1, 0}));
}

TEST(EvalIntegerOps, ExtendTruncateAndSelect)
{
    FuncRun r = runFunc("testing$func @f(%a: tile<2xi8>, %c: tile<2xi1>) -> tile<2xi32> {\n"
                        "  %s = exti %a signed : tile<2xi8> -> tile<2xi32>\n"
                        "  %u = exti %a unsigned : tile<2xi8> -> tile<2xi32>\n"
                        "  %r = select %c, %s, %u : tile<2xi1>, tile<2xi32>\n"
                        "  return %r : tile<2xi32>\n}",
                        {ints(Elem::I8, {2}, {-1, -1}), ints(Elem::I1, {2}, {1, 0})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{-1, 255}));
    r = runFunc("testing$func @f(%a: tile<2xi32>) -> tile<2xi8> {\n"
                "  %t = trunci %a : tile<2xi32> -> tile<2xi8>\n"
                "  return %t : tile<2xi8>\n}",
                {ints(Elem::I32, {2}, {300, -129})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{44, 127}));
    r = runFunc("testing$func @f(%a: tile<2xi1>) -> tile<2xi32> {\n"
                "  %t = exti %a signed : tile<2xi1> -> tile<2xi32>\n"
                "  return %t : tile<2xi32>\n}",
                {ints(Elem::I1, {2}, {1, 0})});
    EXPECT_EQ(intsOf(r), (std::vector<int64_t>{-1, 0}));
}
