// The panels' strings are in the German translation (contexts are the
// classes' full names, as tr() looks them up).

#include "Application.h"
#include "panels/DashboardModel.h"
#include "panels/StageTableModel.h"

#include <QCoreApplication>
#include <QTranslator>
#include <gtest/gtest.h>

using namespace tilelens::gui;

TEST(PanelTranslations, GermanHeadersAndButtons)
{
    ASSERT_TRUE(installTranslations(*QCoreApplication::instance(),
                                    QLocale(QLocale::German, QLocale::Germany)));
    EXPECT_EQ(QCoreApplication::translate("tilelens::gui::panels::StagePanel", "&Rerun"),
              QStringLiteral("&Erneut ausführen"));
    EXPECT_EQ(QCoreApplication::translate("tilelens::gui::panels::PerfPanel", "Profile command…"),
              QStringLiteral("Befehl profilieren…"));
    panels::StageTableModel stages;
    EXPECT_EQ(stages.headerData(panels::StageTableModel::NextColumn, Qt::Horizontal).toString(),
              QStringLiteral("Nächster Schritt"));
    panels::DashboardModel dash;
    EXPECT_EQ(dash.headerData(panels::DashboardModel::SeverityColumn, Qt::Horizontal).toString(),
              QStringLiteral("Leistungs-Schweregrad"));
    const auto translators = QCoreApplication::instance()->findChildren<QTranslator*>();
    for (QTranslator* t : translators) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
    EXPECT_EQ(stages.headerData(panels::StageTableModel::NextColumn, Qt::Horizontal).toString(),
              QStringLiteral("Next step"));
}
