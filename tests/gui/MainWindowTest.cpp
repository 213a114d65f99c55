// The main window on real directories: each pane holds its file's text with
// the right lexer, missing files become messages, kernels switch, stale
// loads are dropped, and the bundled example opens.

#include "MainWindow.h"

#include "GuiTestSupport.h"
#include "KernelListModel.h"
#include "QsciHeaders.h"
#include "RustLexer.h"
#include "SourceFileLoader.h"
#include "SourcePane.h"
#include "TestPaths.h"
#include "TileIrLexer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QListWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;
using tilelens::test::readText;
using tilelens::test::waitForLoad;
using tilelens::test::writeKernelDir;

namespace {

// An IR pane's content for \a path read on its own, as a variant without a pair shows it.
LoadedSource irPane(SourceRole role, const QString& path)
{
    return irPaneSource(role, path, path.isEmpty() ? IrSideRead() : readLoneIrSide(path));
}

MainWindow::Options noSettings()
{
    return MainWindow::Options{false};
}

QString editorText(MainWindow& w, SourceRole role)
{
    return w.pane(role)->editor()->text();
}

// The four panes hold the files of the kernel in \a dir (the reference
// Python being reference/\a pythonFile), each with its language's lexer.
void expectShowsKernel(MainWindow& w, const QDir& dir, const QString& pythonFile)
{
    const auto expectPane = [&](SourceRole role, const QString& relativePath) {
        EXPECT_EQ(editorText(w, role), readText(dir.filePath(relativePath)))
            << relativePath.toStdString();
    };
    expectPane(SourceRole::ReferencePython, QStringLiteral("reference/") + pythonFile);
    expectPane(SourceRole::GeneratedRust, QStringLiteral("kernel.rs"));
    expectPane(SourceRole::ReferenceIr, QStringLiteral("reference/reference.mlir"));
    expectPane(SourceRole::GeneratedIr, QStringLiteral("generated/generated.mlir"));

    const auto lexerOf = [&](SourceRole role) { return w.pane(role)->editor()->lexer(); };
    EXPECT_NE(qobject_cast<QsciLexerPython*>(lexerOf(SourceRole::ReferencePython)), nullptr);
    EXPECT_NE(qobject_cast<RustLexer*>(lexerOf(SourceRole::GeneratedRust)), nullptr);
    EXPECT_NE(qobject_cast<TileIrLexer*>(lexerOf(SourceRole::ReferenceIr)), nullptr);
    EXPECT_NE(qobject_cast<TileIrLexer*>(lexerOf(SourceRole::GeneratedIr)), nullptr);
}

} // namespace

TEST(MainWindow, ShowsTheFourFilesOfTheFirstKernelWithTheirLexers)
{
    QTemporaryDir root;
    ASSERT_TRUE(root.isValid());
    writeKernelDir(root.path(), QStringLiteral("alpha"));
    writeKernelDir(root.path(), QStringLiteral("beta"));

    MainWindow w(noSettings());
    w.show();
    w.openWorkspace(root.path());
    ASSERT_TRUE(waitForLoad(w));
    // Two kernels start on the dashboard with nothing selected (issue 15): pick the first.
    EXPECT_EQ(w.session().currentKernel(), nullptr);
    w.session().select(0);
    ASSERT_TRUE(waitForLoad(w));

    const QDir alpha(QDir(root.path()).filePath(QStringLiteral("alpha")));
    expectShowsKernel(w, alpha, QStringLiteral("alpha.py"));
    EXPECT_FALSE(editorText(w, SourceRole::ReferencePython).isEmpty());

    for (int i = 0; i < kSourceRoleCount; ++i) {
        SourcePane* pane = w.pane(static_cast<SourceRole>(i));
        EXPECT_FALSE(pane->isShowingMessage()) << pane->message().toStdString();
        EXPECT_TRUE(pane->editor()->isReadOnly());
        EXPECT_TRUE(pane->title().endsWith(QFileInfo(pane->path()).fileName()))
            << pane->title().toStdString();
    }
    EXPECT_TRUE(w.pane(SourceRole::ReferencePython)->title().contains(QStringLiteral("alpha.py")));

    EXPECT_EQ(w.kernelView()->model()->rowCount(), 2);
    EXPECT_EQ(w.session().kernelIndex(), 0);
    EXPECT_TRUE(w.statusText().contains(QStringLiteral("2 kernels")))
        << w.statusText().toStdString();
    EXPECT_TRUE(w.statusText().contains(
        QDir::toNativeSeparators(QFileInfo(root.path()).absoluteFilePath())));
}

TEST(MainWindow, SelectingAKernelInTheListLoadsItsFiles)
{
    QTemporaryDir root;
    writeKernelDir(root.path(), QStringLiteral("alpha"));
    writeKernelDir(root.path(), QStringLiteral("beta"));
    MainWindow w(noSettings());
    w.show();
    w.openWorkspace(root.path());
    ASSERT_TRUE(waitForLoad(w));

    QTreeView* view = w.kernelView();
    view->setCurrentIndex(view->model()->index(1, 0));
    ASSERT_TRUE(waitForLoad(w));
    EXPECT_EQ(w.session().kernelIndex(), 1);
    EXPECT_TRUE(editorText(w, SourceRole::GeneratedRust).contains(QStringLiteral("beta_module")));
    EXPECT_TRUE(editorText(w, SourceRole::GeneratedIr).contains(QStringLiteral("@beta_kernel")));

    // Selecting through the session mirrors into the list.
    w.session().select(0);
    ASSERT_TRUE(waitForLoad(w));
    EXPECT_EQ(view->currentIndex().row(), 0);
    EXPECT_TRUE(editorText(w, SourceRole::GeneratedRust).contains(QStringLiteral("alpha_module")));
}

TEST(MainWindow, MissingFilesShowAMessageInTheirPane)
{
    QTemporaryDir root;
    test::KernelFiles files;
    files.python = false;
    files.generatedIr = false;
    writeKernelDir(root.path(), QStringLiteral("gamma"), files);

    MainWindow w(noSettings());
    w.show();
    w.openWorkspace(QDir(root.path()).filePath(QStringLiteral("gamma")));
    ASSERT_TRUE(waitForLoad(w));

    EXPECT_TRUE(w.pane(SourceRole::ReferencePython)->isShowingMessage());
    EXPECT_FALSE(w.pane(SourceRole::ReferencePython)->message().isEmpty());
    EXPECT_TRUE(w.pane(SourceRole::GeneratedIr)->isShowingMessage());
    EXPECT_TRUE(editorText(w, SourceRole::GeneratedIr).isEmpty());
    EXPECT_FALSE(w.pane(SourceRole::GeneratedRust)->isShowingMessage());
    EXPECT_FALSE(w.pane(SourceRole::ReferenceIr)->isShowingMessage());
}

TEST(MainWindow, UnreadableOrBinaryFilesBecomeMessages)
{
    QTemporaryDir root;
    ASSERT_TRUE(root.isValid());
    const QString binary = QDir(root.path()).filePath(QStringLiteral("k.tileirbc"));
    {
        QFile f(binary);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("\x7fTileIR\0\x0d\x03", 10));
    }
    const LoadedSource bin = irPane(SourceRole::ReferenceIr, binary);
    EXPECT_FALSE(bin.ok());
    EXPECT_TRUE(bin.error.contains(binary));

    const LoadedSource missing =
        irPane(SourceRole::ReferenceIr, QDir(root.path()).filePath(QStringLiteral("nope.mlir")));
    EXPECT_FALSE(missing.ok());
    EXPECT_TRUE(missing.error.contains(QStringLiteral("nope.mlir")));

    const LoadedSource dir = irPane(SourceRole::ReferenceIr, root.path());
    EXPECT_FALSE(dir.ok());

    const LoadedSource none = irPane(SourceRole::ReferenceIr, QString());
    EXPECT_FALSE(none.ok());
    EXPECT_FALSE(none.error.isEmpty());
}

TEST(MainWindow, ANonexistentPathSaysSoInEveryPane)
{
    QTemporaryDir root;
    const QString missing = QDir(root.path()).filePath(QStringLiteral("does-not-exist"));
    MainWindow w(noSettings());
    w.show();
    w.openWorkspace(missing);
    ASSERT_TRUE(waitForLoad(w));
    EXPECT_EQ(w.kernelView()->model()->rowCount(), 0);
    for (int i = 0; i < kSourceRoleCount; ++i) {
        SourcePane* pane = w.pane(static_cast<SourceRole>(i));
        EXPECT_TRUE(pane->isShowingMessage());
        EXPECT_TRUE(pane->message().contains(QStringLiteral("does-not-exist")))
            << pane->message().toStdString();
    }
    EXPECT_GT(w.diagnosticsList()->count(), 0);
    EXPECT_TRUE(w.statusText().contains(QStringLiteral("0 kernels")));
}

TEST(MainWindow, ALaterOpenWinsOverAnEarlierOneStillLoading)
{
    QTemporaryDir first;
    QTemporaryDir second;
    writeKernelDir(first.path(), QStringLiteral("first"));
    writeKernelDir(second.path(), QStringLiteral("second"));
    MainWindow w(noSettings());
    w.show();
    w.openWorkspace(first.path());
    w.openWorkspace(second.path());
    ASSERT_TRUE(waitForLoad(w));
    QTest::qWait(50); // give a stale result the chance to (wrongly) land
    EXPECT_TRUE(editorText(w, SourceRole::GeneratedRust).contains(QStringLiteral("second_module")));
    EXPECT_EQ(w.kernelView()->model()->index(0, 0).data().toString(), QStringLiteral("second"));
}

TEST(MainWindow, OpensTheBundledExample)
{
    const QDir softmax(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    if (!softmax.exists())
        GTEST_SKIP() << "resources/examples/softmax is not there yet";

    MainWindow w(noSettings());
    w.resize(1600, 1000);
    w.show();
    w.openWorkspace(test::examplesDir());
    ASSERT_TRUE(waitForLoad(w));
    ASSERT_GE(w.kernelView()->model()->rowCount(), 1);
    const int row = [&] {
        for (int r = 0; r < w.kernelView()->model()->rowCount(); ++r)
            if (w.kernelView()
                    ->model()
                    ->index(r, 0)
                    .data(KernelListModel::KernelDirRole)
                    .toString() == softmax.absolutePath())
                return r;
        return -1;
    }();
    ASSERT_GE(row, 0);
    w.session().select(row);
    ASSERT_TRUE(waitForLoad(w));

    expectShowsKernel(w, softmax, QStringLiteral("softmax.py"));
    EXPECT_TRUE(
        editorText(w, SourceRole::ReferenceIr).contains(QStringLiteral("cuda_tile.module")));
}

TEST(MainWindow, SelectingAVariantRevealsItsKernelFunctionAndRustEntry)
{
    const QDir matmul(QDir(test::examplesDir()).filePath(QStringLiteral("matmul")));
    if (!matmul.exists())
        GTEST_SKIP() << "resources/examples/matmul is not there";
    MainWindow w(noSettings());
    w.resize(1600, 1000);
    w.show();
    w.openWorkspace(matmul.absolutePath());
    ASSERT_TRUE(waitForLoad(w));
    const ws::Kernel* kernel = w.session().currentKernel();
    ASSERT_NE(kernel, nullptr);
    ASSERT_GE(kernel->variants.size(), 2u);
    // Variants are child rows of the kernel, the current one selected.
    EXPECT_EQ(w.kernelView()->model()->rowCount(w.kernelView()->model()->index(0, 0)),
              static_cast<int>(kernel->variants.size()));
    EXPECT_TRUE(w.kernelView()->currentIndex().parent().isValid());

    for (int v = 0; v < static_cast<int>(kernel->variants.size()); ++v) {
        w.session().select(0, v);
        ASSERT_TRUE(waitForLoad(w));
        const ws::Variant& variant = kernel->variants[static_cast<size_t>(v)];
        EXPECT_EQ(w.kernelView()->currentIndex().row(), v);
        EXPECT_EQ(editorText(w, SourceRole::ReferenceIr), readText(variant.referenceIr));
        int line = -1;
        int col = -1;
        if (variant.pythonFirstLine > 0) {
            w.pane(SourceRole::ReferencePython)->editor()->getCursorPosition(&line, &col);
            EXPECT_EQ(line + 1, variant.pythonFirstLine) << variant.name.toStdString();
        }
        for (const ws::RustEntry& entry : kernel->entries) {
            if (variant.rustEntries.contains(entry.name)) {
                w.pane(SourceRole::GeneratedRust)->editor()->getCursorPosition(&line, &col);
                EXPECT_EQ(line + 1, entry.line) << entry.name.toStdString();
                break;
            }
        }
    }
}

TEST(SourceFileLoader, TileIrBytecodeIsDecodedToText)
{
    const QDir data(QDir(test::testDataDir()).filePath(QStringLiteral("bytecode")));
    const QStringList files =
        data.entryList({QStringLiteral("*.tileirbc")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        GTEST_SKIP() << "no bytecode fixtures in tests/data/bytecode";
    const QString path = data.filePath(files.first());

    const LoadedSource decoded = irPane(SourceRole::GeneratedIr, path);
    ASSERT_TRUE(decoded.ok()) << decoded.error.toStdString();
    EXPECT_TRUE(decoded.decodedFromBytecode);
    EXPECT_TRUE(decoded.utf8.contains("cuda_tile.module")) << decoded.utf8.left(300).toStdString();

    // Outside an IR pane the same file is just binary.
    EXPECT_FALSE(loadSourceFile(SourceRole::GeneratedRust, path).ok());

    // A truncated module is an error with a reason, not a crash.
    QTemporaryDir dir;
    const QString truncated = QDir(dir.path()).filePath(QStringLiteral("cut.tileirbc"));
    {
        QFile in(path);
        ASSERT_TRUE(in.open(QIODevice::ReadOnly));
        QFile out(truncated);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        out.write(in.readAll().left(24));
    }
    const LoadedSource broken = irPane(SourceRole::ReferenceIr, truncated);
    EXPECT_FALSE(broken.ok());
    EXPECT_TRUE(broken.error.contains(QStringLiteral("cut.tileirbc")))
        << broken.error.toStdString();
}
