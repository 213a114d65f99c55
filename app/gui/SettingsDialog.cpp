#include "SettingsDialog.h"

#include "AppSettings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <algorithm>

namespace tilelens::gui {

QStringList SettingsDialog::languageCodes()
{
    return {QString(), QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN"),
            QStringLiteral("ja")};
}

SettingsDialog::SettingsDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Settings"));
    m_language = new QComboBox(this);
    const QString system = QLocale::system().nativeLanguageName();
    // The C locale (a bare environment, CI) has no language name to show.
    m_language->addItem(system.isEmpty() ? tr("System default")
                                         : tr("System default (%1)").arg(system));
    // Each language under its own name, so that a user can find theirs in any UI language.
    m_language->addItem(QStringLiteral("English"));
    m_language->addItem(QStringLiteral("Deutsch"));
    m_language->addItem(QStringLiteral("\u7b80\u4f53\u4e2d\u6587")); // Simplified Chinese
    m_language->addItem(QStringLiteral("\u65e5\u672c\u8a9e"));       // Japanese
    const QString current = QSettings().value(settings::languageKey).toString();
    m_language->setCurrentIndex(std::max(0, int(languageCodes().indexOf(current))));

    m_theme = new QComboBox(this);
    m_theme->setObjectName(QStringLiteral("themeCombo"));
    m_theme->addItem(tr("Follow desktop"));
    m_theme->addItem(tr("Light"));
    m_theme->addItem(tr("Dark"));
    m_storedTheme = savedThemeChoice(QSettings());
    m_theme->setCurrentIndex(static_cast<int>(m_storedTheme));
    connect(m_theme, &QComboBox::currentIndexChanged, this,
            [](int index) { applyThemeChoice(static_cast<ThemeChoice>(index)); });

    auto* note = new QLabel(tr("The language changes when TileLens is started again."), this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        save();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(note);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(buttons);
}

void SettingsDialog::save() const
{
    QSettings s;
    const QString code = languageCodes().value(m_language->currentIndex());
    if (code.isEmpty())
        s.remove(settings::languageKey);
    else
        s.setValue(settings::languageKey, code);
    saveThemeChoice(s, static_cast<ThemeChoice>(m_theme->currentIndex()));
}

void SettingsDialog::reject()
{
    if (m_theme->currentIndex() != static_cast<int>(m_storedTheme))
        applyThemeChoice(m_storedTheme);
    QDialog::reject();
}

} // namespace tilelens::gui
