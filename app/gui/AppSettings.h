#pragma once
// Every QSettings key of the GUI in one place, with its default.
// Values live under organization "TileLens", application "tilelens".
// Keys are constants (QSettings takes any string view since Qt 6.4).

#include <QLatin1String>
#include <QLocale>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace tilelens::gui::settings {

// QByteArray values; default: empty (first start lays out from code).
inline constexpr QLatin1String windowGeometryKey{"window/geometry"};
inline constexpr QLatin1String windowStateKey{"window/state"};
inline constexpr QLatin1String sourceSplitterKey{"window/sourceSplitter"};
inline constexpr QLatin1String topSplitterKey{"window/topSplitter"};
inline constexpr QLatin1String bottomSplitterKey{"window/bottomSplitter"};

// bool: whether the kernel list is shown (View > Kernels, Ctrl+Shift+K
// collapses it); default: true.
inline constexpr QLatin1String kernelListVisibleKey{"window/kernelListVisible"};

// Session restore: kernel name (QString), variant index (int) and divergence
// id ("D3", QString) last selected; default: empty / 0 / empty.
inline constexpr QLatin1String lastKernelKey{"session/kernel"};
inline constexpr QLatin1String lastVariantKey{"session/variant"};
inline constexpr QLatin1String lastDivergenceKey{"session/divergence"};

// QString: the UI language chosen in Settings ("de", "ja", "zh_CN", "en");
// default: empty = follow the system locale. Read once at start-up.
inline constexpr QLatin1String languageKey{"ui/language"};

// QString: the theme chosen in Settings, "light" or "dark"; default: empty = follow the
// desktop's palette (AppTheme.h). Applied at start-up and at once when changed.
inline constexpr QLatin1String themeKey{"ui/theme"};

// The locale whose translation the app loads: the chosen language, else the system's.
QLocale uiLocale(const QSettings& settings);

// QString: the rules file (tilelens.rules/1) merged with the built-in rules for every IR
// verdict of the GUI (Diff > Rules File…); default: empty = the built-in rules only.
// `tilelens --rules FILE` takes precedence for one session and is not saved.
inline constexpr QLatin1String rulesFileKey{"diff/rulesFile"};

// QStringList, most recent first; default: empty.
inline constexpr QLatin1String recentWorkspacesKey{"workspace/recent"};
constexpr int kMaxRecentWorkspaces = 10;

// Adds \a path in front of the recent list (deduplicated, capped).
void addRecentWorkspace(QSettings& settings, const QString& path);
QStringList recentWorkspaces(const QSettings& settings);
void clearRecentWorkspaces(QSettings& settings);

} // namespace tilelens::gui::settings
