// Issue 18, item 5 (keyboard and filters): F8 goes critical first with file
// order as an option; "warn and above"; "N of M shown"; a message instead of
// an empty table; filters belong to one kernel; Ctrl+Tab / Ctrl+Shift+Tab move
// between panes; the focused editor is framed; every pane and control has an
// accessible name.

#include "DivergenceFilterModel.h"
#include "DivergenceNavigator.h"
#include "FindBar.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

class SoftmaxKeys : public testing::Test
{
protected:
    void SetUp() override
    {
        const QDir softmax(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
        ASSERT_TRUE(softmax.exists());
        window = std::make_unique<MainWindow>(MainWindow::Options{false});
        window->resize(1024, 700);
        window->show();
        window->openWorkspace(softmax.absolutePath());
        ASSERT_TRUE(test::waitForLoad(*window));
        result = window->session().diffResult();
        ASSERT_NE(result, nullptr);
    }
    const diff::Divergence& current() const
    {
        return result->divergences[size_t(window->session().currentDivergence())];
    }
    std::unique_ptr<MainWindow> window;
    const diff::DiffResult* result = nullptr;
};

} // namespace

TEST_F(SoftmaxKeys, F8GoesCriticalFirstThenByLineAndFileOrderIsAnOption)
{
    // The softmax report (file order) starts below critical; F8 must not.
    ASSERT_NE(result->divergences.front().severity, diff::Severity::Critical);
    int lastSeverity = -1, lastLine = 0;
    for (size_t i = 0; i < result->divergences.size(); ++i) {
        window->nextDivergenceAction()->trigger();
        const diff::Divergence& d = current();
        if (i == 0) {
            EXPECT_EQ(d.severity, diff::Severity::Critical) << "F8 starts at " << d.id;
        }
        const int severity = static_cast<int>(d.severity);
        const int line = d.reference ? d.reference->line : d.generated->line;
        EXPECT_GE(severity, lastSeverity) << d.id;
        if (severity == lastSeverity) {
            EXPECT_GE(line, lastLine) << d.id;
        }
        lastSeverity = severity;
        lastLine = line;
    }
    window->navigator()->orderBox()->setCurrentIndex(1); // "File order"
    window->session().selectDivergence(-1);
    window->nextDivergenceAction()->trigger();
    EXPECT_EQ(window->session().currentDivergence(), 0) << "file order starts at D1";
    window->nextDivergenceAction()->trigger();
    EXPECT_EQ(window->session().currentDivergence(), 1);
}

TEST_F(SoftmaxKeys, SeverityAndAboveCountsShownRowsAndSaysWhenNoneMatch)
{
    DivergenceNavigator* nav = window->navigator();
    const int total = static_cast<int>(result->divergences.size());
    EXPECT_EQ(nav->countLabel()->text(), QStringLiteral("%1 of %1 shown").arg(total));
    const int warn = nav->severityBox()->findData(static_cast<int>(diff::Severity::Warn));
    ASSERT_GE(warn, 0);
    EXPECT_TRUE(nav->severityBox()->itemText(warn).contains(QStringLiteral("and above")));
    nav->severityBox()->setCurrentIndex(warn);
    const int warnAndAbove =
        result->count(diff::Severity::Critical) + result->count(diff::Severity::Warn);
    EXPECT_EQ(nav->filter()->rowCount(), warnAndAbove);
    EXPECT_EQ(nav->countLabel()->text(),
              QStringLiteral("%1 of %2 shown").arg(warnAndAbove).arg(total));
    EXPECT_FALSE(nav->emptyLabel()->isVisible());

    nav->searchField()->setText(QStringLiteral("no divergence says this"));
    EXPECT_EQ(nav->countLabel()->text(), QStringLiteral("0 of %1 shown").arg(total));
    EXPECT_TRUE(nav->emptyLabel()->isVisible()) << "an empty result says so";
    EXPECT_FALSE(nav->emptyLabel()->text().isEmpty());
    EXPECT_FALSE(nav->view()->isVisible());
    nav->searchField()->clear();
    EXPECT_FALSE(nav->emptyLabel()->isVisible());
    EXPECT_TRUE(nav->view()->isVisible());
}

TEST(KeyboardAndFilters, EachKernelKeepsItsOwnFilters)
{
    QTemporaryDir root;
    for (const char* name : {"alpha", "beta"})
        test::writeKernelDir(root.path(), QString::fromLatin1(name));
    MainWindow w(MainWindow::Options{false});
    w.resize(1024, 700);
    w.show();
    w.openWorkspace(root.path());
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_GE(w.session().workspace()->kernels.size(), 2u);
    DivergenceNavigator* nav = w.navigator();
    w.session().select(0);
    ASSERT_TRUE(test::waitForLoad(w));
    nav->searchField()->setText(QStringLiteral("latency"));
    nav->severityBox()->setCurrentIndex(2);

    w.session().select(1);
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_TRUE(nav->searchField()->text().isEmpty()) << "not carried to the next kernel";
    EXPECT_EQ(nav->severityBox()->currentIndex(), 0);
    nav->ownerBox()->setCurrentIndex(1);

    w.session().select(0);
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_EQ(nav->searchField()->text(), QStringLiteral("latency")) << "kept for its kernel";
    EXPECT_EQ(nav->severityBox()->currentIndex(), 2);
    EXPECT_EQ(nav->ownerBox()->currentIndex(), 0);
    w.session().select(1);
    ASSERT_TRUE(test::waitForLoad(w));
    EXPECT_EQ(nav->ownerBox()->currentIndex(), 1);
}

TEST_F(SoftmaxKeys, CtrlTabCyclesThePanesAndTheFocusedEditorIsFramed)
{
    QApplication::setActiveWindow(window.get());
    QsciScintilla* refIr = window->pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* genIr = window->pane(SourceRole::GeneratedIr)->editor();
    refIr->setFocus();
    QTest::qWait(20);
    ASSERT_EQ(QApplication::focusWidget(), refIr);
    EXPECT_EQ(window->nextPaneAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Tab));
    QTest::keyClick(refIr, Qt::Key_Tab, Qt::ControlModifier);
    EXPECT_EQ(QApplication::focusWidget(), genIr);
    QTest::keyClick(genIr, Qt::Key_Tab, Qt::ControlModifier);
    EXPECT_EQ(QApplication::focusWidget(), window->navigator()->view());
    QTest::keyClick(window->navigator()->view(), Qt::Key_Backtab,
                    Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(QApplication::focusWidget(), genIr);

    // The focused editor carries a frame in the highlight colour; the other not.
    QTest::qWait(20);
    const QColor highlight = window->palette().color(QPalette::Highlight);
    const QImage focused = genIr->grab().toImage();
    const QImage other = refIr->grab().toImage();
    EXPECT_EQ(focused.pixelColor(0, focused.height() / 2).rgb(), highlight.rgb());
    EXPECT_NE(other.pixelColor(0, other.height() / 2).rgb(), highlight.rgb());
}

TEST_F(SoftmaxKeys, EveryPaneAndControlHasAnAccessibleName)
{
    QList<QWidget*> widgets;
    for (int i = 0; i < kSourceRoleCount; ++i)
        widgets << window->pane(static_cast<SourceRole>(i))->editor();
    widgets << window->kernelView() << window->diagnosticsList() << window->navigator()->view()
            << window->navigator()->searchField() << window->navigator()->severityBox()
            << window->navigator()->ownerBox() << window->navigator()->orderBox()
            << window->findBar()->field();
    for (QAbstractButton* b :
         window->findBar()->findChildren<QAbstractButton*>(Qt::FindDirectChildrenOnly))
        widgets << b;
    QStringList names;
    for (QWidget* w : widgets) {
        QAccessibleInterface* a = QAccessible::queryAccessibleInterface(w);
        ASSERT_NE(a, nullptr) << w->objectName().toStdString();
        const QString name = a->text(QAccessible::Name);
        EXPECT_FALSE(name.isEmpty()) << "no accessible name: " << w->metaObject()->className()
                                     << " " << w->objectName().toStdString();
        names << name;
    }
    // The four editors are told apart by name.
    EXPECT_EQ(QSet<QString>(names.begin(), names.begin() + 4).size(), 4);
}
