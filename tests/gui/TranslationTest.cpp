// The German, Simplified Chinese and Japanese translations are embedded under
// :/i18n and load by locale, or by the language chosen in Settings.

#include "AppSettings.h"
#include "Application.h"
#include "DivergenceNavigator.h"
#include "DivergenceTableModel.h"
#include "InspectorSession.h"
#include "RustLexer.h"
#include "SettingsDialog.h"
#include "SeverityStyle.h"
#include "SourcePane.h"
#include "TileIrLexer.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHeaderView>
#include <QSettings>
#include <QTableView>
#include <QTranslator>
#include <gtest/gtest.h>

using namespace tilelens::gui;

namespace {

// Removes and deletes the translators installTranslations() added.
void removeTranslators()
{
    const auto translators = QCoreApplication::instance()->findChildren<QTranslator*>();
    for (QTranslator* t : translators) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
}

} // namespace

TEST(Translations, GermanLoadsForAGermanLocale)
{
    ASSERT_TRUE(installTranslations(*QCoreApplication::instance(),
                                    QLocale(QLocale::German, QLocale::Germany)));
    EXPECT_EQ(QCoreApplication::translate("tilelens::gui::MainWindow", "&File"),
              QStringLiteral("&Datei"));
    EXPECT_EQ(QCoreApplication::translate("tilelens::gui::WorkspaceController", "Kernels"),
              QStringLiteral("Kernel"));
    EXPECT_EQ(SourcePane::roleName(SourceRole::ReferencePython), QStringLiteral("Python-Referenz"));
    EXPECT_EQ(SourcePane::roleName(SourceRole::GeneratedIr), QStringLiteral("Generierte IR"));
    removeTranslators();
    EXPECT_EQ(SourcePane::roleName(SourceRole::ReferencePython),
              QStringLiteral("Reference Python"));
}

TEST(Translations, EnglishNeedsNone)
{
    EXPECT_FALSE(installTranslations(*QCoreApplication::instance(),
                                     QLocale(QLocale::English, QLocale::UnitedStates)));
    EXPECT_EQ(QCoreApplication::translate("tilelens::gui::MainWindow", "&File"),
              QStringLiteral("&File"));
    removeTranslators();
}

// Style names and severity words come from tables; each is still looked up in
// its own translation context.
TEST(Translations, LexerStylesAndSeveritiesTranslate)
{
    ASSERT_TRUE(installTranslations(*QCoreApplication::instance(),
                                    QLocale(QLocale::German, QLocale::Germany)));
    EXPECT_EQ(RustLexer().description(RustLexer::Comment), QStringLiteral("Kommentar"));
    EXPECT_EQ(TileIrLexer().description(TileIrLexer::Comment), QStringLiteral("Kommentar"));
    EXPECT_EQ(severityLabel(tilelens::diff::Severity::Critical), QStringLiteral("kritisch"));
    removeTranslators();
    EXPECT_EQ(RustLexer().description(RustLexer::Comment), QStringLiteral("Comment"));
    EXPECT_EQ(severityLabel(tilelens::diff::Severity::Critical), QStringLiteral("critical"));
}

TEST(Translations, ChineseAndJapaneseLoadByLocale)
{
    ASSERT_TRUE(installTranslations(*QCoreApplication::instance(),
                                    QLocale(QLocale::Chinese, QLocale::China)));
    EXPECT_EQ(QCoreApplication::translate("tilelens::gui::MainWindow", "&File"),
              QStringLiteral("\u6587\u4ef6(&F)"));
    EXPECT_EQ(severityLabel(tilelens::diff::Severity::Critical), QStringLiteral("\u4e25\u91cd"));
    removeTranslators();

    ASSERT_TRUE(installTranslations(*QCoreApplication::instance(),
                                    QLocale(QLocale::Japanese, QLocale::Japan)));
    EXPECT_EQ(QCoreApplication::translate("tilelens::gui::MainWindow", "&File"),
              QStringLiteral("\u30d5\u30a1\u30a4\u30eb(&F)"));
    EXPECT_EQ(SourcePane::roleName(SourceRole::GeneratedIr), QStringLiteral("\u751f\u6210 IR"));
    removeTranslators();
}

TEST(Translations, TheSettingsLanguageOverridesTheSystemLocale)
{
    QSettings settings;
    settings.setValue(tilelens::gui::settings::languageKey, QStringLiteral("ja"));
    EXPECT_EQ(settings::uiLocale(settings).language(), QLocale::Japanese);
    settings.remove(tilelens::gui::settings::languageKey);
    EXPECT_EQ(settings::uiLocale(settings), QLocale::system());
}

TEST(Translations, SettingsDialogStoresTheChosenLanguage)
{
    SettingsDialog dialog;
    const int chinese = int(SettingsDialog::languageCodes().indexOf(QStringLiteral("zh_CN")));
    ASSERT_GT(chinese, 0);
    dialog.languageCombo()->setCurrentIndex(chinese);
    dialog.save();
    EXPECT_EQ(QSettings().value(settings::languageKey).toString(), QStringLiteral("zh_CN"));
    // A new dialog shows the stored choice; "System default" removes it again.
    SettingsDialog again;
    EXPECT_EQ(again.languageCombo()->currentIndex(), chinese);
    again.languageCombo()->setCurrentIndex(0);
    again.save();
    EXPECT_FALSE(QSettings().contains(settings::languageKey));
}

// The Japanese screenshot showed "カー…": the owner column was as wide as its header only.
TEST(Translations, JapaneseOwnerAndSeverityWordsFitTheirColumns)
{
    ASSERT_TRUE(installTranslations(*QCoreApplication::instance(),
                                    QLocale(QLocale::Japanese, QLocale::Japan)));
    InspectorSession session;
    DivergenceNavigator navigator(session);
    auto* view = navigator.findChild<QTableView*>(QStringLiteral("divergenceTable"));
    ASSERT_NE(view, nullptr);
    const QFontMetrics metrics = view->fontMetrics();
    const QHeaderView* header = view->horizontalHeader();
    const int margins = 12; // a cell elides its text well before the text meets the border
    EXPECT_GE(header->sectionSize(DivergenceTableModel::OwnerColumn),
              metrics.horizontalAdvance(ownerLabel(tilelens::diff::Owner::Kernel)) + margins);
    EXPECT_GE(header->sectionSize(DivergenceTableModel::SeverityColumn),
              metrics.horizontalAdvance(severityLabel(tilelens::diff::Severity::KnownGap)) +
                  margins);
    removeTranslators();
}
