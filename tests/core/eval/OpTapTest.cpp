// The interpreter's tap (issue 30 item 2): the values of chosen ops, recorded as a run goes, so
// that a finding's two ops can be compared where no output shows their difference.

#include "EvalTestUtil.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Op.h"
#include "ir/Region.h"

#include <cmath>

using namespace tilelens;
using namespace tilelens::eval;
using namespace tilelens::eval::test;

namespace {

// sigmoid written e/(1+e): NaN where exp overflows; the result is then masked to zero by a
// select, so the output never shows it.
const char* kHiddenNan = "testing$func @f(%a: tile<2xf32>, %m: tile<2xi1>) -> tile<2xf32> {\n"
                         "  %e = exp %a : tile<2xf32>\n"
                         "  %one = constant <f32: 1.0> : tile<2xf32>\n"
                         "  %s = addf %e, %one : tile<2xf32>\n"
                         "  %q = divf %e, %s : tile<2xf32>\n"
                         "  %z = constant <f32: 0.0> : tile<2xf32>\n"
                         "  %r = select %m, %q, %z : tile<2xi1>, tile<2xf32>\n"
                         "  return %r : tile<2xf32>\n}";

struct Tapped
{
    ir::ParseResult parsed;
    std::optional<EvalIssue> issue;
    std::vector<RtValue> results;
};

const ir::Op* opNamed(const ir::Function& fn, std::string_view mnemonic)
{
    for (const ir::Op* op : fn.body->entryBlock()->ops)
        if (op->name.mnemonic() == mnemonic)
            return op;
    return nullptr;
}

Tapped runTapped(const std::string& func, const std::vector<RtValue>& args, OpTap* tap,
                 std::string_view tapped)
{
    Tapped t;
    t.parsed = ir::parseModule("cuda_tile.module @m {\n" + func + "\n}\n");
    EXPECT_TRUE(t.parsed.ok());
    if (!t.parsed.ok())
        return t;
    const ir::Function& fn = *t.parsed.modules[0]->functions[0];
    InterpreterOptions io;
    if (tap) {
        const ir::Op* op = opNamed(fn, tapped);
        EXPECT_NE(op, nullptr) << tapped;
        tap->ops.insert(op);
        io.tap = tap;
    }
    Memory memory;
    Interpreter interp(memory, io);
    t.issue = interp.run(fn, args, {}, &t.results);
    return t;
}

} // namespace

TEST(EvalOpTap, RecordsTheTappedValueThatNoOutputShows)
{
    OpTap tap;
    const Tapped t =
        runTapped(kHiddenNan, {floats(Elem::F32, {2}, {100.0, 0.5}), ints(Elem::I1, {2}, {0, 1})},
                  &tap, "divf");
    ASSERT_FALSE(t.issue) << t.issue->format();
    // The output: the overflowing lane is masked off, the other is sigmoid(0.5).
    ASSERT_EQ(t.results.size(), 1u);
    EXPECT_EQ(t.results[0].tile->floats[0], 0.0);
    EXPECT_FALSE(std::isnan(t.results[0].tile->floats[1]));
    // The tap holds the divf's value, NaN in lane 0, with its element-wise operands.
    ASSERT_EQ(tap.records.size(), 1u);
    const std::vector<TapRecord>& runs = tap.records.begin()->second;
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(tap.runs.begin()->second, 1u);
    EXPECT_TRUE(std::isnan(runs[0].result.floats[0]));
    EXPECT_EQ(runs[0].result.shape, (std::vector<int64_t>{2}));
    EXPECT_EQ(runs[0].operandNames, (std::vector<std::string>{"%e", "%s"}));
    ASSERT_EQ(runs[0].operands.size(), 2u);
    EXPECT_TRUE(std::isinf(runs[0].operands[0].floats[0]));
    EXPECT_EQ(runs[0].block, (std::vector<int64_t>{0, 0, 0}));
}

TEST(EvalOpTap, NoTapRecordsNothingAndAnUntappedOpIsNotRecorded)
{
    const Tapped plain =
        runTapped(kHiddenNan, {floats(Elem::F32, {2}, {100.0, 0.5}), ints(Elem::I1, {2}, {0, 1})},
                  nullptr, "");
    ASSERT_FALSE(plain.issue);
    OpTap tap;
    const Tapped t =
        runTapped(kHiddenNan, {floats(Elem::F32, {2}, {100.0, 0.5}), ints(Elem::I1, {2}, {0, 1})},
                  &tap, "exp");
    ASSERT_FALSE(t.issue);
    ASSERT_EQ(tap.records.size(), 1u);
    EXPECT_EQ(tap.records.begin()->first->name.mnemonic(), "exp");
    // The same output with and without a tap.
    EXPECT_EQ(plain.results[0].tile->floats, t.results[0].tile->floats);
}

TEST(EvalOpTap, ARunPastTheBudgetIsCountedNotKept)
{
    OpTap tap;
    tap.maxElements = 3; // the divf's 2 elements and 2 operands of 2: 6 > 3
    const Tapped t =
        runTapped(kHiddenNan, {floats(Elem::F32, {2}, {100.0, 0.5}), ints(Elem::I1, {2}, {0, 1})},
                  &tap, "divf");
    ASSERT_FALSE(t.issue);
    EXPECT_EQ(tap.runs.begin()->second, 1u);
    EXPECT_TRUE(tap.records.empty());
    EXPECT_EQ(tap.elements, 0u);
}

// The quick CPU search of a plain diff (issue 30 item 2) runs only the first and the last tile
// block of each grid dimension: a 5 x 3 grid runs 4 blocks, in grid order; a 1-wide dimension
// runs its one block once.
TEST(EvalOpTap, AQuickRunExecutesTheFirstAndLastBlockOfEachGridDimension)
{
    const std::string func = "testing$func @f() -> tile<i32> {\n"
                             "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
                             "  return %bx : tile<i32>\n}";
    const ir::ParseResult parsed = ir::parseModule("cuda_tile.module @m {\n" + func + "\n}\n");
    ASSERT_TRUE(parsed.ok());
    const ir::Function& fn = *parsed.modules[0]->functions[0];
    const auto blocksRun = [&](BlockSubset subset, Grid grid) {
        OpTap tap;
        tap.ops.insert(opNamed(fn, "get_tile_block_id"));
        InterpreterOptions io;
        io.tap = &tap;
        io.blocks = subset;
        Memory memory;
        Interpreter interp(memory, io);
        EXPECT_FALSE(interp.run(fn, {}, grid));
        std::vector<std::vector<int64_t>> blocks;
        for (const auto& [op, records] : tap.records)
            for (const TapRecord& r : records)
                blocks.push_back(r.block);
        return blocks;
    };
    const std::vector<std::vector<int64_t>> quick = {{0, 0, 0}, {4, 0, 0}, {0, 2, 0}, {4, 2, 0}};
    EXPECT_EQ(blocksRun(BlockSubset::FirstAndLast, {5, 3, 1}), quick);
    EXPECT_EQ(blocksRun(BlockSubset::All, {5, 3, 1}).size(), 15u);
    EXPECT_EQ(blocksRun(BlockSubset::FirstAndLast, {1, 1, 1}),
              (std::vector<std::vector<int64_t>>{{0, 0, 0}}));
}
