// JSON reading (issue 14, item 3): every JSON input goes through common/JsonText (checked
// parse, depth bound) and analysis.json messages through ws::JsonLocator; both must stay linear.
//   * BM_ParseWide       - a ~16 MB (smoke: ~1 MB) document of 250 nested arrays holding many
//                          numbers: checked parse, MB/s
//   * BM_LocatorWide     - the locator built over the same text, MB/s
//   * BM_ParseObjects    - an array of small objects with distinct keys, parse + locator, MB/s
//   * BM_RefuseDeep      - 10^5 nested '[' (took 68 s before the fix): time to the error
// MB/s counters are decimal (10^6 bytes).
// Run: build/release/tests/bench/tilelens_bench_json --benchmark_min_time=1

#include "common/JsonText.h"
#include "workspace/JsonLocator.h"

#include <benchmark/benchmark.h>
#include <cstdlib>
#include <string>

using namespace tilelens;

namespace {

bool smoke()
{
    return std::getenv("TILELENS_BENCH_SMOKE") != nullptr;
}

const std::string& wideDocument()
{
    static const std::string doc = [] {
        const int numbers = smoke() ? 150000 : 2000000;
        std::string inner = "[0";
        for (int i = 1; i < numbers; ++i)
            inner += "," + std::to_string(i);
        inner += "]";
        return "{\"kernel_name\":\"softmax\",\"x\":" + std::string(250, '[') + inner +
               std::string(250, ']') + "}";
    }();
    return doc;
}

const std::string& objectsDocument()
{
    static const std::string doc = [] {
        const int objects = smoke() ? 20000 : 500000;
        std::string s = "{\"x\":[";
        for (int i = 0; i < objects; ++i)
            s += (i ? "," : "") + std::string("{\"k") + std::to_string(i) + "\":[" +
                 std::to_string(i) + ",\"s\"]}";
        return s + "]}";
    }();
    return doc;
}

void reportMBs(benchmark::State& state, size_t bytes)
{
    state.counters["MB/s"] = benchmark::Counter(double(bytes) * double(state.iterations()) / 1e6,
                                                benchmark::Counter::kIsRate);
    state.counters["MB"] = double(bytes) / 1e6;
}

void BM_ParseWide(benchmark::State& state)
{
    const std::string& doc = wideDocument();
    for (auto _ : state) {
        JsonTextError error;
        auto value = parseJsonText<nlohmann::ordered_json>(doc, error);
        if (!value)
            state.SkipWithError(error.message.c_str());
        benchmark::DoNotOptimize(value);
    }
    reportMBs(state, doc.size());
}

void BM_LocatorWide(benchmark::State& state)
{
    const std::string& doc = wideDocument();
    for (auto _ : state) {
        ws::JsonLocator locator(doc);
        benchmark::DoNotOptimize(locator.offsetOf("/x/0"));
    }
    reportMBs(state, doc.size());
}

void BM_ParseObjects(benchmark::State& state)
{
    const std::string& doc = objectsDocument();
    for (auto _ : state) {
        JsonTextError error;
        auto value = parseJsonText<nlohmann::ordered_json>(doc, error);
        ws::JsonLocator locator(doc);
        benchmark::DoNotOptimize(value);
        benchmark::DoNotOptimize(locator.offsetOf("/x/7/k7"));
    }
    reportMBs(state, doc.size());
}

void BM_RefuseDeep(benchmark::State& state)
{
    const std::string doc = std::string(100000, '[') + std::string(100000, ']');
    for (auto _ : state) {
        JsonTextError error;
        auto value = parseJsonText<nlohmann::ordered_json>(doc, error);
        if (value)
            state.SkipWithError("10^5 nested arrays were accepted");
        benchmark::DoNotOptimize(error);
    }
}

} // namespace

BENCHMARK(BM_ParseWide)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LocatorWide)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseObjects)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RefuseDeep)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
