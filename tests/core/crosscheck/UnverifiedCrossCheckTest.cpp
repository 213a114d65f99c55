// Issue 32: the GUI's "Run Both on CPU" (crossCheckFiles) reads both files again after the diff;
// a file that changed in between into IR that does not verify is not run: the check says why,
// with the verifier's located error. Before, a cmpi with a float result segfaulted it.

#include "TestPaths.h"
#include "crosscheck/DiffCrossCheck.h"
#include "diff/IrDiff.h"
#include "diff/RuleSet.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens;

namespace {

QString dataFile(const QString& relative)
{
    return QDir(test::testDataDir()).filePath(relative);
}

} // namespace

TEST(CrossCheckUnverified, AFileThatNoLongerVerifiesIsNotRun)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString ref = dataFile(QStringLiteral("real-ports/relu_fwd_1M_f16/reference.mlir"));
    const QString gen = dir.filePath(QStringLiteral("generated.mlir"));
    ASSERT_TRUE(QFile::copy(ref, gen));
    Diagnostics diags;
    const auto result =
        diff::compareFiles(ref.toStdString(), gen.toStdString(), diff::RuleSet::defaults(), diags);
    ASSERT_TRUE(result);

    // Edited after the diff.
    ASSERT_TRUE(QFile::remove(gen));
    ASSERT_TRUE(QFile::copy(dataFile(QStringLiteral("ir/unverified/cmpi_float_result.mlir")), gen));
    eval::EvalOptions options;
    options.inputs = eval::InputKind::Random;
    const crosscheck::CrossCheck c = crosscheck::crossCheckFiles(*result, {}, options);
    EXPECT_FALSE(c.ran());
    const std::string located = gen.toStdString() +
                                ":24:5: error: result #0 must be 'tile<1024xi1>' (i1 values shaped "
                                "as the operands), but got 'tile<1024xf32>'";
    EXPECT_EQ(c.error, located);
    EXPECT_EQ(c.summary, "not run: " + located);
}
