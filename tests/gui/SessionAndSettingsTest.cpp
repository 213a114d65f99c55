// The inspector session (selection broadcast) and the recent-workspace list.

#include "AppSettings.h"
#include "InspectorSession.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

TEST(InspectorSession, BroadcastsSelectionChangesOnceAndClamps)
{
    ws::Workspace w;
    ws::Kernel k;
    k.name = QStringLiteral("k");
    k.variants.resize(2);
    w.kernels.push_back(k);
    w.kernels.push_back(k);

    InspectorSession session;
    QSignalSpy workspaceSpy(&session, &InspectorSession::workspaceChanged);
    QSignalSpy selectionSpy(&session, &InspectorSession::selectionChanged);
    session.setWorkspace(std::make_shared<const ws::Workspace>(w));
    EXPECT_EQ(workspaceSpy.count(), 1);
    EXPECT_EQ(session.kernelIndex(), -1);
    EXPECT_EQ(session.currentKernel(), nullptr);

    session.select(1, 5); // variant clamped to the last one
    ASSERT_EQ(selectionSpy.count(), 1);
    EXPECT_EQ(selectionSpy.at(0).at(0).toInt(), 1);
    EXPECT_EQ(selectionSpy.at(0).at(1).toInt(), 1);
    EXPECT_NE(session.currentVariant(), nullptr);

    session.select(1, 1); // unchanged: no signal
    EXPECT_EQ(selectionSpy.count(), 1);

    session.select(7); // out of range clears the selection
    EXPECT_EQ(selectionSpy.count(), 2);
    EXPECT_EQ(session.kernelIndex(), -1);
    EXPECT_EQ(session.currentVariant(), nullptr);
}

TEST(AppSettings, RecentWorkspacesAreDeduplicatedMostRecentFirstAndCapped)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    settings::addRecentWorkspace(settings, QStringLiteral("/a"));
    settings::addRecentWorkspace(settings, QStringLiteral("/b/"));
    settings::addRecentWorkspace(settings, QStringLiteral("/a"));
    EXPECT_EQ(settings::recentWorkspaces(settings),
              (QStringList{QStringLiteral("/a"), QStringLiteral("/b")}));
    for (int i = 0; i < 20; ++i)
        settings::addRecentWorkspace(settings, QStringLiteral("/k%1").arg(i));
    const QStringList list = settings::recentWorkspaces(settings);
    EXPECT_EQ(list.size(), settings::kMaxRecentWorkspaces);
    EXPECT_EQ(list.first(), QStringLiteral("/k19"));
    settings::clearRecentWorkspaces(settings);
    EXPECT_TRUE(settings::recentWorkspaces(settings).isEmpty());
}
