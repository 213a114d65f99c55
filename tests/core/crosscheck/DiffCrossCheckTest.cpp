// The differ's divergences checked by running both sides (diff --eval): a seeded
// mistake gets its counterexample on the critical divergence at the changed
// line, a real pair confirms its equivalents, an unsupported op decides nothing,
// and a diff that claims equivalence where the run differs is a differ bug.

#include "crosscheck/DiffCrossCheck.h"

#include "TestPaths.h"
#include "crosscheck/DataflowSlice.h"
#include "diff/IrDiff.h"
#include "diff/RuleSet.h"
#include "ir/Module.h"
#include "ir/Op.h"
#include "ir/Parser.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace tilelens;
using namespace tilelens::crosscheck;

namespace {

std::string data(const std::string& relative)
{
    return test::testDataDir().toStdString() + "/" + relative;
}

// One pair of tests/data/real-ports, its generated side optionally replaced or edited.
struct Checked
{
    ir::ParseResult ref, gen;
    std::optional<diff::DiffResult> diff;
};

void load(Checked& c, const std::string& pair, const std::string& genText = {},
          const std::pair<std::string, std::string>& edit = {})
{
    const std::string dir = data("real-ports/" + pair + "/");
    c.ref = ir::parseModule(test::readTextFile(dir + "reference.mlir"));
    std::string gen = genText.empty() ? test::readTextFile(dir + "generated.mlir") : genText;
    if (!edit.first.empty()) {
        const size_t at = gen.find(edit.first);
        ASSERT_NE(at, std::string::npos) << "edit not found: " << edit.first;
        gen.replace(at, edit.first.size(), edit.second);
    }
    c.gen = ir::parseModule(gen);
    ASSERT_TRUE(c.ref.ok() && c.gen.ok());
    std::vector<const ir::Module*> r(c.ref.modules.begin(), c.ref.modules.end());
    std::vector<const ir::Module*> g(c.gen.modules.begin(), c.gen.modules.end());
    c.diff = diff::compareModules(r, g, diff::RuleSet::defaults(), dir + "reference.mlir",
                                  dir + "generated.mlir");
}

CrossCheck check(const Checked& c, const std::string& binding, eval::InputKind inputs,
                 const diff::DiffResult* result = nullptr)
{
    eval::EvalOptions o;
    o.inputs = inputs;
    return crossCheck(result ? *result : *c.diff, *c.ref.modules[0]->functions[0],
                      *c.gen.modules[0]->functions[0], binding, o);
}

// The criticals as a differ without float witnesses (diff/compare/FloatWitness.h) reports them:
// unproven, so that the run's counterexample, tap or reason is what they get. (The differ now
// refutes silu_and_mul's sigmoid and swiglu's nudged 1.0 itself; these tests are of the run.)
void withoutFloatWitnesses(Checked& c)
{
    for (diff::Divergence& d : c.diff->divergences)
        if (d.severity == diff::Severity::Critical)
            d.counterexample.clear();
}

const diff::Divergence* find(const diff::DiffResult& r, const std::string& id)
{
    for (const diff::Divergence& d : r.divergences)
        if (d.id == id)
            return &d;
    return nullptr;
}

const std::string kSwiglu = "swiglu_fwd_2x512x4096_bf16";
const std::string kMatmul = "matmul_128x128x32_2048_f16";

} // namespace

TEST(CrossCheck, SeededSigmoidGetsItsCounterexampleAndFirstDivergingStore)
{
    Checked c;
    load(c, kSwiglu, test::readTextFile(data("eval/swiglu_seeded_sigmoid.mlir")));
    ASSERT_GT(c.diff->count(diff::Severity::Critical), 0);
    const CrossCheck x = check(c, data("eval/" + kSwiglu + ".binding.json"), eval::InputKind::Edge);
    ASSERT_EQ(x.eval.verdict, "different") << x.summary;
    EXPECT_FALSE(x.differBug);
    // The first diverging op: the one store of each side, at its line.
    ASSERT_TRUE(x.eval.firstDivergence);
    EXPECT_EQ(x.eval.firstDivergence->reference.op, "store_ptr_tko");
    EXPECT_EQ(x.eval.firstDivergence->generated.op, "store_ptr_tko");
    EXPECT_GT(x.eval.firstDivergence->generated.line, 0);
    EXPECT_EQ(x.eval.firstDivergence->genValue, "nan");
    ASSERT_FALSE(x.attachedTo.empty());
    for (const std::string& id : x.attachedTo) {
        const diff::Divergence* d = find(*c.diff, id);
        ASSERT_NE(d, nullptr);
        EXPECT_EQ(d->severity, diff::Severity::Critical) << id;
        EXPECT_NE(noteFor(x, id).find("generated nan"), std::string::npos) << noteFor(x, id);
    }
    EXPECT_NE(x.counterexample.find("inputs a["), std::string::npos) << x.counterexample;
    EXPECT_NE(x.counterexample.find("first diverging store: store_ptr_tko at reference line"),
              std::string::npos)
        << x.counterexample;

    nlohmann::json j = {{"divergences", nlohmann::json::array()}};
    for (const diff::Divergence& d : c.diff->divergences)
        j["divergences"].push_back({{"id", d.id}});
    addToDiffJson(j, x);
    EXPECT_EQ(j["eval"]["verdict"], "different");
    EXPECT_EQ(j["eval"]["result"]["schema"], "tilelens.eval/1");
    EXPECT_EQ(j["eval"]["result"]["first_divergence"]["generated"]["op"], "store_ptr_tko");
    size_t withCounterexample = 0;
    for (const auto& d : j["divergences"])
        withCounterexample += d.contains("cpu_counterexample");
    EXPECT_EQ(withCounterexample, x.attachedTo.size());
}

TEST(CrossCheck, KLoopMistakeGetsTheCounterexampleAtTheLoopBound)
{
    Checked c; // the K loop starts one tile late: c misses a[:, :32] * b[:32, :]
    load(c, kMatmul, {}, {"for %104 in (%102 to %85", "for %104 in (%103 to %85"});
    const CrossCheck x =
        check(c, data("eval/" + kMatmul + ".binding.json"), eval::InputKind::Random);
    ASSERT_EQ(x.eval.verdict, "different") << x.summary;
    ASSERT_TRUE(x.eval.firstDivergence);
    EXPECT_EQ(x.eval.firstDivergence->array, "c");
    EXPECT_EQ(x.eval.firstDivergence->generated.op, "store_view_tko");
    // Every critical lies on the path to c here; the one at the loop bound gets it.
    EXPECT_EQ(long(x.attachedTo.size()), long(c.diff->count(diff::Severity::Critical)));
    EXPECT_TRUE(std::any_of(x.attachedTo.begin(), x.attachedTo.end(), [&](const std::string& id) {
        const diff::Divergence* d = find(*c.diff, id);
        return d->severity == diff::Severity::Critical && d->generated && d->generated->op == "for";
    })) << x.summary;

    // A critical at an op the stored value does not depend on gets nothing.
    const ir::Function& gen = *c.gen.modules[0]->functions[0];
    const std::set<int> path =
        sliceLines(findOps(gen, {x.eval.firstDivergence->generated.line}, {}));
    const auto all = findOps(gen, {}, {});
    const auto off = std::find_if(all.begin(), all.end(), [&](const ir::Op* op) {
        return !path.count(op->range.beginLine) && op->range.beginLine > 0;
    });
    ASSERT_NE(off, all.end());
    diff::DiffResult withOffPath = *c.diff;
    diff::Divergence extra;
    extra.severity = diff::Severity::Critical;
    extra.generated = diff::OpSite{(*off)->range.beginLine, 1, "x"};
    withOffPath.divergences.push_back(extra);
    withOffPath.finalize();
    const CrossCheck y =
        check(c, data("eval/" + kMatmul + ".binding.json"), eval::InputKind::Random, &withOffPath);
    ASSERT_EQ(long(y.attachedTo.size()), long(c.diff->count(diff::Severity::Critical)));
    for (const std::string& id : y.attachedTo) {
        const diff::Divergence* d = find(withOffPath, id);
        EXPECT_NE(d->generated->line, (*off)->range.beginLine) << id;
    }
}

TEST(CrossCheck, RealPairConfirmsEveryEquivalent)
{
    Checked c;
    load(c, kSwiglu);
    const CrossCheck x =
        check(c, data("eval/" + kSwiglu + ".binding.json"), eval::InputKind::Random);
    ASSERT_EQ(x.eval.verdict, "same") << x.summary;
    EXPECT_TRUE(x.attachedTo.empty());
    EXPECT_TRUE(x.refuted.empty());
    EXPECT_FALSE(x.differBug);
    const auto equivalents = std::count_if(
        c.diff->divergences.begin(), c.diff->divergences.end(),
        [](const diff::Divergence& d) { return d.severity == diff::Severity::Equivalent; });
    ASSERT_GT(equivalents, 0);
    EXPECT_EQ(long(x.confirmed.size()), long(equivalents));
    EXPECT_EQ(noteFor(x, x.confirmed.front()).rfind("confirmed on ", 0), 0u);
}

TEST(CrossCheck, AClaimedEquivalenceTheRunRefutesIsADifferBug)
{
    // The K-loop mistake, with the differ's criticals turned into proven equivalences:
    // what a differ that accepts too much would say. The run must refute it.
    Checked c;
    load(c, kMatmul, {}, {"for %104 in (%102 to %85", "for %104 in (%103 to %85"});
    diff::DiffResult wrong = *c.diff;
    std::vector<std::string> claimed;
    for (diff::Divergence& d : wrong.divergences)
        if (d.severity == diff::Severity::Critical) {
            d.severity = diff::Severity::Equivalent;
            d.proof = "a proof that does not hold";
            claimed.push_back(d.id);
        }
    ASSERT_FALSE(claimed.empty());
    wrong.finalize();
    ASSERT_EQ(wrong.count(diff::Severity::Critical), 0);
    const CrossCheck x =
        check(c, data("eval/" + kMatmul + ".binding.json"), eval::InputKind::Random, &wrong);
    EXPECT_TRUE(x.differBug);
    EXPECT_TRUE(x.attachedTo.empty());
    EXPECT_NE(x.summary.find("DIFFER BUG"), std::string::npos);
    ASSERT_FALSE(x.refuted.empty());
    for (const std::string& id : x.refuted)
        EXPECT_EQ(noteFor(x, id).rfind("REFUTED, a differ bug: ", 0), 0u);
    // The loop bound's finding is among the refuted ones.
    EXPECT_TRUE(std::any_of(x.refuted.begin(), x.refuted.end(), [&](const std::string& id) {
        return std::find(claimed.begin(), claimed.end(), id) != claimed.end();
    }));
}

TEST(CrossCheck, UnsupportedOpDecidesNothing)
{
    Checked c; // mulhii is not modelled: the run must say so, not pass
    load(c, kSwiglu, {},
         {"%76 = muli %54, %75 : tile<4096xi64>", "%76 = mulhii %54, %75 : tile<4096xi64>"});
    const CrossCheck x =
        check(c, data("eval/" + kSwiglu + ".binding.json"), eval::InputKind::Random);
    EXPECT_EQ(x.eval.verdict, "unsupported");
    EXPECT_NE(x.summary.find("unsupported"), std::string::npos);
    EXPECT_NE(x.summary.find("mulhii"), std::string::npos) << x.summary;
    EXPECT_TRUE(x.attachedTo.empty());
    EXPECT_TRUE(x.confirmed.empty());
    EXPECT_FALSE(x.differBug);
    EXPECT_NE(crossCheckText(x).find("unsupported"), std::string::npos);
}

TEST(CrossCheck, ABindingThatDoesNotLoadIsAnErrorNotARun)
{
    Checked c;
    load(c, kSwiglu);
    const CrossCheck x = check(c, data("eval/no-such.binding.json"), eval::InputKind::Random);
    EXPECT_FALSE(x.ran());
    EXPECT_NE(x.summary.find("not run: binding"), std::string::npos) << x.summary;
}

// Modules with several entries: every pair the differ made runs, each judged against its own
// divergences; the differing pair decides and its counterexample goes to its criticals only.
TEST(CrossCheck, EveryEntryPairRunsAndEachIsJudgedOnItsOwnDivergences)
{
    const std::string silu = data("real-ports/silu_and_mul_fwd_8x512x1024_f16/");
    const std::string swiglu = data("real-ports/" + kSwiglu + "/");
    const ir::ParseResult ref = ir::parseModule(test::readTextFile(silu + "reference.mlir") + "\n" +
                                                test::readTextFile(swiglu + "reference.mlir"));
    const ir::ParseResult gen =
        ir::parseModule(test::readTextFile(silu + "generated.mlir") + "\n" +
                        test::readTextFile(data("eval/swiglu_seeded_sigmoid.mlir")));
    ASSERT_TRUE(ref.ok() && gen.ok());
    std::vector<const ir::Module*> r(ref.modules.begin(), ref.modules.end());
    std::vector<const ir::Module*> g(gen.modules.begin(), gen.modules.end());
    ASSERT_EQ(r.size(), 2u);
    const diff::DiffResult result =
        diff::compareModules(r, g, diff::RuleSet::defaults(), "ref.mlir", "gen.mlir");
    eval::EvalOptions o;
    o.inputs = eval::InputKind::Edge;
    o.edgeArrays = {"a"};
    // The swiglu binding binds the swiglu pair; silu gets the default one, which cannot bind
    // a Python reference to a Rust port with other parameters: that pair is not run.
    const CrossCheck x = crossCheckAll(result, r, g, data("eval/" + kSwiglu + ".binding.json"), o);
    ASSERT_EQ(x.entries.size(), 2u) << x.summary;
    EXPECT_EQ(x.eval.verdict, "different") << x.summary;
    EXPECT_NE(x.referenceEntry.find("swiglu"), std::string::npos) << x.referenceEntry;
    EXPECT_EQ(x.summary.rfind("2 entry pairs, decided by ", 0), 0u) << x.summary;
    size_t notRun = 0;
    for (const CrossCheck& e : x.entries)
        notRun += !e.ran();
    EXPECT_EQ(notRun, 1u);
    ASSERT_FALSE(x.attachedTo.empty());
    for (const std::string& id : x.attachedTo) {
        const diff::Divergence* d = find(result, id);
        ASSERT_NE(d, nullptr);
        EXPECT_EQ(d->function, x.referenceEntry) << id;
    }
    nlohmann::json j = {{"divergences", nlohmann::json::array()}};
    addToDiffJson(j, x);
    EXPECT_EQ(j["eval"]["entries"].size(), 2u);
    EXPECT_NE(crossCheckText(x).find("  entry "), std::string::npos);
}

// Cancelled before the first pair ran (the GUI's Cancel pressed at once): a cancelled
// verdict, not an empty list of checks to pick the deciding one from (it crashed).
TEST(CrossCheck, CancelledBeforeTheFirstPairIsACancelledRun)
{
    const std::string swiglu = data("real-ports/" + kSwiglu + "/");
    const ir::ParseResult ref = ir::parseModule(test::readTextFile(swiglu + "reference.mlir"));
    const ir::ParseResult gen = ir::parseModule(test::readTextFile(swiglu + "generated.mlir"));
    ASSERT_TRUE(ref.ok() && gen.ok());
    std::vector<const ir::Module*> r(ref.modules.begin(), ref.modules.end());
    std::vector<const ir::Module*> g(gen.modules.begin(), gen.modules.end());
    const diff::DiffResult result =
        diff::compareModules(r, g, diff::RuleSet::defaults(), "ref.mlir", "gen.mlir");
    CancelSource cancel;
    cancel.cancel();
    eval::EvalOptions o;
    o.cancel = cancel.token();
    const CrossCheck x = crossCheckAll(result, r, g, data("eval/" + kSwiglu + ".binding.json"), o);
    ASSERT_EQ(x.entries.size(), 1u) << x.summary;
    EXPECT_EQ(x.eval.verdict, "cancelled") << x.summary;
}

// Issue 31 item 1, issue 29 item 3 (c): the unmodified attention_sink port run without a binding
// file or launch chain. The binding derived from the pair guesses its sizes (S = 16), outside
// what the reference was compiled for (tiles of 128): the reference itself reads without a
// padding value. That refutes nothing and is no differ bug; the check says so, names the
// binding, runs no other case of those sizes, and an unproven critical (a seeded max -> min)
// says why it got nothing.
TEST(CrossCheck, AGuessedBindingTheReferenceRejectsRefutesNothing)
{
    Checked c;
    load(c, "attention_sink_2x128q128k_h8g8_d64_bf16", {},
         {"%363 = maxf %268, %362", "%363 = minf %268, %362"});
    std::vector<std::string> unproven;
    for (const diff::Divergence& d : c.diff->divergences)
        if (d.unproven())
            unproven.push_back(d.id);
    ASSERT_FALSE(unproven.empty());
    const CrossCheck x = check(c, std::string(), eval::InputKind::All);
    ASSERT_TRUE(x.ran()) << x.summary;
    EXPECT_EQ(x.eval.verdict, "different") << x.summary;
    EXPECT_FALSE(x.differBug) << x.summary;
    EXPECT_TRUE(x.inconclusive);
    EXPECT_TRUE(x.bindingGuessed);
    EXPECT_TRUE(x.refuted.empty());
    EXPECT_TRUE(x.attachedTo.empty());
    EXPECT_EQ(x.summary.find("DIFFER BUG"), std::string::npos) << x.summary;
    EXPECT_EQ(x.summary.rfind("inconclusive: on a binding derived from the pair (the reference's "
                              "parameters from its mangled entry name, the generated entry's as "
                              "the differ paired them; S = 16) the reference itself fails (line ",
                              0),
              0u)
        << x.summary;
    EXPECT_NE(x.summary.find("outside the reference's contract, so the run refutes nothing"),
              std::string::npos)
        << x.summary;
    const CpuRunMessage m = inconclusiveMessage(x);
    EXPECT_EQ(m.english(), x.summary);
    // One case ran; the others of S = 16 were skipped, and the result says so.
    EXPECT_EQ(x.eval.cases.size(), 1u);
    EXPECT_TRUE(std::any_of(x.eval.notes.begin(), x.eval.notes.end(), [](const std::string& n) {
        return n.find("cases not run: the reference already failed on their sizes") !=
               std::string::npos;
    }));
    // Each unproven critical keeps its mark and says why the run gave it nothing.
    const diff::DiffResult shown = withCpuRun(*c.diff, x);
    for (const std::string& id : unproven) {
        const diff::Divergence* d = find(shown, id);
        ASSERT_NE(d, nullptr);
        EXPECT_TRUE(d->unproven()) << id;
        EXPECT_EQ(d->unprovenReason, "CPU run: " + x.summary) << id;
        EXPECT_EQ(noteFor(x, id), x.summary) << id; // the GUI says "CPU run:" before it
    }
    nlohmann::json j = {{"divergences", nlohmann::json::array()}};
    addToDiffJson(j, x);
    EXPECT_TRUE(j["eval"]["inconclusive"].get<bool>());
    EXPECT_TRUE(j["eval"]["binding_guessed"].get<bool>());
    EXPECT_FALSE(j["eval"]["differ_bug"].get<bool>());
}

// Issue 29 item 3 (a): a run that shows the outputs differ gives the criticals it refutes its
// counterexample, and they are no longer unproven (silu_and_mul's e/(1+e) sigmoid, bound from
// the checked-in binding).
TEST(CrossCheck, ACpuCounterexampleClearsTheUnprovenMark)
{
    Checked c;
    load(c, "silu_and_mul_fwd_8x512x1024_f16");
    withoutFloatWitnesses(c);
    ASSERT_GT(c.diff->unprovenCriticals(), 0);
    const CrossCheck x =
        check(c, data("eval/silu_and_mul_fwd_8x512x1024_f16.binding.json"), eval::InputKind::All);
    ASSERT_EQ(x.eval.verdict, "different") << x.summary;
    ASSERT_FALSE(x.attachedTo.empty());
    EXPECT_FALSE(x.bindingGuessed);
    const diff::DiffResult shown = withCpuRun(*c.diff, x);
    for (const std::string& id : x.attachedTo) {
        const diff::Divergence* d = find(shown, id);
        ASSERT_NE(d, nullptr);
        EXPECT_FALSE(d->unproven()) << id;
        EXPECT_EQ(d->counterexample, "CPU run: " + x.counterexample) << id;
    }
    EXPECT_EQ(shown.unprovenCriticals(),
              c.diff->unprovenCriticals() - static_cast<int>(x.attachedTo.size()));
    EXPECT_EQ(shown.unprovenCriticals(), 0);
}

// Issue 29 item 3 (b): a run that finds the outputs equal gives each unproven critical that
// reason, naming the binding (the pair has no launch chain: softmax's binding derived from the
// pair, issue 30 item 2).
TEST(CrossCheck, EqualOutputsAreTheReasonOfEachUnprovenCritical)
{
    Checked c;
    load(c, "softmax_multi_wave_256x2048_f32");
    ASSERT_EQ(c.diff->unprovenCriticals(), 1);
    const CrossCheck x = check(c, std::string(), eval::InputKind::All);
    ASSERT_EQ(x.eval.verdict, "same") << x.summary;
    ASSERT_EQ(x.unprovenReasons.size(), 1u);
    const diff::DiffResult shown = withCpuRun(*c.diff, x);
    for (const diff::Divergence& d : shown.divergences) {
        if (!d.unproven())
            continue;
        EXPECT_EQ(d.unprovenReason.rfind("CPU run: equal within the modelled rounding on a "
                                         "binding derived from the pair (the reference's "
                                         "parameters from its mangled entry name, the generated "
                                         "entry's as the differ paired them; S = ",
                                         0),
                  0u)
            << d.unprovenReason;
        EXPECT_NE(d.unprovenReason.find(" input case(s))"), std::string::npos) << d.unprovenReason;
    }
}

namespace {

// swiglu's port against itself with the sigmoid's 1.0 written 1.00001: the sigmoid moves by up
// to ~80 f32 ulps, which the bf16 outputs round away (within 2 ulps), so only the value at the
// finding's own ops shows it.
void loadPortAgainstNudgedOne(Checked& c)
{
    const std::string dir = data("real-ports/" + kSwiglu + "/");
    const std::string port = test::readTextFile(dir + "generated.mlir");
    std::string nudged = port;
    const std::string one = "%122 = constant <f32: 1.0> : tile<f32>";
    const size_t at = nudged.find(one);
    ASSERT_NE(at, std::string::npos);
    nudged.replace(at, one.size(), "%122 = constant <f32: 1.00001> : tile<f32>");
    c.ref = ir::parseModule(port);
    c.gen = ir::parseModule(nudged);
    ASSERT_TRUE(c.ref.ok() && c.gen.ok());
    std::vector<const ir::Module*> r(c.ref.modules.begin(), c.ref.modules.end());
    std::vector<const ir::Module*> g(c.gen.modules.begin(), c.gen.modules.end());
    c.diff = diff::compareModules(r, g, diff::RuleSet::defaults(), dir + "generated.mlir",
                                  dir + "generated.mlir");
}

} // namespace

// Issue 30 item 2: a critical whose difference the outputs do not show gets the first differing
// element of its two ops' values (the interpreter's tap) as its counterexample, and that
// difference is real: both sides' values at the element, the constant each side's text holds.
TEST(CrossCheck, ATappedValueIsTheCounterexampleTheOutputsDoNotShow)
{
    Checked c;
    loadPortAgainstNudgedOne(c);
    withoutFloatWitnesses(c);
    ASSERT_EQ(c.diff->unprovenCriticals(), 1);
    const CrossCheck x = check(c, data("eval/gui_swiglu_small.binding.json"), eval::InputKind::All);
    ASSERT_EQ(x.eval.verdict, "same") << x.summary;
    ASSERT_EQ(x.tapCounterexamples.size(), 1u);
    const std::string id = x.tapCounterexamples.begin()->first;
    const diff::Divergence* d = find(*c.diff, id);
    ASSERT_NE(d, nullptr);
    ASSERT_TRUE(d->unproven());
    const eval::TapDifference& t = x.eval.tapDifferences.at(id);
    EXPECT_EQ(t.counterexample.refValue, "1");
    EXPECT_EQ(t.counterexample.genValue, "1.00001001"); // 1.00001 in f32
    EXPECT_EQ(x.tapCounterexamples.at(id),
              "reshape at reference line 110 / reshape at generated line 110 (block 0, 0, 0) "
              "tile[0]: reference 1, generated 1.00001001; random inputs, seed 1, C = 96, R = 16");
    // It is the finding's counterexample in every form; the reason it was unproven is gone.
    EXPECT_EQ(noteFor(x, id), "counterexample: " + x.tapCounterexamples.at(id));
    const diff::DiffResult shown = withCpuRun(*c.diff, x);
    EXPECT_EQ(find(shown, id)->counterexample, "CPU run: " + x.tapCounterexamples.at(id));
    EXPECT_EQ(shown.unprovenCriticals(), 0);
    nlohmann::json j = {{"divergences", nlohmann::json::array()}};
    for (const diff::Divergence& e : c.diff->divergences)
        j["divergences"].push_back({{"id", e.id}});
    addToDiffJson(j, x);
    for (const auto& e : j["divergences"])
        EXPECT_EQ(e.contains("cpu_counterexample"), e["id"] == id) << e.dump();
}

// The values of the sigmoid's divf on both sides, tapped by the evaluation itself, differ where
// they follow from each side's operands: 1.00001 / (1.00001 + e) against 1 / (1 + e).
TEST(CrossCheck, TappedFloatValuesFollowFromEachSidesOperands)
{
    Checked c;
    loadPortAgainstNudgedOne(c);
    const ir::Function& ref = *c.ref.modules[0]->functions[0];
    const ir::Function& gen = *c.gen.modules[0]->functions[0];
    const auto divf = [](const ir::Function& fn) { return findOps(fn, {115}, {"divf"}); };
    ASSERT_EQ(divf(ref).size(), 1u);
    ASSERT_EQ(divf(gen).size(), 1u);
    eval::Binding binding;
    std::string error;
    ASSERT_TRUE(eval::loadBinding(data("eval/gui_swiglu_small.binding.json"), binding, error))
        << error;
    eval::EvalOptions o;
    o.inputs = eval::InputKind::Random;
    o.taps = {{"sigmoid", divf(ref)[0], divf(gen)[0]}};
    const eval::EvalResult r = eval::evaluatePair(ref, gen, binding, o);
    ASSERT_EQ(r.verdict, "same");
    ASSERT_EQ(r.tapDifferences.count("sigmoid"), 1u) << r.tapUncompared.begin()->second;
    const eval::Counterexample& cx = r.tapDifferences.at("sigmoid").counterexample;
    const auto operand = [&](const std::string& name) {
        const auto it = cx.inputsAtIndex.find(name);
        EXPECT_NE(it, cx.inputsAtIndex.end()) << name;
        return it == cx.inputsAtIndex.end() ? 0.0 : std::stod(it->second);
    };
    const double refQuotient = operand("reference %129") / operand("reference %130");
    const double genQuotient = operand("generated %129") / operand("generated %130");
    EXPECT_EQ(operand("reference %129"), 1.0);
    EXPECT_NEAR(operand("generated %129"), 1.00001, 1e-7);
    EXPECT_NEAR(std::stod(cx.refValue), refQuotient, 1e-6 * std::fabs(refQuotient));
    EXPECT_NEAR(std::stod(cx.genValue), genQuotient, 1e-6 * std::fabs(genQuotient));
    EXPECT_GT(cx.ulp, 2); // beyond the tolerance, though the bf16 outputs agree
}

// Only criticals are tapped: the same finding made a warn or an equivalent gets no counterexample,
// although its two ops' values differ.
TEST(CrossCheck, AnEquivalentOrWarnFindingIsNeverTapped)
{
    Checked c;
    loadPortAgainstNudgedOne(c);
    withoutFloatWitnesses(c); // a warn or an equivalent never had one
    for (const diff::Severity severity : {diff::Severity::Warn, diff::Severity::Equivalent}) {
        diff::DiffResult softened = *c.diff;
        for (diff::Divergence& d : softened.divergences)
            if (d.severity == diff::Severity::Critical)
                d.severity = severity;
        softened.finalize();
        const CrossCheck x =
            check(c, data("eval/gui_swiglu_small.binding.json"), eval::InputKind::All, &softened);
        ASSERT_EQ(x.eval.verdict, "same") << x.summary;
        EXPECT_TRUE(x.tapCounterexamples.empty());
        EXPECT_TRUE(x.eval.tapDifferences.empty());
        for (const diff::Divergence& d : withCpuRun(softened, x).divergences)
            EXPECT_TRUE(d.counterexample.empty()) << d.id;
    }
}
