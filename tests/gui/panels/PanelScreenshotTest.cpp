// Renders each panel at 1200×700 in a light and a dark palette and checks
// the images are not blank. With TILELENS_PANEL_SHOTS=DIR set, the PNGs are
// kept there ({stages,perf,dashboard}{,-dark}.png) for docs/screenshots/.

#include "../GuiTestSupport.h"
#include "PanelTestSupport.h"
#include "TestPaths.h"
#include "panels/DashboardModel.h"
#include "panels/DashboardView.h"
#include "panels/PerfPanel.h"
#include "panels/StagePanel.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QPalette>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui::panels;

namespace {

QString shotDir(const QTemporaryDir& tmp)
{
    QString env = qEnvironmentVariable("TILELENS_PANEL_SHOTS");
    if (!env.isEmpty()) {
        QDir().mkpath(env);
        return env;
    }
    return tmp.path();
}

int distinctColors(const QImage& image)
{
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 5)
        for (int x = 0; x < image.width(); x += 5)
            colors.insert(image.pixel(x, y));
    return int(colors.size());
}

QImage render(QWidget& w, bool dark)
{
    if (dark)
        w.setPalette(test::darkPalette());
    w.resize(1200, 700);
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.show();
    QTest::qWait(50);
    return w.grab().toImage();
}

void check(const QImage& image, const QString& path)
{
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(1200, 700) * image.devicePixelRatio());
    EXPECT_GE(distinctColors(image), 24) << "looks blank: " << path.toStdString();
    EXPECT_TRUE(image.save(path));
}

} // namespace

class PanelScreenshot : public ::testing::TestWithParam<bool>
{
};

TEST_P(PanelScreenshot, StagesPerfAndDashboard)
{
    const bool dark = GetParam();
    const QString suffix = dark ? QStringLiteral("-dark.png") : QStringLiteral(".png");
    QTemporaryDir tmp;
    const QString out = shotDir(tmp);
    // A copy of the example, so a screenshot run never writes into resources/.
    const QString softmax = tmp.filePath(QStringLiteral("ws/softmax"));
    ASSERT_TRUE(
        test::copyTree(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")), softmax));
    ASSERT_TRUE(test::copyTree(QDir(test::examplesDir()).filePath(QStringLiteral("matmul")),
                               tmp.filePath(QStringLiteral("ws/matmul"))));
    auto session = test::openSession(tmp.filePath(QStringLiteral("ws")), -1);
    session->select(test::kernelIndex(*session, QStringLiteral("softmax")));
    ASSERT_NE(session->currentKernel(), nullptr);
    {
        StagePanel panel(session.get(), nullptr);
        panel.setTrustStorePath(tmp.filePath(QStringLiteral("trust.json")));
        QSignalSpy finished(&panel, &StagePanel::runFinished);
        // One real run, so the history and log viewer have something to show.
        if (panel.rerun(QStringLiteral("validate")))
            finished.wait(30000);
        panel.selectStage(QStringLiteral("C"));
        const QString path = QDir(out).filePath(QStringLiteral("stages") + suffix);
        check(render(panel, dark), path);
    }
    {
        PerfPanel panel(session.get(), nullptr);
        const QString path = QDir(out).filePath(QStringLiteral("perf") + suffix);
        check(render(panel, dark), path);
    }
    {
        DashboardView view(session.get(), nullptr);
        if (view.model()->isLoading()) {
            QSignalSpy loaded(view.model(), &DashboardModel::loaded);
            ASSERT_TRUE(loaded.wait(30000));
        }
        const QString path = QDir(out).filePath(QStringLiteral("dashboard") + suffix);
        check(render(view, dark), path);
    }
}

INSTANTIATE_TEST_SUITE_P(LightAndDark, PanelScreenshot, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) {
                             return info.param ? std::string("Dark") : std::string("Light");
                         });
