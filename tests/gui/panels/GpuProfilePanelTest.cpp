// The perf panel fed with real device-time profiles measured on an H200
// (tests/data/perf/h200): torch softmax vs a Triton softmax over 21 configs.
// With TILELENS_PANEL_SHOTS=DIR set, the rendered panel is kept as
// DIR/perf-h200.png (docs/screenshots/perf-h200.png).

#include "InspectorSession.h"
#include "TestPaths.h"
#include "panels/PerfPanel.h"

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui::panels;

TEST(GpuProfilePanel, ShowsThePairedH200ProfilesWithGeomeanAndInterval)
{
    const QString dir = test::testDataDir() + QStringLiteral("/perf/h200/");
    gui::InspectorSession session;
    PerfPanel panel(&session, nullptr);
    ASSERT_TRUE(panel.loadProfiles(dir + QStringLiteral("softmax_torch.profile.json"),
                                   dir + QStringLiteral("softmax_triton.profile.json")));
    const perf::PerfComparison& c = panel.comparison();
    EXPECT_EQ(c.matched, 21);
    ASSERT_TRUE(c.geomean.has_value());
    EXPECT_NEAR(*c.geomean, 0.5061, 0.0005);
    ASSERT_TRUE(c.interval.has_value());
    EXPECT_LT(c.interval->low, *c.geomean);
    EXPECT_GT(c.interval->high, *c.geomean);

    panel.resize(1200, 700);
    panel.setAttribute(Qt::WA_DontShowOnScreen);
    panel.show();
    QTest::qWait(50);
    const QImage image = panel.grab().toImage();
    ASSERT_FALSE(image.isNull());
    QTemporaryDir tmp;
    const QString shots = qEnvironmentVariable("TILELENS_PANEL_SHOTS");
    const QString out =
        QDir(shots.isEmpty() ? tmp.path() : shots).filePath(QStringLiteral("perf-h200.png"));
    EXPECT_TRUE(image.save(out));
}
