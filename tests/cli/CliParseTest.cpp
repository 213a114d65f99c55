// tilelens-cli parse: exit codes, located errors, --json, --split, --emit.

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

QString golden(const char* name)
{
    return tilelens::test::testDataDir() + QStringLiteral("/ir/") + QString::fromLatin1(name);
}
} // namespace

TEST(CliParse, ValidFileExitsZeroWithASummary)
{
    const auto r = runCli({QStringLiteral("parse"), golden("golden/arith.mlir")});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("ok (custom syntax, 1 functions, 17 ops)")))
        << r.out.toStdString();
}

TEST(CliParse, BrokenFileExitsThreeWithLocatedErrors)
{
    const QString file = golden("malformed/unknown_value.mlir");
    const auto r = runCli({QStringLiteral("parse"), golden("golden/arith.mlir"), file});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(file + QStringLiteral(":3:15: error: use of undefined value '%y'")))
        << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("FAILED")));
}

TEST(CliParse, JsonGivesFunctionsOpCountsAndDiagnostics)
{
    const auto r = runCli({QStringLiteral("parse"), QStringLiteral("--json"),
                           golden("golden/controlflow.mlir"), golden("malformed/bad_type.mlir")});
    EXPECT_EQ(r.exitCode, 3);
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(root.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.parse/1"));
    const QJsonArray files = root.value(QStringLiteral("files")).toArray();
    ASSERT_EQ(files.size(), 2);
    const QJsonObject ok = files[0].toObject();
    EXPECT_TRUE(ok.value(QStringLiteral("ok")).toBool());
    const QJsonArray fns = ok.value(QStringLiteral("functions")).toArray();
    ASSERT_EQ(fns.size(), 1);
    EXPECT_EQ(fns[0].toObject().value(QStringLiteral("name")).toString(), QStringLiteral("k"));
    EXPECT_EQ(fns[0].toObject().value(QStringLiteral("ops")).toInt(), 18); // nested ops included
    const QJsonObject bad = files[1].toObject();
    EXPECT_FALSE(bad.value(QStringLiteral("ok")).toBool());
    const QJsonObject d0 = bad.value(QStringLiteral("diagnostics")).toArray()[0].toObject();
    EXPECT_EQ(d0.value(QStringLiteral("line")).toInt(), 3);
    EXPECT_EQ(d0.value(QStringLiteral("column")).toInt(), 27);
    EXPECT_EQ(d0.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
    EXPECT_FALSE(d0.value(QStringLiteral("message")).toString().isEmpty());
}

TEST(CliParse, SplitParsesEachChunk)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("split.mlir"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("cuda_tile.module @a {\n}\n// -----\ncuda_tile.module @b {\n entry @k() {\n  return\n "
            "}\n}\n");
    f.close();
    const auto whole = runCli({QStringLiteral("parse"), path});
    EXPECT_EQ(whole.exitCode, 0);
    const auto r = runCli(
        {QStringLiteral("parse"), QStringLiteral("--split"), QStringLiteral("--json"), path});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QJsonObject file = QJsonDocument::fromJson(r.out.toUtf8())
                                 .object()[QStringLiteral("files")]
                                 .toArray()[0]
                                 .toObject();
    EXPECT_EQ(file.value(QStringLiteral("chunks")).toInt(), 2);
    EXPECT_EQ(file.value(QStringLiteral("functions"))
                  .toArray()[0]
                  .toObject()
                  .value(QStringLiteral("chunk"))
                  .toInt(),
              1);
}

TEST(CliParse, EmitPrintsCustomAndGenericForms)
{
    const auto custom = runCli({QStringLiteral("parse"), QStringLiteral("--emit"),
                                QStringLiteral("custom"), golden("golden/cutile.mlir")});
    EXPECT_EQ(custom.exitCode, 0);
    EXPECT_TRUE(custom.out.contains(
        QStringLiteral("divi %1, %1 signed rounding<negative_inf> : tile<i32>")))
        << custom.out.toStdString();
    const auto generic = runCli({QStringLiteral("parse"), QStringLiteral("--emit"),
                                 QStringLiteral("generic"), golden("golden/cutile.mlir")});
    EXPECT_EQ(generic.exitCode, 0);
    EXPECT_TRUE(generic.out.contains(QStringLiteral("\"cuda_tile.exp\"(")));
    EXPECT_TRUE(
        generic.out.contains(QStringLiteral("overflow = #cuda_tile.overflow<no_signed_wrap>")));
    const auto bad = runCli({QStringLiteral("parse"), QStringLiteral("--emit"),
                             QStringLiteral("xml"), golden("golden/cutile.mlir")});
    EXPECT_EQ(bad.exitCode, 3);
}

TEST(CliParse, NoFileIsAUsageError)
{
    EXPECT_EQ(runCli({QStringLiteral("parse")}).exitCode, 3);
    const auto missing = runCli({QStringLiteral("parse"), QStringLiteral("/nonexistent/x.mlir")});
    EXPECT_EQ(missing.exitCode, 3);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("cannot open")));
}

// The summary line names the file as given: a '%1' in its name is text, not a placeholder that
// the counts after it fill (the line was ".../a1.mlir: ok (custom syntax, 17 functions,  ops%6)").
TEST(CliParse, APercentSignInTheNameIsNotAPlaceholder)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("a%1.mlir"));
    ASSERT_TRUE(QFile::copy(golden("golden/arith.mlir"), file));
    const auto r = runCli({QStringLiteral("parse"), file});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(r.out, file + QStringLiteral(": ok (custom syntax, 1 functions, 17 ops)\n"))
        << r.out.toStdString();
}
