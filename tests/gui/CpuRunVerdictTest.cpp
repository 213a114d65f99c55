// Issue 31 item 1, issue 29 item 3 (c): "Run Both on CPU" on the unmodified attention_sink
// pair without a binding file or launch chain (its two IR files copied away from the
// launch.json that names the chain). The binding derived from the pair guesses its sizes
// (S = 16), which put the reference, compiled for 128-wide tiles, outside its contract: the run
// says what the CLI says (the core's message, translated), names the binding, refutes nothing
// and never says "DIFFER BUG".

#include "CpuRunFixture.h"
#include "DivergenceInsight.h"
#include "DivergenceNavigator.h"
#include "EvalAction.h"
#include "GuiTestSupport.h"
#include "InspectorSession.h"
#include "MainWindow.h"
#include "TestPaths.h"

#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;
using namespace tilelens::test::cpurun;

TEST(CpuRunVerdict, AGuessedBindingTheReferenceRejectsIsOutsideItsContractNotADifferBug)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const auto [ref, gen] = copyPairAlone(dir, kAttentionSink);
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openIrPair(ref, gen);
    ASSERT_TRUE(test::waitForLoad(w));
    auto* insight = w.findChild<DivergenceInsight*>();
    ASSERT_NE(insight, nullptr);
    EvalAction* eval = insight->evalAction();
    EXPECT_TRUE(eval->bindingFile().isEmpty());
    QSignalSpy finished(eval, &EvalAction::finished);
    eval->runAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !finished.isEmpty(); }, 600000));
    const auto check = eval->result();
    ASSERT_NE(check, nullptr);
    EXPECT_FALSE(check->differBug) << check->summary;
    EXPECT_TRUE(check->inconclusive) << check->summary;

    // The status says what the CLI says (untranslated here: no translator is installed).
    const QString status = insight->evalStatus()->text();
    EXPECT_EQ(status, QStringLiteral("CPU run: ") + QString::fromStdString(check->summary));
    EXPECT_FALSE(status.contains(QStringLiteral("DIFFER BUG"))) << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral(
        "on a binding derived from the pair (the reference's parameters from its mangled entry "
        "name, the generated entry's as the differ paired them; S = 16)")))
        << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("outside the reference's contract")))
        << status.toStdString();

    // The details name what the run saw, not a counterexample, and refute nothing.
    w.session().selectDivergence(-1);
    const QString details = insight->details()->toPlainText();
    EXPECT_TRUE(details.contains(QStringLiteral("What the run saw: "))) << details.toStdString();
    EXPECT_FALSE(details.contains(QStringLiteral("Counterexample:"))) << details.toStdString();
    EXPECT_FALSE(details.contains(QStringLiteral("DIFFER BUG"))) << details.toStdString();
    EXPECT_TRUE(check->refuted.empty());
    EXPECT_TRUE(check->attachedTo.empty());
}

// Issue 29 item 3 (a) in the GUI: the criticals a CPU run refutes with a counterexample are no
// longer "critical, unproven" in the Divergences table or its header, as `diff --eval` prints
// them (layer_norm's variance fma fed the unmasked values, with the pair's hand-written binding:
// the run differs). The pair has no launch chain, so the diff's own quick CPU search has no
// binding and leaves the fma unproven (silu_and_mul, used before, has one: its diff already
// refutes exp against exp2 on the derived binding).
TEST(CpuRunVerdict, ACounterexampleClearsTheUnprovenMarkInTheTable)
{
    const QDir data(test::testDataDir());
    // The diff's own quick CPU search (on the binding derived from the pair) would refute the
    // fma already: off here, so that the run is what clears the mark.
    MainWindow::Options options(false);
    options.cpuSearchSeconds = 0;
    MainWindow w(options);
    w.show();
    w.openIrPair(
        data.filePath(QStringLiteral("real-ports/layer_norm_fwd_1024x768_f32/reference.mlir")),
        data.filePath(
            QStringLiteral("port-mistakes/layer_norm/missing_mask_variance_fma/generated.mlir")));
    ASSERT_TRUE(test::waitForLoad(w));
    DivergenceNavigator* navigator = w.navigator();
    QAbstractItemModel* table = navigator->view()->model();
    const auto unprovenRows = [table] {
        int n = 0;
        for (int row = 0; row < table->rowCount(); ++row)
            n += table->index(row, 0).data().toString().endsWith(QStringLiteral(", unproven"));
        return n;
    };
    ASSERT_GT(unprovenRows(), 0) << "the variance fma starts unproven";
    EXPECT_TRUE(navigator->headerLabel()->text().contains(QStringLiteral("unproven")));

    auto* insight = w.findChild<DivergenceInsight*>();
    ASSERT_NE(insight, nullptr);
    EvalAction* eval = insight->evalAction();
    eval->setBindingFile(
        QDir(test::testDataDir())
            .filePath(QStringLiteral("eval/layer_norm_fwd_1024x768_f32.binding.json")));
    QSignalSpy finished(eval, &EvalAction::finished);
    eval->runAction()->trigger();
    ASSERT_TRUE(waitUntil([&] { return !finished.isEmpty(); }, 600000));
    const auto check = eval->result();
    ASSERT_NE(check, nullptr);
    ASSERT_EQ(check->eval.verdict, "different") << check->summary;
    ASSERT_FALSE(check->attachedTo.empty());

    EXPECT_EQ(unprovenRows(), 0);
    EXPECT_TRUE(navigator->headerLabel()->text().contains(QStringLiteral(", 0 unproven)")))
        << navigator->headerLabel()->text().toStdString();
}
