// Issue 27 P10: pair::variantPair gives both front ends the same Python and IR files.

#include "pair/VariantPair.h"

#include "TestPaths.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <utility>

using namespace tilelens;

TEST(VariantPair, FolderWithOnlyReferenceAndGeneratedHasItsPythonFileAndNoFunction)
{
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    ASSERT_TRUE(dir.mkpath(QStringLiteral("k/reference")));
    ASSERT_TRUE(dir.mkpath(QStringLiteral("k/generated")));
    const QString example = test::examplesDir() + QStringLiteral("/softmax/");
    for (const auto& [from, to] :
         {std::pair{QStringLiteral("reference/reference.mlir"),
                    QStringLiteral("k/reference/reference.mlir")},
          std::pair{QStringLiteral("generated/generated.mlir"),
                    QStringLiteral("k/generated/generated.mlir")},
          std::pair{QStringLiteral("reference/softmax.py"), QStringLiteral("k/reference/k.py")}}) {
        ASSERT_TRUE(QFile::copy(example + from, tmp.filePath(to))) << from.toStdString();
    }
    const ws::Kernel k = ws::loadKernel(tmp.filePath(QStringLiteral("k")), QString());
    ASSERT_EQ(k.variants.size(), 1u);
    const pair::VariantPair p = pair::variantPair(k, k.variants.front());
    EXPECT_EQ(QDir(p.pythonFile).canonicalPath(),
              QDir(tmp.filePath(QStringLiteral("k/reference/k.py"))).canonicalPath());
    EXPECT_FALSE(p.pythonPaired());
    EXPECT_EQ(p.pythonLine, 0);
    EXPECT_FALSE(p.referenceIr.isEmpty());
    EXPECT_FALSE(p.generatedIr.isEmpty());
}

TEST(VariantPair, ExampleVariantIsPairedWithItsFunction)
{
    const ws::Kernel k =
        ws::loadKernel(test::examplesDir() + QStringLiteral("/softmax"), QString());
    ASSERT_FALSE(k.variants.empty());
    const pair::VariantPair p = pair::variantPair(k, k.variants.front());
    EXPECT_TRUE(p.pythonPaired());
    EXPECT_GT(p.pythonLine, 0);
    EXPECT_TRUE(p.pythonFile.endsWith(QStringLiteral("softmax.py"))) << p.pythonFile.toStdString();
}
