// The SMT check is asked only up to kSolverMaxOps ops (both sides): a module of
// hundreds of kernels would spend seconds in it. Above the limit the result says
// so, and the difference stays critical without a counterexample.

#include "DiffTestUtil.h"
#include "diff/ReportWriters.h"
#include "diff/compare/SmtCheck.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace tilelens::diff::test {
namespace {

// The fixture's entry `copies` times under distinct names; `flip` changes the
// predicate in front of the Python-modulo fix-up's i32 division in every copy.
std::string replicated(int copies, bool flip)
{
    const std::string text = fixture("matmul_static_persistent_transB_2048_bf16.mlir");
    const auto begin = text.find("  entry @");
    const auto end = text.rfind("\n}");
    std::string body = text.substr(begin, end - begin + 1);
    if (flip) {
        EXPECT_TRUE(applyEdits(body, {{"%72 = cmpi less_than", "%72 = cmpi greater_than"}}));
    }
    std::string out = text.substr(0, begin);
    for (int i = 0; i < copies; ++i) {
        std::string copy = body;
        copy.insert(copy.find('('), "_copy" + std::to_string(i));
        out += copy;
    }
    return out + "}\n";
}

const Divergence* withCounterexample(const DiffResult& r)
{
    for (const Divergence& d : r.divergences)
        if (d.severity == Severity::Critical && !d.counterexample.empty())
            return &d;
    return nullptr;
}

TEST(SolverLimit, SmallModulesAskTheSolverLargeOnesSaySoAndStayCritical)
{
    const DiffResult small = diffTexts(replicated(1, false), replicated(1, true));
    EXPECT_TRUE(small.solverSkipped.empty()) << small.solverSkipped;
    EXPECT_NE(withCounterexample(small), nullptr) << describe(small);
    EXPECT_FALSE(toJson(small).contains("solver"));

    // About 100 ops per copy and side: 300 copies are over 60k ops in all.
    const DiffResult large = diffTexts(replicated(300, false), replicated(300, true));
    EXPECT_NE(large.solverSkipped.find("over the 50000-op limit"), std::string::npos)
        << large.solverSkipped;
    EXPECT_EQ(withCounterexample(large), nullptr);
    EXPECT_GE(large.count(Severity::Critical), 300 * small.count(Severity::Critical));
    EXPECT_EQ(toJson(large).value("solver", std::string()), large.solverSkipped);
}

// The matmul port's `portSide` ("reference.mlir" or "generated.mlir") diffed against a
// generated side the diff_pair fuzzer wrote (tests/data/diff).
DiffResult diffFuzzedMatmul(const char* portSide, const char* fuzzed)
{
    const QString data = tilelens::test::testDataDir();
    const std::string ref = readText(
        data + QStringLiteral("/real-ports/matmul_128x128x32_2048_f16/") + QLatin1String(portSide));
    const std::string gen = readText(data + QStringLiteral("/diff/") + QLatin1String(fuzzed));
    EXPECT_FALSE(ref.empty());
    EXPECT_FALSE(gen.empty());
    return diffTexts(ref, gen);
}

// How a result's criticals ended: with a counterexample, or unproven and why.
struct CriticalOutcomes
{
    int proven = 0;
    int searched = 0;    // unproven: searched within the budget
    int budgetSpent = 0; // unproven: the budget ran out first
};

CriticalOutcomes outcomesOf(const DiffResult& r)
{
    CriticalOutcomes o;
    for (const Divergence* d : criticals(r)) {
        o.proven += !d->counterexample.empty();
        o.searched += d->unprovenReason.rfind("searched: the solver", 0) == 0;
        o.budgetSpent += d->unprovenReason.rfind("searched in part: the solver's budget", 0) == 0;
    }
    return o;
}

// A function whose queries keep running out of their step limit stops asking once two limits
// are spent (SolverBudget): the fuzzer's pair asked 53 queries, 10 of them to the limit, in 9 s.
// Its later criticals say that the search stopped there.
TEST(SolverLimit, AFunctionStopsAskingOnceItsBudgetIsSpent)
{
    const DiffResult r =
        diffFuzzedMatmul("reference.mlir", "matmul_fuzzed_division_flags.generated.mlir");
    const CriticalOutcomes o = outcomesOf(r);
    EXPECT_GE(o.budgetSpent, 1) << describe(r);
    // Findings searched before the budget ran out say so as before.
    EXPECT_GE(o.searched, 1) << describe(r);
}

// Queries that answer (sat or unsat) near their step limit are charged too: the device fuzzer's
// pair asked twelve such, each to about 4M steps, in 4.3 s, while the budget counted only the
// queries that gave up. Now it stops asking after two limits' worth of steps, whatever the
// answers, and says so on the criticals left.
TEST(SolverLimit, AnsweredQueriesAreChargedToTheBudgetToo)
{
    const DiffResult r =
        diffFuzzedMatmul("generated.mlir", "matmul_fuzzed_rounding_modes.generated.mlir");
    const CriticalOutcomes o = outcomesOf(r);
    EXPECT_GE(o.budgetSpent, 1) << describe(r);
    // The counterexamples found before the budget ran out are kept.
    EXPECT_GE(o.proven, 1) << describe(r);
    // A query runs only while its whole limit is left: the pair's steps stay within the budget
    // (charging only the queries that gave up, this pair spent 23.7M).
    EXPECT_GT(r.solverSteps, SolverBudget::kSteps / 2);
    EXPECT_LE(r.solverSteps, SolverBudget::kSteps);
}

} // namespace
} // namespace tilelens::diff::test
