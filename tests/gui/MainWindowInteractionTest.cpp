// The main window's ways in: drag & drop, a file path, the recent list;
// diagnostics in the dock and status bar; the dark palette.

#include "AppSettings.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QDropEvent>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;
using tilelens::test::waitForLoad;
using tilelens::test::writeKernelDir;

TEST(MainWindowInteraction, DroppingADirectoryOpensIt)
{
    QTemporaryDir root;
    writeKernelDir(root.path(), QStringLiteral("dropped"));
    MainWindow w(MainWindow::Options{false});
    w.show();

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(QDir(root.path()).filePath(QStringLiteral("dropped")))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    ASSERT_TRUE(waitForLoad(w));
    ASSERT_EQ(w.kernelView()->model()->rowCount(), 1);
    EXPECT_EQ(w.kernelView()->model()->index(0, 0).data().toString(), QStringLiteral("dropped"));

    QMimeData text;
    text.setText(QStringLiteral("not a path"));
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QApplication::sendEvent(&w, &refused);
    EXPECT_FALSE(refused.isAccepted());
}

TEST(MainWindowInteraction, AFilePathOpensItsKernelDirectory)
{
    QTemporaryDir root;
    writeKernelDir(root.path(), QStringLiteral("viafile"));
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(QDir(root.path()).filePath(QStringLiteral("viafile/kernel.rs")));
    ASSERT_TRUE(waitForLoad(w));
    ASSERT_EQ(w.kernelView()->model()->rowCount(), 1);
    EXPECT_TRUE(w.pane(SourceRole::GeneratedRust)
                    ->editor()
                    ->text()
                    .contains(QStringLiteral("viafile_module")));
}

TEST(MainWindowInteraction, WorkspaceDiagnosticsAreListedAndCounted)
{
    QTemporaryDir root;
    // A kernel.rs without reference/analysis.json is a kernel with a warning.
    QDir(root.path()).mkpath(QStringLiteral("bare"));
    QFile rs(QDir(root.path()).filePath(QStringLiteral("bare/kernel.rs")));
    ASSERT_TRUE(rs.open(QIODevice::WriteOnly));
    rs.write("fn main() {}\n");
    rs.close();

    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(root.path());
    ASSERT_TRUE(waitForLoad(w));
    ASSERT_GT(w.diagnosticsList()->count(), 0);
    EXPECT_TRUE(w.diagnosticsList()->item(0)->text().contains(QStringLiteral("analysis.json")));
    auto* button = w.findChild<QToolButton*>(QStringLiteral("diagnosticsButton"));
    ASSERT_NE(button, nullptr);
    EXPECT_FALSE(button->isHidden());
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("diagnosticsDock"));
    ASSERT_NE(dock, nullptr);
    const bool wasVisible = dock->isVisible();
    button->click();
    EXPECT_NE(dock->isVisible(), wasVisible);
    // The Python pane of this kernel explains what is missing.
    EXPECT_TRUE(w.pane(SourceRole::ReferencePython)->isShowingMessage());
}

TEST(MainWindowInteraction, OpenedWorkspacesEnterTheRecentList)
{
    QTemporaryDir root;
    writeKernelDir(root.path(), QStringLiteral("recent"));
    {
        QSettings settings;
        settings::clearRecentWorkspaces(settings);
    }
    MainWindow w; // persists settings (test-mode location, test organization)
    w.show();
    w.openWorkspace(root.path());
    ASSERT_TRUE(waitForLoad(w));
    const QStringList recent = settings::recentWorkspaces(QSettings());
    ASSERT_FALSE(recent.isEmpty());
    EXPECT_EQ(recent.first(), QDir::cleanPath(QFileInfo(root.path()).absoluteFilePath()));

    // File > Open Recent lists it.
    QMenu* fileMenu = w.menuBar()->actions().first()->menu();
    ASSERT_NE(fileMenu, nullptr);
    QMenu* recentMenu = nullptr;
    for (QAction* a : fileMenu->actions())
        if (a->menu())
            recentMenu = a->menu();
    ASSERT_NE(recentMenu, nullptr);
    Q_EMIT recentMenu->aboutToShow();
    bool listed = false;
    for (QAction* a : recentMenu->actions())
        listed = listed || a->text() == QDir::toNativeSeparators(recent.first());
    EXPECT_TRUE(listed);
    w.close();
    QSettings settings;
    settings::clearRecentWorkspaces(settings);
}

TEST(MainWindowInteraction, ADarkPaletteGivesDarkEditors)
{
    const QPalette original = QApplication::palette();
    QApplication::setPalette(test::darkPalette());

    QTemporaryDir root;
    writeKernelDir(root.path(), QStringLiteral("dark"));
    {
        MainWindow w(MainWindow::Options{false});
        w.resize(1600, 1000);
        w.show();
        w.openWorkspace(root.path());
        ASSERT_TRUE(waitForLoad(w));
        for (int i = 0; i < kSourceRoleCount; ++i) {
            QsciScintilla* editor = w.pane(static_cast<SourceRole>(i))->editor();
            EXPECT_LT(editor->lexer()->paper(0).lightness(), 100);
            EXPECT_GT(editor->lexer()->color(0).lightness(), 150);
        }
        // For a person to look at: TILELENS_TEST_SCREENSHOT_DIR=/some/dir.
        const QString out = qEnvironmentVariable("TILELENS_TEST_SCREENSHOT_DIR");
        if (!out.isEmpty())
            w.grab().save(QDir(out).filePath(QStringLiteral("dark.png")));

        // Back to light: the editors follow.
        QApplication::setPalette(original);
        // The change is posted and the re-theme queued after it.
        QsciLexer* irLexer = w.pane(SourceRole::GeneratedIr)->editor()->lexer();
        for (int i = 0; i < 200 && irLexer->paper(0).lightness() < 200; ++i)
            QTest::qWait(10);
        for (int i = 0; i < kSourceRoleCount; ++i)
            EXPECT_GT(w.pane(static_cast<SourceRole>(i))->editor()->lexer()->paper(0).lightness(),
                      200);
    }
}
