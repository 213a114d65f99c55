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
    const QString rules = write(dir, "rules.json", QStringLiteral(R"({"schema": "tilelens.rules/1",
  "rules": [{"id": "math-core-op", "match": {"kinds": ["op_changed"], "ops": ["exp", "exp2"]},
             "severity": "equivalent", "owner": "kernel", "message": "{op}: said equal",
             "priority": 30}]})"));
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

TEST(CliDiffEval, BindingWithoutEvalIsAUsageError)
{
    QTemporaryDir dir;
    const CliResult r = runCli({QStringLiteral("diff"), QStringLiteral("--binding"),
                                smallBinding(dir), fixture(), fixture()});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--binding needs --eval"))) << r.err.toStdString();
}
