// tilelens-cli diff without --eval (issue 30 item 2): with a binding at hand, the criticals that
// the solver and the float witness leave unproven get a quick CPU search (their two ops tapped
// on one random case, then edge values, then values of every magnitude, on the first and last
// tile block of each grid dimension, within --cpu-search-budget, spent as interpreter work): a
// tapped difference is their counterexample, otherwise their
// unproven reason says what was searched. Without a binding, or with a budget of 0, the diff
// reads as it always did.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <map>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString realPort(const QString& pair, const char* file)
{
    return tilelens::test::testDataDir() + QStringLiteral("/real-ports/") + pair +
           QLatin1Char('/') + QString::fromLatin1(file);
}

QString portMistake(const char* mistake)
{
    return tilelens::test::testDataDir() + QStringLiteral("/port-mistakes/") +
           QString::fromLatin1(mistake) + QStringLiteral("/generated.mlir");
}

QString bindingOf(const QString& pair)
{
    return tilelens::test::testDataDir() + QStringLiteral("/eval/") + pair +
           QStringLiteral(".binding.json");
}

// The pair's binding with the generated side's parameters for both sides: a mistake against
// the unmodified port (both Rust IR), as scripts/mistake-metrics.py --bindings binds it.
QString rustVsRustBinding(const QTemporaryDir& dir, const QString& pair)
{
    QFile in(bindingOf(pair));
    EXPECT_TRUE(in.open(QIODevice::ReadOnly));
    QJsonObject b = QJsonDocument::fromJson(in.readAll()).object();
    b[QStringLiteral("ref")] = b.value(QStringLiteral("gen"));
    QString path = dir.filePath(QStringLiteral("rust-vs-rust.binding.json"));
    QFile out(path);
    EXPECT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(b).toJson());
    return path;
}

QJsonArray criticalsOf(const CliResult& r)
{
    QJsonArray out;
    for (const QJsonValue v : QJsonDocument::fromJson(r.out.toUtf8())
                                  .object()
                                  .value(QStringLiteral("divergences"))
                                  .toArray())
        if (v.toObject().value(QStringLiteral("severity")).toString() == QStringLiteral("critical"))
            out.append(v);
    return out;
}

// The one critical of `r` whose generated op is `op`.
QJsonObject criticalAt(const CliResult& r, const QString& op)
{
    QJsonObject found;
    int n = 0;
    for (const QJsonValue v : criticalsOf(r)) {
        const QJsonObject d = v.toObject();
        if (d.value(QStringLiteral("generated")).toObject().value(QStringLiteral("op")) == op) {
            found = d;
            ++n;
        }
    }
    EXPECT_EQ(n, 1) << op.toStdString() << "\n" << r.out.toStdString();
    return found;
}

// The counterexample of the one critical of `r` whose generated op is `op`.
QString counterexampleAt(const CliResult& r, const QString& op)
{
    return criticalAt(r, op).value(QStringLiteral("counterexample")).toString();
}

// A budget no machine running the tests (a sanitizer build under load) runs out of: the
// search ends as soon as every tapped value differs, or after its three cases. diffJson() gives
// it unless the test sets one.
const QStringList kAmpleBudget = {QStringLiteral("--cpu-search-budget"), QStringLiteral("120")};

CliResult diffJson(const QStringList& options, const QString& ref, const QString& gen)
{
    QStringList args = {QStringLiteral("diff"), QStringLiteral("--format"), QStringLiteral("json")};
    args += options;
    if (!options.contains(QStringLiteral("--cpu-search-budget")))
        args += kAmpleBudget;
    args += {ref, gen};
    return runCli(args);
}

} // namespace

// layer_norm's variance fma fed the unmasked centred values: the float witness on uniform
// tiles sees no difference (the search off), the quick search on the pair's binding taps the
// fma and finds one.
TEST(CliDiffQuickSearch, AGivenBindingGivesTheUnprovenFloatCriticalItsCounterexample)
{
    const QString pair = QStringLiteral("layer_norm_fwd_1024x768_f32");
    const QString ref = realPort(pair, "reference.mlir");
    const QString gen = portMistake("layer_norm/missing_mask_variance_fma");
    const CliResult without =
        diffJson({QStringLiteral("--cpu-search-budget"), QStringLiteral("0")}, ref, gen);
    const QJsonObject before = criticalAt(without, QStringLiteral("fma"));
    EXPECT_TRUE(before.value(QStringLiteral("unproven")).toBool()) << without.out.toStdString();

    const CliResult with = diffJson({QStringLiteral("--binding"), bindingOf(pair)}, ref, gen);
    EXPECT_EQ(with.exitCode, without.exitCode);
    const QJsonObject after = criticalAt(with, QStringLiteral("fma"));
    EXPECT_FALSE(after.value(QStringLiteral("unproven")).toBool()) << with.out.toStdString();
    EXPECT_FALSE(after.contains(QStringLiteral("unproven_reason")));
    EXPECT_TRUE(after.value(QStringLiteral("counterexample"))
                    .toString()
                    .startsWith(QStringLiteral("CPU run: fma at reference line 125 / fma at "
                                               "generated line 146 (block 0, 0, 0")))
        << with.out.toStdString();
    EXPECT_TRUE(after.value(QStringLiteral("counterexample"))
                    .toString()
                    .contains(QStringLiteral("random inputs, seed 1, M = 16")))
        << with.out.toStdString();
    // The text report counts it with a counterexample.
    const CliResult text = runCli(QStringList{QStringLiteral("diff"), QStringLiteral("--binding"),
                                              bindingOf(pair), ref, gen} +
                                  kAmpleBudget);
    EXPECT_TRUE(text.out.contains(QStringLiteral("counterexample: CPU run: fma at reference line")))
        << text.out.toStdString();
}

// matmul's accumulator declared f16: the reference's f32 accumulator and the port's f16 one are
// compared in f16, the coarser format, and differ by far more than its rounding.
TEST(CliDiffQuickSearch, AnAccumulatorOfAnotherFloatTypeIsComparedInTheCoarserType)
{
    const QString pair = QStringLiteral("matmul_128x128x32_2048_f16");
    const CliResult r =
        diffJson({QStringLiteral("--binding"), bindingOf(pair)}, realPort(pair, "reference.mlir"),
                 portMistake("matmul/wrong_accumulator_type_f16"));
    EXPECT_TRUE(counterexampleAt(r, QStringLiteral("mmaf"))
                    .startsWith(QStringLiteral("CPU run: mmaf at reference line 82 / mmaf at "
                                               "generated line 100")))
        << r.out.toStdString();
}

// Against the unmodified port (both sides Rust IR), bound by the generated half of the pair's
// binding: layer_norm's variance fma fed the unmasked values (the float witness finds none).
TEST(CliDiffQuickSearch, AMistakeAgainstTheUnmodifiedPortIsSearchedOnTheGeneratedBinding)
{
    QTemporaryDir dir;
    const QString pair = QStringLiteral("layer_norm_fwd_1024x768_f32");
    const CliResult r = diffJson({QStringLiteral("--binding"), rustVsRustBinding(dir, pair)},
                                 realPort(pair, "generated.mlir"),
                                 portMistake("layer_norm/missing_mask_variance_fma"));
    EXPECT_TRUE(counterexampleAt(r, QStringLiteral("fma"))
                    .startsWith(QStringLiteral("CPU run: fma at reference line 146 / fma at "
                                               "generated line 146")))
        << r.out.toStdString();
}

// A rounding mode changed against the unmodified port (both sides Rust IR, no binding file):
// the port's launch chain binds both entries, and the mulf rounded to nearest-even and toward
// zero differ by one ulp on the same operands (bit for bit where the two ops' operands agree).
TEST(CliDiffQuickSearch, ARoundingModeAgainstTheUnmodifiedPortDiffersByAnUlpOnTheSameOperands)
{
    const QString pair = QStringLiteral("silu_and_mul_fwd_8x512x1024_f16");
    const CliResult r = diffJson({}, realPort(pair, "generated.mlir"),
                                 portMistake("silu_and_mul/changed_rounding_silu_mulf"));
    const QJsonObject d = criticalAt(r, QStringLiteral("mulf"));
    const QString cx = d.value(QStringLiteral("counterexample")).toString();
    EXPECT_TRUE(cx.startsWith(QStringLiteral("CPU run: mulf at reference line 57 / mulf at "
                                             "generated line 57")))
        << r.out.toStdString();
    EXPECT_FALSE(d.value(QStringLiteral("unproven")).toBool());
    // Both sides' operands are named with the same values.
    const QRegularExpression operand(
        QStringLiteral("(reference|generated) (%\\d+)\\[[0-9, ]+\\] = ([^,;]+)"));
    std::map<QString, std::map<QString, QString>> bySide;
    for (auto m = operand.globalMatch(cx); m.hasNext();) {
        const QRegularExpressionMatch one = m.next();
        bySide[one.captured(1)][one.captured(2)] = one.captured(3);
    }
    ASSERT_EQ(bySide[QStringLiteral("reference")].size(), 2u) << cx.toStdString();
    EXPECT_EQ(bySide[QStringLiteral("reference")], bySide[QStringLiteral("generated")])
        << cx.toStdString();
}

// rope's second half rounded toward +inf: the fma reads the head dimension's second 64-wide tile
// (tile index 1), which the pair's binding covers (one size S for every axis would leave it in
// the padding, where the fma adds zero products and rounds nothing).
TEST(CliDiffQuickSearch, ATileReadAtAFixedIndexHoldsValuesThatShowTheRounding)
{
    const QString pair = QStringLiteral("rope_2x32x8x1024x128_bf16");
    const CliResult r = diffJson({}, realPort(pair, "reference.mlir"),
                                 portMistake("rope/changed_rounding_new_k2_fma"));
    EXPECT_TRUE(counterexampleAt(r, QStringLiteral("fma"))
                    .startsWith(QStringLiteral("CPU run: fma at reference line 153 / fma at "
                                               "generated line 244")))
        << r.out.toStdString();
}

// The project's own layer_norm port has no launch chain: against the unmodified port, the
// cuTile Python reference.mlir beside it (or in a kernel working directory's reference/) binds
// both versions (its pair binding's port side), and the unmasked variance fma gets its
// counterexample without a binding file. Copied away from
// that reference, the pair has no binding and the critical stays unproven, searched by nothing.
TEST(CliDiffQuickSearch, TwoVersionsOfAPortAreBoundByTheReferenceBesideThem)
{
    const QString pair = QStringLiteral("layer_norm_fwd_1024x768_f32");
    const QString mistake = portMistake("layer_norm/missing_mask_variance_fma");
    const CliResult r = diffJson({}, realPort(pair, "generated.mlir"), mistake);
    EXPECT_TRUE(counterexampleAt(r, QStringLiteral("fma"))
                    .startsWith(QStringLiteral("CPU run: fma at reference line 146 / fma at "
                                               "generated line 146")))
        << r.out.toStdString();

    // A kernel working directory: reference/reference.mlir beside generated/.
    QTemporaryDir ws;
    ASSERT_TRUE(QDir(ws.path()).mkpath(QStringLiteral("reference")));
    ASSERT_TRUE(QDir(ws.path()).mkpath(QStringLiteral("generated")));
    ASSERT_TRUE(QFile::copy(realPort(pair, "reference.mlir"),
                            ws.filePath(QStringLiteral("reference/reference.mlir"))));
    const QString inWorkspace = ws.filePath(QStringLiteral("generated/generated.mlir"));
    ASSERT_TRUE(QFile::copy(realPort(pair, "generated.mlir"), inWorkspace));
    EXPECT_TRUE(counterexampleAt(diffJson({}, inWorkspace, mistake), QStringLiteral("fma"))
                    .startsWith(QStringLiteral("CPU run: fma at reference line 146")));

    QTemporaryDir dir;
    const QString alone = dir.filePath(QStringLiteral("generated.mlir"));
    ASSERT_TRUE(QFile::copy(realPort(pair, "generated.mlir"), alone));
    const CliResult away = diffJson({}, alone, mistake);
    const QJsonObject unproven = criticalAt(away, QStringLiteral("fma"));
    EXPECT_TRUE(unproven.value(QStringLiteral("unproven")).toBool()) << away.out.toStdString();
    EXPECT_FALSE(unproven.value(QStringLiteral("unproven_reason"))
                     .toString()
                     .contains(QStringLiteral("quick CPU search")))
        << away.out.toStdString();
}

// A port with no unproven critical against its reference: the binding changes nothing at all.
TEST(CliDiffQuickSearch, APairWithNothingUnprovenReadsTheSameWithABinding)
{
    const QString pair = QStringLiteral("layer_norm_fwd_1024x768_f32");
    for (const char* format : {"text", "json"}) {
        const QStringList plain = {QStringLiteral("diff"), QStringLiteral("--format"),
                                   QString::fromLatin1(format), realPort(pair, "reference.mlir"),
                                   realPort(pair, "generated.mlir")};
        QStringList bound = plain;
        bound.insert(1, QStringLiteral("--binding"));
        bound.insert(2, bindingOf(pair));
        const CliResult a = runCli(plain);
        const CliResult b = runCli(bound);
        EXPECT_EQ(a.exitCode, b.exitCode);
        EXPECT_EQ(a.out, b.out) << format;
        EXPECT_EQ(a.err, b.err) << format;
    }
}

// A critical whose two values agree on the searched case gets no counterexample, and its reason
// says what was searched: swiglu's sigmoid division rounded differently agrees on the pair's
// binding (the rounding mode changes no value of these inputs).
TEST(CliDiffQuickSearch, AValueThatAgreesKeepsItsMarkAndSaysWhatWasSearched)
{
    const QString pair = QStringLiteral("swiglu_fwd_2x512x4096_bf16");
    const CliResult r =
        diffJson({QStringLiteral("--binding"), bindingOf(pair)}, realPort(pair, "reference.mlir"),
                 portMistake("swiglu/changed_rounding_sigmoid_div"));
    const QJsonObject d = criticalAt(r, QStringLiteral("divf"));
    EXPECT_TRUE(d.value(QStringLiteral("unproven")).toBool()) << r.out.toStdString();
    const QString reason = d.value(QStringLiteral("unproven_reason")).toString();
    EXPECT_TRUE(reason.startsWith(QStringLiteral("searched: the solver"))) << reason.toStdString();
    EXPECT_TRUE(reason.contains(QStringLiteral(
        "; quick CPU search on the given binding (C = 4000, 4096; R = 16, 32): the two values "
        "agree on random inputs (seed 1)")))
        << reason.toStdString();
    EXPECT_TRUE(reason.contains(QStringLiteral("in the first and last tile block of each grid "
                                               "dimension (grid ")))
        << reason.toStdString();
}

// --cpu-search-budget 0 turns the search off: with a binding the diff reads as without one
// (without one, the search would still run on the binding derived from the pair).
TEST(CliDiffQuickSearch, ABudgetOfZeroIsTheDiffWithoutASearch)
{
    const QString pair = QStringLiteral("layer_norm_fwd_1024x768_f32");
    const QString ref = realPort(pair, "reference.mlir");
    const QString gen = portMistake("layer_norm/missing_mask_variance_fma");
    for (const char* format : {"text", "json", "sarif"}) {
        const QStringList plain = {QStringLiteral("diff"),
                                   QStringLiteral("--format"),
                                   QString::fromLatin1(format),
                                   ref,
                                   gen,
                                   QStringLiteral("--cpu-search-budget"),
                                   QStringLiteral("0")};
        QStringList off = plain;
        off += {QStringLiteral("--binding"), bindingOf(pair)};
        const CliResult a = runCli(plain);
        const CliResult b = runCli(off);
        EXPECT_EQ(a.exitCode, b.exitCode);
        EXPECT_EQ(a.out, b.out) << format;
    }
}

// A budget too small for any case ends the search at once: the diff is whole, its exit code the
// same, and the unproven critical says the budget ran out.
TEST(CliDiffQuickSearch, ATinyBudgetEndsTheSearchCleanly)
{
    const QString pair = QStringLiteral("layer_norm_fwd_1024x768_f32");
    const QString ref = realPort(pair, "reference.mlir");
    const QString gen = portMistake("layer_norm/missing_mask_variance_fma");
    const CliResult plain = diffJson({}, ref, gen);
    const CliResult r = diffJson({QStringLiteral("--binding"), bindingOf(pair),
                                  QStringLiteral("--cpu-search-budget"), QStringLiteral("1e-9")},
                                 ref, gen);
    EXPECT_EQ(r.exitCode, plain.exitCode);
    EXPECT_EQ(criticalsOf(r).size(), criticalsOf(plain).size());
    const QJsonObject d = criticalAt(r, QStringLiteral("fma"));
    EXPECT_TRUE(d.value(QStringLiteral("unproven")).toBool()) << r.out.toStdString();
    EXPECT_TRUE(d.value(QStringLiteral("unproven_reason"))
                    .toString()
                    .contains(QStringLiteral("quick CPU search not run: the budget of 1e-09 s "
                                             "(--cpu-search-budget) ran out")))
        << r.out.toStdString();
}

TEST(CliDiffQuickSearch, BadOptionsAreUsageErrors)
{
    const QString pair = QStringLiteral("layer_norm_fwd_1024x768_f32");
    const QString ref = realPort(pair, "reference.mlir");
    const QString gen = realPort(pair, "generated.mlir");
    const CliResult budget = runCli({QStringLiteral("diff"), QStringLiteral("--cpu-search-budget"),
                                     QStringLiteral("-1"), ref, gen});
    EXPECT_EQ(budget.exitCode, 3);
    EXPECT_TRUE(budget.err.contains(QStringLiteral("--cpu-search-budget must be a number")))
        << budget.err.toStdString();
    const CliResult withEval =
        runCli({QStringLiteral("diff"), QStringLiteral("--eval"),
                QStringLiteral("--cpu-search-budget"), QStringLiteral("1"), ref, gen});
    EXPECT_EQ(withEval.exitCode, 3);
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    QFile f(broken);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("{\"schema\": ");
    f.close();
    const CliResult binding =
        runCli({QStringLiteral("diff"), QStringLiteral("--binding"), broken, ref, gen});
    EXPECT_EQ(binding.exitCode, 3);
    EXPECT_TRUE(binding.err.contains(QStringLiteral("tilelens-cli diff: binding: ")))
        << binding.err.toStdString();
}
