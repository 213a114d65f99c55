// tilelens-cli eval: exit codes 0 / 1 / 3, the JSON schema tilelens.eval/1, binding files.

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

QString edited(const QTemporaryDir& dir, const QString& from, const QString& to)
{
    QFile in(fixture());
    EXPECT_TRUE(in.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(in.readAll());
    EXPECT_TRUE(text.contains(from)) << from.toStdString();
    text.replace(from, to);
    return write(dir, "gen.mlir", text);
}

// Four rows of 40 columns: ragged against the 2048-wide tile; a small, fast case.
QString smallBinding(const QTemporaryDir& dir)
{
    return write(dir, "binding.json", QStringLiteral(R"({"schema": "tilelens.eval-binding/1",
  "dims": {"R": [16], "C": [48]},
  "arrays": {"x": {"dtype": "f32", "shape": ["R", "C"]}, "y": {"dtype": "f32", "shape": ["R", "C"]}},
  "ref": {"params": ["y", "x"], "grid": [4, 1, 1]},
  "gen": {"params": ["y", "x"], "grid": [4, 1, 1]}})"));
}

TEST(CliEval, SameKernelIsSameWithExitZero)
{
    QTemporaryDir dir;
    const auto r =
        runCli({QStringLiteral("eval"), QStringLiteral("--inputs"), QStringLiteral("random"),
                QStringLiteral("--binding"), smallBinding(dir), fixture(), fixture()});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString() << r.out.toStdString();
    EXPECT_TRUE(r.out.startsWith(QStringLiteral("same\n"))) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("exp rounding<approx>"))) << r.out.toStdString();
}

TEST(CliEval, ChangedMathIsDifferentWithJsonCounterexample)
{
    QTemporaryDir dir;
    // exp(x - max) becomes exp(x): the softmax still sums to one only without rounding.
    const QString gen =
        edited(dir, QStringLiteral("%85 = exp %84"), QStringLiteral("%85 = exp2 %84"));
    const auto r = runCli({QStringLiteral("eval"), QStringLiteral("--json"),
                           QStringLiteral("--inputs"), QStringLiteral("random"),
                           QStringLiteral("--binding"), smallBinding(dir), fixture(), gen});
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString();
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(j.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.eval/1"));
    EXPECT_EQ(j.value(QStringLiteral("verdict")).toString(), QStringLiteral("different"));
    const QJsonObject cx = j.value(QStringLiteral("counterexample")).toObject();
    EXPECT_EQ(cx.value(QStringLiteral("array")).toString(), QStringLiteral("y"));
    EXPECT_EQ(cx.value(QStringLiteral("index")).toArray().size(), 2);
    EXPECT_NE(cx.value(QStringLiteral("reference")).toString(),
              cx.value(QStringLiteral("generated")).toString());
    EXPECT_EQ(j.value(QStringLiteral("binding")).toString(), QStringLiteral("file"));
}

TEST(CliEval, UnsupportedOpNamesTheOpWithExitThree)
{
    QTemporaryDir dir;
    const QString gen = edited(dir, QStringLiteral("%80 = maxf %78, %79 : tile<f32>"),
                               QStringLiteral("%80 = atan2 %78, %79 : tile<f32>"));
    // atan2 runs; an op the interpreter lacks does not:
    const QString bad =
        write(dir, "bad.mlir",
              QStringLiteral("cuda_tile.module @m {\n entry @k(%a: tile<i64>) {\n"
                             "  %h = mulhii %a, %a : tile<i64>\n  return\n }\n}\n"));
    const auto r = runCli({QStringLiteral("eval"), QStringLiteral("--json"), bad, bad});
    EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(j.value(QStringLiteral("verdict")).toString(), QStringLiteral("unsupported"));
    EXPECT_EQ(j.value(QStringLiteral("issue")).toObject().value(QStringLiteral("op")).toString(),
              QStringLiteral("mulhii"));
    EXPECT_EQ(j.value(QStringLiteral("issue")).toObject().value(QStringLiteral("line")).toInt(), 3);
    const auto s =
        runCli({QStringLiteral("eval"), QStringLiteral("--inputs"), QStringLiteral("random"),
                QStringLiteral("--binding"), smallBinding(dir), fixture(), gen});
    EXPECT_NE(s.exitCode, 3) << s.out.toStdString();
}

TEST(CliEval, InputErrorsExitThree)
{
    QTemporaryDir dir;
    auto r = runCli({QStringLiteral("eval"), fixture()});
    EXPECT_EQ(r.exitCode, 3);
    r = runCli({QStringLiteral("eval"), QStringLiteral("--inputs"), QStringLiteral("odd"),
                fixture(), fixture()});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--inputs"))) << r.err.toStdString();
    const QString broken = write(dir, "b.json", QStringLiteral("{\"schema\": 1"));
    r = runCli({QStringLiteral("eval"), QStringLiteral("--binding"), broken, fixture(), fixture()});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("b.json:1:"))) << r.err.toStdString();
    const QString other = write(
        dir, "o.mlir",
        QStringLiteral("cuda_tile.module @m {\n entry @k(%a: tile<i64>) {\n  return\n }\n}\n"));
    r = runCli({QStringLiteral("eval"), fixture(), other});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--binding"))) << r.err.toStdString();
}

// Modules with several entries: every pair the differ makes runs (before, only a named one or
// an input error); the verdict and the top-level fields come from the first differing pair.
TEST(CliEval, EveryEntryPairRunsAndTheDifferingOneDecides)
{
    QTemporaryDir dir;
    const QString tiny =
        QStringLiteral("cuda_tile.module @m2 {\n entry @tiny(%a: tile<i64>) {\n  return\n }\n}\n");
    QFile in(fixture());
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(in.readAll());
    const QString ref = write(dir, "ref2.mlir", text + tiny);
    QString changed = text;
    changed.replace(QStringLiteral("%85 = exp %84"), QStringLiteral("%85 = exp2 %84"));
    const QString gen = write(dir, "gen2.mlir", tiny + changed);
    const auto r = runCli({QStringLiteral("eval"), QStringLiteral("--json"),
                           QStringLiteral("--inputs"), QStringLiteral("random"),
                           QStringLiteral("--binding"), smallBinding(dir), ref, gen});
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString() << r.out.toStdString();
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(j.value(QStringLiteral("verdict")).toString(), QStringLiteral("different"));
    const QJsonArray entries = j.value(QStringLiteral("entries")).toArray();
    ASSERT_EQ(entries.size(), 2);
    QStringList verdicts;
    for (const auto& e : entries)
        verdicts << e.toObject()
                            .value(QStringLiteral("reference"))
                            .toObject()
                            .value(QStringLiteral("entry"))
                            .toString() +
                        QLatin1Char('=') + e.toObject().value(QStringLiteral("verdict")).toString();
    EXPECT_TRUE(verdicts.contains(QStringLiteral("tiny=same")))
        << verdicts.join(QLatin1Char(' ')).toStdString();
    EXPECT_TRUE(j.value(QStringLiteral("reference"))
                    .toObject()
                    .value(QStringLiteral("entry"))
                    .toString()
                    .startsWith(QStringLiteral("_softmax_kernel")));
    // The text form lists each pair.
    const auto t =
        runCli({QStringLiteral("eval"), QStringLiteral("--inputs"), QStringLiteral("random"),
                QStringLiteral("--binding"), smallBinding(dir), ref, gen});
    EXPECT_TRUE(t.out.startsWith(QStringLiteral("different: 2 entry pairs")))
        << t.out.toStdString();
    EXPECT_TRUE(t.out.contains(QStringLiteral("entry tiny / tiny: same"))) << t.out.toStdString();
}

} // namespace
