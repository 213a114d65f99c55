// In Simplified Chinese and Japanese no text of the main window's Stages and
// Performance docks or of the settings dialog is clipped: every label, button
// tab and column header is as wide as its text needs. With TILELENS_CJK_SHOTS=DIR
// set, the screens checked are kept there as PNGs ({main-stages,main-perf,
// settings}-LANG.png) to look at.

#include "Application.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SettingsDialog.h"
#include "TestPaths.h"
#include "panels/PerfPanel.h"
#include "panels/StagePanel.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QStyle>
#include <QTabBar>
#include <QTest>
#include <QTranslator>
#include <algorithm>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

void removeTranslators()
{
    const auto translators = QCoreApplication::instance()->findChildren<QTranslator*>();
    for (QTranslator* t : translators) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
}

// On screen now: a panel in a dock behind another tab is not.
bool shown(const QWidget* w)
{
    return w->isVisible() && !w->visibleRegion().isEmpty();
}

QString describe(const QWidget* w, const QString& text, int has, int needs)
{
    return QStringLiteral("%1 \"%2\": %3 px of %4")
        .arg(QString::fromLatin1(w->metaObject()->className()), text)
        .arg(has)
        .arg(needs);
}

// Visible texts under `root` narrower than they need. A label that wraps or
// elides on purpose asks for no more than it gets, so it never shows up here.
QStringList clippedTexts(const QWidget* root)
{
    QStringList clipped;
    for (const QLabel* l : root->findChildren<QLabel*>()) {
        if (!shown(l) || l->wordWrap() || l->text().isEmpty())
            continue;
        if (l->width() < l->sizeHint().width())
            clipped << describe(l, l->text(), l->width(), l->sizeHint().width());
    }
    for (const QAbstractButton* b : root->findChildren<QAbstractButton*>()) {
        if (!shown(b) || b->text().isEmpty())
            continue;
        if (b->width() < b->sizeHint().width())
            clipped << describe(b, b->text(), b->width(), b->sizeHint().width());
    }
    for (const QComboBox* c : root->findChildren<QComboBox*>()) {
        if (!shown(c))
            continue;
        // The frame and arrow take about the height of the box.
        const int needs = c->fontMetrics().horizontalAdvance(c->currentText()) + c->height();
        if (c->width() < needs)
            clipped << describe(c, c->currentText(), c->width(), needs);
    }
    for (const QTabBar* t : root->findChildren<QTabBar*>()) {
        if (!shown(t))
            continue;
        for (int i = 0; i < t->count(); ++i) {
            const int needs = t->fontMetrics().horizontalAdvance(t->tabText(i)) +
                              t->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, t);
            if (t->tabRect(i).width() < needs)
                clipped << describe(t, t->tabText(i), t->tabRect(i).width(), needs);
        }
    }
    // A column header is cut when its section is narrower than its text or ends
    // past the table's right edge (the screenshot shows it cut off).
    for (const QHeaderView* h : root->findChildren<QHeaderView*>()) {
        if (!shown(h) || h->orientation() != Qt::Horizontal)
            continue;
        const int margin = 2 * h->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, h);
        for (int i = 0; i < h->count(); ++i) {
            if (h->isSectionHidden(i))
                continue;
            const QString text = h->model()->headerData(i, Qt::Horizontal).toString();
            const int needs = h->fontMetrics().horizontalAdvance(text) + margin;
            const int has =
                std::min(h->sectionSize(i), h->viewport()->width() - h->sectionViewportPosition(i));
            if (has < needs)
                clipped << describe(h, text, has, needs);
        }
    }
    return clipped;
}

void keepShot(QWidget& w, const QString& name)
{
    const QString dir = qEnvironmentVariable("TILELENS_CJK_SHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    EXPECT_TRUE(w.grab().save(QDir(dir).filePath(name)));
}

QDockWidget* dockOf(MainWindow& w, QWidget* panel)
{
    for (QScrollArea* area : w.findChildren<QScrollArea*>(QStringLiteral("shortDockContent")))
        if (area->widget() == panel)
            return qobject_cast<QDockWidget*>(area->parentWidget());
    return nullptr;
}

} // namespace

class CjkLayout : public ::testing::TestWithParam<const char*>
{
};

TEST_P(CjkLayout, MainWindowDocksAndSettingsClipNoText)
{
    const QString language = QString::fromLatin1(GetParam());
    ASSERT_TRUE(installTranslations(*QCoreApplication::instance(), QLocale(language)));
    {
        const QDir softmax(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
        MainWindow w(MainWindow::Options{false});
        w.resize(1600, 1000); // tilelens --screenshot's size
        w.show();
        w.openWorkspace(softmax.absolutePath());
        ASSERT_TRUE(test::waitForLoad(w));
        const std::pair<QWidget*, QString> docks[] = {
            {w.stagePanel(), QStringLiteral("main-stages-")},
            {w.perfPanel(), QStringLiteral("main-perf-")}};
        for (const auto& [panel, name] : docks) {
            QDockWidget* dock = dockOf(w, panel);
            ASSERT_NE(dock, nullptr);
            dock->raise();
            // Until the bottom dock group has grown to the panel (BottomDockSizer).
            const auto* area = qobject_cast<QScrollArea*>(dock->widget());
            ASSERT_NE(area, nullptr);
            // A structured binding is captured by copy: capturing it by reference is C++20
            // (clang refuses it in C++17, GCC accepts it).
            EXPECT_TRUE(QTest::qWaitFor(
                [area, panel = panel] {
                    return area->viewport()->height() >= panel->minimumSizeHint().height();
                },
                2000))
                << (name + language).toStdString() << ": the dock did not grow to the panel";
            QTest::qWait(50);
            const QStringList clipped = clippedTexts(&w);
            EXPECT_TRUE(clipped.isEmpty()) << (name + language).toStdString() << ":\n"
                                           << clipped.join(QLatin1Char('\n')).toStdString();
            keepShot(w, name + language + QStringLiteral(".png"));
        }
    }
    {
        SettingsDialog dialog;
        dialog.show();
        QTest::qWait(50);
        const QStringList clipped = clippedTexts(&dialog);
        EXPECT_TRUE(clipped.isEmpty()) << "settings-" << language.toStdString() << ":\n"
                                       << clipped.join(QLatin1Char('\n')).toStdString();
        keepShot(dialog, QStringLiteral("settings-") + language + QStringLiteral(".png"));
    }
    removeTranslators();
}

INSTANTIATE_TEST_SUITE_P(ChineseAndJapanese, CjkLayout, ::testing::Values("zh_CN", "ja"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                             return std::string(info.param);
                         });
