// The interpreter's budgets (issue 32): values are dropped after their last use and the live
// tiles are bounded; work counts executed ops, not only elements; wall time is bounded. Each
// is a located limit (op, line, loop), never an abort or a run of minutes.

#include "EvalTestUtil.h"

#include <chrono>

using namespace tilelens;
using namespace tilelens::eval;
using namespace tilelens::eval::test;

namespace {

// `count` addf in a chain on tiles of `size` f32: each result is used by the next op only.
std::string addfChain(int count, int size)
{
    const std::string t = "tile<" + std::to_string(size) + "xf32>";
    std::string f = "testing$func @f() -> " + t + " {\n  %a0 = constant <f32: 1.0> : " + t + "\n";
    for (int i = 1; i <= count; ++i)
        f += "  %a" + std::to_string(i) + " = addf %a" + std::to_string(i - 1) + ", %a0 : " + t +
             "\n";
    return f + "  return %a" + std::to_string(count) + " : " + t + "\n}";
}

// A scalar loop of `trips` trips summing its induction variable.
const char* const kScalarLoop = "testing$func @f(%n: tile<i32>) -> tile<i32> {\n"
                                "  %z = constant <i32: 0> : tile<i32>\n"
                                "  %one = constant <i32: 1> : tile<i32>\n"
                                "  %s = for %i in (%z to %n, step %one) : tile<i32> "
                                "iter_values(%acc = %z) -> (tile<i32>) {\n"
                                "    %t = addi %acc, %i : tile<i32>\n"
                                "    continue %t : tile<i32>\n"
                                "  }\n"
                                "  return %s : tile<i32>\n}";

struct Outcome
{
    ir::ParseResult parsed;
    std::optional<EvalIssue> issue;
    RunStats stats;
    std::vector<RtValue> results;
};

Outcome run(const std::string& func, const std::vector<RtValue>& args, const InterpreterOptions& o)
{
    Outcome r;
    r.parsed = ir::parseModule("cuda_tile.module @m {\n" + func + "\n}\n");
    EXPECT_TRUE(r.parsed.ok());
    if (!r.parsed.ok())
        return r;
    Memory memory;
    Interpreter interp(memory, o);
    r.issue = interp.run(*r.parsed.modules[0]->functions[0], args, {}, &r.results);
    r.stats = interp.stats();
    return r;
}

} // namespace

TEST(EvalBudgets, ValuesAreDroppedAfterTheirLastUse)
{
    // Every SSA tile stayed alive: 100 addf on 2^24-element tiles needed more than 12 GB.
    // Now the chain holds the constant, the operand and the result.
    constexpr int kSize = 4096;
    InterpreterOptions o;
    o.maxLiveElements = 3 * kSize;
    const Outcome r = run(addfChain(100, kSize), {}, o);
    ASSERT_FALSE(r.issue) << r.issue->format();
    EXPECT_LE(r.stats.peakLiveElements, uint64_t(3 * kSize));
    ASSERT_EQ(r.results.size(), 1u);
    EXPECT_EQ(r.results[0].tile->floats[0], 101.0f);
}

TEST(EvalBudgets, LiveTilesBeyondTheBudgetAreALocatedLimit)
{
    InterpreterOptions o;
    o.maxLiveElements = 2 * 4096;
    const Outcome r = run(addfChain(3, 4096), {}, o);
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::Limit);
    EXPECT_EQ(r.issue->op, "addf");
    EXPECT_EQ(r.issue->line, 5); // the second addf needs a third tile
    EXPECT_NE(r.issue->message.find("more than the budget of 8192 elements"), std::string::npos)
        << r.issue->message;
    // A single tile beyond the budget is refused before it is allocated.
    o.maxLiveElements = kDefaultMaxLiveElements;
    const Outcome big =
        run("testing$func @f() {\n  %a = iota : tile<1073741824xi32>\n  return\n}", {}, o);
    ASSERT_TRUE(big.issue);
    EXPECT_EQ(big.issue->kind, IssueKind::Limit);
    EXPECT_NE(big.issue->message.find("a tile of 1073741824 elements"), std::string::npos)
        << big.issue->message;
}

TEST(EvalBudgets, WorkCountsExecutedOpsAndNamesTheLoop)
{
    // Two ops and two elements a trip: 1,000 trips are about 4,000 units of work. Counting
    // elements alone, the budget let a scalar loop of 2^31 trips run for minutes.
    InterpreterOptions o;
    o.maxBlockWork = 3000;
    const Outcome r = run(kScalarLoop, {ints(Elem::I32, {}, {1000})}, o);
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::Limit);
    EXPECT_NE(r.issue->message.find("more than 3000 units of work"), std::string::npos)
        << r.issue->message;
    // The loop's own trip count tripped it; an op of its body names the loop instead.
    EXPECT_NE(r.issue->format().find("line 5:3: limit in for:"), std::string::npos)
        << r.issue->format();
    EXPECT_LE(r.stats.ops, 1510u);
    o.maxBlockWork = 3001;
    const Outcome inBody = run(kScalarLoop, {ints(Elem::I32, {}, {1000})}, o);
    ASSERT_TRUE(inBody.issue);
    EXPECT_NE(inBody.issue->format().find(
                  "limit in addi: more than 3001 units of work "
                  "(executed ops, the elements they produce, mma products) in one "
                  "tile block (in the for at line 5:3)"),
              std::string::npos)
        << inBody.issue->format();
    o.maxBlockWork = 5000;
    const Outcome fits = run(kScalarLoop, {ints(Elem::I32, {}, {1000})}, o);
    ASSERT_FALSE(fits.issue) << fits.issue->format();
    EXPECT_EQ(fits.results[0].tile->ints[0], 999 * 1000 / 2);
}

TEST(EvalBudgets, WallTimeIsBoundedAndNamesTheLoop)
{
    InterpreterOptions o;
    o.timeoutSeconds = 0.2;
    o.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
    const auto start = std::chrono::steady_clock::now();
    const Outcome r = run(kScalarLoop, {ints(Elem::I32, {}, {2147483647})}, o);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::Limit);
    EXPECT_NE(r.issue->message.find("wall-time budget of 0.2 s"), std::string::npos)
        << r.issue->message;
    EXPECT_GT(r.issue->line, 0);
    EXPECT_LT(seconds, 10.0);
}

TEST(EvalBudgets, AnMmaIsChargedItsProductsBeforeItRuns)
{
    // One op of M*N*K products: a 4096-cube mmaf would run for minutes between two checks.
    const std::string mma = "testing$func @f() -> tile<64x64xf32> {\n"
                            "  %a = constant <f32: 1.0> : tile<64x64xf32>\n"
                            "  %d = mmaf %a, %a, %a : tile<64x64xf32>, tile<64x64xf32>, "
                            "tile<64x64xf32>\n"
                            "  return %d : tile<64x64xf32>\n}";
    InterpreterOptions o;
    o.maxBlockWork = 200000; // 64^3 = 262,144 products
    const Outcome r = run(mma, {}, o);
    ASSERT_TRUE(r.issue);
    EXPECT_EQ(r.issue->kind, IssueKind::Limit);
    EXPECT_EQ(r.issue->op, "mmaf");
    o.maxBlockWork = 300000;
    const Outcome fits = run(mma, {}, o);
    ASSERT_FALSE(fits.issue) << fits.issue->format();
    EXPECT_EQ(fits.results[0].tile->floats[0], 65.0);
}
