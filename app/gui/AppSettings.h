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

// Session restore: kernel name (QString), variant index (int) and divergence
// id ("D3", QString) last selected; default: empty / 0 / empty.
inline QString lastKernelKey()
{
    return QStringLiteral("session/kernel");
}
inline QString lastVariantKey()
{
    return QStringLiteral("session/variant");
}
inline QString lastDivergenceKey()
{
    return QStringLiteral("session/divergence");
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
