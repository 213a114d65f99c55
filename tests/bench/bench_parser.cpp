// Tile IR text parser throughput and memory (issue 3, item 7):
//   * BM_ParseCorpus      - the 98 cutile-ir dumps of ../shared/corpus, MB/s
//   * BM_ParseReplicated  - one >= 50 MB module built by replicating corpus
//                           kernels under new names: MB/s in steady state (the
//                           module parsed again, model memory reused), the
//                           process's first (cold) parse beside the cost of
//                           touching as much fresh memory, and resident memory
//   * BM_ScanHiddenText   - the panes' hidden-text and mixed-script name scans of the same
//                           module, MB/s, beside counting its newlines and parsing it
//   * BM_PrintCorpus      - the same dumps printed back (arg 0: custom form, 1: generic), MB/s
//                           of printed text
//   * BM_ReadBytecodeCorpus - the 98 bytecode twins of the dumps read into models, MB/s
//   * BM_MlirOpt15        - `mlir-opt-15 --allow-unregistered-dialect` reading our
//                           `--emit generic` print of the same module (when the
//                           tool is installed); reports its MB/s and our speed-up
// MB/s counters are decimal (10^6 bytes); bytes_per_second is Google
// Benchmark's own, in MiB/s. TILELENS_BENCH_SMOKE=1 shrinks the replicated
// module to ~1 MB.
// Run: build/release/tests/bench/tilelens_bench_parser --benchmark_min_time=1

#include "TestPaths.h"
#include "common/FileReader.h"
#include "common/HiddenText.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Module.h"
#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/Region.h"
#include "ir/bytecode/BytecodeReader.h"

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
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <unordered_set>
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

// Where the model's bytes go (issue 28, S0): the model's parts counted by a walk and
// priced at their struct sizes; `other` is the rest of the arena (types, attributes,
// strings, written type lists, locations, alignment).
struct ModelCensus
{
    size_t ops = 0, values = 0, operandSlots = 0, resultSlots = 0, regionSlots = 0;
    size_t attrs = 0, blocks = 0, regions = 0, nameBytes = 0;
    // Parts of `_other`, each counted once however many ops share it: attribute values with
    // their arrays, written operand type lists, attribute name strings.
    std::unordered_set<const void*> seen;
    size_t attrValueBytes = 0, typeListBytes = 0, attrNameBytes = 0;

    bool first(const void* p) { return p && seen.insert(p).second; }
    void price(const ir::Attribute* a)
    {
        if (!first(a))
            return;
        attrValueBytes += sizeof(ir::Attribute) + a->intList.size() * sizeof(int64_t) +
                          a->elements.size() * sizeof(void*) +
                          a->entries.size() * sizeof(ir::NamedAttribute);
        for (const ir::Attribute* e : a->elements)
            price(e);
        for (const ir::NamedAttribute& e : a->entries)
            price(e.value);
    }

    void walk(const ir::Region& r)
    {
        ++regions;
        for (const ir::Block* b : r.blocks) {
            ++blocks;
            values += b->arguments.size();
            for (const ir::Value* v : b->arguments)
                nameBytes += v->sourceName.held() ? 0 : v->sourceName.size();
            for (const ir::Op* op : b->ops)
                walk(*op);
        }
    }
    void walk(const ir::Op& op)
    {
        ++ops;
        values += op.results.size();
        resultSlots += op.results.size();
        for (const ir::Value* v : op.results)
            nameBytes += v->sourceName.held() ? 0 : v->sourceName.size();
        operandSlots += op.operands.size();
        regionSlots += op.regions.size();
        attrs += op.attributes.size();
        for (const ir::NamedAttribute& a : op.attributes) {
            if (first(a.name.data()))
                attrNameBytes += a.name.size();
            price(a.value);
        }
        const ir::Span<const ir::Type* const> written = op.writtenOperandTypes();
        if (first(written.data()))
            typeListBytes += written.size() * sizeof(void*);
        for (const ir::Region* r : op.regions)
            walk(*r);
    }
};

void addCensusCounters(benchmark::State& state, const ir::ParseResult& r, double inputBytes)
{
    ModelCensus c;
    for (const ir::Module* m : r.modules)
        for (const ir::Function* f : m->functions)
            if (f->body)
                c.walk(*f->body);
    const double opBytes = double(c.ops * sizeof(ir::Op));
    const double valueBytes = double(c.values * sizeof(ir::Value));
    const double listBytes =
        double((c.operandSlots + c.resultSlots + c.regionSlots) * sizeof(void*));
    const double attrBytes = double(c.attrs * sizeof(ir::NamedAttribute));
    const double blockBytes = double(c.blocks * sizeof(ir::Block) + c.regions * sizeof(ir::Region));
    const double used = double(r.arena->bytesUsed());
    state.counters["model_ops"] = double(c.ops);
    state.counters["model_x_ops"] = opBytes / inputBytes;
    state.counters["model_x_values"] = valueBytes / inputBytes;
    state.counters["model_x_lists"] = listBytes / inputBytes;
    state.counters["model_x_attrs"] = attrBytes / inputBytes;
    state.counters["model_x_blocks"] = blockBytes / inputBytes;
    state.counters["model_x_names"] = double(c.nameBytes) / inputBytes;
    const double other =
        used - opBytes - valueBytes - listBytes - attrBytes - blockBytes - double(c.nameBytes);
    state.counters["model_x_other"] = other / inputBytes;
    state.counters["other_x_attr_values"] = double(c.attrValueBytes) / inputBytes;
    state.counters["other_x_type_lists"] = double(c.typeListBytes) / inputBytes;
    state.counters["other_x_attr_names"] = double(c.attrNameBytes) / inputBytes;
    state.counters["other_x_rest"] =
        (other - double(c.attrValueBytes + c.typeListBytes + c.attrNameBytes)) / inputBytes;
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

long minorFaults()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_minflt;
}

double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double wallSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
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
    // Decimal MB/s (Google Benchmark's bytes_per_second prints MiB/s).
    state.counters["MB/s"] = benchmark::Counter(double(bytes) / 1e6, benchmark::Counter::kIsRate);
    state.counters["files"] = double(texts.size());
    state.counters["ops/s"] = benchmark::Counter(double(ops), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ParseCorpus)->Unit(benchmark::kMillisecond);

void BM_PrintCorpus(benchmark::State& state)
{
    static const std::vector<ir::ParseResult> parsed = [] {
        std::vector<ir::ParseResult> out;
        for (const std::string& t : corpusTexts())
            out.push_back(ir::parseModule(t));
        return out;
    }();
    const ir::PrintStyle style =
        state.range(0) == 0 ? ir::PrintStyle::Custom : ir::PrintStyle::Generic;
    size_t bytes = 0;
    for (auto _ : state) {
        for (const ir::ParseResult& r : parsed) {
            const std::string text = ir::printResult(r, style);
            bytes += text.size();
            benchmark::DoNotOptimize(text.data());
        }
    }
    state.SetBytesProcessed(int64_t(bytes));
    state.counters["MB/s"] = benchmark::Counter(double(bytes) / 1e6, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PrintCorpus)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_ReadBytecodeCorpus(benchmark::State& state)
{
    static const std::vector<std::string> files = [] {
        std::vector<std::string> out;
        QDir dir(test::corpusDir() + QStringLiteral("/tilegym-cutile/bytecode"));
        for (const QString& f :
             dir.entryList({QStringLiteral("*.tileirbc")}, QDir::Files, QDir::Name)) {
            Diagnostics d;
            if (auto c = readFile(dir.filePath(f).toStdString(), d))
                out.push_back(std::move(c->bytes));
        }
        return out;
    }();
    if (files.empty()) {
        state.SkipWithError("no bytecode corpus (../shared/corpus)");
        for (auto _ : state) {
        }
        return;
    }
    size_t bytes = 0, ops = 0;
    for (auto _ : state) {
        for (const std::string& b : files) {
            Diagnostics d;
            ir::ParseResult r = ir::readBytecode(b, "bench.tileirbc", d);
            ops += r.opCount();
            bytes += b.size();
            benchmark::DoNotOptimize(r.modules.data());
        }
    }
    state.SetBytesProcessed(int64_t(bytes));
    state.counters["MB/s"] = benchmark::Counter(double(bytes) / 1e6, benchmark::Counter::kIsRate);
    state.counters["ops/s"] = benchmark::Counter(double(ops), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ReadBytecodeCorpus)->Unit(benchmark::kMillisecond);

// Seconds to write one byte per 4 KiB page of `bytes` freshly mapped bytes,
// mapped as the arena maps its blocks. That cost (the kernel zeroes new pages;
// a hypervisor may also back them on first touch) is part of any first parse
// and no parser code can avoid it, so the cold parse is reported beside it.
double firstTouchSeconds(size_t bytes)
{
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return 0;
    madvise(p, bytes, MADV_HUGEPAGE);
    volatile char* c = static_cast<char*>(p);
    const double t0 = wallSeconds();
    for (size_t i = 0; i < bytes; i += 4096)
        c[i] = 1;
    const double s = wallSeconds() - t0;
    munmap(p, bytes);
    return s;
}

// The first parse of the module in this process: its model lands in fresh
// memory. Later parses reuse the arena's cached blocks (steady state).
struct ColdParse
{
    double cpu = 0, wall = 0, firstTouch = 0;
    long rssGrowthKiB = 0;
    size_t arenaBytes = 0;
    long pageFaults = 0; // minor faults of the cold parse
    bool ok = false;
};

const ColdParse& coldParse()
{
    static const ColdParse cold = [] {
        const std::string& text = replicatedModule();
        ColdParse c;
        const long before = residentKiB();
        const long faults0 = minorFaults();
        const double w0 = wallSeconds(), c0 = cpuSeconds();
        ir::ParseResult r = ir::parseModule(text);
        c.cpu = cpuSeconds() - c0;
        c.pageFaults = minorFaults() - faults0;
        c.wall = wallSeconds() - w0;
        c.rssGrowthKiB = residentKiB() - before;
        c.arenaBytes = r.arena->bytesUsed();
        c.ok = r.ok();
        // Measured while the model is alive, so the touch gets other fresh pages.
        c.firstTouch = firstTouchSeconds(r.arena->bytesAllocated());
        return c;
    }();
    return cold;
}

double g_steadyCpuSecondsPerByte = 0; // for the mlir-opt ratio

void BM_ParseReplicated(benchmark::State& state)
{
    const std::string& text = replicatedModule();
    const ColdParse& cold = coldParse();
    if (!cold.ok)
        state.SkipWithError("replicated module failed to parse");
    double wall = 0, cpu = 0, cpuBest = 0;
    for (auto _ : state) {
        const double w0 = wallSeconds(), c0 = cpuSeconds();
        ir::ParseResult r = ir::parseModule(text);
        const double c = cpuSeconds() - c0;
        wall += wallSeconds() - w0;
        cpu += c;
        cpuBest = cpuBest == 0 ? c : std::min(cpuBest, c);
        benchmark::DoNotOptimize(r.modules.data());
    }
    const double bytes = double(text.size());
    const double total = bytes * double(state.iterations());
    state.SetBytesProcessed(int64_t(total));
    g_steadyCpuSecondsPerByte = cpu / total;
    state.counters["input_MB"] = bytes / 1e6;
    // Steady state: the module parsed again, model memory reused.
    state.counters["cpu_MB/s"] = total / cpu / 1e6;
    state.counters["wall_MB/s"] = total / wall / 1e6;
    state.counters["cpu_best_MB/s"] = bytes / cpuBest / 1e6;
    // Cold: the process's first parse, and the fresh-memory cost inside it.
    state.counters["cold_cpu_MB/s"] = bytes / cold.cpu / 1e6;
    state.counters["cold_wall_MB/s"] = bytes / cold.wall / 1e6;
    state.counters["cold_wall_ms"] = cold.wall * 1e3;
    state.counters["first_touch_ms"] = cold.firstTouch * 1e3;
    state.counters["rss_growth_MB"] = double(cold.rssGrowthKiB) / 1024.0;
    state.counters["rss_x_input"] = double(cold.rssGrowthKiB) * 1024.0 / bytes;
    state.counters["arena_x_input"] = double(cold.arenaBytes) / bytes;
    state.counters["cold_page_faults"] = double(cold.pageFaults);
    addCensusCounters(state, ir::parseModule(text), bytes);
}
BENCHMARK(BM_ParseReplicated)->Unit(benchmark::kMillisecond)->Iterations(5);

// The same module with a line of Cyrillic after every fourth: a comment in Russian and a
// name of Cyrillic lookalikes of Latin letters, the worst case for the lookalike-name scan
// (every such line is decoded letter by letter, and its script judged).
const std::string& cyrillicModule()
{
    static const std::string text = [] {
        const std::string& ascii = replicatedModule();
        std::string out;
        out.reserve(ascii.size() * 3 / 2);
        size_t line = 0;
        for (size_t at = 0; at < ascii.size();) {
            const size_t end = std::min(ascii.find('\n', at), ascii.size() - 1) + 1;
            out.append(ascii, at, end - at);
            at = end;
            if (++line % 4 == 0)
                out += "// \u0434\u0430\u043d\u043d\u044b\u0435 \u0441\u043e\u0440 "
                       "\u0442\u0430\u0439\u043b\u0430\n";
        }
        return out;
    }();
    return text;
}

// The hidden-text scan every source and IR pane runs on its text in the loader's worker
// (common/HiddenText.h), on the same module, beside two peers measured here: one pass that
// only counts newlines (std::count, the least a scan that places lines could do) and, when
// BM_ParseReplicated ran before it, the steady parse of the same bytes. The lookalike-name
// scan is timed on the module and on its Cyrillic copy, each against its newline count.
void BM_ScanHiddenText(benchmark::State& state)
{
    const std::string& text = replicatedModule();
    const std::string& cyrillic = cyrillicModule();
    double scanCpu = 0, countCpu = 0, namesCpu = 0, cyrillicCountCpu = 0, cyrillicNamesCpu = 0;
    for (auto _ : state) {
        const double c0 = cpuSeconds();
        const HiddenTextScan scan = scanHiddenText(text);
        const double c1 = cpuSeconds();
        const auto newlines = std::count(text.begin(), text.end(), '\n');
        const double c2 = cpuSeconds();
        const LookalikeNameScan names = scanLookalikeNames(text);
        const double c3 = cpuSeconds();
        const auto cyrillicNewlines = std::count(cyrillic.begin(), cyrillic.end(), '\n');
        const double c4 = cpuSeconds();
        const LookalikeNameScan cyrillicNames = scanLookalikeNames(cyrillic);
        const double c5 = cpuSeconds();
        scanCpu += c1 - c0;
        countCpu += c2 - c1;
        namesCpu += c3 - c2;
        cyrillicCountCpu += c4 - c3;
        cyrillicNamesCpu += c5 - c4;
        benchmark::DoNotOptimize(scan.count);
        benchmark::DoNotOptimize(newlines);
        benchmark::DoNotOptimize(names.count);
        benchmark::DoNotOptimize(cyrillicNewlines);
        benchmark::DoNotOptimize(cyrillicNames.count);
    }
    const double total = double(text.size()) * double(state.iterations());
    const double cyrillicTotal = double(cyrillic.size()) * double(state.iterations());
    state.SetBytesProcessed(int64_t(total));
    state.counters["scan_cpu_MB/s"] = total / scanCpu / 1e6;
    state.counters["count_newlines_cpu_MB/s"] = total / countCpu / 1e6;
    state.counters["scan_x_count_newlines"] = scanCpu / countCpu;
    state.counters["lookalike_names_cpu_MB/s"] = total / namesCpu / 1e6;
    state.counters["lookalike_names_x_count_newlines"] = namesCpu / countCpu;
    state.counters["cyrillic_lookalike_names_cpu_MB/s"] = cyrillicTotal / cyrillicNamesCpu / 1e6;
    state.counters["cyrillic_lookalike_names_x_count_newlines"] =
        cyrillicNamesCpu / cyrillicCountCpu;
    if (g_steadyCpuSecondsPerByte > 0)
        state.counters["scan_x_parse"] = scanCpu / total / g_steadyCpuSecondsPerByte;
}
BENCHMARK(BM_ScanHiddenText)->Unit(benchmark::kMillisecond)->Iterations(10);

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
    // CPU time of mlir-opt (a fresh process) on the generic print vs. ours on
    // the custom text of the same module: against our cold (first) parse and
    // against our steady state.
    const double mlirCpu = cpuTotal / double(state.iterations());
    const ColdParse& cold = coldParse();
    if (cold.cpu > 0)
        state.counters["speedup_cpu_cold"] = mlirCpu / cold.cpu;
    if (g_steadyCpuSecondsPerByte > 0)
        state.counters["speedup_cpu"] =
            mlirCpu / (g_steadyCpuSecondsPerByte * double(replicatedModule().size()));
}
BENCHMARK(BM_MlirOpt15)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(1);

} // namespace

BENCHMARK_MAIN();
