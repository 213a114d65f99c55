// Issue 31 item 4 in the GUI: File > "Compare Two IR Files…" opens the two-file mode that
// `tilelens REF GEN` has, and File > "Attach IR…" makes the inspector compare existing IR files
// for the selected port, remembered in the workspace's .tilelens/. The file dialogs' answers
// come through IrFileActions' picker seam, not a modal dialog.

#include "GuiTestSupport.h"
#include "InspectorSession.h"
#include "IrFileActions.h"
#include "MainWindow.h"
#include "TestPaths.h"
#include "workspace/Workspace.h"

#include <QAction>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

QString realPort(const QString& file)
{
    return QDir(test::testDataDir())
        .filePath(QStringLiteral("real-ports/swiglu_fwd_2x512x4096_bf16/") + file);
}

// Answers the file dialogs in order, and records their titles.
void answerWith(MainWindow& w, const QStringList& answers, QStringList* titles)
{
    auto* actions = w.findChild<IrFileActions*>();
    ASSERT_NE(actions, nullptr);
    auto queue = std::make_shared<QStringList>(answers);
    actions->setPicker([queue, titles](const QString& title, const QString&) {
        titles->append(title);
        return queue->isEmpty() ? QString() : queue->takeFirst();
    });
}

bool waitUntil(const std::function<bool()>& done, int timeoutMs = 60000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!done() && !deadline.hasExpired())
        QTest::qWait(10);
    return done();
}

} // namespace

TEST(IrFiles, CompareTwoIrFilesOpensTheTwoFileMode)
{
    MainWindow w(MainWindow::Options{false});
    w.resize(1200, 800);
    w.show();
    auto* compare = w.findChild<QAction*>(QStringLiteral("compareTwoIrFilesAction"));
    ASSERT_NE(compare, nullptr) << "File > Compare Two IR Files… is missing";
    QStringList titles;
    answerWith(
        w, {realPort(QStringLiteral("reference.mlir")), realPort(QStringLiteral("generated.mlir"))},
        &titles);
    compare->trigger();
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_TRUE(waitUntil([&] { return w.session().diffResult() != nullptr; }));
    ASSERT_NE(w.session().currentVariant(), nullptr);
    EXPECT_EQ(w.session().currentVariant()->referenceIr,
              realPort(QStringLiteral("reference.mlir")));
    EXPECT_EQ(w.session().currentVariant()->generatedIr,
              realPort(QStringLiteral("generated.mlir")));
    EXPECT_FALSE(w.session().diffResult()->divergences.empty());
    ASSERT_EQ(titles.size(), 2);
    EXPECT_TRUE(titles[0].contains(QLatin1String("Reference")));
    EXPECT_TRUE(titles[1].contains(QLatin1String("Generated")));

    // Cancelling the second dialog leaves the comparison as it was.
    answerWith(w, {realPort(QStringLiteral("generated.mlir"))}, &titles);
    compare->trigger();
    EXPECT_EQ(w.session().currentVariant()->referenceIr,
              realPort(QStringLiteral("reference.mlir")));
}

TEST(IrFiles, AttachIrMakesTheInspectorCompareThemAndIsRemembered)
{
    QTemporaryDir tmp;
    test::KernelFiles files;
    files.referenceIr = false;
    files.generatedIr = false;
    test::writeKernelDir(tmp.path(), QStringLiteral("swiglu"), files);
    const QString reference = realPort(QStringLiteral("reference.mlir"));
    const QString generated = realPort(QStringLiteral("generated.mlir"));
    {
        MainWindow w(MainWindow::Options{false});
        w.resize(1200, 800);
        w.show();
        w.openWorkspace(tmp.path());
        ASSERT_TRUE(test::waitForLoad(w));
        if (!w.session().currentVariant())
            w.session().select(0, 0);
        ASSERT_NE(w.session().currentVariant(), nullptr);
        EXPECT_TRUE(w.session().currentVariant()->referenceIr.isEmpty());
        EXPECT_EQ(w.session().diffResult(), nullptr);

        auto* attach = w.findChild<QAction*>(QStringLiteral("attachIrAction"));
        ASSERT_NE(attach, nullptr) << "File > Attach IR… is missing";
        QStringList titles;
        answerWith(w, {reference, generated}, &titles);
        attach->trigger();
        ASSERT_TRUE(waitUntil([&] {
            const ws::Variant* v = w.session().currentVariant();
            return v && v->referenceIr == reference && w.session().diffResult() != nullptr;
        }));
        EXPECT_EQ(w.session().currentVariant()->generatedIr, generated);
        EXPECT_FALSE(w.session().diffResult()->divergences.empty());
        ASSERT_EQ(titles.size(), 2);
        EXPECT_TRUE(titles[0].contains(QLatin1String("swiglu")));
        EXPECT_TRUE(QFileInfo::exists(tmp.filePath(QStringLiteral(".tilelens/attached-ir.json"))));
    }
    // Remembered: the workspace opened again compares the attached files.
    const ws::Workspace again = ws::discoverWorkspace(tmp.path());
    ASSERT_EQ(again.kernels.size(), 1u);
    EXPECT_EQ(again.kernels[0].variants[0].referenceIr, reference);
    EXPECT_EQ(again.kernels[0].variants[0].generatedIr, generated);
}
