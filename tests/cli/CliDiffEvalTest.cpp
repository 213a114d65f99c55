// tilelens-cli diff --eval: both sides run after the diff; the counterexample lands on
// the critical divergence, a rule that wrongly claims equivalence is refuted as a differ
// bug (exit 1), an unsupported op is said and decides nothing.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString fixture()
{
    return tilelens::test::testDataDir() +
           QStringLiteral("/diff/softmax_persistent_256x2048_f32.mlir");
}

QString write(const QTemporaryDir& dir, const char* name, const QString& text)
{
    QString path = dir.filePath(QString::fromUtf8(name));
    QFile out(path);
    EXPECT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(text.toUtf8());
    return path;
}

// The softmax with exp(x - max) computed as exp2(x - max): a changed result.
QString exp2Softmax(const QTemporaryDir& dir)
{
    QFile in(fixture());
    EXPECT_TRUE(in.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(in.readAll());
    EXPECT_TRUE(text.contains(QStringLiteral("%85 = exp %84")));
    text.replace(QStringLiteral("%85 = exp %84"), QStringLiteral("%85 = exp2 %84"));
    return write(dir, "gen.mlir", text);
}

QString smallBinding(const QTemporaryDir& dir)
{
    return write(dir, "binding.json", QStringLiteral(R"({"schema": "tilelens.eval-binding/1",
  "dims": {"R": [16], "C": [48]},
  "arrays": {"x": {"dtype": "f32", "shape": ["R", "C"]}, "y": {"dtype": "f32", "shape": ["R", "C"]}},
  "ref": {"params": ["y", "x"], "grid": [4, 1, 1]},
  "gen": {"params": ["y", "x"], "grid": [4, 1, 1]}})"));
}

// A user rule that wrongly calls exp and exp2 equivalent: the diff passes, only a run tells.
QString expSaidEqualToExp2(const QTemporaryDir& dir)
{
    return write(dir, "rules.json", QStringLiteral(R"({"schema": "tilelens.rules/1",
  "rules": [{"id": "math-core-op", "match": {"kinds": ["op_changed"], "ops": ["exp", "exp2"]},
             "severity": "equivalent", "owner": "kernel", "message": "{op}: said equal",
             "priority": 30}]})"));
}

QJsonObject divergence(const QJsonObject& report, const QString& id)
{
    for (const QJsonValue d : report.value(QStringLiteral("divergences")).toArray())
        if (d.toObject().value(QStringLiteral("id")).toString() == id)
            return d.toObject();
    return {};
}

} // namespace

TEST(CliDiffEval, ChangedMathGetsTheCounterexampleOnItsCritical)
{
    QTemporaryDir dir;
    const QString gen = exp2Softmax(dir);
    const QStringList common = {QStringLiteral("diff"),
                                QStringLiteral("--eval"),
                                QStringLiteral("--binding"),
                                smallBinding(dir),
                                fixture(),
                                gen};
    const CliResult r =
        runCli(common + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString(); // FAIL_FIXABLE, as without --eval
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(j.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.diff/1"));
    const QJsonObject e = j.value(QStringLiteral("eval")).toObject();
    EXPECT_EQ(e.value(QStringLiteral("verdict")).toString(), QStringLiteral("different"));
    EXPECT_FALSE(e.value(QStringLiteral("differ_bug")).toBool());
    const QJsonArray attached = e.value(QStringLiteral("attached_to")).toArray();
    ASSERT_EQ(attached.size(), 1);
    const QJsonObject d = divergence(j, attached[0].toString());
    EXPECT_EQ(d.value(QStringLiteral("severity")).toString(), QStringLiteral("critical"));
    EXPECT_EQ(d.value(QStringLiteral("generated")).toObject().value(QStringLiteral("op")),
              QStringLiteral("exp2"));
    const QString cx = d.value(QStringLiteral("cpu_counterexample")).toString();
    EXPECT_TRUE(cx.startsWith(QStringLiteral("y[0, 0]: reference "))) << cx.toStdString();
    EXPECT_TRUE(cx.contains(QStringLiteral("inputs x[0, 0] = "))) << cx.toStdString();
    const QJsonObject result = e.value(QStringLiteral("result")).toObject();
    EXPECT_EQ(result.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.eval/1"));
    const QJsonObject first = result.value(QStringLiteral("first_divergence")).toObject();
    EXPECT_EQ(first.value(QStringLiteral("generated")).toObject().value(QStringLiteral("op")),
              QStringLiteral("store_ptr_tko"));

    for (const char* format : {"text", "markdown"}) {
        const CliResult t =
            runCli(common + QStringList{QStringLiteral("--format"), QString::fromUtf8(format)});
        EXPECT_EQ(t.exitCode, 1);
        EXPECT_TRUE(t.out.contains(QStringLiteral(
            "CPU run of both sides (--eval): different: counterexample attached to")))
            << t.out.toStdString();
    }
}

TEST(CliDiffEval, ARuleThatClaimsEquivalenceIsRefutedAsADifferBug)
{
    // A user rule that calls exp vs exp2 equivalent: the diff then passes, the run refutes it.
    QTemporaryDir dir;
    const QString rules = expSaidEqualToExp2(dir);
    const CliResult r =
        runCli({QStringLiteral("diff"), QStringLiteral("--eval"), QStringLiteral("--binding"),
                smallBinding(dir), QStringLiteral("--rules"), rules, QStringLiteral("--format"),
                QStringLiteral("json"), fixture(), exp2Softmax(dir)});
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("tilelens-cli diff: error: DIFFER BUG")))
        << r.err.toStdString();
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(j.value(QStringLiteral("verdict")).toString(), QStringLiteral("PASS_WITH_NOTES"));
    const QJsonObject e = j.value(QStringLiteral("eval")).toObject();
    EXPECT_TRUE(e.value(QStringLiteral("differ_bug")).toBool());
    const QJsonArray refuted = e.value(QStringLiteral("refuted")).toArray();
    ASSERT_EQ(refuted.size(), 1);
    const QJsonObject d = divergence(j, refuted[0].toString());
    EXPECT_EQ(d.value(QStringLiteral("severity")).toString(), QStringLiteral("equivalent"));
    EXPECT_FALSE(d.value(QStringLiteral("cpu_refuted")).toString().isEmpty());
}

TEST(CliDiffEval, SameKernelConfirmsAndKeepsTheExitCode)
{
    QTemporaryDir dir;
    const CliResult r =
        runCli({QStringLiteral("diff"), QStringLiteral("--eval"), QStringLiteral("--binding"),
                smallBinding(dir), fixture(), fixture()});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("CPU run of both sides (--eval): same:")))
        << r.out.toStdString();
}

TEST(CliDiffEval, UnsupportedIsSaidAndDecidesNothing)
{
    QTemporaryDir dir;
    const QString bad =
        write(dir, "bad.mlir",
              QStringLiteral("cuda_tile.module @m {\n entry @k(%a: tile<i64>) {\n"
                             "  %h = mulhii %a, %a : tile<i64>\n  return\n }\n}\n"));
    const CliResult r = runCli({QStringLiteral("diff"), QStringLiteral("--eval"),
                                QStringLiteral("--format"), QStringLiteral("json"), bad, bad});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString(); // the diff's PASS stands
    EXPECT_TRUE(r.err.contains(QStringLiteral("note: CPU run unsupported"))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("mulhii"))) << r.err.toStdString();
    const QJsonObject e =
        QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("eval")).toObject();
    EXPECT_EQ(e.value(QStringLiteral("verdict")).toString(), QStringLiteral("unsupported"));
    EXPECT_TRUE(e.value(QStringLiteral("attached_to")).toArray().isEmpty());
    EXPECT_TRUE(e.value(QStringLiteral("confirmed_equivalents")).toArray().isEmpty());
}

namespace {

QString realPort(const char* pair, const char* file)
{
    return tilelens::test::testDataDir() + QStringLiteral("/real-ports/") +
           QString::fromLatin1(pair) + QLatin1Char('/') + QString::fromLatin1(file);
}

QStringList realPairEval(const char* pair, const char* format)
{
    return {QStringLiteral("diff"),           QStringLiteral("--eval"),
            QStringLiteral("--format"),       QString::fromLatin1(format),
            realPort(pair, "reference.mlir"), realPort(pair, "generated.mlir")};
}

} // namespace

// Issue 29 item 3 (a): silu_and_mul's sigmoid criticals get the run's counterexample (bound
// through the port's launch chain) and are no longer unproven, in JSON, text and SARIF. Since
// issue 30 item 2 the differ refutes two of them itself (a float witness: x = 100, where
// e / (1 + e) is NaN), and the run's is given beside it (cpu_counterexample); exp against exp2,
// which alone changes no stored value, is refuted by the run.
TEST(CliDiffEval, ACpuCounterexampleClearsTheUnprovenMarkInEveryFormat)
{
    const char* pair = "silu_and_mul_fwd_8x512x1024_f16";
    const CliResult r = runCli(realPairEval(pair, "json"));
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString();
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject criticals = j.value(QStringLiteral("criticals")).toObject();
    EXPECT_EQ(criticals.value(QStringLiteral("unproven")).toInt(), 0);
    EXPECT_EQ(criticals.value(QStringLiteral("with_counterexample")).toInt(), 3);
    int runs = 0;
    for (const QJsonValue v : j.value(QStringLiteral("divergences")).toArray()) {
        const QJsonObject d = v.toObject();
        if (d.value(QStringLiteral("severity")).toString() != QLatin1String("critical"))
            continue;
        EXPECT_FALSE(d.contains(QStringLiteral("unproven")));
        const QString cx = d.value(QStringLiteral("counterexample")).toString();
        const bool byTheRun = cx.startsWith(QStringLiteral("CPU run: output["));
        runs += byTheRun;
        EXPECT_TRUE(byTheRun || cx.contains(QStringLiteral(" = 100 (every element)")))
            << cx.toStdString();
        EXPECT_TRUE(byTheRun || d.value(QStringLiteral("cpu_counterexample"))
                                    .toString()
                                    .startsWith(QStringLiteral("output[")))
            << d.value(QStringLiteral("cpu_counterexample")).toString().toStdString();
    }
    EXPECT_EQ(runs, 1) << "exp against exp2 is refuted by the run";
    const CliResult t = runCli(realPairEval(pair, "text"));
    EXPECT_TRUE(t.out.contains(QStringLiteral("critical 3 (3 with counterexample, 0 unproven)")))
        << t.out.toStdString();
    EXPECT_FALSE(t.out.contains(QStringLiteral("    unproven: "))) << t.out.toStdString();
    const CliResult s = runCli(realPairEval(pair, "sarif"));
    const QJsonObject run = QJsonDocument::fromJson(s.out.toUtf8())
                                .object()
                                .value(QStringLiteral("runs"))
                                .toArray()
                                .first()
                                .toObject();
    int errors = 0;
    for (const QJsonValue v : run.value(QStringLiteral("results")).toArray()) {
        const QJsonObject res = v.toObject();
        if (res.value(QStringLiteral("level")).toString() != QLatin1String("error"))
            continue;
        ++errors;
        EXPECT_FALSE(res.value(QStringLiteral("properties"))
                         .toObject()
                         .contains(QStringLiteral("unproven")));
        EXPECT_TRUE(res.value(QStringLiteral("message"))
                        .toObject()
                        .value(QStringLiteral("text"))
                        .toString()
                        .contains(QStringLiteral("\nCounterexample: ")));
    }
    EXPECT_EQ(errors, 3);
}

// Issue 29 item 3 (b): softmax's one unproven critical, where the run finds the outputs equal,
// says so and names the binding (derived from the pair: no launch chain), in JSON, text and SARIF.
TEST(CliDiffEval, EqualOutputsAreSaidOnEachUnprovenCritical)
{
    const char* pair = "softmax_multi_wave_256x2048_f32";
    const QString reason = QStringLiteral(
        "CPU run: equal within the modelled rounding on a binding derived from the pair (the "
        "reference's parameters from its mangled entry name, the generated entry's as the "
        "differ paired them; S = ");
    const CliResult r = runCli(realPairEval(pair, "json"));
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    int unproven = 0;
    for (const QJsonValue v : j.value(QStringLiteral("divergences")).toArray()) {
        const QJsonObject d = v.toObject();
        if (!d.value(QStringLiteral("unproven")).toBool())
            continue;
        ++unproven;
        EXPECT_TRUE(d.value(QStringLiteral("unproven_reason")).toString().startsWith(reason))
            << d.value(QStringLiteral("unproven_reason")).toString().toStdString();
    }
    EXPECT_EQ(unproven, 1);
    const CliResult t = runCli(realPairEval(pair, "text"));
    EXPECT_TRUE(t.out.contains(QStringLiteral("    unproven: no counterexample found: the differ "
                                              "could not show the two sides equal, nor find an "
                                              "input on which they differ; ") +
                               reason))
        << t.out.toStdString();
    const CliResult s = runCli(realPairEval(pair, "sarif"));
    EXPECT_TRUE(s.out.contains(QStringLiteral("\"unproven_reason\": \"") + reason))
        << s.out.toStdString();
}

// Issue 29 item 3 (c), issue 31 item 1: without a binding file or launch chain the binding's
// sizes are a guess (here in the binding derived from the pair, issue 30 item 2); outputs that
// differ on it with no critical to explain them refute nothing (a rule that calls exp and exp2
// equal: with a given binding that is a differ bug, above).
TEST(CliDiffEval, ADifferenceOnAGuessedBindingIsNoDifferBug)
{
    QTemporaryDir dir;
    const QString rules = expSaidEqualToExp2(dir);
    const CliResult r =
        runCli({QStringLiteral("diff"), QStringLiteral("--eval"), QStringLiteral("--rules"), rules,
                QStringLiteral("--format"), QStringLiteral("json"), fixture(), exp2Softmax(dir)});
    EXPECT_FALSE(r.err.contains(QStringLiteral("DIFFER BUG"))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("note: CPU run inconclusive: ")))
        << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("a binding derived from the pair (")))
        << r.err.toStdString();
    EXPECT_EQ(r.exitCode, 2) << r.err.toStdString(); // the diff's PASS_WITH_NOTES
    const QJsonObject e =
        QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("eval")).toObject();
    EXPECT_EQ(e.value(QStringLiteral("verdict")).toString(), QStringLiteral("different"));
    EXPECT_FALSE(e.value(QStringLiteral("differ_bug")).toBool());
    EXPECT_TRUE(e.value(QStringLiteral("inconclusive")).toBool());
    EXPECT_TRUE(e.value(QStringLiteral("binding_guessed")).toBool());
    EXPECT_TRUE(e.value(QStringLiteral("binding"))
                    .toString()
                    .startsWith(QStringLiteral("a binding derived from the pair (")))
        << e.value(QStringLiteral("binding")).toString().toStdString();
    EXPECT_TRUE(e.value(QStringLiteral("refuted")).toArray().isEmpty());
}

namespace {

QString portMistake(const char* op, const char* name)
{
    return tilelens::test::testDataDir() + QStringLiteral("/port-mistakes/") +
           QString::fromLatin1(op) + QLatin1Char('/') + QString::fromLatin1(name) +
           QStringLiteral("/generated.mlir");
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

} // namespace

// Issue 30 item 2: a run that cannot take place says so on each unproven critical (here: no
// binding, no launch chain and no reference beside the unmodified port, copied away from its
// pair's folder, for a port mistake against it).
TEST(CliDiffEval, ARunThatCannotTakePlaceIsTheReasonOfEachUnprovenCritical)
{
    QTemporaryDir dir;
    const QString unmodified = dir.filePath(QStringLiteral("generated.mlir"));
    ASSERT_TRUE(QFile::copy(realPort("dropout_train_p0.5_1M_f32", "generated.mlir"), unmodified));
    const CliResult r = runCli({QStringLiteral("diff"), QStringLiteral("--eval"),
                                QStringLiteral("--format"), QStringLiteral("json"), unmodified,
                                portMistake("dropout", "dropped_scale_factor_keep")});
    const QJsonArray crit = criticalsOf(r);
    ASSERT_FALSE(crit.isEmpty()) << r.out.toStdString();
    int unproven = 0;
    for (const QJsonValue v : crit) {
        const QJsonObject d = v.toObject();
        if (!d.value(QStringLiteral("unproven")).toBool())
            continue;
        ++unproven;
        EXPECT_TRUE(d.value(QStringLiteral("unproven_reason"))
                        .toString()
                        .startsWith(QStringLiteral("CPU run: not run: binding: ")))
            << d.value(QStringLiteral("unproven_reason")).toString().toStdString();
    }
    EXPECT_GT(unproven, 0) << r.out.toStdString();
}

// Issue 30 item 2: silu_and_mul's column mask written `<=` (given binding): the port reads one
// element past the input, a failure on the generated side. Its counterexample goes to the
// criticals that failing load depends on, not to the sigmoid's exp/exp2 (which the load does
// not read, and exp against exp2 alone changes no stored value); each critical it does not
// reach says why it has none. The mistake is one critical
// at its compare (issue 30 item 1), which the solver already refutes: the run joins it there.
TEST(CliDiffEval, AOneSidedFailureIsACounterexampleOnlyWhereTheFailingOpDepends)
{
    const char* pair = "silu_and_mul_fwd_13x256x1000_f32";
    const CliResult r = runCli(
        {QStringLiteral("diff"), QStringLiteral("--eval"), QStringLiteral("--binding"),
         tilelens::test::testDataDir() + QStringLiteral("/eval/") + QString::fromLatin1(pair) +
             QStringLiteral(".binding.json"),
         QStringLiteral("--format"), QStringLiteral("json"), realPort(pair, "reference.mlir"),
         portMistake("silu_and_mul", "wrong_predicate_col_mask")});
    const QJsonArray crit = criticalsOf(r);
    ASSERT_FALSE(crit.isEmpty()) << r.out.toStdString();
    int refutedCompare = 0, sigmoid = 0;
    for (const QJsonValue v : crit) {
        const QJsonObject d = v.toObject();
        const QString cx = d.value(QStringLiteral("counterexample")).toString();
        const QString reason = d.value(QStringLiteral("unproven_reason")).toString();
        EXPECT_TRUE(!cx.isEmpty() || !reason.isEmpty()) << r.out.toStdString();
        if (d.value(QStringLiteral("rule")).toString() == QStringLiteral("comparison-predicate"))
            refutedCompare += cx.isEmpty() ? 0 : 1;
        if (d.value(QStringLiteral("rule")).toString() != QStringLiteral("math-core-op"))
            continue;
        ++sigmoid;
        EXPECT_TRUE(cx.isEmpty()) << cx.toStdString();
        EXPECT_TRUE(reason.startsWith(QStringLiteral("CPU run: the outputs differ on the given "
                                                     "binding")))
            << reason.toStdString();
        EXPECT_TRUE(reason.contains(QStringLiteral("but not through this finding: the generated "
                                                   "side's failure at line 48")))
            << reason.toStdString();
    }
    EXPECT_EQ(sigmoid, 1);
    EXPECT_EQ(refutedCompare, 1) << r.out.toStdString();
    const QJsonObject eval =
        QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("eval")).toObject();
    EXPECT_TRUE(eval.value(QStringLiteral("summary"))
                    .toString()
                    .startsWith(QStringLiteral("different: counterexample attached to")))
        << r.out.toStdString();
}

// Issue 30 item 2: swiglu's port against itself with the sigmoid's 1.0 written 1.00001. The bf16
// outputs round the difference away (the run says `same`), so the one critical is refuted by the
// values of its own two ops: the same counterexample in JSON and text, counted as "with
// counterexample". The differ's float witness gives them (the run's tap, which gave them before,
// is crosscheck's ATappedValueIsTheCounterexampleTheOutputsDoNotShow).
TEST(CliDiffEval, ACriticalTheOutputsDoNotShowIsRefutedByItsTappedValues)
{
    QTemporaryDir dir;
    const QString pairDir =
        tilelens::test::testDataDir() + QStringLiteral("/real-ports/swiglu_fwd_2x512x4096_bf16/");
    QFile in(pairDir + QStringLiteral("generated.mlir"));
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(in.readAll());
    const QString one = QStringLiteral("%122 = constant <f32: 1.0> : tile<f32>");
    ASSERT_TRUE(text.contains(one));
    text.replace(one, QStringLiteral("%122 = constant <f32: 1.00001> : tile<f32>"));
    const QString nudged = write(dir, "nudged.mlir", text);
    const auto run = [&](const char* format) {
        return runCli(
            {QStringLiteral("diff"), QStringLiteral("--eval"), QStringLiteral("--binding"),
             tilelens::test::testDataDir() + QStringLiteral("/eval/gui_swiglu_small.binding.json"),
             QStringLiteral("--format"), QString::fromUtf8(format),
             pairDir + QStringLiteral("generated.mlir"), nudged});
    };
    const QString counterexample = QStringLiteral("any input -> reference 1, generated 1.00001");
    const CliResult r = run("json");
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(
        j.value(QStringLiteral("eval")).toObject().value(QStringLiteral("verdict")).toString(),
        QStringLiteral("same"));
    int criticals = 0;
    for (const QJsonValue v : j.value(QStringLiteral("divergences")).toArray()) {
        const QJsonObject d = v.toObject();
        if (d.value(QStringLiteral("severity")).toString() != QStringLiteral("critical")) {
            EXPECT_FALSE(d.contains(QStringLiteral("cpu_counterexample")));
            continue;
        }
        ++criticals;
        EXPECT_EQ(d.value(QStringLiteral("counterexample")).toString(), counterexample);
        EXPECT_FALSE(d.value(QStringLiteral("unproven")).toBool());
    }
    EXPECT_EQ(criticals, 1);
    const CliResult t = run("text");
    EXPECT_TRUE(t.out.contains(QStringLiteral("(1 with counterexample, 0 unproven)")))
        << t.out.toStdString();
    EXPECT_TRUE(t.out.contains(QStringLiteral("counterexample: ") + counterexample))
        << t.out.toStdString();
}

// Issue 30 item 2: no binding file and no launch chain, and entries with other parameters (the
// port takes layer_norm's eps and weight shift as runtime floats): the run binds the pair as the
// differ paired it, says so, and finds the port's mistake (a variance without its column mask).
TEST(CliDiffEval, APortWithOtherParametersRunsOnTheBindingDerivedFromThePair)
{
    const QString ref = realPort("layer_norm_fwd_1024x768_f32", "reference.mlir");
    const QString gen = portMistake("layer_norm", "missing_mask_variance_fma");
    const CliResult t = runCli({QStringLiteral("diff"), QStringLiteral("--eval"), ref, gen});
    EXPECT_TRUE(t.out.contains(
        QStringLiteral("CPU run of both sides (--eval): different: counterexample attached to ")))
        << t.out.toStdString();
    EXPECT_TRUE(t.out.contains(QStringLiteral(
        "; on a binding derived from the pair (the reference's parameters from its mangled entry "
        "name, the generated entry's as the differ paired them, generated 22 = 1e-05, 23 = 0 "
        "(the reference's constants); S = 48, 144)")))
        << t.out.toStdString();
    const CliResult j = runCli({QStringLiteral("diff"), QStringLiteral("--eval"),
                                QStringLiteral("--format"), QStringLiteral("json"), ref, gen});
    const QJsonObject e =
        QJsonDocument::fromJson(j.out.toUtf8()).object().value(QStringLiteral("eval")).toObject();
    EXPECT_EQ(e.value(QStringLiteral("verdict")).toString(), QStringLiteral("different"));
    EXPECT_TRUE(e.value(QStringLiteral("binding"))
                    .toString()
                    .startsWith(QStringLiteral("a binding derived from the pair (")))
        << j.out.toStdString();
    EXPECT_FALSE(e.value(QStringLiteral("differ_bug")).toBool());
}

// A generated parameter the differ ties to nothing (layer_norm's port with one more, unused i32
// parameter): nothing is derived from the pair, the guess follows, and its message says why.
TEST(CliDiffEval, APairThatCannotBeTiedSaysWhyAfterTheGuess)
{
    const char* pair = "layer_norm_fwd_1024x768_f32";
    QFile in(realPort(pair, "generated.mlir"));
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(in.readAll());
    const QString last = QStringLiteral("%23: tile<f32>) {");
    ASSERT_TRUE(text.contains(last));
    text.replace(last, QStringLiteral("%23: tile<f32>, %500: tile<i32>) {"));
    QTemporaryDir dir;
    const CliResult t = runCli({QStringLiteral("diff"), QStringLiteral("--eval"),
                                realPort(pair, "reference.mlir"), write(dir, "gen.mlir", text)});
    EXPECT_TRUE(t.out.contains(QStringLiteral(
        "CPU run of both sides (--eval): not run: binding: the entries have 22 and 25 "
        "parameters: give a binding file (--binding) (launch chain: ")))
        << t.out.toStdString();
    EXPECT_TRUE(t.out.contains(QStringLiteral(
        ") (pair: generated parameter 24 (tile<i32>) stands for no reference parameter and no "
        "specialised constant)\n")))
        << t.out.toStdString();
}
