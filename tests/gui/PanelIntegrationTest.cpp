// The panels in the main window: a multi-kernel workspace opens on the
// dashboard, activating a kernel there opens it in the inspector, and a
// stage-panel rescan keeps the selected kernel.

#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "TestPaths.h"
#include "panels/DashboardView.h"
#include "panels/PerfPanel.h"
#include "panels/StagePanel.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

TEST(PanelIntegration, DashboardIsTheStartPageAndOpensTheActivatedKernel)
{
    QTemporaryDir root;
    ASSERT_TRUE(root.isValid());
    test::writeKernelDir(root.path(), QStringLiteral("alpha"));
    test::writeKernelDir(root.path(), QStringLiteral("beta"));

    MainWindow w(MainWindow::Options{false});
    w.show();
    ASSERT_NE(w.stagePanel(), nullptr);
    ASSERT_NE(w.perfPanel(), nullptr);
    w.openWorkspace(root.path());
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_TRUE(w.isDashboardShown());

    Q_EMIT w.dashboard()->kernelActivated(1);
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_FALSE(w.isDashboardShown());
    ASSERT_NE(w.session().currentKernel(), nullptr);
    EXPECT_EQ(w.session().currentKernel()->name, QStringLiteral("beta"));

    // A rescan (as after a stage run) keeps beta selected.
    Q_EMIT w.stagePanel()->workspaceRescanRequested();
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_NE(w.session().currentKernel(), nullptr);
    EXPECT_EQ(w.session().currentKernel()->name, QStringLiteral("beta"));
    EXPECT_FALSE(w.stagePanel()->hasRunsInFlight());
}

TEST(PanelIntegration, OneKernelOpensStraightInTheInspector)
{
    QTemporaryDir root;
    ASSERT_TRUE(root.isValid());
    test::writeKernelDir(root.path(), QStringLiteral("solo"));
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(QDir(root.path()).filePath(QStringLiteral("solo")));
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_FALSE(w.isDashboardShown());
    w.showDashboard();
    EXPECT_TRUE(w.isDashboardShown());
}
