// The Launch ABI dock beside the Python and Rust panes: selecting a landed port of the TileGym
// copy (tests/data/abi/tilegym) lists its launch chain's findings with their places, and
// activating one shows its line in the pane that holds the file.

#include "AbiFindingsView.h"
#include "Application.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"
#include "workspace/AbiCheck.h"
#include "workspace/AbiMessages.h"

#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QTranslator>
#include <QTreeView>
#include <QTreeWidget>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

QModelIndex variantIndex(const MainWindow& w, const char* kernel, const char* entry)
{
    const QAbstractItemModel* model = w.kernelView()->model();
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex k = model->index(r, 0);
        if (k.data().toString() != QLatin1String(kernel))
            continue;
        if (model->rowCount(k) == 0)
            return k; // one variant: the kernel's own row
        for (int v = 0; v < model->rowCount(k); ++v)
            if (model->index(v, 0, k).data().toString().contains(QLatin1String(entry)))
                return model->index(v, 0, k);
    }
    return {};
}

bool waitFor(QSignalSpy& spy)
{
    for (int i = 0; i < 2000 && spy.isEmpty(); ++i)
        QTest::qWait(10);
    return !spy.isEmpty();
}

} // namespace

TEST(AbiFindings, ThePortsFindingsShowBesideThePanesAndLeadToTheirLines)
{
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(test::testDataDir() + QStringLiteral("/abi/tilegym"));
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_NE(w.abiDock(), nullptr);
    AbiFindingsView* view = w.abiFindings();
    QSignalSpy updated(view, &AbiFindingsView::updated);

    const QModelIndex persistent = variantIndex(w, "bmm", "static_persistent_bmm_kernel");
    ASSERT_TRUE(persistent.isValid());
    w.kernelView()->setCurrentIndex(persistent);
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_TRUE(waitFor(updated));
    QTreeWidget* tree = view->tree();
    QTreeWidgetItem* unchecked = nullptr;
    int copies = 0;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = tree->topLevelItem(i);
        if (item->text(1) == QLatin1String("abi-unchecked"))
            unchecked = item;
        if (item->text(1) == QLatin1String("abi-copy")) {
            ++copies;
            EXPECT_EQ(item->text(0), QStringLiteral("warn"));
        }
    }
    EXPECT_EQ(copies, 2);
    ASSERT_NE(unchecked, nullptr);
    EXPECT_EQ(unchecked->text(0), QStringLiteral("note"));
    EXPECT_EQ(unchecked->text(2), QStringLiteral("kernel.rs:20"));
    EXPECT_TRUE(unchecked->text(3).contains(QStringLiteral("unchecked_accesses = true")));
    EXPECT_TRUE(view->summary()->text().contains(QStringLiteral("3 ABI finding")))
        << view->summary()->text().toStdString();

    // kernel.rs is in the Rust pane: activating the note puts its caret on line 20.
    Q_EMIT tree->itemActivated(unchecked, 0);
    int line = -1, col = -1;
    w.pane(SourceRole::GeneratedRust)->editor()->getCursorPosition(&line, &col);
    EXPECT_EQ(line + 1, 20);

    // Another port replaces the list: silu_and_mul has no finding.
    updated.clear();
    const QModelIndex silu = variantIndex(w, "silu_and_mul", "silu_and_mul_kernel");
    ASSERT_TRUE(silu.isValid());
    w.kernelView()->setCurrentIndex(silu);
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_TRUE(waitFor(updated));
    EXPECT_EQ(tree->topLevelItemCount(), 0);
    EXPECT_TRUE(view->summary()->text().contains(QStringLiteral("0 ABI finding")))
        << view->summary()->text().toStdString();
}

// The findings' messages are translated at display from their template and values; the CLI
// keeps the English text (AbiFinding::message).
TEST(AbiFindings, MessagesAreTranslatedInTheGuiEnglishInTheCore)
{
    ws::AbiFinding f;
    f.rule = "abi-unchecked";
    f.severity = "note";
    f.messageTemplate = ws::abimsg::kUnchecked;
    f.args = {"static_persistent_bmm_kernel"};
    f.message = QString::fromUtf8(ws::abimsg::kUnchecked)
                    .arg(QStringLiteral("static_persistent_bmm_kernel"))
                    .toStdString();
    EXPECT_EQ(AbiFindingsView::messageText(f).toStdString(), f.message);
    ASSERT_TRUE(gui::installTranslations(*QCoreApplication::instance(),
                                         QLocale(QLocale::German, QLocale::Germany)));
    const QString german = AbiFindingsView::messageText(f);
    EXPECT_TRUE(german.startsWith(
        QStringLiteral("unchecked_accesses = true: static_persistent_bmm_kernel läuft ohne")))
        << german.toStdString();
    for (QTranslator* t : QCoreApplication::instance()->findChildren<QTranslator*>()) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
}
