// tilelens-cli diff: exit codes 0/2/1/3, the three formats, -o, --rules.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
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

// Writes FIXTURE with one textual edit applied into DIR/NAME.
QString edited(const QTemporaryDir& dir, const char* name, const QString& from, const QString& to)
{
    QFile in(fixture());
    EXPECT_TRUE(in.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(in.readAll());
    EXPECT_TRUE(text.contains(from)) << from.toStdString();
    text.replace(from, to);
    QString path = dir.filePath(QString::fromUtf8(name));
    QFile out(path);
    EXPECT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(text.toUtf8());
    return path;
}

TEST(CliDiff, IdenticalInputsPassWithExitZero)
{
    const auto r = runCli({QStringLiteral("diff"), fixture(), fixture()});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("\nVERDICT: PASS\n"))) << r.out.toStdString();
    EXPECT_TRUE(
        r.out.contains(QStringLiteral("Op                  Ref     Gen     Delta   Verdict")));
}

TEST(CliDiff, MissingFtzFailsWithExitOneAndJson)
{
    QTemporaryDir dir;
    const QString gen = edited(dir, "gen.mlir", QStringLiteral("rounding<approx> flush_to_zero"),
                               QStringLiteral("rounding<approx>"));
    const auto r = runCli({QStringLiteral("diff"), fixture(), gen, QStringLiteral("--format"),
                           QStringLiteral("json")});
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString();
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(j.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.diff/1"));
    EXPECT_EQ(j.value(QStringLiteral("verdict")).toString(), QStringLiteral("FAIL_FIXABLE"));
    const QJsonArray divs = j.value(QStringLiteral("divergences")).toArray();
    ASSERT_EQ(divs.size(), 1);
    EXPECT_EQ(divs[0].toObject().value(QStringLiteral("rule")).toString(),
              QStringLiteral("ftz-approx"));
    EXPECT_EQ(divs[0]
                  .toObject()
                  .value(QStringLiteral("generated"))
                  .toObject()
                  .value(QStringLiteral("op"))
                  .toString(),
              QStringLiteral("divf"));
}

TEST(CliDiff, NotesGiveExitTwoAndMarkdownGoesToOutputFile)
{
    QTemporaryDir dir;
    const QString gen =
        edited(dir, "gen.mlir", QStringLiteral("%34 = iota"),
               QStringLiteral("%999 = assume bounded<0, ?>, %27 : tile<i32>\n    %34 = iota"));
    const QString md = dir.filePath(QStringLiteral("diff_report.md"));
    const auto r = runCli({QStringLiteral("diff"), fixture(), gen, QStringLiteral("--format"),
                           QStringLiteral("markdown"), QStringLiteral("-o"), md});
    EXPECT_EQ(r.exitCode, 2) << r.err.toStdString() << r.out.toStdString();
    EXPECT_TRUE(r.out.startsWith(QStringLiteral("VERDICT: PASS_WITH_NOTES")));
    QFile f(md);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    EXPECT_TRUE(text.startsWith(QStringLiteral("VERDICT: PASS_WITH_NOTES\n")));
    EXPECT_TRUE(text.contains(QStringLiteral("## Checklist Diff")));
    EXPECT_TRUE(text.contains(QStringLiteral("### Known Gaps Accepted / Notes")));
}

TEST(CliDiff, RulesFileOverridesSeverity)
{
    QTemporaryDir dir;
    const QString gen = edited(dir, "gen.mlir", QStringLiteral("rounding<approx> flush_to_zero"),
                               QStringLiteral("rounding<approx>"));
    const QString rules = dir.filePath(QStringLiteral("rules.json"));
    QFile f(rules);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema": "tilelens.rules/1", "rules": [
        {"id": "ftz-approx", "severity": "warn", "message": "{op}: FTZ relaxed on purpose"}]})");
    f.close();
    const auto r =
        runCli({QStringLiteral("diff"), fixture(), gen, QStringLiteral("--rules"), rules});
    EXPECT_EQ(r.exitCode, 2) << r.out.toStdString() << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("divf: FTZ relaxed on purpose")));
}

TEST(CliDiff, BadRulesFileIsInputErrorWithLocation)
{
    QTemporaryDir dir;
    const QString rules = dir.filePath(QStringLiteral("bad.json"));
    QFile f(rules);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("{\"schema\": \"tilelens.rules/1\",\n \"rules\": [}\n");
    f.close();
    const auto r =
        runCli({QStringLiteral("diff"), fixture(), fixture(), QStringLiteral("--rules"), rules});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(rules + QStringLiteral(":2:")) &&
                r.err.contains(QStringLiteral("error: invalid JSON")))
        << r.err.toStdString();
}

TEST(CliDiff, UnreadableOrUnparsableInputIsExitThree)
{
    QTemporaryDir dir;
    auto r = runCli({QStringLiteral("diff"), fixture(), dir.filePath(QStringLiteral("nope.mlir"))});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("nope.mlir"))) << r.err.toStdString();

    const QString broken =
        edited(dir, "broken.mlir", QStringLiteral("%34 = iota"), QStringLiteral("%34 = = iota"));
    r = runCli({QStringLiteral("diff"), fixture(), broken});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("broken.mlir:"))) << r.err.toStdString();
}

TEST(CliDiff, UsageErrorsAreExitThree)
{
    EXPECT_EQ(runCli({QStringLiteral("diff"), fixture()}).exitCode, 3);
    EXPECT_EQ(runCli({QStringLiteral("diff"), fixture(), fixture(), QStringLiteral("--format"),
                      QStringLiteral("xml")})
                  .exitCode,
              3);
    const auto help = runCli({QStringLiteral("diff"), QStringLiteral("--help")});
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_TRUE(help.out.contains(QStringLiteral("--rules")));
}

} // namespace
