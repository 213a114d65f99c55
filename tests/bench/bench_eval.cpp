// Benchmarks of the Tile IR interpreter (issue 16):
//  * BM_EvalRealPair/<pair>: one `eval` of a real-port pair (reference vs cuTile Rust port)
//    with its binding from tests/data/eval: time per evaluation (target: a few seconds);
//    counters: element operations per second of the interpreter, elements compared,
//    whether the verdict was `same`.
//  * BM_EvalCorpusKernel: every corpus kernel (cuTile Python references and cuTile Rust
//    real ports) against itself with the default binding (mangled entry name or tensor
//    views, one size for every axis, from the assume facts; tests/data/eval/corpus/<kernel>
//    .binding.json where that does not fit): element operations per second
//    over the kernels that run, how many ran to a verdict, were unsupported or had no
//    default binding (those are listed on stderr with the reason).
// TILELENS_BENCH_SMOKE=1 runs only the two fastest pairs and the (small) dropout kernels.

#include "TestPaths.h"
#include "eval/Differential.h"
#include "ir/Module.h"
#include "ir/Parser.h"

#include <QDir>
#include <QFileInfo>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <string>
#include <vector>

using namespace tilelens;

namespace {

bool smoke()
{
    return qEnvironmentVariableIntValue("TILELENS_BENCH_SMOKE") == 1;
}

const std::vector<std::string>& pairNames()
{
    static const std::vector<std::string> all = {"swiglu_fwd_2x512x4096_bf16",
                                                 "matmul_128x128x32_2048_f16",
                                                 "matmul_static_persistent_4096x8192x2728_f16",
                                                 "bmm_128x128x32_8x512_f16",
                                                 "bmm_static_persistent_16x1024_bf16",
                                                 "attention_sink_2x128q128k_h8g8_d64_bf16"};
    static const std::vector<std::string> quick(all.begin(), all.begin() + 2);
    return smoke() ? quick : all;
}

void BM_EvalRealPair(benchmark::State& state, const std::string& name)
{
    if (!test::corpusAvailable()) {
        state.SkipWithError("shared corpus not found");
        return;
    }
    const std::string corpus = test::corpusDir().toStdString();
    const ir::ParseResult ref = ir::parseFile(corpus + "/tilegym-cutile/mlir/" + name + ".mlir");
    const ir::ParseResult gen = ir::parseFile(corpus + "/real-ports/" + name + ".mlir");
    eval::Binding binding;
    std::string error;
    if (!ref.ok() || !gen.ok() ||
        !eval::loadBinding(test::testDataDir().toStdString() + "/eval/" + name + ".binding.json",
                           binding, error)) {
        state.SkipWithError(("cannot load the pair: " + error).c_str());
        return;
    }
    double elementOps = 0, compared = 0;
    bool same = true;
    for (auto _ : state) {
        const eval::EvalResult r = eval::evaluatePair(*ref.modules[0]->functions[0],
                                                      *gen.modules[0]->functions[0], binding, {});
        elementOps += double(r.elementOps);
        for (const auto& c : r.cases)
            compared += double(c.elementsCompared);
        same = same && r.verdict == "same";
    }
    state.counters["element_ops_per_s"] =
        benchmark::Counter(elementOps, benchmark::Counter::kIsRate);
    state.counters["elements_compared"] = compared / double(state.iterations());
    state.counters["same"] = same ? 1.0 : 0.0;
}

void BM_EvalCorpusKernel(benchmark::State& state)
{
    if (!test::corpusAvailable()) {
        state.SkipWithError("shared corpus not found");
        return;
    }
    std::vector<std::pair<std::string, ir::ParseResult>> kernels; // "[real-ports/]name.mlir"
    for (const char* sub : {"/tilegym-cutile/mlir", "/real-ports"}) {
        const QDir dir(test::corpusDir() + QString::fromLatin1(sub));
        QStringList files = dir.entryList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name);
        if (smoke()) // small kernels only: the attention ones take seconds each
            files = files.filter(QStringLiteral("dropout"));
        const std::string prefix = std::string(sub) == "/real-ports" ? "real-ports/" : "";
        for (const QString& f : files)
            kernels.emplace_back(prefix + f.toStdString(),
                                 ir::parseFile(dir.filePath(f).toStdString()));
    }
    double elementOps = 0, ran = 0, same = 0, unsupported = 0, unbound = 0;
    std::string failures; // kernels without a verdict, with why: the coverage gaps
    for (auto _ : state) {
        ran = same = unsupported = unbound = 0;
        failures.clear();
        for (const auto& [name, k] : kernels) {
            if (!k.ok() || k.modules.empty() || k.modules[0]->functions.empty())
                continue;
            const ir::Function& fn = *k.modules[0]->functions[0];
            eval::Binding binding;
            std::string error;
            // A kernel whose default binding does not fit has its file (tests/data/eval/corpus,
            // real ports in its real-ports/).
            const std::string file = test::testDataDir().toStdString() + "/eval/corpus/" +
                                     name.substr(0, name.size() - 5) + ".binding.json";
            const bool haveFile = QFileInfo::exists(QString::fromStdString(file));
            if (haveFile ? !eval::loadBinding(file, binding, error)
                         : !eval::defaultBinding(fn, fn, binding, error)) {
                ++unbound;
                failures += "  " + name + ": binding: " + error + "\n";
                continue;
            }
            const eval::EvalResult r = eval::evaluatePair(fn, fn, binding, {});
            elementOps += double(r.elementOps);
            ran += r.verdict == "same" || r.verdict == "different";
            same += r.verdict == "same";
            unsupported += r.verdict == "unsupported";
            if (r.verdict != "same" && r.verdict != "different")
                failures += "  " + name + ": " + r.verdict + ": " + r.message + "\n";
        }
    }
    if (!failures.empty())
        std::fprintf(stderr, "corpus kernels without a verdict:\n%s", failures.c_str());
    state.counters["element_ops_per_s"] =
        benchmark::Counter(elementOps, benchmark::Counter::kIsRate);
    state.counters["kernels"] = double(kernels.size());
    state.counters["ran_to_verdict"] = ran;
    state.counters["same"] = same;
    state.counters["unsupported"] = unsupported;
    state.counters["no_default_binding"] = unbound;
}
BENCHMARK(BM_EvalCorpusKernel)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

const bool kRegistered = [] {
    for (const std::string& name : pairNames())
        benchmark::RegisterBenchmark(("BM_EvalRealPair/" + name).c_str(), BM_EvalRealPair, name)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1)
            ->UseRealTime();
    return true;
}();

} // namespace

BENCHMARK_MAIN();
