// The perf panel: the example's four configurations with their ratios and a
// geomean of about 1.06, profile JSON pairs with kernels as child rows, the
// chart's PNG/SVG export, and the profile dialog's honesty without a GPU.

#include "panels/PerfPanel.h"

#include "PanelTestSupport.h"
#include "TestPaths.h"
#include "panels/PerfChart.h"
#include "panels/PerfTreeModel.h"
#include "panels/ProfileCommandDialog.h"
#include "panels/ProfileJob.h"
#include "perf/cupti/ProfileJson.h"
#include "pipeline/StageResolver.h"

#include <QAbstractItemModelTester>
#include <QBarCategoryAxis>
#include <QChartView>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QValueAxis>
#include <gtest/gtest.h>
#include <limits>

using namespace tilelens;
using namespace tilelens::gui::panels;

namespace {

double ratioOf(const PerfTreeModel& m, const QString& config)
{
    for (int r = 0; r < m.rowCount(); ++r) {
        const QModelIndex i = m.index(r, 0);
        if (i.data(PerfTreeModel::ConfigIdRole).toString() == config)
            return i.data(PerfTreeModel::RatioRole).toDouble();
    }
    return -1.0;
}

perf::Profile makeProfile(const QString& label,
                          const std::vector<std::pair<QString, double>>& configs)
{
    perf::Profile p;
    p.label = label;
    p.command = {QStringLiteral("python3"), QStringLiteral("bench.py"), label};
    p.device = QStringLiteral("NVIDIA H200");
    p.grouping = perf::GroupingMode::NvtxRanges;
    perf::ProfileRun run;
    run.kernels = 10;
    p.runs.push_back(run);
    for (const auto& [name, ms] : configs) {
        perf::ProfileConfig c;
        c.name = name;
        c.runMedianMs = {ms};
        c.runIterations = {20};
        c.bestRun = 0;
        c.bestMs = ms;
        c.minMs = c.maxMs = c.meanMs = ms;
        perf::ProfileKernel k;
        k.name = label + QStringLiteral("_softmax_kernel");
        k.launchesPerIteration = 1;
        k.msPerIteration = ms;
        k.grid = {{4096, 1, 1}};
        k.block = {{128, 1, 1}};
        c.kernels.push_back(k);
        p.configs.push_back(c);
    }
    return p;
}

QString writeProfile(const QTemporaryDir& tmp, const QString& name, const perf::Profile& p)
{
    QString path = tmp.filePath(name);
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(perf::profileToJson(p)));
    return path;
}

} // namespace

TEST(PerfPanel, ShowsTheExampleConfigsRatiosAndGeomean)
{
    auto session = test::openSession(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    ASSERT_NE(session->currentKernel(), nullptr);
    PerfPanel panel(session.get(), nullptr);
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    const PerfTreeModel& m = *panel.model();
    ASSERT_EQ(m.rowCount(), 4);
    EXPECT_NEAR(ratioOf(m, QStringLiteral("256-256-torch.float16")), 0.00547 / 0.00448, 1e-3);
    EXPECT_NEAR(ratioOf(m, QStringLiteral("256-2048-torch.float32")), 0.00669 / 0.00662, 1e-3);
    EXPECT_NEAR(ratioOf(m, QStringLiteral("4096-4096-torch.float16")), 0.01543 / 0.01536, 1e-3);
    EXPECT_NEAR(ratioOf(m, QStringLiteral("8192-1024-torch.bfloat16")), 0.00889 / 0.00871, 1e-3);
    ASSERT_TRUE(panel.comparison().geomean.has_value());
    EXPECT_NEAR(*panel.comparison().geomean, 1.06, 0.005);
    EXPECT_EQ(panel.chart()->barCount(), 4);
    EXPECT_TRUE(panel.summaryText().contains(QStringLiteral("MILD_GAP")))
        << panel.summaryText().toStdString();
    EXPECT_EQ(m.index(0, PerfTreeModel::VerdictColumn).data().toString(),
              QStringLiteral("INVESTIGATE"));
    EXPECT_EQ(m.index(1, PerfTreeModel::VerdictColumn).data().toString(), QStringLiteral("PASS"));
}

TEST(PerfPanel, ExportsTheChartAsNonEmptyPngAndSvg)
{
    auto session = test::openSession(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    PerfPanel panel(session.get(), nullptr);
    QTemporaryDir tmp;
    const QString png = tmp.filePath(QStringLiteral("out/chart.png"));
    const QString svg = tmp.filePath(QStringLiteral("out/chart.svg"));
    QString error;
    ASSERT_TRUE(panel.chart()->exportPng(png, QSize(900, 500), &error)) << error.toStdString();
    ASSERT_TRUE(panel.chart()->exportSvg(svg, QSize(900, 500), &error)) << error.toStdString();
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(900, 500));
    EXPECT_GT(QFileInfo(svg).size(), 1000);
    QFile f(svg);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_TRUE(text.contains("<svg"));
    EXPECT_TRUE(text.contains("geomean")) << "the legend names the geomean line";
}

TEST(PerfPanel, PairsTwoProfilesAndListsTheirKernelsPerConfig)
{
    QTemporaryDir tmp;
    const QString base = writeProfile(
        tmp, QStringLiteral("torch.json"),
        makeProfile(QStringLiteral("torch"), {{QStringLiteral("softmax-1024"), 0.010},
                                              {QStringLiteral("softmax-4096"), 0.040},
                                              {QStringLiteral("softmax-8192"), 0.080}}));
    const QString cand = writeProfile(
        tmp, QStringLiteral("triton.json"),
        makeProfile(QStringLiteral("triton"), {{QStringLiteral("softmax-1024"), 0.011},
                                               {QStringLiteral("softmax-4096"), 0.040}}));
    PerfPanel panel(nullptr, nullptr);
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_TRUE(panel.loadProfiles(base, cand)) << panel.summaryText().toStdString();
    EXPECT_EQ(panel.source(), PerfPanel::Source::Profiles);
    const PerfTreeModel& m = *panel.model();
    ASSERT_EQ(m.rowCount(), 3);
    EXPECT_NEAR(ratioOf(m, QStringLiteral("softmax-1024")), 1.1, 1e-9);
    EXPECT_NEAR(ratioOf(m, QStringLiteral("softmax-4096")), 1.0, 1e-9);
    // The unmatched configuration is NA and the severity says data is missing.
    const QModelIndex unmatched = m.index(2, 0);
    EXPECT_EQ(unmatched.data(PerfTreeModel::ConfigIdRole).toString(),
              QStringLiteral("softmax-8192"));
    EXPECT_EQ(m.index(2, PerfTreeModel::CandidateColumn).data().toString(), QStringLiteral("NA"));
    EXPECT_EQ(m.index(2, PerfTreeModel::VerdictColumn).data().toString(), QStringLiteral("NA"));
    EXPECT_EQ(panel.comparison().severity, perf::PerfSeverity::MissingData);
    // Kernels that contributed, both sides, as children.
    const QModelIndex first = m.index(0, 0);
    ASSERT_EQ(m.rowCount(first), 2);
    EXPECT_TRUE(m.index(0, 0, first).data(PerfTreeModel::IsKernelRole).toBool());
    EXPECT_TRUE(
        m.index(0, 0, first).data().toString().contains(QStringLiteral("torch_softmax_kernel")));
    EXPECT_TRUE(
        m.index(1, 0, first).data().toString().contains(QStringLiteral("triton_softmax_kernel")));
    EXPECT_EQ(m.rowCount(m.index(2, 0)), 1); // baseline only
    EXPECT_EQ(panel.chart()->barCount(), 2);
}

TEST(PerfPanel, ProfileDialogSaysWhyItCannotMeasureHere)
{
    const QString library = ProfileJob::findCuptiLibrary();
    if (!library.isEmpty() && pipeline::gpuAvailable())
        GTEST_SKIP() << "this machine can profile";
    PerfPanel panel(nullptr, nullptr);
    ProfileCommandDialog* d = panel.profileDialog();
    EXPECT_TRUE(d->availabilityText().contains(QStringLiteral("not possible")))
        << d->availabilityText().toStdString();
    d->setCommands(QStringLiteral("true"), QStringLiteral("true"));
    EXPECT_FALSE(d->startProfile());
    EXPECT_FALSE(d->job()->isRunning());
}

// Issue 32: a profile written into the workspace's .tilelens makes no folder and removes no file
// through a link planted there; the job does not start and says why.
TEST(PerfPanel, AProfileNeverWritesThroughALinkInTilelens)
{
    QTemporaryDir tmp;
    QTemporaryDir outside;
    const QString ws = tmp.filePath(QStringLiteral("ws"));
    QDir().mkpath(ws);
    ASSERT_TRUE(QFile::link(outside.path(), ws + QStringLiteral("/.tilelens")));
    const QString library = tmp.filePath(QStringLiteral("libfake_cupti.so"));
    QFile lib(library);
    ASSERT_TRUE(lib.open(QIODevice::WriteOnly));
    lib.close();
    ProfileJob job;
    job.setWorkingDirectory(ws);
    QString error;
    EXPECT_FALSE(job.start({QStringLiteral("base"), {QStringLiteral("true")}},
                           {QStringLiteral("cand"), {QStringLiteral("true")}}, 1,
                           ws + QStringLiteral("/.tilelens/profiles"), library, &error));
    EXPECT_TRUE(error.contains(QStringLiteral(".tilelens is a symbolic link")))
        << error.toStdString();
    EXPECT_TRUE(
        QDir(outside.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot));
}

TEST(PerfChart, DrawsRatiosFromExtremeTimes)
{
    // Times a hostile log can give (1e300 ms over 1e-300 ms): the axis is laid out in double,
    // not through an int conversion that is undefined for such a span.
    perf::PerfComparison c;
    for (double ratio : {1e300, std::numeric_limits<double>::infinity(), 1e-300, 1.0}) {
        perf::PairedConfig row;
        row.configId = QString::number(ratio);
        row.ratio = ratio;
        c.rows.push_back(row);
        ++c.matched;
    }
    c.geomean = 1.0;
    c.interval = perf::Interval{1e-300, 1e300, 0.95};
    PerfChart chart;
    chart.setComparison(c);
    EXPECT_EQ(chart.barCount(), 4);
    // The axis spans the finite ratios; the infinite one does not void the range.
    const QList<QAbstractAxis*> vertical = chart.view()->chart()->axes(Qt::Vertical);
    ASSERT_EQ(vertical.size(), 1);
    const auto* ratioAxis = qobject_cast<const QValueAxis*>(vertical.front());
    ASSERT_TRUE(ratioAxis);
    EXPECT_GE(ratioAxis->max(), 1e300);
    QTemporaryDir tmp;
    QString error;
    const QString png = tmp.filePath(QStringLiteral("chart.png"));
    ASSERT_TRUE(chart.exportPng(png, QSize(600, 300), &error)) << error.toStdString();
    EXPECT_FALSE(QImage(png).isNull());
}

TEST(PerfChart, NamesThatLookLikeHtmlAreShownAsWritten)
{
    // Qt Charts draws its title and axis labels as HTML, and QSvgGenerator writes the title
    // unescaped: a kernel or configuration named like markup must stay text.
    perf::PerfComparison c;
    perf::PairedConfig row;
    row.configId = QStringLiteral("<img src=\"/tmp/x.png\">");
    row.ratio = 1.2;
    c.rows.push_back(row);
    c.matched = 1;
    PerfChart chart;
    chart.setTitle(QStringLiteral("<b>softmax</b></title><script>alert(1)</script>"));
    chart.setComparison(c);
    QChart* shown = chart.view()->chart();
    QTextDocument title;
    title.setHtml(shown->title());
    EXPECT_EQ(title.toPlainText(),
              QStringLiteral("<b>softmax</b></title><script>alert(1)</script>"));
    const QList<QAbstractAxis*> horizontal = shown->axes(Qt::Horizontal);
    QStringList labels;
    for (QAbstractAxis* axis : horizontal)
        if (auto* bars = qobject_cast<QBarCategoryAxis*>(axis))
            labels = bars->categories();
    ASSERT_EQ(labels.size(), 1);
    QTextDocument label;
    label.setHtml(labels.front());
    EXPECT_EQ(label.toPlainText(), row.configId);

    QTemporaryDir tmp;
    const QString svg = tmp.filePath(QStringLiteral("chart.svg"));
    QString error;
    ASSERT_TRUE(chart.exportSvg(svg, QSize(600, 300), &error)) << error.toStdString();
    QFile file(svg);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    EXPECT_FALSE(bytes.contains("<script>")) << "the title is escaped in the SVG";
    EXPECT_TRUE(bytes.contains("&lt;script&gt;"));
}
