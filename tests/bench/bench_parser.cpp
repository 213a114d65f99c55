// Tile IR text parser throughput and memory (issue 3, item 7):
//   * BM_ParseCorpus      - the 98 cutile-ir dumps of ../shared/corpus, MB/s
//   * BM_ParseReplicated  - one >= 50 MB module built by replicating corpus
//                           kernels under new names; MB/s and resident memory
//   * BM_MlirOpt15        - `mlir-opt-15 --allow-unregistered-dialect` reading our
//                           `--emit generic` print of the same module (when the
//                           tool is installed); reports its MB/s and our speed-up
// TILELENS_BENCH_SMOKE=1 shrinks the replicated module to ~1 MB.
// Run: build/release/tests/bench/tilelens_bench_parser --benchmark_min_time=1

#include "TestPaths.h"
#include "common/FileReader.h"
#include "ir/Parser.h"
#include "ir/Printer.h"

#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <algorithm>
#include <benchmark/benchmark.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace tilelens;

namespace {

bool smoke()
{
    return std::getenv("TILELENS_BENCH_SMOKE") != nullptr;
}

std::vector<std::string>& corpusTexts()
{
    static std::vector<std::string> texts = [] {
        std::vector<std::string> out;
        QDir dir(test::corpusDir() + QStringLiteral("/tilegym-cutile/mlir"));
        for (const QString& f :
             dir.entryList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name)) {
            Diagnostics d;
            if (auto c = readFile(dir.filePath(f).toStdString(), d))
                out.push_back(std::move(c->bytes));
        }
        if (out.empty()) // no corpus (fresh clone): a small built-in kernel keeps the benchmark
                         // meaningful
            out.push_back(
                "cuda_tile.module @kernels {\n  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>) {\n"
                "    %2 = assume div_by<16>, %0 : tile<ptr<f32>>\n"
                "    %3 = constant <f32: 0.0> : tile<128xf32>\n"
                "    %4 = addf %3, %3 rounding<zero> : tile<128xf32>\n    return\n  }\n}\n");
        return out;
    }();
    return texts;
}

// One module holding corpus entries renamed `@<name>_r<N>` until `target` bytes.
const std::string& replicatedModule()
{
    static std::string text = [] {
        const size_t target = smoke() ? (size_t(1) << 20) : size_t(52) * 1000 * 1000;
        std::vector<std::string> bodies;
        for (const std::string& t : corpusTexts()) {
            size_t b = t.find("  entry @");
            size_t e = t.rfind('}');
            if (b != std::string::npos && e != std::string::npos && e > b)
                bodies.push_back(t.substr(b, e - b));
        }
        std::string out = "cuda_tile.module @replicated {\n";
        for (size_t n = 0; out.size() < target; ++n) {
            std::string body = bodies[n % bodies.size()];
            size_t paren = body.find('(');
            body.insert(paren, "_r" + std::to_string(n));
            out += body;
        }
        out += "}\n";
        return out;
    }();
    return text;
}

long residentKiB()
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::atol(line.c_str() + 6);
    return 0;
}

double g_oursSecondsPerByte = 0;    // wall, from BM_ParseReplicated, for the mlir-opt ratio
double g_oursCpuSecondsPerByte = 0; // CPU time (the build machine may be shared)

double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void BM_ParseCorpus(benchmark::State& state)
{
    const auto& texts = corpusTexts();
    size_t bytes = 0, ops = 0;
    for (auto _ : state) {
        for (const std::string& t : texts) {
            ir::ParseResult r = ir::parseModule(t);
            ops += r.opCount();
            bytes += t.size();
            benchmark::DoNotOptimize(r.modules.data());
        }
    }
    state.SetBytesProcessed(int64_t(bytes));
    state.counters["files"] = double(texts.size());
    state.counters["ops/s"] = benchmark::Counter(double(ops), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ParseCorpus)->Unit(benchmark::kMillisecond);

void BM_ParseReplicated(benchmark::State& state)
{
    const std::string& text = replicatedModule();
    double seconds = 0, cpu = 0;
    double cpuFirst = 0, cpuBest = 0; // per parse: the first one pays fresh pages
    long modelKiB = 0;
    size_t arenaBytes = 0;
    for (auto _ : state) {
        const long before = residentKiB();
        auto t0 = std::chrono::steady_clock::now();
        const double c0 = cpuSeconds();
        ir::ParseResult r = ir::parseModule(text);
        const double c = cpuSeconds() - c0;
        cpu += c;
        if (cpuFirst == 0)
            cpuFirst = c;
        cpuBest = cpuBest == 0 ? c : std::min(cpuBest, c);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        modelKiB = std::max(modelKiB, residentKiB() - before);
        arenaBytes = r.arena->bytesUsed();
        if (!r.ok())
            state.SkipWithError("replicated module failed to parse");
        benchmark::DoNotOptimize(r.modules.data());
    }
    state.SetBytesProcessed(int64_t(text.size() * state.iterations()));
    g_oursSecondsPerByte = seconds / double(text.size() * state.iterations());
    g_oursCpuSecondsPerByte = cpu / double(text.size() * state.iterations());
    state.counters["cpu_MB/s"] = double(text.size() * state.iterations()) / cpu / 1e6;
    state.counters["wall_MB/s"] = double(text.size() * state.iterations()) / seconds / 1e6;
    state.counters["cpu_first_MB/s"] = double(text.size()) / cpuFirst / 1e6;
    state.counters["cpu_best_MB/s"] = double(text.size()) / cpuBest / 1e6;
    state.counters["input_MB"] = double(text.size()) / 1e6;
    state.counters["rss_growth_MB"] = double(modelKiB) / 1024.0;
    state.counters["rss_x_input"] = double(modelKiB) * 1024.0 / double(text.size());
    state.counters["arena_x_input"] = double(arenaBytes) / double(text.size());
}
BENCHMARK(BM_ParseReplicated)->Unit(benchmark::kMillisecond)->Iterations(3);

// Wall time of one child process run (and its CPU time in *cpu), or -1 when it could not run.
double runTimed(const std::string& exe, const std::vector<std::string>& args, double* cpu)
{
    auto t0 = std::chrono::steady_clock::now();
    pid_t pid = fork();
    if (pid == 0) {
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(exe.c_str()));
        for (const std::string& a : args)
            argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(exe.c_str(), argv.data());
        _exit(127);
    }
    int status = 0;
    rusage ru{};
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return -1;
    *cpu = double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void BM_MlirOpt15(benchmark::State& state)
{
    const QString exe = QStandardPaths::findExecutable(QStringLiteral("mlir-opt-15"));
    if (exe.isEmpty()) {
        state.SkipWithError("mlir-opt-15 not installed (Debian package mlir-15-tools)");
        for (auto _ : state) {
        }
        return;
    }
    ir::ParseResult r = ir::parseModule(replicatedModule());
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("generic.mlir")).toStdString();
    std::ofstream(path, std::ios::binary) << ir::printResult(r, ir::PrintStyle::Generic);
    const double genericBytes =
        double(std::ifstream(path, std::ios::binary | std::ios::ate).tellg());
    double seconds = 0, cpuTotal = 0;
    for (auto _ : state) {
        double cpu = 0;
        double s = runTimed(exe.toStdString(),
                            {"--allow-unregistered-dialect", path, "-o", "/dev/null"}, &cpu);
        cpuTotal += cpu;
        if (s < 0) {
            state.SkipWithError("mlir-opt-15 failed on our generic output");
            break;
        }
        state.SetIterationTime(s);
        seconds += s;
    }
    if (state.iterations() == 0 || seconds <= 0)
        return;
    const double perRun = seconds / double(state.iterations());
    state.counters["generic_MB"] = genericBytes / 1e6;
    state.counters["mlir_opt_MB/s"] = genericBytes / perRun / 1e6;
    // Our time for the same module (custom text) vs. mlir-opt on its generic print.
    const double inputBytes = double(replicatedModule().size());
    if (g_oursSecondsPerByte > 0)
        state.counters["speedup_wall"] = perRun / (g_oursSecondsPerByte * inputBytes);
    if (g_oursCpuSecondsPerByte > 0)
        state.counters["speedup_cpu"] =
            (cpuTotal / double(state.iterations())) / (g_oursCpuSecondsPerByte * inputBytes);
}
BENCHMARK(BM_MlirOpt15)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(1);

} // namespace

BENCHMARK_MAIN();
