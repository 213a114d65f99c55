#include "AppTheme.h"

#include "AppSettings.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>

namespace tilelens::gui {
namespace {

const QLatin1String kLight{"light"};
const QLatin1String kDark{"dark"};

} // namespace

ThemeChoice savedThemeChoice(const QSettings& settings)
{
    const QString value = settings.value(settings::themeKey).toString();
    if (value == kLight)
        return ThemeChoice::Light;
    if (value == kDark)
        return ThemeChoice::Dark;
    return ThemeChoice::FollowDesktop;
}

void saveThemeChoice(QSettings& settings, ThemeChoice choice)
{
    switch (choice) {
    case ThemeChoice::Light:
        settings.setValue(settings::themeKey, kLight);
        return;
    case ThemeChoice::Dark:
        settings.setValue(settings::themeKey, kDark);
        return;
    case ThemeChoice::FollowDesktop:
        settings.remove(settings::themeKey);
        return;
    }
}

QPalette lightThemePalette()
{
    // The style's own light palette (Fusion's on Linux), not the desktop's, which may be dark.
    return QApplication::style()->standardPalette();
}

QPalette darkThemePalette()
{
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor button(0x3a, 0x3d, 0x41);
    const QColor text(0xdd, 0xdd, 0xdd);
    const QColor disabledText(0x80, 0x80, 0x80);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, button.lighter(150));
    p.setColor(QPalette::Midlight, button.lighter(120));
    p.setColor(QPalette::Mid, button.darker(120));
    p.setColor(QPalette::Dark, button.darker(150));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xff));
    p.setColor(QPalette::ToolTipBase, button);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    for (QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::HighlightedText})
        p.setColor(QPalette::Disabled, role, disabledText);
    return p;
}

void applyThemeChoice(ThemeChoice choice)
{
    switch (choice) {
    case ThemeChoice::Light:
        QApplication::setPalette(lightThemePalette());
        return;
    case ThemeChoice::Dark:
        QApplication::setPalette(darkThemePalette());
        return;
    case ThemeChoice::FollowDesktop:
        QApplication::setPalette(QPalette());
        return;
    }
}

} // namespace tilelens::gui
