// No small lies (issue 18, item 6): the Stages dock, the status bar, the
// dashboard and the perf summary agree on one computed result and say where
// it comes from; a kernel directory with only reference/ and generated/ IR
// opens and finds the reference .py beside the reference IR.

#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SourcePane.h"
#include "TestPaths.h"
#include "panels/DashboardModel.h"
#include "panels/PanelTestSupport.h"
#include "panels/PerfPanel.h"
#include "panels/StagePanel.h"
#include "panels/StageTableModel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

bool copyFile(const QString& from, const QString& to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    return QFile::copy(from, to);
}

// reference/ and generated/ of the swiglu real port, a Python file beside the
// reference IR, no analysis.json, no kernel.rs, no diff report.
QString irOnlyKernel(const QTemporaryDir& tmp)
{
    QString dir = tmp.filePath(QStringLiteral("swiglu"));
    const QString pair =
        test::testDataDir() + QStringLiteral("/real-ports/swiglu_fwd_2x512x4096_bf16/");
    EXPECT_TRUE(copyFile(pair + QStringLiteral("reference.mlir"),
                         dir + QStringLiteral("/reference/reference.mlir")));
    EXPECT_TRUE(copyFile(pair + QStringLiteral("generated.mlir"),
                         dir + QStringLiteral("/generated/generated.mlir")));
    QFile py(dir + QStringLiteral("/reference/swiglu.py"));
    EXPECT_TRUE(py.open(QIODevice::WriteOnly));
    py.write("import cuda.tile as ct\n\n@ct.kernel\ndef swiglu_kernel(a, b, c):\n    pass\n");
    return dir;
}

} // namespace

TEST(SmallLies, StageCShowsTheComputedVerdictOfTheStatusBarAndSaysSo)
{
    QTemporaryDir tmp;
    const QString dir = irOnlyKernel(tmp);
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(dir);
    ASSERT_TRUE(test::waitForLoad(w));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    const QString verdict = QString::fromLatin1(diff::verdictName(result->verdict));
    ASSERT_TRUE(w.verdictLabel()->text().contains(verdict));

    const panels::StageTableModel* stages = w.stagePanel()->model();
    const int c = stages->rowOf(QStringLiteral("C"));
    ASSERT_GE(c, 0);
    const auto cell = [&](int column, int role = Qt::DisplayRole) {
        return stages->index(c, column).data(role).toString();
    };
    EXPECT_EQ(cell(panels::StageTableModel::VerdictColumn), verdict);
    EXPECT_NE(cell(panels::StageTableModel::StatusColumn), QStringLiteral("not run"));
    EXPECT_TRUE(cell(panels::StageTableModel::StageColumn, Qt::ToolTipRole)
                    .contains(QStringLiteral("reference.mlir")))
        << cell(panels::StageTableModel::StageColumn, Qt::ToolTipRole).toStdString();

    // The dashboard computes the same verdict for it.
    const pair::KernelRow row = pair::kernelRow(*w.session().currentKernel());
    EXPECT_EQ(row.irVerdict, verdict);
}

TEST(SmallLies, AReferencePythonBesideTheReferenceIrIsShownWithoutAnalysisJson)
{
    QTemporaryDir tmp;
    const QString dir = irOnlyKernel(tmp);
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(dir);
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_FALSE(w.pane(SourceRole::ReferencePython)->isShowingMessage())
        << w.pane(SourceRole::ReferencePython)->message().toStdString();
    EXPECT_TRUE(w.pane(SourceRole::ReferencePython)->title().contains(QStringLiteral("swiglu.py")));

    // `tilelens-cli kernels --json` names the file the pane shows (issue 27 P10).
    QProcess cli;
    cli.start(QStringLiteral(TILELENS_CLI_PATH),
              {QStringLiteral("kernels"), QStringLiteral("--json"), dir});
    ASSERT_TRUE(cli.waitForFinished(60000));
    const QJsonObject python = QJsonDocument::fromJson(cli.readAllStandardOutput())
                                   .object()
                                   .value(QStringLiteral("kernels"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QStringLiteral("variants"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QStringLiteral("python"))
                                   .toObject();
    EXPECT_EQ(QDir(dir).absoluteFilePath(python.value(QStringLiteral("file")).toString()),
              QFileInfo(w.pane(SourceRole::ReferencePython)->path()).absoluteFilePath());
}

TEST(SmallLies, PerfSummarySaysDoneOnceAndNamesTheLogsItRead)
{
    // The softmax example with a candidate log as fast as the baseline.
    QTemporaryDir tmp;
    const QDir example(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    const QString dir = tmp.filePath(QStringLiteral("softmax"));
    for (const QString& name :
         {QStringLiteral("kernel.rs"), QStringLiteral("reference/reference.mlir"),
          QStringLiteral("reference/softmax.py"), QStringLiteral("reference/analysis.json"),
          QStringLiteral("generated/generated.mlir"), QStringLiteral("baseline_perf_cutile.txt")})
        ASSERT_TRUE(copyFile(example.filePath(name), dir + QLatin1Char('/') + name))
            << name.toStdString();
    QFile baseline(example.filePath(QStringLiteral("baseline_perf_cutile.txt")));
    ASSERT_TRUE(baseline.open(QIODevice::ReadOnly));
    QByteArray candidate = baseline.readAll();
    candidate.replace("[cutile-", "[cutile_rs-").replace("{'cutile':", "{'cutile-rs':");
    QFile out(dir + QStringLiteral("/perf_cutile_rs.txt"));
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(candidate);
    out.close();

    auto session = test::openSession(dir);
    ASSERT_NE(session->currentKernel(), nullptr);
    panels::PerfPanel panel(session.get(), nullptr);
    const QString summary = panel.summaryText();
    EXPECT_EQ(panel.comparison().verdict(), QStringLiteral("DONE")) << summary.toStdString();
    EXPECT_EQ(summary.count(QStringLiteral("DONE")), 1) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("perf_cutile_rs.txt vs baseline_perf_cutile.txt")))
        << summary.toStdString();
}
