// Reviewing a port in a TileGym checkout (tests/data/workspace/checkout, a small fake): the
// landed ports listed without warning icons, the Python and Rust panes at the paired
// functions, IR panes saying which stage makes the IR; a kernel dir with only IR; the start
// page claiming no verdict; the dashboard saying where its IR count comes from.

#include "GuiTestSupport.h"
#include "KernelListModel.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"
#include "panels/DashboardModel.h"
#include "panels/StagePanel.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

QString fakeCheckout()
{
    return test::testDataDir() + QStringLiteral("/workspace/checkout");
}

int rowOf(const MainWindow& w, const char* kernel)
{
    const QAbstractItemModel* model = w.kernelView()->model();
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data().toString() == QLatin1String(kernel))
            return r;
    return -1;
}

int caretLine(const MainWindow& w, SourceRole role)
{
    int line = -1;
    int col = -1;
    w.pane(role)->editor()->getCursorPosition(&line, &col);
    return line + 1;
}

void write(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

} // namespace

TEST(CheckoutReview, PortsAreListedWithoutWarningIconsWhenFine)
{
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(fakeCheckout());
    ASSERT_TRUE(test::waitForLoad(w));
    const QAbstractItemModel* model = w.kernelView()->model();
    ASSERT_EQ(model->rowCount(), 5);
    for (const char* fine : {"gemm", "norm", "rowop", "scale"}) {
        const QModelIndex index = model->index(rowOf(w, fine), 0);
        EXPECT_TRUE(index.data(Qt::DecorationRole).isNull()) << fine;
    }
    // The one real problem: a Rust port without its Python reference.
    EXPECT_FALSE(model->index(rowOf(w, "orphan"), 0).data(Qt::DecorationRole).isNull());
    EXPECT_EQ(w.diagnosticsList()->count(), 1);
    // Variant tooltips say what is paired with what, and how.
    const QModelIndex gemm = model->index(rowOf(w, "gemm"), 0);
    ASSERT_EQ(model->rowCount(gemm), 2);
    const QString tip = model->index(1, 0, gemm).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QLatin1String("non_persistent_gemm_kernel")));
    EXPECT_TRUE(tip.contains(QLatin1String("_gemm_kernel (paired by name)"))) << tip.toStdString();
}

TEST(CheckoutReview, StartPageSelectsNothingAndClaimsNoVerdict)
{
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(test::examplesDir()); // two kernels, both with IR
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_TRUE(w.isDashboardShown());
    EXPECT_EQ(w.session().currentKernel(), nullptr);
    EXPECT_EQ(w.session().diffResult(), nullptr);
    EXPECT_TRUE(w.verdictLabel()->text().isEmpty()) << w.verdictLabel()->text().toStdString();
    EXPECT_TRUE(w.pane(SourceRole::ReferenceIr)->isShowingMessage());
    // Picking a kernel shows it and its verdict, naming the files it was computed from.
    w.session().select(0, 0);
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_FALSE(w.verdictLabel()->text().isEmpty());
    EXPECT_TRUE(w.verdictLabel()->toolTip().contains(
        QFileInfo(w.session().currentVariant()->generatedIr).fileName()));
}

TEST(CheckoutReview, PanesOpenAtThePairedFunctions)
{
    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openWorkspace(fakeCheckout());
    ASSERT_TRUE(test::waitForLoad(w));
    const int gemm = rowOf(w, "gemm");
    ASSERT_GE(gemm, 0);
    const ws::Kernel& k = w.session().workspace()->kernels[size_t(gemm)];
    for (int v = 0; v < 2; ++v) {
        w.session().select(gemm, v);
        ASSERT_TRUE(test::waitForLoad(w));
        const ws::Variant& variant = k.variants[size_t(v)];
        const bool persistent = variant.name.startsWith(QLatin1String("static"));
        EXPECT_TRUE(
            w.pane(SourceRole::ReferencePython)->path().endsWith(QLatin1String("cutile/gemm.py")));
        EXPECT_EQ(caretLine(w, SourceRole::ReferencePython), persistent ? 9 : 4);
        EXPECT_EQ(caretLine(w, SourceRole::GeneratedRust), persistent ? 6 : 9);
        // No IR yet: each IR pane names the stage that makes it.
        ASSERT_TRUE(w.pane(SourceRole::ReferenceIr)->isShowingMessage());
        EXPECT_TRUE(w.pane(SourceRole::ReferenceIr)
                        ->message()
                        .contains(QStringLiteral("ir-ref:gemm:") + variant.name))
            << w.pane(SourceRole::ReferenceIr)->message().toStdString();
        EXPECT_TRUE(w.pane(SourceRole::GeneratedIr)
                        ->message()
                        .contains(QStringLiteral("ir-gen:gemm:") + variant.name));
    }
}

TEST(CheckoutReview, OneLandedPortOpensWithItsPythonReference)
{
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(fakeCheckout() + QStringLiteral("/src/tilegym/ops/cutile_rs/scale_kernel"));
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_FALSE(w.isDashboardShown());
    EXPECT_TRUE(w.pane(SourceRole::ReferencePython)->title().contains(QLatin1String("scale.py")))
        << w.pane(SourceRole::ReferencePython)->title().toStdString();
    EXPECT_EQ(caretLine(w, SourceRole::ReferencePython), 4);
    EXPECT_EQ(caretLine(w, SourceRole::GeneratedRust), 6);
}

TEST(CheckoutReview, KernelDirWithOnlyIrOpensAndDiffs)
{
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("relu"));
    QDir().mkpath(dir + QStringLiteral("/reference"));
    QDir().mkpath(dir + QStringLiteral("/generated"));
    const QString data = test::testDataDir() + QStringLiteral("/bytecode/relu_fwd_1M_f16");
    ASSERT_TRUE(QFile::copy(data + QStringLiteral(".mlir"),
                            dir + QStringLiteral("/reference/reference.mlir")));
    ASSERT_TRUE(QFile::copy(data + QStringLiteral(".tileirbc"),
                            dir + QStringLiteral("/generated/generated.tileirbc")));
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(dir);
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_FALSE(w.pane(SourceRole::ReferenceIr)->isShowingMessage());
    EXPECT_FALSE(w.pane(SourceRole::GeneratedIr)->isShowingMessage());
    ASSERT_NE(w.session().diffResult(), nullptr);
    EXPECT_TRUE(w.kernelView()->model()->index(0, 0).data(Qt::DecorationRole).isNull());
}

TEST(CheckoutReview, TwoIrFilesOfEitherFormCompare)
{
    const QString data = test::testDataDir() + QStringLiteral("/bytecode/relu_fwd_1M_f16");
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openIrPair(data + QStringLiteral(".tileirbc"), data + QStringLiteral(".mlir"));
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_NE(w.session().diffResult(), nullptr);
    EXPECT_TRUE(w.pane(SourceRole::ReferenceIr)
                    ->editor()
                    ->text()
                    .contains(QLatin1String("cuda_tile.module")));
    EXPECT_TRUE(w.pane(SourceRole::GeneratedIr)->editor()->text().contains(QLatin1String("entry")));
}

TEST(CheckoutReview, DashboardSaysWhereTheIrCountComesFromAndWhetherItIsStale)
{
    QTemporaryDir tmp;
    test::writeKernelDir(tmp.path(), QStringLiteral("alpha"));
    const ws::Workspace workspace = ws::discoverWorkspace(tmp.path());
    ASSERT_EQ(workspace.kernels.size(), 1u);
    const ws::Kernel& k = workspace.kernels[0];
    const QString report = k.dir + QStringLiteral("/generated/diff_report.md");
    write(report, "VERDICT: FAIL_FIXABLE\n# IR Diff Report: alpha\nCRITICAL: a\nCRITICAL: b\n");
    QFile reportFile(report);
    ASSERT_TRUE(reportFile.open(QIODevice::ReadWrite));
    const QDateTime old = QDateTime::currentDateTime().addSecs(-3600);
    ASSERT_TRUE(reportFile.setFileTime(old, QFileDevice::FileModificationTime));
    reportFile.close();

    // The row itself: tests/core/pair/KernelRowTest.cpp; here what the dashboard shows of it.
    const auto shared = std::make_shared<const ws::Workspace>(workspace);
    const auto irCell = [&shared] {
        panels::DashboardModel model;
        QSignalSpy loaded(&model, &panels::DashboardModel::loaded);
        model.setWorkspace(shared);
        EXPECT_TRUE(loaded.count() > 0 || loaded.wait(30000));
        const QModelIndex ir = model.index(0, panels::DashboardModel::IrColumn);
        return std::make_pair(ir.data().toString(), ir.data(Qt::ToolTipRole).toString());
    };
    auto [text, tip] = irCell();
    EXPECT_TRUE(text.contains(QLatin1String("stale"))) << text.toStdString();
    EXPECT_TRUE(tip.contains(QLatin1String("diff_report.md"))) << tip.toStdString();

    // Rewritten after the IR: current, no "stale".
    write(report, "VERDICT: FAIL_FIXABLE\nCRITICAL: a\nCRITICAL: b\nCRITICAL: c\n");
    std::tie(text, tip) = irCell();
    // Not stale, but comparing the IR now disagrees with the report: both numbers are shown.
    EXPECT_EQ(text, QStringLiteral("FAIL_FIXABLE (3 critical, now 0)"));
    EXPECT_TRUE(tip.contains(QLatin1String("Comparing the IR files now gives PASS")))
        << tip.toStdString();
    // A report that agrees with the IR shows its verdict alone.
    write(report, "VERDICT: PASS\n");
    std::tie(text, tip) = irCell();
    EXPECT_EQ(text, QStringLiteral("PASS"));
}

// The whole loop in the app: a landed port without IR, its reference IR stage run from the
// Stages dock (a fake cuTile Python on PATH), and the new IR shown after the rescan.
TEST(CheckoutReview, ReferenceStageRunFromTheStagesDockFillsTheIrPane)
{
    QTemporaryDir tmp;
    const QString tg = tmp.filePath(QStringLiteral("tg"));
    const QString bin = tmp.filePath(QStringLiteral("bin"));
    for (const QString& rel : {QStringLiteral("src/tilegym/ops/cutile/scale.py"),
                               QStringLiteral("src/tilegym/ops/cutile_rs/scale_kernel/kernel.rs"),
                               QStringLiteral("tests/ops/test_scale.py")}) {
        QDir().mkpath(QFileInfo(tg + QLatin1Char('/') + rel).absolutePath());
        ASSERT_TRUE(
            QFile::copy(fakeCheckout() + QLatin1Char('/') + rel, tg + QLatin1Char('/') + rel));
    }
    const QString bytecode =
        test::testDataDir() + QStringLiteral("/bytecode/relu_fwd_1M_f16.tileirbc");
    write(bin + QStringLiteral("/python3"),
          "#!/bin/sh\n[ \"$1\" = -c ] && exit 0\ncp '" + bytecode.toUtf8() +
              "' \"$CUDA_TILE_DUMP_BYTECODE/_scale_kernel_X.tileirbc\"\n");
    QFile(bin + QStringLiteral("/python3"))
        .setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    const QByteArray oldPath = qgetenv("PATH");
    qputenv("PATH", bin.toUtf8() + ':' + oldPath);
    qputenv("TILELENS_ASSUME_GPU", "1");

    {
        MainWindow w(MainWindow::Options{false});
        w.show();
        w.stagePanel()->setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
        w.stagePanel()->setTrustPrompt([](const QString&, const QString&) { return true; });
        w.openWorkspace(tg + QStringLiteral("/src/tilegym/ops/cutile_rs/scale_kernel"));
        ASSERT_TRUE(test::waitForLoad(w));
        EXPECT_TRUE(w.pane(SourceRole::ReferenceIr)->isShowingMessage());
        QSignalSpy finished(w.stagePanel(), &panels::StagePanel::runFinished);
        ASSERT_TRUE(w.stagePanel()->rerun(QStringLiteral("ir-ref:scale:scale_kernel")));
        ASSERT_TRUE(finished.wait(30000));
        QTest::qWait(50);
        ASSERT_TRUE(test::waitForLoad(w));
        EXPECT_FALSE(w.pane(SourceRole::ReferenceIr)->isShowingMessage())
            << w.pane(SourceRole::ReferenceIr)->message().toStdString();
        EXPECT_TRUE(
            w.pane(SourceRole::ReferenceIr)
                ->path()
                .endsWith(QLatin1String(".tilelens/ir/scale/scale_kernel/reference.tileirbc")));
    }
    qputenv("PATH", oldPath);
    qunsetenv("TILELENS_ASSUME_GPU");
}
