// Issue 31 ("The reviewer's day, round 2"), the items of app/gui: a first window that fits
// the screen, a theme switch that applies at once, docks that stay put and reset, a Stages
// dock that follows the selected kernel, labelled text, F5 on a two-file comparison.

#include "AppSettings.h"
#include "AppTheme.h"
#include "EditorTheme.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "OverviewRuler.h"
#include "QsciHeaders.h"
#include "SettingsDialog.h"
#include "SourcePane.h"
#include "TestPaths.h"
#include "WindowPlacement.h"
#include "panels/DashboardModel.h"
#include "panels/DashboardView.h"
#include "panels/StagePanel.h"
#include "panels/StageTableModel.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

// A real port's reference and generated IR (tests/data/real-ports).
QString realPortFile(const char* port, const char* file)
{
    return QDir(test::testDataDir())
        .filePath(QStringLiteral("real-ports/%1/%2")
                      .arg(QString::fromLatin1(port), QString::fromLatin1(file)));
}

void openRealPair(MainWindow& w, const char* port)
{
    w.openIrPair(realPortFile(port, "reference.mlir"), realPortFile(port, "generated.mlir"));
}

// The editor's paper as its lexer draws it (the text's background).
QColor paperOf(QsciScintilla* editor)
{
    return editor->lexer()->paper(0);
}

// A palette change is posted, and the windows' re-theme queued after it.
void settle()
{
    for (int i = 0; i < 5; ++i)
        QTest::qWait(10);
}

} // namespace

// Item 11: on a 1600x1000 screen the window was 1600x1000, its status bar (the verdict)
// below the screen's available area until maximised.
TEST(ReviewerDay, TheFirstWindowFitsTheScreenCentred)
{
    const QRect screen(0, 0, 1600, 1000);
    const QRect placed = initialWindowGeometry(screen);
    EXPECT_TRUE(screen.contains(placed)) << placed.width() << "x" << placed.height();
    EXPECT_LE(placed.height(), 1000 * 85 / 100);
    EXPECT_EQ(placed.center(), screen.center());
    // A big screen keeps the preferred size.
    EXPECT_EQ(initialWindowGeometry(QRect(0, 0, 2560, 1440)).size(), QSize(1600, 1000));
}

TEST(ReviewerDay, AStartWithoutSavedStateShowsTheStatusBarOnScreen)
{
    QSettings().clear(); // a restored-state-free start with the real start's options
    MainWindow w;
    w.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
    const QRect available = w.screen()->availableGeometry();
    const QRect bar(w.statusBar()->mapToGlobal(QPoint(0, 0)), w.statusBar()->size());
    EXPECT_TRUE(available.contains(w.frameGeometry()))
        << "window " << w.width() << "x" << w.height() << " on " << available.width() << "x"
        << available.height();
    EXPECT_TRUE(available.contains(bar)) << "status bar at y " << bar.top();
}

// Item 10: Settings had only Language (after a restart). The theme switch applies at once to
// the palette and to the QScintilla editors; Cancel goes back; Follow desktop is the
// platform's palette again.
TEST(ReviewerDay, TheThemeSwitchRethemesPaletteAndEditorsAtOnce)
{
    QSettings().remove(settings::themeKey);
    const QColor desktopWindow = QApplication::palette().color(QPalette::Window);
    MainWindow w(MainWindow::Options{false});
    w.resize(1024, 700);
    w.show();
    openRealPair(w, "attention_sink_2x128q128k_h8g8_d64_bf16");
    ASSERT_TRUE(test::waitForLoad(w));
    QsciScintilla* editor = w.pane(SourceRole::ReferenceIr)->editor();
    const bool desktopDark = EditorTheme::forPalette(QApplication::palette()).dark;
    const EditorTheme other = desktopDark ? EditorTheme::light() : EditorTheme::darkTheme();
    ASSERT_NE(paperOf(editor), other.paper);
    {
        SettingsDialog dialog(&w);
        dialog.themeCombo()->setCurrentIndex(desktopDark ? 1 : 2); // the other one
        settle();
        EXPECT_EQ(EditorTheme::forPalette(QApplication::palette()).dark, !desktopDark);
        EXPECT_EQ(paperOf(editor), other.paper);
        EXPECT_EQ(EditorTheme::forPalette(w.palette()).dark, !desktopDark);
        dialog.reject(); // Cancel: the stored choice (the desktop's) again
        settle();
        EXPECT_EQ(QApplication::palette().color(QPalette::Window), desktopWindow);
        EXPECT_NE(paperOf(editor), other.paper);
    }
    {
        SettingsDialog dialog(&w);
        dialog.themeCombo()->setCurrentIndex(2);
        dialog.save(); // OK
        settle();
        EXPECT_EQ(savedThemeChoice(QSettings()), ThemeChoice::Dark);
        EXPECT_EQ(paperOf(editor), EditorTheme::darkTheme().paper);
        EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 128);
    }
    {
        SettingsDialog dialog(&w);
        EXPECT_EQ(dialog.themeCombo()->currentIndex(), 2); // the stored choice is shown
        dialog.themeCombo()->setCurrentIndex(0);
        dialog.save();
        settle();
        EXPECT_EQ(QApplication::palette().color(QPalette::Window), desktopWindow);
        EXPECT_EQ(paperOf(editor),
                  desktopDark ? EditorTheme::darkTheme().paper : EditorTheme::light().paper);
    }
    QSettings().remove(settings::themeKey);
}

// Item 7: docks tore off at a touch (floatable, the separator a few pixels from the title
// bar), there was no View > Reset Layout, and an empty Diagnostics dock stayed open.
TEST(ReviewerDay, DocksDoNotFloatAndResetLayoutRestoresTheDefault)
{
    MainWindow w(MainWindow::Options{false});
    w.resize(1024, 700);
    w.show();
    openRealPair(w, "attention_sink_2x128q128k_h8g8_d64_bf16");
    ASSERT_TRUE(test::waitForLoad(w));
    const QList<QDockWidget*> docks = w.findChildren<QDockWidget*>();
    ASSERT_GE(docks.size(), 5);
    for (const QDockWidget* dock : docks)
        EXPECT_FALSE(dock->features().testFlag(QDockWidget::DockWidgetFloatable))
            << dock->objectName().toStdString();

    QDockWidget* stages = w.findChild<QDockWidget*>(QStringLiteral("stageDock"));
    QDockWidget* diagnostics = w.findChild<QDockWidget*>(QStringLiteral("diagnosticsDock"));
    ASSERT_TRUE(stages && diagnostics);
    // A layout gone astray: stages moved to the right, the kernel list closed, a dock
    // floating (from an older saved layout), the diagnostics open.
    w.addDockWidget(Qt::RightDockWidgetArea, stages);
    w.kernelDock()->hide();
    diagnostics->show();
    w.divergenceDock()->setFloating(true);
    settle();
    EXPECT_FALSE(w.divergenceDock()->isFloating()) << "a floating dock is docked again";

    QAction* reset = w.findChild<QAction*>(QStringLiteral("resetLayout"));
    ASSERT_NE(reset, nullptr);
    reset->trigger();
    settle();
    EXPECT_EQ(w.dockWidgetArea(stages), Qt::BottomDockWidgetArea);
    EXPECT_TRUE(w.tabifiedDockWidgets(w.divergenceDock()).contains(stages));
    EXPECT_TRUE(w.kernelDock()->isVisible());
    EXPECT_EQ(w.dockWidgetArea(w.kernelDock()), Qt::LeftDockWidgetArea);
    EXPECT_FALSE(diagnostics->isVisible());
    EXPECT_TRUE(w.divergenceDock()->isVisible()) << "the Divergences tab is raised";
    EXPECT_LE(w.divergenceDock()->height(), 700 * 35 / 100);
}

TEST(ReviewerDay, AnEmptyDiagnosticsDockHidesItselfAgain)
{
    QTemporaryDir empty; // no kernels: a warning, and the dock opens to say why
    MainWindow w(MainWindow::Options{false});
    w.resize(1024, 700);
    w.show();
    w.openWorkspace(empty.path());
    ASSERT_TRUE(test::waitForLoad(w));
    QDockWidget* diagnostics = w.findChild<QDockWidget*>(QStringLiteral("diagnosticsDock"));
    ASSERT_TRUE(diagnostics->isVisible());
    openRealPair(w, "attention_sink_2x128q128k_h8g8_d64_bf16");
    ASSERT_TRUE(test::waitForLoad(w));
    settle();
    EXPECT_EQ(w.diagnosticsList()->count(), 0);
    EXPECT_FALSE(diagnostics->isVisible());
    EXPECT_GE(w.divergenceDock()->height(), 130) << "the divergence table has its rows back";
}

namespace {

QString fakeCheckout()
{
    return test::testDataDir() + QStringLiteral("/workspace/checkout");
}

int kernelRow(MainWindow& w, const char* kernel)
{
    const std::vector<ws::Kernel>& kernels = w.session().workspace()->kernels;
    for (size_t i = 0; i < kernels.size(); ++i)
        if (kernels[i].name == QLatin1String(kernel))
            return static_cast<int>(i);
    return -1;
}

QStringList stageIds(const panels::StagePanel& panel)
{
    QStringList ids;
    for (int r = 0; r < panel.model()->rowCount(); ++r)
        ids << panel.model()->row(r)->id;
    return ids;
}

QString headerText(const panels::StagePanel& panel)
{
    // The first label of the panel is its header.
    return panel.findChildren<QLabel*>(Qt::FindDirectChildrenOnly).value(0)->text();
}

} // namespace

// Item 5: on a checkout the Stages dock listed every port's IR stages, its header named stage
// A (a checkout has no A) and stayed on the first kernel.
TEST(ReviewerDay, TheStagesDockFollowsTheSelectedCheckoutKernel)
{
    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openWorkspace(fakeCheckout());
    ASSERT_TRUE(test::waitForLoad(w));
    for (const char* kernel : {"gemm", "norm"}) {
        w.session().select(kernelRow(w, kernel), 0);
        ASSERT_TRUE(test::waitForLoad(w));
        const panels::StagePanel& panel = *w.stagePanel();
        const QStringList ids = stageIds(panel);
        ASSERT_FALSE(ids.isEmpty()) << kernel;
        const QString own = QStringLiteral(":%1:").arg(QLatin1String(kernel));
        for (const QString& id : ids)
            EXPECT_TRUE(id.contains(own)) << kernel << ": " << id.toStdString();
        const QString header = headerText(panel);
        EXPECT_TRUE(header.contains(QLatin1String(kernel))) << header.toStdString();
        // No IR in the fake checkout: the next step is this port's reference IR stage.
        EXPECT_TRUE(header.contains(QStringLiteral("next step: ir-ref") + own))
            << header.toStdString();
    }
}

// Item 5: a failed run read "● done | NO_IR", the rescan after it moved the selection to
// row 0, and Rerun sat below the table (scrolled out of a short dock).
TEST(ReviewerDay, AFailedStageRunReadsFailedAndKeepsItsRowSelected)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    for (const QString& rel : {QStringLiteral("src/tilegym/ops/cutile/scale.py"),
                               QStringLiteral("src/tilegym/ops/cutile_rs/scale_kernel/kernel.rs"),
                               QStringLiteral("tests/ops/test_scale.py")}) {
        QDir().mkpath(QFileInfo(tg + QLatin1Char('/') + rel).absolutePath());
        ASSERT_TRUE(
            QFile::copy(fakeCheckout() + QLatin1Char('/') + rel, tg + QLatin1Char('/') + rel));
    }
    {
        MainWindow w(MainWindow::Options{false});
        w.resize(600, 1000); // a narrow window: the stage table over its log
        w.show();
        panels::StagePanel* panel = w.stagePanel();
        panel->setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
        panel->setTrustPrompt([](const QString&, const QString&) { return true; });
        w.openWorkspace(tg + QStringLiteral("/src/tilegym/ops/cutile_rs/scale_kernel"));
        ASSERT_TRUE(test::waitForLoad(w));
        // The checkout has no cuTile Rust IR driver nor job file: the stage fails.
        const QString stage = QStringLiteral("ir-gen:scale:scale_kernel");
        ASSERT_GE(panel->model()->rowOf(stage), 1) << "not the first row: a jump would show";
        panel->selectStage(stage);
        QSignalSpy finished(panel, &panels::StagePanel::runFinished);
        ASSERT_TRUE(panel->rerun(stage));
        ASSERT_TRUE(finished.wait(30000));
        settle();
        ASSERT_TRUE(test::waitForLoad(w));
        settle();
        EXPECT_EQ(panel->selectedStage(), stage);
        const int row = panel->model()->rowOf(stage);
        ASSERT_GE(row, 0);
        const QModelIndex status =
            panel->model()->index(row, panels::StageTableModel::StatusColumn);
        EXPECT_EQ(status.data().toString(), QStringLiteral("failed"));
        EXPECT_EQ(status.data(panels::StageTableModel::StatusKeyRole).toString(),
                  QStringLiteral("fail"));

        // Rerun sits above the table and log, inside the dock's visible part.
        w.findChild<QDockWidget*>(QStringLiteral("stageDock"))->raise();
        settle();
        auto* rerun = panel->findChild<QPushButton*>(QStringLiteral("rerunButton"));
        ASSERT_NE(rerun, nullptr);
        EXPECT_LT(rerun->mapTo(panel, QPoint()).y(), panel->table()->mapTo(panel, QPoint()).y());
        auto* area = qobject_cast<QScrollArea*>(panel->parentWidget()->parentWidget());
        ASSERT_NE(area, nullptr);
        const QRect onViewport(rerun->mapTo(area->viewport(), QPoint()), rerun->size());
        EXPECT_TRUE(area->viewport()->rect().contains(onViewport))
            << "Rerun at y " << onViewport.top() << " of a " << area->viewport()->height()
            << " px dock";
    }
}

// Item 5: the dashboard's columns A–F had no header tooltips.
TEST(ReviewerDay, TheDashboardsColumnsExplainThemselves)
{
    panels::DashboardModel model;
    for (int column = panels::DashboardModel::AColumn;
         column <= panels::DashboardModel::SeverityColumn; ++column)
        EXPECT_FALSE(model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty())
            << column;
    EXPECT_TRUE(model.headerData(panels::DashboardModel::AColumn, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("reference dump")));
}

// Item 9: the dashboard said "— DONE" (the perf severity, unlabelled) beside an IR verdict.
TEST(ReviewerDay, TheDashboardLabelsThePerfSeverity)
{
    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openWorkspace(test::examplesDir());
    ASSERT_TRUE(test::waitForLoad(w));
    panels::DashboardModel* model = w.dashboard()->model();
    for (int i = 0; i < 500 && model->isLoading(); ++i)
        QTest::qWait(10);
    ASSERT_FALSE(model->isLoading());
    EXPECT_EQ(model->headerData(panels::DashboardModel::SeverityColumn, Qt::Horizontal).toString(),
              QStringLiteral("Perf severity"));
    const QString header = w.dashboard()->headerText();
    EXPECT_TRUE(header.contains(QLatin1String("perf severity "))) << header.toStdString();
}

// Item 9: File > Export Diff as HTML wrote the page without a word.
TEST(ReviewerDay, AnHtmlExportSaysWhereItWrote)
{
    QTemporaryDir tmp;
    MainWindow w(MainWindow::Options{false});
    w.resize(1024, 700);
    w.show();
    openRealPair(w, "attention_sink_2x128q128k_h8g8_d64_bf16");
    ASSERT_TRUE(test::waitForLoad(w));
    const QString path = tmp.filePath(QStringLiteral("ir-diff.html"));
    QSignalSpy finished(&w, &MainWindow::exportFinished);
    w.exportDiffAsHtml(path);
    ASSERT_TRUE(finished.wait(20000));
    ASSERT_TRUE(QFileInfo::exists(path));
    EXPECT_TRUE(w.statusBar()->currentMessage().contains(QDir::toNativeSeparators(path)))
        << w.statusBar()->currentMessage().toStdString();
}

// Item 2: F5 in two-file mode opened the reference's folder as a workspace ("No kernels were
// found") and the overview ruler kept the old comparison's ticks.
TEST(ReviewerDay, ReloadInTwoFileModeReadsBothFilesAgain)
{
    QTemporaryDir tmp;
    const QString ref = tmp.filePath(QStringLiteral("REF.mlir"));
    const QString gen = tmp.filePath(QStringLiteral("GEN.mlir"));
    const char* port = "attention_sink_2x128q128k_h8g8_d64_bf16";
    ASSERT_TRUE(QFile::copy(realPortFile(port, "reference.mlir"), ref));
    ASSERT_TRUE(QFile::copy(realPortFile(port, "generated.mlir"), gen));
    MainWindow w(MainWindow::Options{false});
    w.resize(1024, 700);
    w.show();
    w.openIrPair(ref, gen);
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_NE(w.session().diffResult(), nullptr);
    ASSERT_FALSE(w.session().diffResult()->divergences.empty());
    ASSERT_FALSE(w.overviewRuler()->ticks().empty());

    // The generated file changes on disk (here: into the reference), then F5.
    ASSERT_TRUE(QFile::remove(gen));
    ASSERT_TRUE(QFile::copy(ref, gen));
    QAction* reload = nullptr;
    for (QAction* action : w.findChildren<QAction*>())
        if (action->shortcut() == QKeySequence(QKeySequence::Refresh))
            reload = action;
    ASSERT_NE(reload, nullptr);
    reload->trigger();
    ASSERT_TRUE(test::waitForLoad(w));
    settle();
    ASSERT_NE(w.session().workspace(), nullptr);
    ASSERT_EQ(w.session().workspace()->kernels.size(), 1U);
    ASSERT_NE(w.session().currentVariant(), nullptr);
    EXPECT_EQ(w.session().currentVariant()->generatedIr, QFileInfo(gen).absoluteFilePath());
    ASSERT_NE(w.session().diffResult(), nullptr) << "still comparing the two files";
    EXPECT_TRUE(w.session().diffResult()->divergences.empty()) << "the new GEN.mlir was read";
    EXPECT_TRUE(w.overviewRuler()->ticks().empty());
    EXPECT_FALSE(w.pane(SourceRole::ReferenceIr)->isShowingMessage());

    // A folder without kernels after a comparison: its ticks go with it.
    w.openIrPair(realPortFile(port, "reference.mlir"), realPortFile(port, "generated.mlir"));
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_FALSE(w.overviewRuler()->ticks().empty());
    QTemporaryDir empty;
    w.openWorkspace(empty.path());
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_TRUE(w.overviewRuler()->ticks().empty());
}
