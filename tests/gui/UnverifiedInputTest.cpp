// Issue 32 in the inspector: a pair whose IR does not verify is not compared (the diff worker
// crashed on it) and says why with the verifier's located errors; "Run Both on CPU" runs only the
// verified models it compared, never a file edited since into IR that does not verify (a cmpi
// with a float result crashed the interpreter).

#include "DivergenceInsight.h"
#include "EvalAction.h"
#include "GuiTestSupport.h"
#include "InspectorSession.h"
#include "MainWindow.h"
#include "TestPaths.h"

#include <QAction>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

QString dataFile(const QString& relative)
{
    return QDir(test::testDataDir()).filePath(relative);
}

bool waitUntil(const std::function<bool()>& done, int timeoutMs = 60000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!done()) {
        if (deadline.hasExpired())
            return false;
        QTest::qWait(20);
    }
    return true;
}

} // namespace

TEST(UnverifiedInput, APairThatDoesNotVerifyIsNotComparedAndSaysWhere)
{
    MainWindow w(MainWindow::Options{false});
    w.show();
    const QString gen = dataFile(QStringLiteral("ir/unverified/andi_mask_gen.mlir"));
    w.openIrPair(dataFile(QStringLiteral("ir/unverified/andi_mask_ref.mlir")), gen);
    ASSERT_TRUE(test::waitForLoad(w));
    const auto snapshot = w.session().diff();
    ASSERT_NE(snapshot, nullptr);
    EXPECT_FALSE(snapshot->result.has_value());
    EXPECT_TRUE(snapshot->sides.reference().diagnostics.empty());
    const Diagnostics& diagnostics = snapshot->sides.generated().diagnostics;
    ASSERT_FALSE(diagnostics.empty());
    const std::string located =
        QFileInfo(gen).absoluteFilePath().toStdString() +
        ":42:5: error: requires the same element type for all operands and results";
    EXPECT_EQ(diagnostics[0].format(), located);
    EXPECT_TRUE(w.verdictLabel()->toolTip().contains(QString::fromStdString(located)))
        << w.verdictLabel()->toolTip().toStdString();
    EXPECT_FALSE(w.findChild<DivergenceInsight*>()->evalAction()->runAction()->isEnabled());
}

// Run Both on CPU runs the models the analysis compared and verified (core/pair's crossCheck):
// a file edited since into IR that does not verify is not read again, so it is never run (before,
// the run read both files again and had to refuse it).
TEST(UnverifiedInput, RunBothOnCpuRunsTheComparedModelsNotAFileEditedSince)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString ref = dataFile(QStringLiteral("real-ports/relu_fwd_1M_f16/reference.mlir"));
    const QString gen = dir.filePath(QStringLiteral("generated.mlir"));
    ASSERT_TRUE(QFile::copy(ref, gen));
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openIrPair(ref, gen);
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_NE(w.session().diffResult(), nullptr);
    DivergenceInsight* insight = w.findChild<DivergenceInsight*>();
    EvalAction* eval = insight->evalAction();
    ASSERT_TRUE(eval->runAction()->isEnabled());

    // Edited after the diff, then run.
    ASSERT_TRUE(QFile::remove(gen));
    ASSERT_TRUE(QFile::copy(dataFile(QStringLiteral("ir/unverified/cmpi_float_result.mlir")), gen));
    QSignalSpy finished(eval, &EvalAction::finished);
    eval->runAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !finished.isEmpty(); }));
    const auto check = eval->result();
    ASSERT_NE(check, nullptr);
    EXPECT_TRUE(check->ran()) << check->summary;
    EXPECT_EQ(check->eval.verdict, "same") << check->summary;
    EXPECT_TRUE(insight->evalStatus()->text().contains(QStringLiteral("same")))
        << insight->evalStatus()->text().toStdString();
}
