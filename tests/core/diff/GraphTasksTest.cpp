// GraphTasks builds the graphs of both sides on a worker pool: whichever
// worker builds a function, queued or streamed while its side is parsed, its
// graph lands in that function's slot and equals the graph built alone; a side
// that failed to parse ends the work, and a worker's exception reaches the caller.

#include "diff/engine/GraphTasks.h"

#include "DiffTestUtil.h"
#include "diff/graph/GraphBuilder.h"
#include "diff/semantics/Normalizer.h"
#include "ir/Function.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <atomic>
#include <gtest/gtest.h>
#include <stdexcept>

namespace tilelens::diff::test {
namespace {

// A module of `copies` entries taken in turn from two fixtures (of
// different sizes, so that workers finish them at different times).
std::string manyEntries(int copies)
{
    std::vector<std::string> bodies;
    for (const char* f : {"matmul_static_persistent_transB_2048_bf16.mlir",
                          "softmax_persistent_256x2048_f32.mlir"}) {
        const std::string t = fixture(f);
        const auto b = t.find("  entry @");
        const auto e = t.rfind("\n}");
        EXPECT_NE(b, std::string::npos) << f;
        if (b != std::string::npos && e != std::string::npos && e > b)
            bodies.push_back(t.substr(b, e - b + 1));
    }
    std::string out = "cuda_tile.module @kernels {\n";
    for (int i = 0; i < copies && !bodies.empty(); ++i) {
        std::string body = bodies[size_t(i) % bodies.size()];
        body.insert(body.find('('), "_copy" + std::to_string(i));
        out += body;
    }
    return out + "}\n";
}

std::vector<const ir::Module*> modulesOf(const ir::ParseResult& r)
{
    return {r.modules.begin(), r.modules.end()};
}

void expectSameGraph(const GFunction& a, const GFunction& b)
{
    EXPECT_EQ(a.name, b.name);
    ASSERT_EQ(a.ops.size(), b.ops.size()) << a.name;
    ASSERT_EQ(a.values.size(), b.values.size()) << a.name;
    for (size_t i = 0; i < a.ops.size(); ++i) {
        EXPECT_EQ(a.ops[i].name, b.ops[i].name) << a.name << " op " << i;
        EXPECT_EQ(a.ops[i].hash, b.ops[i].hash) << a.name << " op " << i;
        EXPECT_EQ(a.ops[i].live, b.ops[i].live) << a.name << " op " << i;
        EXPECT_EQ(a.ops[i].duplicateOf, b.ops[i].duplicateOf) << a.name << " op " << i;
    }
    for (size_t v = 0; v < a.values.size(); ++v)
        EXPECT_EQ(a.values[v].hash, b.values[v].hash) << a.name << " value " << v;
}

TEST(GraphTasks, GraphsLandInFunctionOrderAndEqualThoseBuiltAlone)
{
    const ir::ParseResult ref = ir::parseModule(manyEntries(13));
    const ir::ParseResult gen = ir::parseModule(manyEntries(11));
    ASSERT_TRUE(ref.ok() && gen.ok());
    // More workers than this machine may have cores: helpers take part too.
    const unsigned workers = 4;
    GraphTasks tasks(workers);
    tasks.publish(Side::Reference, modulesOf(ref));
    tasks.publish(Side::Generated, modulesOf(gen));
    runOnWorkers(workers, [&](unsigned k) { tasks.work(k); });
    const PerSide<std::vector<GFunction>> built{tasks.take(Side::Reference),
                                                tasks.take(Side::Generated)};

    const PerSide<const ir::ParseResult*> parsed{&ref, &gen};
    for (Side side : kBothSides) {
        const auto& fs = parsed[side]->modules.front()->functions;
        ASSERT_EQ(built[side].size(), fs.size());
        for (size_t i = 0; i < fs.size(); ++i) {
            GFunction alone = buildGraph(*fs[i]);
            normalizeGraph(alone);
            expectSameGraph(built[side][i], alone);
        }
    }
}

// Functions streamed while a side is parsed (ParseOptions::onFunction) land in
// their slots like queued ones, on two workers (the parsing thread builds them)
// and on four (free workers do); entries not announced (here: every third of
// the generated side) are queued when the side is published.
TEST(GraphTasks, StreamedFunctionsLandInFunctionOrderOnTwoAndFourWorkers)
{
    const PerSide<std::string> texts{manyEntries(13), manyEntries(11)};
    for (const unsigned workers : {2u, 4u}) {
        GraphTasks tasks(workers);
        PerSide<ir::ParseResult> parsed;
        std::atomic<int> streamed{0};
        runOnWorkers(workers, [&](unsigned k) {
            if (const std::optional<Side> parsing = sideParsedBy(k)) {
                const Side side = *parsing;
                int seen = 0;
                ir::ParseOptions options;
                options.onFunction = [&](const ir::Function& f) {
                    if (side == Side::Generated && seen++ % 3 == 0)
                        return;
                    ++streamed;
                    tasks.stream(side, f);
                };
                tasks.expectInput(side, texts[side].size());
                parsed[side] = ir::parseModule(texts[side], options);
                tasks.publish(side, modulesOf(parsed[side]));
            }
            tasks.work(k);
        });
        EXPECT_EQ(streamed, 13 + 11 - 4) << workers;
        const PerSide<std::vector<GFunction>> built{tasks.take(Side::Reference),
                                                    tasks.take(Side::Generated)};
        for (Side side : kBothSides) {
            const auto& fs = parsed[side].modules.front()->functions;
            ASSERT_EQ(built[side].size(), fs.size()) << workers;
            for (size_t i = 0; i < fs.size(); ++i) {
                GFunction alone = buildGraph(*fs[i]);
                normalizeGraph(alone);
                expectSameGraph(built[side][i], alone);
                EXPECT_NE(built[side][i].summary, nullptr);
            }
        }
    }
}

TEST(GraphTasks, ASideWithoutModulesEndsTheWork)
{
    const ir::ParseResult gen = ir::parseModule(manyEntries(5));
    ASSERT_TRUE(gen.ok());
    const unsigned workers = 3;
    GraphTasks tasks(workers);
    // As compareLoading does: workers 0 and 1 publish their side, then all build.
    runOnWorkers(workers, [&](unsigned k) {
        if (sideParsedBy(k) == Side::Reference)
            tasks.publish(Side::Reference, {}); // e.g. the reference did not parse
        else if (sideParsedBy(k) == Side::Generated)
            tasks.publish(Side::Generated, modulesOf(gen));
        tasks.work(k);
    });
    EXPECT_TRUE(tasks.take(Side::Reference).empty());
    const std::vector<GFunction> gg = tasks.take(Side::Generated);
    ASSERT_EQ(gg.size(), 5u);
    EXPECT_EQ(gg[4].name, std::string(gen.modules.front()->functions[4]->name));
}

TEST(GraphTasks, AWorkersExceptionReachesTheCallerAfterAllJoined)
{
    std::atomic<int> finished{0};
    EXPECT_THROW(runOnWorkers(3,
                              [&](unsigned k) {
                                  if (k == 2)
                                      throw std::runtime_error("worker 2 failed");
                                  ++finished;
                              }),
                 std::runtime_error);
    EXPECT_EQ(finished.load(), 2);
}

} // namespace
} // namespace tilelens::diff::test
