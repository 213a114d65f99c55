// The German translation is embedded under :/i18n and loads by locale.

#include "Application.h"
#include "RustLexer.h"
#include "SeverityStyle.h"
#include "SourcePane.h"
#include "TileIrLexer.h"

#include <QCoreApplication>
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
    EXPECT_EQ(QCoreApplication::translate("tilelens::gui::MainWindow", "Kernels"),
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
