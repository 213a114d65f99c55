// Issue 32: byte-mutated corpus bytecode never crashes what TileLens does with an input (the
// reporter found 24 of 2,000 such files to segfault `eval`). A seeded sweep over 2,000 mutants of
// the corpus bytecode copied to tests/data/bytecode: each is read and verified, printed when it
// verifies, diffed against its original and run briefly on the interpreter against it, all in
// this process. A crash kills the test binary; run it under the asan preset to see where.
// An unverified mutant never reaches the differ (it is refused with located errors) and the
// interpreter refuses it at its entry too.

#include "TestPaths.h"
#include "diff/IrDiff.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"
#include "eval/Binding.h"
#include "eval/Differential.h"
#include "ir/Module.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "ir/bytecode/IrFileLoader.h"

#include <QDir>
#include <QFile>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <gtest/gtest.h>
#include <iostream>
#include <mutex>
#include <random>
#include <thread>

using namespace tilelens;

namespace {

constexpr uint64_t kSeed = 32;
constexpr size_t kMutants = 2000;

// TILELENS_SWEEP_SEED / TILELENS_SWEEP_MUTANTS run another or a longer sweep by hand.
uint64_t fromEnvironment(const char* name, uint64_t fallback)
{
    const char* v = std::getenv(name);
    return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}
// A mutant that runs longer on the interpreter (a loop bound grown by a mutation) is cancelled:
// the sweep looks for crashes, not for verdicts.
constexpr auto kEvalDeadline = std::chrono::milliseconds(150);

struct Original
{
    std::string name;
    std::string bytes;
    ir::ParseResult parsed;
    const ir::Function* entry = nullptr;
    std::optional<eval::Binding> binding; // the original against itself, dims shrunk
};

std::string readBytes(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray b = f.readAll();
    return std::string(b.constData(), size_t(b.size()));
}

const ir::Function* firstEntry(const ir::ParseResult& r)
{
    for (const ir::Module* m : r.modules)
        for (const ir::Function* f : m->functions)
            return f;
    return nullptr;
}

// One case per binding: the first candidate of every dim.
void shrink(eval::Binding& b)
{
    for (auto& [name, values] : b.dims)
        values.resize(std::min<size_t>(values.size(), 1));
}

std::vector<Original> originals()
{
    std::vector<Original> out;
    const QDir dir(test::testDataDir() + QStringLiteral("/bytecode"));
    for (const QString& f :
         dir.entryList({QStringLiteral("*.tileirbc")}, QDir::Files, QDir::Name)) {
        Original o;
        o.name = f.toStdString();
        o.bytes = readBytes(dir.filePath(f));
        o.parsed = ir::loadVerifiedIrContents(o.bytes, o.name);
        o.entry = firstEntry(o.parsed);
        if (!o.parsed.ok() || !o.entry || o.entry->kind != ir::FunctionKind::Entry)
            continue; // negi-op-13.1 is a testing$func without a binding
        eval::Binding b;
        std::string error;
        if (eval::bindingForPair(nullptr, *o.entry, *o.entry, b, error)) {
            shrink(b);
            o.binding = std::move(b);
        }
        out.push_back(std::move(o));
    }
    return out;
}

// One to three bytes after the magic: a random value, a flipped bit or a boundary value.
std::string mutate(const std::string& bytes, std::mt19937_64& rng)
{
    std::string m = bytes;
    const size_t edits = 1 + rng() % 3;
    for (size_t e = 0; e < edits; ++e) {
        const size_t at = 8 + rng() % (m.size() - 8);
        switch (rng() % 3) {
        case 0:
            m[at] = char(rng() & 0xFF);
            break;
        case 1:
            m[at] = char(uint8_t(m[at]) ^ (1u << (rng() % 8)));
            break;
        default: {
            static const uint8_t kBoundary[] = {0x00, 0x01, 0x7F, 0x80, 0xFF};
            m[at] = char(kBoundary[rng() % 5]);
        }
        }
    }
    return m;
}

// Cancels a run that outlives the deadline.
class Watchdog
{
public:
    explicit Watchdog(CancelSource& cancel)
        : m_thread([this, &cancel] {
              std::unique_lock<std::mutex> lock(m_mutex);
              if (!m_done.wait_for(lock, kEvalDeadline, [this] { return m_finished; }))
                  cancel.cancel();
          })
    {
    }
    ~Watchdog()
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_finished = true;
        }
        m_done.notify_one();
        m_thread.join();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_done;
    bool m_finished = false;
    std::thread m_thread;
};

eval::EvalResult runBriefly(const ir::Function& ref, const ir::Function& gen,
                            const eval::Binding& binding)
{
    CancelSource cancel;
    eval::EvalOptions options;
    options.inputs = eval::InputKind::Random;
    options.cancel = cancel.token();
    Watchdog watchdog(cancel);
    return eval::evaluatePair(ref, gen, binding, options);
}

struct Tally
{
    size_t unreadable = 0, unverified = 0, diffed = 0, evaluated = 0, evalRefused = 0;
};

// The CLI's diff of the original against the mutant, from memory.
std::optional<diff::DiffResult> diffAgainst(const Original& o, const std::string& mutant,
                                            const std::string& mutantName)
{
    PerSide<ir::ParseResult> sides;
    const auto load = [&](Side side, const diff::FunctionSink& announce) {
        ir::ParseOptions options;
        options.onFunction = announce;
        sides[side] =
            ir::loadVerifiedIrContents(side == Side::Reference ? o.bytes : mutant,
                                       side == Side::Reference ? o.name : mutantName, options);
        std::vector<const ir::Module*> modules;
        if (sides[side].ok())
            modules.assign(sides[side].modules.begin(), sides[side].modules.end());
        return modules;
    };
    auto result = diff::compareLoading(load, {}, diff::RuleSet::defaults(), o.name, mutantName, {});
    // (The JSON report of names that are not UTF-8 is the subject of the escaping tests.)
    if (result) {
        EXPECT_FALSE(diff::writeTextReport(*result).empty());
    }
    return result;
}

void sweepOne(const Original& o, const std::string& mutant, size_t index, Tally& tally)
{
    const std::string name = "mutant-" + std::to_string(index) + "-" + o.name;
    // parse and verify, as `tilelens-cli parse` (and --emit of what verifies)
    ir::ParseResult plain = ir::loadIrContents(mutant, name);
    if (!plain.ok()) {
        ++tally.unreadable;
        EXPECT_FALSE(diffAgainst(o, mutant, name)) << name;
        return;
    }
    ir::ParseResult checked = ir::loadIrContents(mutant, name);
    const bool verifies = ir::verifyParseResult(checked, name);
    if (verifies)
        (void)ir::printResult(checked, ir::PrintStyle::Custom);
    size_t verifierErrors = 0;
    const ir::ParseResult loaded = ir::loadVerifiedIrContents(mutant, name, {}, &verifierErrors);
    EXPECT_EQ(loaded.ok(), verifierErrors == 0) << name;

    const auto diffed = diffAgainst(o, mutant, name);
    if (!loaded.ok()) {
        ++tally.unverified;
        EXPECT_FALSE(diffed) << name << ": a mutant that does not verify is not diffed";
        // The interpreter's own entry refuses an entry that does not verify, with the
        // verifier's place.
        const ir::Function* gen = firstEntry(plain);
        Diagnostics diags;
        if (o.binding && gen &&
            !ir::verifyFunction(*gen, name, diags, ir::VerifyPurpose::Analysis)) {
            const eval::EvalResult r = runBriefly(*o.entry, *gen, *o.binding);
            EXPECT_EQ(r.verdict, "error") << name;
            EXPECT_EQ(r.issueSide, "generated") << name;
            EXPECT_TRUE(r.issue && r.issue->message.rfind("does not verify: ", 0) == 0) << name;
            ++tally.evalRefused;
        }
        return;
    }
    if (diffed)
        ++tally.diffed;
    const ir::Function* gen = firstEntry(loaded);
    eval::Binding binding;
    std::string error;
    if (!gen || !eval::bindingForPair(nullptr, *o.entry, *gen, binding, error))
        return;
    shrink(binding);
    (void)runBriefly(*o.entry, *gen, binding);
    ++tally.evaluated;
}

} // namespace

TEST(MutationSweep, ByteMutatedCorpusBytecodeNeverCrashesParseVerifyDiffOrEval)
{
    const std::vector<Original> files = originals();
    ASSERT_GE(files.size(), 5u) << "tests/data/bytecode should hold the corpus copies";
    const uint64_t seed = fromEnvironment("TILELENS_SWEEP_SEED", kSeed);
    const size_t mutants = size_t(fromEnvironment("TILELENS_SWEEP_MUTANTS", kMutants));
    std::mt19937_64 rng(seed);
    Tally tally;
    const auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < mutants; ++i) {
        const Original& o = files[i % files.size()];
        sweepOne(o, mutate(o.bytes, rng), i, tally);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << mutants << " mutants (seed " << seed << ") of " << files.size() << " files in "
              << seconds << " s: " << tally.unreadable << " refused by the reader, "
              << tally.unverified << " by the verifier (" << tally.evalRefused
              << " of them run: refused by the interpreter's entry), " << tally.diffed
              << " diffed, " << tally.evaluated << " run on the interpreter\n";
    // The sweep reaches every stage.
    EXPECT_GT(tally.unreadable, 0u);
    EXPECT_GT(tally.unverified, 0u);
    EXPECT_GT(tally.diffed, 0u);
    EXPECT_GT(tally.evaluated, 0u);
}
