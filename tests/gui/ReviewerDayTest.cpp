// Issue 31 ("The reviewer's day, round 2"), the items of app/gui: a first window that fits
// the screen, a theme switch that applies at once, docks that stay put and reset, a Stages
// dock that follows the selected kernel, labelled text, F5 on a two-file comparison.

#include "AppSettings.h"
#include "AppTheme.h"
#include "EditorTheme.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SettingsDialog.h"
#include "SourcePane.h"
#include "TestPaths.h"
#include "WindowPlacement.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QGuiApplication>
#include <QListWidget>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
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
