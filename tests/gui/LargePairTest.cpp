// The synthetic big pair that `tilelens --bench-open DIR --synthetic-ops N`
// measures (SyntheticPair.h): here smaller, checking that it loads through the
// worker paths (documents filled off the GUI thread, fillers applied in time
// slices) and ends up aligned. Timing is the benchmark's job, not this test's;
// checked are the turns that big panes' decoration takes and that the
// dashboard's rows wait for the window to load.

#include "AlignedIrView.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "SyntheticPair.h"
#include "TestPaths.h"
#include "common/WorkerPool.h"
#include "panels/DashboardModel.h"
#include "panels/DashboardView.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

TEST(LargePair, ASyntheticPairLoadsAlignedWithItsPlantedDivergences)
{
    TILELENS_REQUIRE_CORPUS();
    QTemporaryDir dir;
    const SyntheticPair pair = writeSyntheticPair(
        kernelFilesIn(test::corpusDir() + QStringLiteral("/tilegym-cutile/mlir")), 20000,
        dir.path());
    ASSERT_TRUE(pair.ok());
    EXPECT_GE(pair.opsPerSide, 20000);
    EXPECT_GT(pair.plantedChanges, 0);

    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openIrPair(pair.reference, pair.generated);
    ASSERT_TRUE(test::waitForLoad(w, 120000));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    EXPECT_GE(static_cast<int>(result->divergences.size()), pair.plantedChanges);

    QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
    EXPECT_GT(ref->lines(), 10000);
    EXPECT_TRUE(ref->isReadOnly());
    // Both panes are equally tall, so synchronized scrolling covers both.
    auto displayLines = [](QsciScintilla* e) {
        return e->SendScintilla(QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                                static_cast<unsigned long>(e->lines()));
    };
    EXPECT_EQ(displayLines(ref), displayLines(gen));
    // Matched rows that move forward on both sides sit side by side.
    const auto matched = test::forwardMatchedLines(*result);
    for (size_t i = 96; i < matched.size(); i += 97) { // every 97th pair
        const auto [refLine, genLine] = matched[i];
        ASSERT_EQ(ref->SendScintilla(QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                                     static_cast<unsigned long>(refLine - 1)),
                  gen->SendScintilla(QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                                     static_cast<unsigned long>(genLine - 1)))
            << "ref line " << refLine << " gen line " << genLine;
    }
    EXPECT_GT(matched.size(), 5000u);

    // For a person to look at: TILELENS_TEST_SCREENSHOT_DIR=/some/dir.
    if (const QString out = qEnvironmentVariable("TILELENS_TEST_SCREENSHOT_DIR"); !out.isEmpty()) {
        w.session().selectDivergence(static_cast<int>(result->divergences.size()) / 2);
        w.grab().save(QDir(out).filePath(QStringLiteral("large-pair.png")));
    }
}

TEST(LargePair, BigPanesAreDecoratedOverSeveralTurnsEvenWithFewFillers)
{
    // Showing the fillers is a pass over every line of a pane: on the 2x100k
    // pair, whose rows nearly all align, fillers, showing and markers in one
    // turn were the longest stall of the first paint (~60 ms).
    TILELENS_REQUIRE_CORPUS();
    QTemporaryDir dir;
    const SyntheticPair pair = writeSyntheticPair(
        kernelFilesIn(test::corpusDir() + QStringLiteral("/tilegym-cutile/mlir")), 20000,
        dir.path());
    ASSERT_TRUE(pair.ok());
    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openIrPair(pair.reference, pair.generated);
    ASSERT_TRUE(test::waitForLoad(w, 120000));
    const auto snapshot = w.session().diff();
    ASSERT_TRUE(snapshot && snapshot->result);
    const pair::RowAlignment& alignment = snapshot->alignment;
    ASSERT_LE(alignment.phantoms.reference().size() + alignment.phantoms.generated().size(),
              AlignedIrView::kSmallAlignment);
    QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
    ASSERT_GT(ref->lines(), AlignedIrView::kSmallPaneLines);
    auto displayLines = [](QsciScintilla* e) {
        return e->SendScintilla(QsciScintillaBase::SCI_VISIBLEFROMDOCLINE,
                                static_cast<unsigned long>(e->lines()));
    };
    const long refRows = displayLines(ref);
    ASSERT_EQ(refRows, displayLines(gen));

    AlignedIrView* view = w.alignedView();
    view->setSnapshot(snapshot);
    EXPECT_TRUE(view->isDecorating()) << "decorated in the turn that applied the diff";
    for (QsciScintilla* e : {ref, gen})
        EXPECT_EQ(e->SendScintilla(QsciScintillaBase::SCI_ANNOTATIONGETVISIBLE),
                  QsciScintillaBase::ANNOTATION_HIDDEN);
    ASSERT_TRUE(test::waitForLoad(w, 60000));
    for (QsciScintilla* e : {ref, gen})
        EXPECT_EQ(e->SendScintilla(QsciScintillaBase::SCI_ANNOTATIONGETVISIBLE),
                  QsciScintillaBase::ANNOTATION_STANDARD);
    EXPECT_EQ(displayLines(ref), refRows);
    EXPECT_EQ(displayLines(gen), refRows);
}

TEST(LargePair, TheDashboardRowsWaitUntilThePanesAreDecorated)
{
    // The rows diff the pair again: beside the inspector's diff, or its
    // decoration turns, that took the cores the first paint needs.
    TILELENS_REQUIRE_CORPUS();
    QTemporaryDir dir;
    const SyntheticPair pair = writeSyntheticPair(
        kernelFilesIn(test::corpusDir() + QStringLiteral("/tilegym-cutile/mlir")), 20000,
        dir.path());
    ASSERT_TRUE(pair.ok());
    backgroundPool()->waitForDone(); // rows of an earlier test's window
    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openIrPair(pair.reference, pair.generated);
    bool beside = false;
    const QDeadlineTimer deadline(120000);
    while (w.isLoading() && !deadline.hasExpired()) {
        beside = beside || backgroundPool()->activeThreadCount() > 0;
        QTest::qWait(1);
    }
    ASSERT_FALSE(w.isLoading());
    EXPECT_FALSE(beside) << "the dashboard's rows were computed while the window loaded";
    panels::DashboardModel* model = w.dashboard()->model();
    if (model->isLoading()) {
        QSignalSpy loaded(model, &panels::DashboardModel::loaded);
        ASSERT_TRUE(loaded.wait(120000));
    }
    ASSERT_EQ(model->rowCount(), 1);
    EXPECT_FALSE(model->rows().front().currentVerdict.isEmpty());
}
