// Issue 31 ("The reviewer's day, round 2"), the items of app/gui: a first window that fits
// the screen, a theme switch that applies at once, docks that stay put and reset, a Stages
// dock that follows the selected kernel, labelled text, F5 on a two-file comparison.

#include "MainWindow.h"
#include "WindowPlacement.h"

#include <QGuiApplication>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

// Item 11: on a 1600x1000 screen the window was 1600x1000, its status bar (the verdict)
// below the screen's available area until maximised.
TEST(ReviewerDay, TheFirstWindowFitsTheScreenCentred)
{
    const QRect screen(0, 0, 1600, 1000);
    const QRect placed = initialWindowGeometry(screen);
    EXPECT_TRUE(screen.contains(placed)) << placed.width() << "x" << placed.height();
    EXPECT_LE(placed.height(), 1000 * 85 / 100);
    EXPECT_EQ(placed.center(), screen.center());
    // A big screen keeps the preferred size.
    EXPECT_EQ(initialWindowGeometry(QRect(0, 0, 2560, 1440)).size(), QSize(1600, 1000));
}

TEST(ReviewerDay, AStartWithoutSavedStateShowsTheStatusBarOnScreen)
{
    QSettings().clear(); // a restored-state-free start with the real start's options
    MainWindow w;
    w.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
    const QRect available = w.screen()->availableGeometry();
    const QRect bar(w.statusBar()->mapToGlobal(QPoint(0, 0)), w.statusBar()->size());
    EXPECT_TRUE(available.contains(w.frameGeometry()))
        << "window " << w.width() << "x" << w.height() << " on " << available.width() << "x"
        << available.height();
    EXPECT_TRUE(available.contains(bar)) << "status bar at y " << bar.top();
}
