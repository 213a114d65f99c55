// Desktop polish around the diff view: Ctrl+F finds in the focused editor,
// go to line moves its caret, and the last kernel and divergence come back
// after a restart.

#include "BenchOpen.h"
#include "DivergenceNavigator.h"
#include "FindBar.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"

#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSettings>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {
QString softmaxDir()
{
    return QDir(test::examplesDir()).filePath(QStringLiteral("softmax"));
}
} // namespace

TEST(Polish, FindBarSearchesTheFocusedEditorAndGoToLineMovesTheCaret)
{
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(softmaxDir());
    ASSERT_TRUE(test::waitForLoad(w));
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
    gen->setFocus();
    QTest::qWait(20);
    // Offscreen focus may not move; the find bar also takes the editor directly.
    w.findBar()->open(gen);
    EXPECT_TRUE(w.findBar()->isVisible());
    w.findBar()->field()->setText(QStringLiteral("load_view_tko"));
    ASSERT_TRUE(w.findBar()->find(true));
    int line = 0, index = 0;
    gen->getCursorPosition(&line, &index);
    EXPECT_TRUE(gen->text(line).contains(QStringLiteral("load_view_tko")));
    EXPECT_EQ(gen->selectedText(), QStringLiteral("load_view_tko"));
    w.findBar()->field()->setText(QStringLiteral("no such text \u2603"));
    EXPECT_FALSE(w.findBar()->find(true));

    ASSERT_NE(w.activeEditor(), nullptr);
    w.goToLine(5);
    w.activeEditor()->getCursorPosition(&line, &index);
    EXPECT_EQ(line, 4);
    w.goToLine(100000); // out of range: ignored
    w.activeEditor()->getCursorPosition(&line, &index);
    EXPECT_EQ(line, 4);
}

TEST(Polish, SessionRestoreBringsBackKernelAndDivergence)
{
    QSettings().clear();
    int chosen = -1;
    {
        MainWindow first; // persists settings (test-mode paths)
        first.show();
        first.openWorkspace(test::examplesDir()); // two kernels: starts on the dashboard
        ASSERT_TRUE(test::waitForLoad(first));
        int softmax = -1;
        const auto& kernels = first.session().workspace()->kernels;
        for (size_t i = 0; i < kernels.size(); ++i)
            if (kernels[i].name == QStringLiteral("softmax"))
                softmax = static_cast<int>(i);
        ASSERT_GE(softmax, 0);
        first.session().select(softmax, 0);
        ASSERT_TRUE(test::waitForLoad(first));
        ASSERT_NE(first.session().diffResult(), nullptr);
        chosen = static_cast<int>(first.session().diffResult()->divergences.size()) - 1;
        first.session().selectDivergence(chosen);
        first.close();
    }
    MainWindow second;
    second.show();
    second.openWorkspace(test::examplesDir());
    ASSERT_TRUE(test::waitForLoad(second));
    EXPECT_FALSE(second.isDashboardShown());
    ASSERT_NE(second.session().currentKernel(), nullptr);
    EXPECT_EQ(second.session().currentKernel()->name, QStringLiteral("softmax"));
    EXPECT_EQ(second.session().currentDivergence(), chosen);
    second.close();
    QSettings().clear();
}

TEST(Polish, BenchOpenLoadsTheExampleAndReportsItsNumbers)
{
    QElapsedTimer launch;
    launch.start();
    const BenchOpenResult r = benchOpen(softmaxDir(), launch);
    EXPECT_TRUE(r.ok);
    EXPECT_GT(r.divergences, 0);
    EXPECT_GE(r.firstPaintMs, r.windowShownMs); // painted after the window came up
    EXPECT_GE(r.longestStallMs, 0);
#ifdef Q_OS_LINUX
    EXPECT_GT(r.peakRssKb, 0);
#endif
}
