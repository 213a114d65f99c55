#pragma once
// Every QSettings key of the GUI in one place, with its default.
// Values live under organization "TileLens", application "tilelens".

#include <QSettings>
#include <QString>
#include <QStringList>

namespace tilelens::gui::settings {

// QByteArray values; default: empty (first start lays out from code).
inline QString windowGeometryKey()
{
    return QStringLiteral("window/geometry");
}
inline QString windowStateKey()
{
    return QStringLiteral("window/state");
}
inline QString sourceSplitterKey()
{
    return QStringLiteral("window/sourceSplitter");
}
inline QString topSplitterKey()
{
    return QStringLiteral("window/topSplitter");
}
inline QString bottomSplitterKey()
{
    return QStringLiteral("window/bottomSplitter");
}

// QStringList, most recent first; default: empty.
inline QString recentWorkspacesKey()
{
    return QStringLiteral("workspace/recent");
}
constexpr int kMaxRecentWorkspaces = 10;

// Adds \a path in front of the recent list (deduplicated, capped).
void addRecentWorkspace(QSettings& settings, const QString& path);
QStringList recentWorkspaces(const QSettings& settings);
void clearRecentWorkspaces(QSettings& settings);

} // namespace tilelens::gui::settings
