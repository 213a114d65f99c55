// The aligned IR panes beyond the basics (issue 6): folding a region folds the
// aligned region of the other pane; a divergence on reordered ops shows both
// lines even though the rows cannot line up.

#include "AlignedIrView.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>
#include <cstdlib>
#include <gtest/gtest.h>
#include <vector>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

long sci(QsciScintilla* e, unsigned int message, long w = 0)
{
    return e->SendScintilla(message, static_cast<unsigned long>(w));
}

long displayLine(QsciScintilla* e, int line0)
{
    return sci(e, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, line0);
}

// A click on the fold margin (margin 2) of \a line: QScintilla toggles the
// fold, the aligned view folds the other side.
void clickFoldMargin(QsciScintilla* e, int line0)
{
    Q_EMIT e->SCN_MARGINCLICK(
        static_cast<int>(sci(e, QsciScintillaBase::SCI_POSITIONFROMLINE, line0)), 0, 2);
}

// For a person to look at: TILELENS_TEST_SCREENSHOT_DIR=/some/dir.
void saveScreenshot(QWidget& window, const QString& name)
{
    const QString dir = qEnvironmentVariable("TILELENS_TEST_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        window.grab().save(QDir(dir).filePath(name));
}

bool isVisibleInView(QsciScintilla* e, int line0)
{
    const long display = displayLine(e, line0);
    const long first = sci(e, QsciScintillaBase::SCI_GETFIRSTVISIBLELINE);
    const long shown = sci(e, QsciScintillaBase::SCI_LINESONSCREEN);
    return sci(e, QsciScintillaBase::SCI_GETLINEVISIBLE, line0) && display >= first &&
           display < first + shown;
}

} // namespace

TEST(AlignedPanes, FoldingARegionFoldsTheAlignedRegionOfTheOtherPane)
{
    const QDir softmax(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    if (!softmax.exists())
        GTEST_SKIP() << "resources/examples/softmax is missing";
    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openWorkspace(softmax.absolutePath());
    ASSERT_TRUE(test::waitForLoad(w));
    QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
    for (QsciScintilla* e : {ref, gen})
        e->SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0UL, -1L); // fold levels everywhere

    // The first loop rows the differ matched.
    int refFor = -1, genFor = -1;
    for (const diff::FunctionDiff& f : w.session().diffResult()->functions)
        for (const diff::AlignedRow& row : f.rows)
            if (refFor < 0 && row.reference && row.generated && row.reference->op == "for") {
                refFor = row.reference->line - 1;
                genFor = row.generated->line - 1;
            }
    ASSERT_GE(refFor, 0);
    ASSERT_GE(genFor, 0);
    const int refLast = static_cast<int>(ref->SendScintilla(
        QsciScintillaBase::SCI_GETLASTCHILD, static_cast<unsigned long>(refFor), -1L));
    const int genLast = static_cast<int>(gen->SendScintilla(
        QsciScintillaBase::SCI_GETLASTCHILD, static_cast<unsigned long>(genFor), -1L));
    ASSERT_GT(refLast, refFor + 1);
    ASSERT_GT(genLast, genFor + 1);

    // A matched pair of rows after both loops that sits side by side.
    int refAfter = -1, genAfter = -1;
    for (const diff::FunctionDiff& f : w.session().diffResult()->functions)
        for (const diff::AlignedRow& row : f.rows)
            if (refAfter < 0 && row.reference && row.generated &&
                row.reference->line - 1 > refLast && row.generated->line - 1 > genLast &&
                displayLine(ref, row.reference->line - 1) ==
                    displayLine(gen, row.generated->line - 1)) {
                refAfter = row.reference->line - 1;
                genAfter = row.generated->line - 1;
            }
    ASSERT_GE(refAfter, 0);

    clickFoldMargin(ref, refFor);
    EXPECT_FALSE(sci(ref, QsciScintillaBase::SCI_GETFOLDEXPANDED, refFor));
    EXPECT_FALSE(sci(gen, QsciScintillaBase::SCI_GETFOLDEXPANDED, genFor))
        << "the generated pane's loop folds too";
    EXPECT_FALSE(sci(gen, QsciScintillaBase::SCI_GETLINEVISIBLE, genFor + 1));
    EXPECT_EQ(displayLine(ref, refAfter), displayLine(gen, genAfter))
        << "rows after the folded loops still sit side by side";
    saveScreenshot(w, QStringLiteral("aligned-folded.png"));

    clickFoldMargin(gen, genFor); // unfolding from the other side
    EXPECT_TRUE(sci(gen, QsciScintillaBase::SCI_GETFOLDEXPANDED, genFor));
    EXPECT_TRUE(sci(ref, QsciScintillaBase::SCI_GETFOLDEXPANDED, refFor));
    EXPECT_TRUE(sci(ref, QsciScintillaBase::SCI_GETLINEVISIBLE, refFor + 1));
    EXPECT_EQ(displayLine(ref, refAfter), displayLine(gen, genAfter));
}

namespace {

// A 300-op chain between two constants that trade places: %c is defined at
// the top of the reference and at the bottom of the generated IR, %d the
// other way round, each with another value. Two divergences whose lines are
// ~300 rows apart in opposite directions: a monotone row alignment can line
// up at most one of them.
QString reorderedIr(bool generated)
{
    QStringList l{QStringLiteral("cuda_tile.module @m {"),
                  QStringLiteral("  entry @k(%0: tile<ptr<f32>>, %1: tile<i32>) {"),
                  QStringLiteral("    %t = make_token : token")};
    const QString c = generated ? QStringLiteral("    %c = constant <i32: 8> : tile<i32>")
                                : QStringLiteral("    %c = constant <i32: 7> : tile<i32>");
    const QString d = generated ? QStringLiteral("    %d = constant <i32: 6> : tile<i32>")
                                : QStringLiteral("    %d = constant <i32: 5> : tile<i32>");
    // Padding on both sides, so either pane can scroll both ways.
    for (int i = 1; i <= 60; ++i) // two distinct chains: unambiguous matches
        l << QStringLiteral("    %b") + QString::number(i) + QStringLiteral(" = muli ") +
                 (i == 1 ? QStringLiteral("%1") : QStringLiteral("%b") + QString::number(i - 1)) +
                 QStringLiteral(", %1 : tile<i32>");
    l << (generated ? d : c);
    QString prev = QStringLiteral("%1");
    for (int i = 1; i <= 300; ++i) {
        const QString name = QStringLiteral("%a") + QString::number(i);
        l << QStringLiteral("    ") + name + QStringLiteral(" = addi ") + prev +
                 QStringLiteral(", %1 : tile<i32>");
        prev = name;
    }
    l << (generated ? c : d);
    for (int i = 1; i <= 60; ++i)
        l << QStringLiteral("    %e") + QString::number(i) + QStringLiteral(" = subi ") +
                 (i == 1 ? QStringLiteral("%1") : QStringLiteral("%e") + QString::number(i - 1)) +
                 QStringLiteral(", %1 : tile<i32>");
    // xori, not addi: the differ's normal form folds x + constant into an affine form and
    // reports a changed addend at the addi, not at the constant's own line.
    l << QStringLiteral("    %r = xori ") + prev + QStringLiteral(", %c : tile<i32>")
      << QStringLiteral("    %q = xori %r, %d : tile<i32>")
      << (generated ? QStringLiteral("    %v = constant <f32: 1.0> : tile<f32>") // lines up
                    : QStringLiteral("    %v = constant <f32: 0.0> : tile<f32>"))
      << QStringLiteral("    %p = offset %0, %q : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>")
      << QStringLiteral("    %s = store_ptr_tko weak %p, %v token=%t : tile<ptr<f32>>, "
                        "tile<f32> -> token")
      << QStringLiteral("    return") << QStringLiteral("  }") << QStringLiteral("}");
    return l.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool writeText(const QString& path, const QString& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.toUtf8()) > 0;
}

} // namespace

TEST(AlignedPanes, AReorderedOpGetsAnArrowBesideItsRowAndThePanesStayInStep)
{
    QTemporaryDir dir;
    const QString refPath = QDir(dir.path()).filePath(QStringLiteral("a_ref.mlir"));
    const QString genPath = QDir(dir.path()).filePath(QStringLiteral("b_gen.mlir"));
    ASSERT_TRUE(writeText(refPath, reorderedIr(false)));
    ASSERT_TRUE(writeText(genPath, reorderedIr(true)));
    MainWindow w(MainWindow::Options{false});
    w.resize(1600, 1000);
    w.show();
    w.openIrPair(refPath, genPath);
    ASSERT_TRUE(test::waitForLoad(w));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();

    std::vector<int> moved; // the two constants' divergences
    for (size_t i = 0; i < result->divergences.size(); ++i) {
        const diff::Divergence& d = result->divergences[i];
        if (d.reference && d.generated && std::abs(d.generated->line - d.reference->line) > 200)
            moved.push_back(static_cast<int>(i));
    }
    ASSERT_EQ(moved.size(), 2u) << "the differ reports both moved constants with both lines";

    int apart = -1; // the one whose rows cannot line up
    for (int index : moved) {
        const diff::Divergence& d = result->divergences[size_t(index)];
        w.session().selectDivergence(index);
        QTest::qWait(20);
        EXPECT_EQ(ref->firstVisibleLine(), gen->firstVisibleLine()) << d.id;
        EXPECT_TRUE(isVisibleInView(ref, d.reference->line - 1)) << d.id;
        int line = 0, column = 0;
        gen->getCursorPosition(&line, &column);
        EXPECT_EQ(line + 1, d.generated->line);
        ref->getCursorPosition(&line, &column);
        EXPECT_EQ(line + 1, d.reference->line);
        const long refRow = displayLine(ref, d.reference->line - 1);
        const long genRow = displayLine(gen, d.generated->line - 1);
        if (refRow == genRow)
            continue;
        apart = index;
        // The arrow sits in the generated pane on the selected row and points
        // to where the match is.
        const int beside =
            static_cast<int>(sci(gen, QsciScintillaBase::SCI_DOCLINEFROMVISIBLE, refRow) + 1);
        EXPECT_EQ(w.alignedView()->movedMarkerLines(Side::Generated, genRow < refRow),
                  std::vector<int>{beside});
        EXPECT_TRUE(w.alignedView()->movedMarkerLines(Side::Generated, genRow > refRow).empty());
    }
    ASSERT_GE(apart, 0) << "at least one could not line up";

    w.session().selectDivergence(apart);
    QTest::qWait(20);
    saveScreenshot(w, QStringLiteral("aligned-reordered.png"));
    // Scrolling keeps both panes on the same rows.
    const int refFirst = ref->firstVisibleLine();
    ref->setFirstVisibleLine(refFirst + 3);
    QTest::qWait(50);
    EXPECT_EQ(gen->firstVisibleLine(), refFirst + 3);

    // A divergence whose rows line up takes the arrow away.
    int inLine = -1;
    for (size_t i = 0; i < result->divergences.size(); ++i) {
        const diff::Divergence& d = result->divergences[i];
        if (d.reference && d.generated && std::abs(d.generated->line - d.reference->line) < 3)
            inLine = static_cast<int>(i);
    }
    ASSERT_GE(inLine, 0);
    w.session().selectDivergence(inLine);
    QTest::qWait(20);
    EXPECT_EQ(ref->firstVisibleLine(), gen->firstVisibleLine());
    for (bool above : {true, false})
        EXPECT_TRUE(w.alignedView()->movedMarkerLines(Side::Generated, above).empty());
}
