// The diff view at a fixed 1600x1000 on the softmax example with the first
// critical divergence selected: the grab shows the critical marker colour and
// the filler-line shade. Set TILELENS_SCREENSHOT_DIR to keep the PNG
// (docs/screenshots/diff.png is made this way).

#include "Application.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SeverityStyle.h"
#include "TestPaths.h"

#include <QDir>
#include <QImage>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

TEST(DiffScreenshot, SoftmaxDiffViewShowsMarkersAtFixedSize)
{
    const QDir softmax(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    if (!softmax.exists())
        GTEST_SKIP() << "resources/examples/softmax is missing";
    MainWindow window(MainWindow::Options{false});
    window.resize(1600, 1000);
    window.show();
    window.openWorkspace(softmax.absolutePath());
    ASSERT_TRUE(test::waitForLoad(window));
    const diff::DiffResult* result = window.session().diffResult();
    ASSERT_NE(result, nullptr);
    int critical = -1;
    for (size_t i = 0; i < result->divergences.size() && critical < 0; ++i)
        if (result->divergences[i].severity == diff::Severity::Critical)
            critical = static_cast<int>(i);
    ASSERT_GE(critical, 0) << "the example plants a critical divergence";
    window.session().selectDivergence(critical);
    QTest::qWait(100);

    const QImage image = window.grab().toImage();
    ASSERT_EQ(image.size(), QSize(1600, 1000));
    const QRgb marker = severityColor(diff::Severity::Critical, false).rgb();
    int markerPixels = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if ((image.pixel(x, y) & 0xffffff) == (marker & 0xffffff))
                ++markerPixels;
    EXPECT_GT(markerPixels, 20) << "no critical marker or tick is painted";

    const QString dir = qEnvironmentVariable("TILELENS_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QString error;
        EXPECT_TRUE(saveScreenshot(window, QDir(dir).filePath(QStringLiteral("diff.png")), &error))
            << error.toStdString();
    }
}
