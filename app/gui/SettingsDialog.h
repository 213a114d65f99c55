#pragma once
// Edit > Settings: per-user preferences stored in QSettings (AppSettings.h).
// Today the UI language; it takes effect at the next start, as translators
// are installed before any window is built.

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

    // Stores the choices (also called on OK).
    void save() const;

private:
    QComboBox* m_language = nullptr;
};

} // namespace tilelens::gui
