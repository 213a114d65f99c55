// Discovery of a landed port (issue 32, item 5): kernels and discovery were quadratic in the
// entries of one file (a 2 MB kernel.rs with 20k #[cutile::entry]: 22.5 s; a 0.7 MB Python
// module with 20k @ct.kernel: 111 s). Each is timed at N and 4N entries (smoke: smaller), so
// a quadratic step shows as a 16x instead of a 4x time:
//   * BM_RustEntries     - findRustEntries over a kernel.rs of N entries
//   * BM_PythonKernels   - findPythonKernels over a module of N @ct.kernel functions
//   * BM_PairByName      - pairEntries of N entries with N kernels of the same names
//   * BM_CheckoutPort    - loadCheckoutPort of a checkout holding both files
// Run: build/release/tests/bench/tilelens_bench_discovery --benchmark_min_time=1

#include "workspace/CheckoutPorts.h"
#include "workspace/EntryPairing.h"
#include "workspace/SourceLocator.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <benchmark/benchmark.h>
#include <cstdlib>
#include <map>

using namespace tilelens::ws;

namespace {

bool smoke()
{
    return std::getenv("TILELENS_BENCH_SMOKE") != nullptr;
}

int entriesFor(const benchmark::State& state)
{
    return int(state.range(0)) / (smoke() ? 20 : 1);
}

QString rustFile(int n)
{
    QString text;
    for (int i = 0; i < n; ++i)
        text += QStringLiteral("#[cutile::entry]\nfn kernel_%1(x: &Tensor<f32, {[128]}>, y: *mut "
                               "E) {\n    let t = load(x);\n    store(y, t);\n}\n\n")
                    .arg(i);
    return text;
}

QString pythonFile(int n)
{
    QString text = QStringLiteral("import cuda.tile as ct\n\n");
    for (int i = 0; i < n; ++i)
        text += QStringLiteral("@ct.kernel\ndef kernel_%1(a):\n    pass\n\n").arg(i);
    return text;
}

void BM_RustEntries(benchmark::State& state)
{
    const QString text = rustFile(entriesFor(state));
    for (auto _ : state)
        benchmark::DoNotOptimize(findRustEntries(text));
    state.counters["entries"] = entriesFor(state);
    state.counters["MB"] = double(text.size()) / 1e6;
}

void BM_PythonKernels(benchmark::State& state)
{
    const QString text = pythonFile(entriesFor(state));
    for (auto _ : state)
        benchmark::DoNotOptimize(findPythonKernels(text));
    state.counters["kernels"] = entriesFor(state);
    state.counters["MB"] = double(text.size()) / 1e6;
}

void BM_PairByName(benchmark::State& state)
{
    const int n = entriesFor(state);
    const std::vector<RustEntry> entries = findRustEntries(rustFile(n));
    const std::vector<PythonKernel> kernels = findPythonKernels(pythonFile(n));
    for (auto _ : state)
        benchmark::DoNotOptimize(pairEntries(entries, kernels));
    state.counters["entries"] = n;
}

void write(const QString& path, const QString& text)
{
    QDir().mkpath(path.left(path.lastIndexOf(QLatin1Char('/'))));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(text.toUtf8());
}

void BM_CheckoutPort(benchmark::State& state)
{
    const int n = entriesFor(state);
    QTemporaryDir tmp;
    const QString port = tmp.path() + QStringLiteral("/src/tilegym/ops/cutile_rs/big_kernel");
    write(port + QStringLiteral("/kernel.rs"), rustFile(n));
    write(tmp.path() + QStringLiteral("/src/tilegym/ops/cutile/big.py"), pythonFile(n));
    for (auto _ : state)
        benchmark::DoNotOptimize(loadCheckoutPort(tmp.path(), port));
    state.counters["entries"] = n;
}

} // namespace

BENCHMARK(BM_RustEntries)->Arg(5000)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PythonKernels)->Arg(5000)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PairByName)->Arg(5000)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CheckoutPort)->Arg(5000)->Arg(20000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
