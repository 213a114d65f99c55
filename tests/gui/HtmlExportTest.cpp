// The HTML export (core/diff/HtmlReport.cpp, of the analysis: core/pair/HtmlExport.cpp) marks
// divergences in the app's colours; File > Export writes it on the worker pool and reports a
// failure in a dialog.

#include "pair/HtmlExport.h"

#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SeverityStyle.h"
#include "TestPaths.h"
#include "common/WorkerPool.h"
#include "diff/ReportWriters.h"
#include "pair/PairAnalysis.h"

#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <gtest/gtest.h>

using namespace tilelens;

namespace {

// A window showing a copy of the softmax example's IR pair in `dir`.
struct ExportFixture
{
    QTemporaryDir dir;
    QString reference = dir.filePath(QStringLiteral("reference.mlir"));
    QString generated = dir.filePath(QStringLiteral("generated.mlir"));
    gui::MainWindow window{gui::MainWindow::Options{false}};

    bool open()
    {
        const QString example = test::examplesDir() + QStringLiteral("/softmax/");
        if (!QFile::copy(example + QStringLiteral("reference/reference.mlir"), reference) ||
            !QFile::copy(example + QStringLiteral("generated/generated.mlir"), generated))
            return false;
        window.show();
        window.openIrPair(reference, generated);
        return test::waitForLoad(window) && window.session().diffResult() != nullptr;
    }
};

} // namespace

TEST(HtmlExport, SeverityColoursAreTheApps)
{
    for (int s = 0; s < diff::kSeverityCount; ++s)
        for (bool dark : {false, true}) {
            const auto severity = diff::Severity(s);
            EXPECT_EQ(diff::htmlSeverityRgb(severity, dark),
                      gui::severityColor(severity, dark).rgb() & 0xffffffu)
                << diff::severityName(severity) << (dark ? " dark" : " light");
        }
}

TEST(HtmlExport, WrittenOnTheWorkerPoolNotTheGuiThread)
{
    ExportFixture f;
    ASSERT_TRUE(f.open());
    const QString page = f.dir.filePath(QStringLiteral("ir-diff.html"));
    QSignalSpy finished(&f.window, &gui::MainWindow::exportFinished);

    // Every pool thread waits: an export done on the GUI thread would still write now.
    QThreadPool* pool = tilelens::workerPool();
    QSemaphore release;
    QSemaphore started;
    for (int i = 0; i < pool->maxThreadCount(); ++i)
        (void)QtConcurrent::run(pool, [&] {
            started.release();
            release.acquire();
        });
    started.acquire(pool->maxThreadCount());
    f.window.exportDiffAsHtml(page);
    EXPECT_FALSE(QFileInfo::exists(page));
    EXPECT_EQ(finished.count(), 0);
    release.release(pool->maxThreadCount());

    ASSERT_TRUE(finished.wait(20000));
    EXPECT_EQ(finished.at(0).at(0).toString(), page);
    EXPECT_EQ(finished.at(0).at(1).toString(), QString());
    const QString html = test::readText(page);
    EXPECT_TRUE(html.contains(QStringLiteral("<table id=\"divs\">")));
    EXPECT_TRUE(html.contains(QStringLiteral("partition-tile-shape")));
    EXPECT_EQ(f.window.findChild<QMessageBox*>(QStringLiteral("exportErrorDialog")), nullptr);

    // The bytes of `tilelens-cli diff --format html REF GEN`: the same analysis, the same page,
    // except that it names the app as its writer (issue 31 item 9), not the CLI.
    pair::PairRequest cli;
    cli.sides = {{f.reference.toStdString(), nullptr}, {f.generated.toStdString(), nullptr}};
    cli.keepText = true;
    cli.cpuSearch = pair::CpuSearchRequest{}; // as the CLI's diff and the window's
    QFile written(page);
    ASSERT_TRUE(written.open(QIODevice::ReadOnly));
    const std::string bytes = written.readAll().toStdString();
    const pair::PairAnalysis analysis = pair::analysePair(cli);
    EXPECT_EQ(bytes, pair::htmlPage(analysis, {}, diff::kHtmlWriterApp));
    EXPECT_NE(bytes.find("written by TileLens "), std::string::npos);
    EXPECT_EQ(bytes.find("tilelens-cli"), std::string::npos);
    EXPECT_NE(pair::htmlPage(analysis).find("written by tilelens-cli "), std::string::npos);
}

TEST(HtmlExport, AFailureOpensAnErrorDialog)
{
    ExportFixture f;
    ASSERT_TRUE(f.open());
    // A folder that does not exist (the page comes from the analysis: no file is read again).
    const QString page = f.dir.filePath(QStringLiteral("no/such/folder/ir-diff.html"));
    QSignalSpy finished(&f.window, &gui::MainWindow::exportFinished);
    f.window.exportDiffAsHtml(page);
    ASSERT_TRUE(finished.wait(20000));
    const QString error = finished.at(0).at(1).toString();
    EXPECT_TRUE(error.contains(QStringLiteral("ir-diff.html"))) << error.toStdString();
    EXPECT_FALSE(QFileInfo::exists(page));
    auto* box = f.window.findChild<QMessageBox*>(QStringLiteral("exportErrorDialog"));
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->isVisible());
    EXPECT_EQ(box->text(), error);
    box->close();
}
