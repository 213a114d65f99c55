// Issue 31 item 3, the binding dialog: Diff > CPU Run Binding… opens a dialog with the binding
// in use (given, derived from the launch chain or guessed, saying which and why) as editable
// text that the core's reader checks as it is typed; Run (or a picked file) reruns "Run Both on
// CPU" with it at once, and the pair keeps it. Real pairs: attention_sink and silu_and_mul
// (tests/data/real-ports), runs kept small.

#include "BindingDialog.h"
#include "CpuRunFixture.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>

using namespace tilelens;
using namespace tilelens::gui;
using namespace tilelens::test::cpurun;

// Without a launch chain the dialog shows the guess a run makes, says it is one and why, and
// checks the text as it is typed: a problem at its line and column, Run disabled meanwhile.
TEST(CpuRunBinding, TheDialogShowsTheGuessedBindingAndChecksTheTextAsItIsTyped)
{
    Window win;
    ASSERT_TRUE(win.openAlone(kAttentionSink));
    BindingDialog* dialog = win.insight->editBinding();
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->isVisible());
    const QString origin = dialog->originLabel()->text();
    EXPECT_TRUE(origin.startsWith(QStringLiteral("In use: Guessed: "))) << origin.toStdString();
    EXPECT_TRUE(origin.contains(QStringLiteral("No launch chain to derive the binding from: ")))
        << origin.toStdString();
    EXPECT_TRUE(origin.contains(QStringLiteral(
        "a guessed binding (parameters by position from the reference's mangled entry name; "
        "S = 16")))
        << origin.toStdString();
    const QString text = dialog->editor()->toPlainText();
    EXPECT_TRUE(text.contains(QStringLiteral("\"schema\": \"tilelens.eval-binding/1\"")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("\"S\": [16"))) << text.toStdString();
    EXPECT_TRUE(dialog->problem().isEmpty()) << dialog->problem().toStdString();
    EXPECT_TRUE(dialog->runButton()->isEnabled());
    EXPECT_TRUE(dialog->statusLabel()->text().startsWith(QStringLiteral("Valid.")))
        << dialog->statusLabel()->text().toStdString();
    EXPECT_TRUE(dialog->findChild<QLabel*>(QStringLiteral("bindingHelp"))
                    ->text()
                    .contains(QStringLiteral("one entry per kernel parameter")));
    keepShot(*dialog, QStringLiteral("cpu-run-binding-dialog-guessed.png"));

    // A typo in the third line: the reader's message, placed, and no Run.
    QString broken = text;
    const int third = int(broken.indexOf(QLatin1Char('\n'), broken.indexOf(QLatin1Char('\n')) + 1));
    broken.insert(third, QStringLiteral(" oops"));
    dialog->editor()->setPlainText(broken);
    EXPECT_TRUE(dialog->problem().startsWith(QStringLiteral("2:")))
        << dialog->problem().toStdString();
    EXPECT_FALSE(dialog->runButton()->isEnabled());
    EXPECT_TRUE(dialog->statusLabel()->text().contains(dialog->problem()));
    EXPECT_EQ(dialog->editor()->extraSelections().size(), 1);
    keepShot(*dialog, QStringLiteral("cpu-run-binding-dialog-invalid.png"));

    // Valid JSON whose parameters do not fit the entries: placed at ref.params.
    QString misfit = text;
    misfit.replace(QRegularExpression(QStringLiteral("\"ref\": \\{\"params\": \\[[^]]*\\]")),
                   QStringLiteral("\"ref\": {\"params\": []"));
    dialog->editor()->setPlainText(misfit);
    EXPECT_TRUE(dialog->problem().contains(QStringLiteral("ref.params: expands to 0 parameters")))
        << dialog->problem().toStdString();
    EXPECT_FALSE(dialog->runButton()->isEnabled());
    dialog->reject();
}

// Run reruns at once with the edited binding; the pair keeps it (across another pair shown in
// between), and the dialog shows it as given next time. A picked file runs at once too.
TEST(CpuRunBinding, RunRerunsWithTheEditedBindingAndThePairKeepsIt)
{
    Window win;
    ASSERT_TRUE(win.openReal(kSiluAndMul));
    EXPECT_FALSE(win.eval->hasBinding());
    BindingDialog* dialog = win.insight->editBinding();
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->originLabel()->text().contains(
        QStringLiteral("Derived, since no binding is given for this pair: the binding derived "
                       "from the port's launch chain (")))
        << dialog->originLabel()->text().toStdString();
    EXPECT_TRUE(dialog->problem().isEmpty()) << dialog->problem().toStdString();
    keepShot(*dialog, QStringLiteral("cpu-run-binding-dialog-derived.png"));

    dialog->editor()->setPlainText(smallSiluBinding());
    ASSERT_TRUE(dialog->runButton()->isEnabled()) << dialog->problem().toStdString();
    QSignalSpy started(win.eval, &EvalAction::started);
    QSignalSpy finished(win.eval, &EvalAction::finished);
    QTest::mouseClick(dialog->runButton(), Qt::LeftButton);
    EXPECT_EQ(started.size(), 1) << "Run starts the CPU run at once";
    ASSERT_TRUE(waitUntil([&] { return !finished.isEmpty(); }));
    auto check = win.eval->result();
    ASSERT_NE(check, nullptr);
    EXPECT_EQ(check->eval.verdict, "different") << check->summary;
    EXPECT_EQ(check->bindingText, "the given binding (H = 1024; R = 16)");
    EXPECT_EQ(win.eval->bindingText(), smallSiluBinding());

    // Another pair has its own binding; back on this one, the binding is still given.
    win.w.openIrPair(realPair(kAttentionSink, QStringLiteral("reference.mlir")),
                     realPair(kAttentionSink, QStringLiteral("generated.mlir")));
    ASSERT_TRUE(test::waitForLoad(win.w));
    EXPECT_FALSE(win.eval->hasBinding());
    win.w.openIrPair(realPair(kSiluAndMul, QStringLiteral("reference.mlir")),
                     realPair(kSiluAndMul, QStringLiteral("generated.mlir")));
    ASSERT_TRUE(test::waitForLoad(win.w));
    EXPECT_EQ(win.eval->bindingText(), smallSiluBinding());
    dialog = win.insight->editBinding();
    ASSERT_NE(dialog, nullptr);
    EXPECT_EQ(dialog->originLabel()->text(),
              QStringLiteral("In use: Given: edited in this dialog."));
    EXPECT_EQ(dialog->editor()->toPlainText(), smallSiluBinding());

    // Load File…: a valid file runs at once, and its messages would name it.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("silu.binding.json"));
    QFile out(file);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(smallSiluBinding().replace(QStringLiteral("[16]"), QStringLiteral("[8]")).toUtf8());
    out.close();
    finished.clear();
    started.clear();
    dialog->loadFile(file);
    EXPECT_EQ(started.size(), 1) << "a picked file runs at once";
    ASSERT_TRUE(waitUntil([&] { return !finished.isEmpty(); }));
    check = win.eval->result();
    ASSERT_NE(check, nullptr);
    EXPECT_EQ(check->bindingText, "the given binding (H = 1024; R = 8)");
    EXPECT_EQ(win.eval->bindingFile(), file);
}

// Without a launch chain or a guess (silu_and_mul's entries have 10 and 5 parameters), the
// dialog says why it has nothing to start from, in the GUI's words, and offers a skeleton.
TEST(CpuRunBinding, WithNothingToStartFromTheDialogSaysWhyInTheGuisWords)
{
    Window win;
    ASSERT_TRUE(win.openAlone(kSiluAndMul));
    BindingDialog* dialog = win.insight->editBinding();
    ASSERT_NE(dialog, nullptr);
    const QString origin = dialog->originLabel()->text();
    EXPECT_TRUE(origin.contains(QStringLiteral("No binding: none can be guessed (")))
        << origin.toStdString();
    EXPECT_TRUE(origin.contains(QStringLiteral("give a binding file (with Diff > CPU Run "
                                               "Binding\u2026)")))
        << origin.toStdString();
    EXPECT_FALSE(origin.contains(QStringLiteral("--binding"))) << origin.toStdString();
    EXPECT_FALSE(dialog->runButton()->isEnabled());
    dialog->reject();
    EXPECT_TRUE(dialog->problem().contains(QStringLiteral("ref.params: expands to 0 parameters")))
        << dialog->problem().toStdString();
    dialog->reject();
}
