// parse reports the verifier's errors (unless --no-verify); diff refuses an input that does not
// verify, with the same errors.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

// Well formed, but addf on integers and a reshape that changes the element count.
const char* const kUnverified = "cuda_tile.module @m {\n"
                                "  entry @k(%a: tile<4xi32>) {\n"
                                "    %0 = addf %a, %a : tile<4xi32>\n"
                                "    %1 = reshape %a : tile<4xi32> -> tile<8xi32>\n"
                                "    return\n"
                                "  }\n"
                                "}\n";

QString write(const QTemporaryDir& dir, const char* name, const char* text)
{
    QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
    return path;
}

} // namespace

TEST(CliVerify, ParseReportsVerifierErrorsWithTheirPlace)
{
    QTemporaryDir dir;
    const QString file = write(dir, "bad.mlir", kUnverified);
    const CliResult r = runCli({QStringLiteral("parse"), file});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(file + QStringLiteral(":3:5: error: 'addf' works only with floats "
                                                     "f16, bf16, f32, and f64, but got 'i32'")))
        << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(file + QStringLiteral(":4:5: error: expected source tile and result "
                                                     "tile to have the same number of elements")))
        << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("FAILED")));

    const CliResult syntaxOnly =
        runCli({QStringLiteral("parse"), QStringLiteral("--no-verify"), file});
    EXPECT_EQ(syntaxOnly.exitCode, 0) << syntaxOnly.err.toStdString();
}

TEST(CliVerify, ExampleIrVerifiesClean)
{
    const QString examples = tilelens::test::examplesDir();
    for (const char* rel : {"/matmul/reference/reference_plain.mlir",
                            "/matmul/reference/reference_static_persistent.mlir",
                            "/softmax/reference/reference.mlir"}) {
        const CliResult r = runCli({QStringLiteral("parse"), examples + QString::fromLatin1(rel)});
        EXPECT_EQ(r.exitCode, 0) << rel << "\n" << r.err.toStdString();
    }
}

TEST(CliVerify, DiffRefusesAnInputThatDoesNotVerify)
{
    QTemporaryDir dir;
    const QString bad = write(dir, "bad.mlir", kUnverified);
    const CliResult r = runCli({QStringLiteral("diff"), bad, bad});
    EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
    EXPECT_TRUE(r.out.isEmpty()) << r.out.toStdString();
    EXPECT_TRUE(r.err.startsWith(bad + QStringLiteral(":3:5: error: 'addf' works only with floats "
                                                      "f16, bf16, f32, and f64, but got 'i32'\n")))
        << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(bad + QStringLiteral(":4:5: error: expected source tile and result "
                                                    "tile to have the same number of elements")))
        << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(bad + QStringLiteral(": error: does not verify (2 errors); the diff "
                                                    "compares only IR that verifies\n")))
        << r.err.toStdString();
}
