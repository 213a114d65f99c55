// A superseded diff stops: the parser, the graph workers and the function-pair workers poll the
// CancelToken of CompareOptions between functions, and the whole compare throws Cancelled once
// every worker has stopped (no thread left running, no result).

#include "DiffTestUtil.h"
#include "ir/Parser.h"

#include <atomic>
#include <gtest/gtest.h>
#include <thread>

namespace tilelens::diff::test {
namespace {

// `copies` entries, the two fixtures in turn, under distinct names.
std::string manyEntries(int copies)
{
    std::vector<std::string> bodies;
    for (const char* f : {"matmul_static_persistent_transB_2048_bf16.mlir",
                          "softmax_persistent_256x2048_f32.mlir"}) {
        const std::string t = fixture(f);
        const auto b = t.find("  entry @");
        const auto e = t.rfind("\n}");
        bodies.push_back(t.substr(b, e - b + 1));
    }
    std::string out = "cuda_tile.module @kernels {\n";
    for (int i = 0; i < copies; ++i) {
        std::string body = bodies[size_t(i) % bodies.size()];
        body.insert(body.find('('), "_copy" + std::to_string(i));
        out += body;
    }
    return out + "}\n";
}

// compareLoading of two texts, each parsed on its loader thread with the options' token;
// `afterEntries` > 0: the token is cancelled once that many entries of the reference side
// were announced (from the parsing thread, in the middle of the work).
std::optional<DiffResult> compare(const std::string& text, CancelSource& source, int afterEntries,
                                  std::atomic<int>* announced = nullptr)
{
    PerSide<ir::ParseResult> parsed;
    CompareOptions options;
    options.cancel = source.token();
    options.inputBytes = 2 * text.size();
    const auto load = [&](Side side, const FunctionSink& announce) {
        ir::ParseOptions o;
        o.cancel = options.cancel;
        o.onFunction = [&, side](const ir::Function& f) {
            announce(f);
            const int n = announced ? ++*announced : 0;
            if (side == Side::Reference && afterEntries > 0 && n >= afterEntries)
                source.cancel();
        };
        parsed[side] = ir::parseModule(text, o);
        return std::vector<const ir::Module*>(parsed[side].modules.begin(),
                                              parsed[side].modules.end());
    };
    return compareLoading(load, {}, RuleSet::defaults(), "ref.mlir", "gen.mlir", options);
}

TEST(Cancel, ACancelledTokenStopsTheParser)
{
    CancelSource source;
    source.cancel();
    ir::ParseOptions o;
    o.cancel = source.token();
    EXPECT_THROW(ir::parseModule(fixture("softmax_persistent_256x2048_f32.mlir"), o), Cancelled);
    // Without a token nothing changes.
    EXPECT_TRUE(ir::parseModule(fixture("softmax_persistent_256x2048_f32.mlir")).ok());
}

TEST(Cancel, ACancelledTokenStopsTheCompareBeforeItStarts)
{
    CancelSource source;
    source.cancel();
    EXPECT_THROW(compare(manyEntries(4), source, 0), Cancelled);
}

TEST(Cancel, ACancelInTheMiddleStopsEveryWorker)
{
    const std::string text = manyEntries(200);
    std::atomic<int> announced{0};
    CancelSource source;
    EXPECT_THROW(compare(text, source, 5, &announced), Cancelled);
    // The parsers stopped at their next entry: far from all 2 x 200 were announced.
    EXPECT_LT(announced.load(), 200);
}

TEST(Cancel, ACancelFromAnotherThreadEndsTheCompare)
{
    const std::string text = manyEntries(400);
    CancelSource source;
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        source.cancel();
    });
    // Ends either way (functional: no time bound); cancelled it throws, else it finished first.
    try {
        const auto r = compare(text, source, 0);
        EXPECT_TRUE(r.has_value());
    } catch (const Cancelled&) {
        SUCCEED();
    }
    canceller.join();
}

TEST(Cancel, AnUncancelledTokenChangesNothing)
{
    const std::string text = manyEntries(6);
    CancelSource source;
    const auto withToken = compare(text, source, 0);
    ASSERT_TRUE(withToken);
    EXPECT_EQ(withToken->verdict, Verdict::Pass);
    EXPECT_EQ(withToken->functions.size(), 6u);
}

} // namespace
} // namespace tilelens::diff::test
