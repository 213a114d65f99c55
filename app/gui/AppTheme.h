#pragma once
// The light/dark theme of the whole application (issue 31, item 10), chosen in Settings:
// follow the desktop (the platform's palette; Qt 6.4 has no colour-scheme hint, so "dark" is
// what the palette's window lightness says, as EditorTheme::forPalette reads it), or a fixed
// light or dark palette. Applying sets the application palette; every window re-themes its
// widgets and QScintilla editors on the ApplicationPaletteChange that follows, so a switch
// takes effect at once, without a restart.

#include <QPalette>
#include <QString>

class QSettings;

namespace tilelens::gui {

enum class ThemeChoice
{
    FollowDesktop,
    Light,
    Dark,
};

// The stored choice (settings::themeKey); an unknown value follows the desktop.
ThemeChoice savedThemeChoice(const QSettings& settings);
void saveThemeChoice(QSettings& settings, ThemeChoice choice);

// The fixed palettes of the Light and Dark choices.
QPalette lightThemePalette();
QPalette darkThemePalette();

// Sets the application palette for \a choice. FollowDesktop sets an empty palette, which Qt
// resolves against the platform theme's, and again whenever the desktop's theme changes.
void applyThemeChoice(ThemeChoice choice);

} // namespace tilelens::gui
