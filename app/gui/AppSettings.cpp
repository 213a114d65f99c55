#include "AppSettings.h"

#include <QDir>

namespace tilelens::gui::settings {

QStringList recentWorkspaces(const QSettings& settings)
{
    return settings.value(recentWorkspacesKey).toStringList();
}

void addRecentWorkspace(QSettings& settings, const QString& path)
{
    const QString clean = QDir::cleanPath(path);
    QStringList list = recentWorkspaces(settings);
    list.removeAll(clean);
    list.prepend(clean);
    while (list.size() > kMaxRecentWorkspaces)
        list.removeLast();
    settings.setValue(recentWorkspacesKey, list);
}

QLocale uiLocale(const QSettings& settings)
{
    const QString language = settings.value(languageKey).toString();
    return language.isEmpty() ? QLocale::system() : QLocale(language);
}

void clearRecentWorkspaces(QSettings& settings)
{
    settings.remove(recentWorkspacesKey);
}

} // namespace tilelens::gui::settings
