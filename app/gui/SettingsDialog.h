#pragma once
// Edit > Settings: per-user preferences stored in QSettings (AppSettings.h).
// The UI language, which takes effect at the next start (translators are installed before
// any window is built), and the theme, which applies at once (AppTheme.h): picking one
// previews it, Cancel goes back to the stored one.

#include "AppTheme.h"

#include <QDialog>

class QComboBox;

namespace tilelens::gui {

class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    // Language codes offered, in combo order; "" = the system's.
    static QStringList languageCodes();
    QComboBox* languageCombo() const { return m_language; }
    // Follow desktop, Light, Dark (ThemeChoice order).
    QComboBox* themeCombo() const { return m_theme; }

    // Stores the choices (also called on OK).
    void save() const;
    // Cancel, Esc or the close button: the stored theme again.
    void reject() override;

private:
    QComboBox* m_language = nullptr;
    QComboBox* m_theme = nullptr;
    ThemeChoice m_storedTheme = ThemeChoice::FollowDesktop;
};

} // namespace tilelens::gui
