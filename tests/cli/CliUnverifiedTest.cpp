// Issue 32: IR that does not verify is not analysed. `diff`, `eval` and `diff --eval` refuse it
// with the verifier's located errors (exit 3); before, they compared or ran it as written and
// crashed (a segfault on an andi of a tile<1xi32> and a tile<1024xi1> feeding a load mask, on a
// cmpi whose result is a float; bad_alloc on a tile of 313,532,613,632 elements) or ran what the
// dialect forbids (a 2^25-element tile, mismatched element types). The inputs are the relu real
// port with one edit each (tests/data/ir/unverified/README.md).

#include "CliRunner.h"
#include "TestPaths.h"

#include <QDir>
#include <gtest/gtest.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString unverified(const char* name)
{
    return QDir(tilelens::test::testDataDir())
        .filePath(QStringLiteral("ir/unverified/") + QLatin1String(name));
}

QString reluReference()
{
    return QDir(tilelens::test::testDataDir())
        .filePath(QStringLiteral("real-ports/relu_fwd_1M_f16/reference.mlir"));
}

// Exit 3, the located error first on stderr, nothing on stdout.
void expectRefused(const CliResult& r, const QString& located)
{
    EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
    EXPECT_TRUE(r.err.startsWith(located)) << r.err.toStdString();
    EXPECT_TRUE(r.out.isEmpty()) << r.out.toStdString();
}

} // namespace

TEST(CliUnverified, DiffRefusesAnAndiOfMismatchedTilesFeedingALoadMask)
{
    const QString gen = unverified("andi_mask_gen.mlir");
    const CliResult r = runCli({QStringLiteral("diff"), unverified("andi_mask_ref.mlir"), gen});
    expectRefused(r, gen + QStringLiteral(":42:5: error: requires the same element type for all "
                                          "operands and results\n"));
    EXPECT_TRUE(r.err.contains(gen + QStringLiteral(": error: does not verify (1 error); the diff "
                                                    "compares only IR that verifies\n")))
        << r.err.toStdString();
    // Every format, and either side.
    for (const char* format : {"json", "markdown", "sarif", "html"}) {
        const CliResult f = runCli({QStringLiteral("diff"), QStringLiteral("--format"),
                                    QLatin1String(format), gen, unverified("andi_mask_ref.mlir")});
        EXPECT_EQ(f.exitCode, 3) << format << "\n" << f.err.toStdString();
        EXPECT_TRUE(f.out.isEmpty()) << format;
    }
}

TEST(CliUnverified, EvalAndDiffEvalRefuseACmpiWithAFloatResult)
{
    const QString bad = unverified("cmpi_float_result.mlir");
    const QString located = bad + QStringLiteral(":24:5: error: result #0 must be 'tile<1024xi1>' "
                                                 "(i1 values shaped as the operands), but got "
                                                 "'tile<1024xf32>'\n");
    const CliResult eval = runCli({QStringLiteral("eval"), reluReference(), bad});
    expectRefused(eval, located);
    EXPECT_TRUE(eval.err.contains(QStringLiteral("tilelens-cli eval: %1 does not verify (2 "
                                                 "errors); the interpreter runs only IR that "
                                                 "verifies\n")
                                      .arg(bad)))
        << eval.err.toStdString();
    expectRefused(runCli({QStringLiteral("diff"), QStringLiteral("--eval"), reluReference(), bad}),
                  located);
    // As the reference too.
    expectRefused(runCli({QStringLiteral("eval"), bad, reluReference()}), located);
}

TEST(CliUnverified, EvalRefusesTilesOverTheVerifiersLimit)
{
    const QString overLimit = unverified("tile_over_limit.mlir");
    expectRefused(runCli({QStringLiteral("eval"), reluReference(), overLimit}),
                  overLimit + QStringLiteral(":17:5: error: 'tile<33554432xi32>': tile would "
                                             "exceed the maximum of 16777216 elements\n"));
    const QString huge = unverified("tile_313g_elements.mlir");
    expectRefused(runCli({QStringLiteral("eval"), reluReference(), huge}),
                  huge + QStringLiteral(":17:5: error: tile shape dimensions must have power of "
                                        "two length but got [73, 4294967296]\n"));
    expectRefused(runCli({QStringLiteral("diff"), QStringLiteral("--eval"), reluReference(), huge}),
                  huge + QStringLiteral(":17:5: error: "));
}

TEST(CliUnverified, EvalAndDiffRefuseMismatchedElementTypes)
{
    const QString bad = unverified("mixed_element_types.mlir");
    const QString located = bad + QStringLiteral(":35:5: error: requires the same element type "
                                                 "for all operands and results\n");
    expectRefused(runCli({QStringLiteral("eval"), reluReference(), bad}), located);
    expectRefused(runCli({QStringLiteral("diff"), reluReference(), bad}), located);
}

TEST(CliUnverified, ParseStillReportsWhatDoesNotVerifyAndAcceptsTheRealPort)
{
    const CliResult bad = runCli({QStringLiteral("parse"), unverified("andi_mask_gen.mlir")});
    EXPECT_EQ(bad.exitCode, 3);
    EXPECT_TRUE(bad.err.contains(QStringLiteral(":42:5: error: requires the same element type")))
        << bad.err.toStdString();
    EXPECT_EQ(runCli({QStringLiteral("parse"), unverified("andi_mask_ref.mlir")}).exitCode, 0);
    // The reference of every refused pair verifies and diffs against itself.
    const CliResult same =
        runCli({QStringLiteral("diff"), reluReference(), unverified("andi_mask_ref.mlir")});
    EXPECT_NE(same.exitCode, 3) << same.err.toStdString();
}
