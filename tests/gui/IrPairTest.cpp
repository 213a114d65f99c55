// A plain two-file comparison: two IR files dropped on the window (or given
// on the command line) open as reference (first by name) and generated.

#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QTemporaryDir>
#include <QUrl>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

TEST(IrPair, DroppingTwoIrFilesOpensATwoFileComparison)
{
    const QString original =
        QDir(test::testDataDir())
            .filePath(QStringLiteral("diff/softmax_persistent_256x2048_f32.mlir"));
    const QString text = test::readText(original);
    ASSERT_FALSE(text.isEmpty());
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString refPath = QDir(dir.path()).filePath(QStringLiteral("a_reference.mlir"));
    const QString genPath = QDir(dir.path()).filePath(QStringLiteral("b_generated.mlir"));
    ASSERT_TRUE(QFile::copy(original, refPath));
    // The generated side differs by one renamed function.
    {
        QFile f(genPath);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QString(text)
                    .replace(QStringLiteral("entry @"), QStringLiteral("entry @gen_"))
                    .toUtf8());
    }

    MainWindow w(MainWindow::Options{false});
    w.show();
    QMimeData mime;
    // Dropped in reverse order: the name order decides which side is which.
    mime.setUrls({QUrl::fromLocalFile(genPath), QUrl::fromLocalFile(refPath)});
    // Qt delivers a drop to the widget that accepted the drag's enter.
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &drop);
    EXPECT_TRUE(drop.isAccepted());
    ASSERT_TRUE(test::waitForLoad(w));

    EXPECT_EQ(w.pane(SourceRole::ReferenceIr)->editor()->text(), text);
    EXPECT_TRUE(
        w.pane(SourceRole::GeneratedIr)->editor()->text().contains(QStringLiteral("entry @gen_")));
    EXPECT_FALSE(w.verdictLabel()->text().isEmpty());
    for (SourceRole role : {SourceRole::ReferencePython, SourceRole::GeneratedRust}) {
        EXPECT_TRUE(w.pane(role)->isShowingMessage());
        EXPECT_EQ(w.pane(role)->message(), QStringLiteral("No source for a two-file comparison"));
        // Empty panes give their height to the IR pair.
        EXPECT_FALSE(w.pane(role)->isVisible());
    }
    EXPECT_TRUE(w.pane(SourceRole::ReferenceIr)->isVisible());

    // A workspace opened next has sources again.
    w.openWorkspace(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_TRUE(w.pane(SourceRole::ReferencePython)->isVisible());
    EXPECT_TRUE(w.pane(SourceRole::GeneratedRust)->isVisible());
}

TEST(IrPair, ATwoFileSessionDoesNotSaveItsHiddenSourceRowAsTheLayout)
{
    const QString pair = QDir(test::testDataDir())
                             .filePath(QStringLiteral("real-ports/swiglu_fwd_2x512x4096_bf16/"));
    {
        MainWindow w(MainWindow::Options{true});
        w.resize(1024, 700);
        w.show();
        w.openIrPair(pair + QStringLiteral("reference.mlir"),
                     pair + QStringLiteral("generated.mlir"));
        ASSERT_TRUE(test::waitForLoad(w));
        EXPECT_FALSE(w.pane(SourceRole::ReferencePython)->isVisible());
        w.close(); // saves the session
    }
    // The next session opens a workspace: its Python and Rust row has a usable height.
    MainWindow next(MainWindow::Options{true});
    next.resize(1024, 700);
    next.show();
    next.openWorkspace(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    ASSERT_TRUE(test::waitForLoad(next));
    QCoreApplication::processEvents();
    EXPECT_TRUE(next.pane(SourceRole::ReferencePython)->isVisible());
    EXPECT_GT(next.pane(SourceRole::ReferencePython)->height(), 80);
    EXPECT_GT(next.pane(SourceRole::ReferenceIr)->height(), 80);
}
