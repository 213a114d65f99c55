// Benchmarks of the semantic IR differ (issue 4, item 7):
//  * BM_DiffCorpusPair: parse + diff of every corpus kernel against a renamed
//    copy of itself (time per pair; target < 50 ms).
//  * BM_DiffLargePair: two modules of about 100k ops each (corpus kernels
//    replicated as separate entries, a few planted changes), side by side
//    with GNU diff on the same two files in the same run (target < 1 s and at
//    most 2x GNU diff); counters give GNU diff's time, the ratios of wall and
//    CPU times (medians), peak RSS, the CPU times of both (wall time is
//    noisy on a shared machine) and the number of worker threads.
// Each reads, parses, verifies and diffs the pair as every front end does (pair::analysePair,
// the default request: aligned rows, no text, models or links kept).
// TILELENS_BENCH_SMOKE=1 shrinks the inputs so that CI finishes in seconds.

#include "TestPaths.h"
#include "diff/engine/GraphTasks.h"
#include "pair/PairAnalysis.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <benchmark/benchmark.h>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace tilelens;

namespace {

bool smoke()
{
    return qEnvironmentVariableIntValue("TILELENS_BENCH_SMOKE") == 1;
}

std::string readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

// False when the file cannot be written whole.
bool writeAll(const QString& path, const std::string& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) &&
           f.write(text.data(), qint64(text.size())) == qint64(text.size());
}

QStringList kernelFiles()
{
    QDir corpus(test::corpusDir() + QStringLiteral("/tilegym-cutile/mlir"));
    QStringList files;
    if (corpus.exists())
        for (const QString& f :
             corpus.entryList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name))
            files << corpus.filePath(f);
    if (files.isEmpty()) {
        const QDir data(test::testDataDir() + QStringLiteral("/diff"));
        for (const QString& f : data.entryList({QStringLiteral("*.mlir")}, QDir::Files, QDir::Name))
            files << data.filePath(f);
    }
    if (smoke())
        files = files.mid(0, 3);
    return files;
}

// `%12` -> `%v12_r`: a non-semantic variant, so the differ has to match by dataflow.
std::string renamed(const std::string& t)
{
    std::string out;
    out.reserve(t.size() * 11 / 10);
    for (size_t i = 0; i < t.size(); ++i) {
        out += t[i];
        if (t[i] != '%' || i + 1 >= t.size() || t[i + 1] < '0' || t[i + 1] > '9')
            continue;
        out += 'v';
        while (i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '9')
            out += t[++i];
        out += "_r";
    }
    return out;
}

// The pair as every front end reads and compares it; the result only when compared.
std::optional<diff::DiffResult> analyse(const std::string& ref, const std::string& gen)
{
    pair::PairRequest request;
    request.sides = {{ref, nullptr}, {gen, nullptr}};
    return pair::analysePair(request).result;
}

struct TempPair
{
    std::unique_ptr<QTemporaryDir> dir;
    std::vector<std::pair<std::string, std::string>> files;
};

TempPair& corpusPairs()
{
    static TempPair p = [] {
        TempPair t;
        t.dir = std::make_unique<QTemporaryDir>();
        int i = 0;
        for (const QString& f : kernelFiles()) {
            const QString gen = t.dir->filePath(QStringLiteral("gen%1.mlir").arg(i++));
            writeAll(gen, renamed(readAll(f)));
            t.files.emplace_back(f.toStdString(), gen.toStdString());
        }
        return t;
    }();
    return p;
}

void BM_DiffCorpusPair(benchmark::State& state)
{
    auto& pairs = corpusPairs();
    size_t i = 0;
    int64_t failures = 0;
    for (auto _ : state) {
        const auto& [ref, gen] = pairs.files[i++ % pairs.files.size()];
        auto r = analyse(ref, gen);
        failures += !r || r->verdict != diff::Verdict::Pass;
        benchmark::DoNotOptimize(r);
    }
    state.counters["pairs"] = double(pairs.files.size());
    state.counters["non_pass"] = double(failures);
}
BENCHMARK(BM_DiffCorpusPair)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();

// The reviewed real port pairs of tests/data/real-ports (Python reference vs
// Rust generated): the normal form, the memory-operand checks and the SMT
// queries of their residual differences; time per pair (target < 50 ms).
void BM_DiffRealPortPair(benchmark::State& state)
{
    std::vector<std::pair<std::string, std::string>> pairs;
    const QDir root(test::testDataDir() + QStringLiteral("/real-ports"));
    for (const QString& d : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        pairs.emplace_back(root.filePath(d + QStringLiteral("/reference.mlir")).toStdString(),
                           root.filePath(d + QStringLiteral("/generated.mlir")).toStdString());
    if (pairs.empty()) {
        state.SkipWithError("tests/data/real-ports is empty");
        return;
    }
    size_t i = 0;
    double slowest = 0;
    for (auto _ : state) {
        const auto& [ref, gen] = pairs[i++ % pairs.size()];
        const auto t0 = std::chrono::steady_clock::now();
        auto r = analyse(ref, gen);
        slowest = std::max(
            slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        benchmark::DoNotOptimize(r);
    }
    state.counters["pairs"] = double(pairs.size());
    state.counters["slowest_pair_ms"] = slowest * 1e3;
}
BENCHMARK(BM_DiffRealPortPair)->Unit(benchmark::kMillisecond)->UseRealTime();

// A predicate flipped in front of an i32 division (the Python-modulo fix-up of a
// persistent matmul): the one matched critical goes to the solver, whose bounded
// first check cannot settle the division; its cost is the step budget it may spend.
void BM_DiffSolverHeavyMutation(benchmark::State& state)
{
    const QString ref = test::testDataDir() +
                        QStringLiteral("/diff/matmul_static_persistent_transB_2048_bf16.mlir");
    std::string text = readAll(ref);
    const std::string from = "%72 = cmpi less_than", to = "%72 = cmpi greater_than";
    const auto at = text.find(from);
    if (at == std::string::npos) {
        state.SkipWithError("the matmul fixture changed: no `%72 = cmpi less_than`");
        return;
    }
    text.replace(at, from.size(), to);
    QTemporaryDir dir;
    const QString gen = dir.filePath(QStringLiteral("flipped.mlir"));
    writeAll(gen, text);
    int64_t critical = 0;
    for (auto _ : state) {
        auto r = analyse(ref.toStdString(), gen.toStdString());
        critical = r ? r->count(diff::Severity::Critical) : -1;
        benchmark::DoNotOptimize(r);
    }
    state.counters["critical_found"] = double(critical);
}
BENCHMARK(BM_DiffSolverHeavyMutation)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(smoke() ? 1 : 3)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

// Entry bodies of the corpus kernels, replicated under distinct names into
// one module until it holds about `targetOps` ops.
struct LargePair
{
    std::unique_ptr<QTemporaryDir> dir;
    std::string ref, gen;
    int ops = 0;
    std::string unwritten; // a file that could not be written (then nothing is timed)
};

LargePair& largePair()
{
    static LargePair p = [] {
        LargePair l;
        l.dir = std::make_unique<QTemporaryDir>();
        const int targetOps = smoke() ? 2000 : 100000;
        std::vector<std::string> bodies;
        for (const QString& f : kernelFiles()) {
            const std::string t = readAll(f);
            const auto b = t.find("  entry @");
            const auto e = t.rfind("\n}");
            if (b != std::string::npos && e != std::string::npos && e > b)
                bodies.push_back(t.substr(b, e - b + 1));
        }
        std::string ref = "cuda_tile.module @kernels {\n", gen = ref;
        int copies = 0, ops = 0;
        while (ops < targetOps && !bodies.empty()) {
            std::string body = bodies[size_t(copies) % bodies.size()];
            const auto at = body.find('(');
            body.insert(at, "_copy" + std::to_string(copies));
            for (char c : body)
                ops += c == '=';
            ref += body;
            // A few planted changes: every 97th copy loses a flush_to_zero or changes an identity.
            std::string changed = body;
            if (copies % 97 == 1) {
                auto pos = changed.find(" flush_to_zero");
                if (pos != std::string::npos)
                    changed.erase(pos, 14);
                else if ((pos = changed.find("identities=[")) != std::string::npos)
                    changed.insert(pos + 12, "1");
                else if ((pos = changed.find("cmpi less_than")) != std::string::npos)
                    changed.replace(pos, 14, "cmpi greater_than");
            }
            gen += changed;
            ++copies;
        }
        ref += "}\n";
        gen += "}\n";
        // TILELENS_BENCH_LARGE_DIR=DIR keeps the two files there (to time or
        // profile other tools on the same pair).
        const QString keep = qEnvironmentVariable("TILELENS_BENCH_LARGE_DIR");
        const QDir dir(keep.isEmpty() ? l.dir->path() : keep);
        QDir().mkpath(dir.path());
        l.ref = dir.filePath(QStringLiteral("large_ref.mlir")).toStdString();
        l.gen = dir.filePath(QStringLiteral("large_gen.mlir")).toStdString();
        if (!writeAll(QString::fromStdString(l.ref), ref))
            l.unwritten = l.ref;
        else if (!writeAll(QString::fromStdString(l.gen), renamed(gen)))
            l.unwritten = l.gen;
        l.ops = ops;
        return l;
    }();
    return p;
}

double seconds(const struct timeval& t)
{
    return double(t.tv_sec) + double(t.tv_usec) * 1e-6;
}

double processCpuSeconds()
{
    timespec t = {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// Runs GNU diff on the two files; returns wall seconds, its CPU seconds (user +
// system) and its peak RSS in KiB.
double timeGnuDiff(const std::string& a, const std::string& b, double& cpu, long& peakKiB)
{
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout))
            _exit(127);
        execlp("diff", "diff", a.c_str(), b.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    struct rusage ru = {};
    wait4(pid, &status, 0, &ru);
    const auto t1 = std::chrono::steady_clock::now();
    peakKiB = ru.ru_maxrss;
    cpu = seconds(ru.ru_utime) + seconds(ru.ru_stime);
    return std::chrono::duration<double>(t1 - t0).count();
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Each iteration diffs the pair in process and then runs GNU diff on the same
// two files, so both see the same machine load; the counters are medians over
// the iterations (the first, cold diff included).
void BM_DiffLargePair(benchmark::State& state)
{
    auto& l = largePair();
    if (!l.unwritten.empty()) { // timing the refusal of a missing file says nothing
        state.SkipWithError(("cannot write " + l.unwritten).c_str());
        return;
    }
    int64_t critical = 0;
    std::vector<double> wall, cpu, gnuWall, gnuCpu;
    long gnuKiB = 0;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        const double c0 = processCpuSeconds(); // all of the diff's worker threads
        auto r = analyse(l.ref, l.gen);
        wall.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        cpu.push_back(processCpuSeconds() - c0);
        critical = r ? r->count(diff::Severity::Critical) : -1;
        benchmark::DoNotOptimize(r);
        r.reset();
        state.PauseTiming();
        double gCpu = 0;
        gnuWall.push_back(timeGnuDiff(l.ref, l.gen, gCpu, gnuKiB));
        gnuCpu.push_back(gCpu);
        state.ResumeTiming();
    }
    if (critical < 0) {
        state.SkipWithError("the diff refused the pair (see tilelens-cli diff on the kept files)");
        return;
    }
    struct rusage self = {};
    getrusage(RUSAGE_SELF, &self);
    const double ms = 1e3;
    const double w = median(wall), c = median(cpu), gw = median(gnuWall), gc = median(gnuCpu);
    state.counters["ops_per_side"] = l.ops;
    state.counters["critical_found"] = double(critical);
    state.counters["tilelens_ms"] = w * ms;
    state.counters["gnu_diff_ms"] = gw * ms;
    state.counters["ratio_to_gnu_diff"] = gw > 0 ? w / gw : 0;
    // CPU time (all threads) is less disturbed by other load on the machine than wall time.
    state.counters["tilelens_cpu_ms"] = c * ms;
    state.counters["gnu_diff_cpu_ms"] = gc * ms;
    state.counters["ratio_cpu"] = gc > 0 ? c / gc : 0;
    state.counters["peak_rss_MiB"] = double(self.ru_maxrss) / 1024.0;
    state.counters["workers"] = double(diff::diffWorkerCount());
    // The child's high-water mark includes the forked copy of this process.
    state.counters["gnu_diff_peak_rss_MiB"] = double(gnuKiB) / 1024.0;
}
// Wall time and the CPU time of the whole process (the diff runs on
// `workers` threads: one per input while parsing, then all of them on graphs
// and entry pairs); GNU diff runs with the timer paused.
BENCHMARK(BM_DiffLargePair)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(smoke() ? 1 : 7)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

} // namespace

BENCHMARK_MAIN();
