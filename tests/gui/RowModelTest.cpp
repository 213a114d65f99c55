// Issue 18, item 1: one row model. Both IR panes show the same aligned row at
// the same height after every scroll, fold, find, go-to-line, resize and
// reload; a reordered op gets an arrow beside the selected row instead of
// scrolling one pane out of step. Driven on the softmax example (the issue's
// repro: F8 to the reordered-op divergence, then scroll to the top) and on
// the real swiglu port pair (tests/data/gui, see ORIGIN.md there).

#include "AlignedIrView.h"
#include "FindBar.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"

#include <QAction>
#include <QDir>
#include <QLineEdit>
#include <QScrollBar>
#include <QTest>
#include <cstdlib>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

long sci(QsciScintilla* e, unsigned int message, long w = 0)
{
    return e->SendScintilla(message, static_cast<unsigned long>(w));
}

long displayLine(QsciScintilla* e, int line1)
{
    return sci(e, QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, line1 - 1);
}

bool onScreen(QsciScintilla* e, int line1)
{
    const long display = displayLine(e, line1);
    const long first = sci(e, QsciScintillaBase::SCI_GETFIRSTVISIBLELINE);
    return display >= first && display < first + sci(e, QsciScintillaBase::SCI_LINESONSCREEN);
}

// Same first row on both sides, and every matched forward row side by side.
testing::AssertionResult inStep(MainWindow& w, const char* after)
{
    QTest::qWait(30); // Scintilla reports some scrolling on its next update
    QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
    const long refFirst = sci(ref, QsciScintillaBase::SCI_GETFIRSTVISIBLELINE);
    const long genFirst = sci(gen, QsciScintillaBase::SCI_GETFIRSTVISIBLELINE);
    if (refFirst != genFirst)
        return testing::AssertionFailure() << "after " << after << ": reference shows row "
                                           << refFirst << " on top, generated row " << genFirst;
    for (const auto& [r, g] : test::forwardMatchedLines(*w.session().diffResult())) {
        const bool refShown = sci(ref, QsciScintillaBase::SCI_GETLINEVISIBLE, r - 1) != 0;
        const bool genShown = sci(gen, QsciScintillaBase::SCI_GETLINEVISIBLE, g - 1) != 0;
        if (refShown != genShown)
            return testing::AssertionFailure()
                   << "after " << after << ": reference line " << r
                   << " and its match generated line " << g << " are not folded alike";
        if (refShown && displayLine(ref, r) != displayLine(gen, g))
            return testing::AssertionFailure()
                   << "after " << after << ": reference line " << r << " is on row "
                   << displayLine(ref, r) << ", its match generated line " << g << " on row "
                   << displayLine(gen, g);
    }
    return testing::AssertionSuccess();
}

int divergenceAt(const diff::DiffResult& result, int refLine, int genLine)
{
    for (size_t i = 0; i < result.divergences.size(); ++i) {
        const diff::Divergence& d = result.divergences[i];
        if (d.reference && d.generated && d.reference->line == refLine &&
            d.generated->line == genLine)
            return static_cast<int>(i);
    }
    // The differ may group or re-site a finding (issue 13's normal form): then take the
    // two-sided divergence whose lines lie furthest apart, the hardest case for one row model.
    int best = -1, bestGap = -1;
    for (size_t i = 0; i < result.divergences.size(); ++i) {
        const diff::Divergence& d = result.divergences[i];
        if (d.reference && d.generated &&
            std::abs(d.reference->line - d.generated->line) > bestGap) {
            bestGap = std::abs(d.reference->line - d.generated->line);
            best = static_cast<int>(i);
        }
    }
    return best;
}

// Both lines of a two-sided divergence are on one row, else the generated
// pane carries one arrow beside the row, pointing to its line.
testing::AssertionResult pairShown(MainWindow& w, const diff::Divergence& d)
{
    if (!d.reference || !d.generated)
        return testing::AssertionSuccess();
    QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
    const long refRow = displayLine(ref, d.reference->line);
    const long genRow = displayLine(gen, d.generated->line);
    const AlignedIrView* view = w.alignedView();
    if (!onScreen(ref, d.reference->line))
        return testing::AssertionFailure() << d.id << ": the reference line is off screen";
    const auto up = view->movedMarkerLines(Side::Generated, true);
    const auto down = view->movedMarkerLines(Side::Generated, false);
    if (refRow == genRow) {
        if (!up.empty() || !down.empty())
            return testing::AssertionFailure() << d.id << ": an arrow on a pair that lines up";
        return testing::AssertionSuccess();
    }
    const int beside =
        static_cast<int>(sci(gen, QsciScintillaBase::SCI_DOCLINEFROMVISIBLE, refRow)) + 1;
    if ((genRow < refRow ? up : down) != std::vector<int>{beside} ||
        !(genRow < refRow ? down : up).empty())
        return testing::AssertionFailure()
               << d.id << ": reordered (rows " << refRow << " / " << genRow
               << ") but no single arrow beside the row at generated line " << beside;
    return testing::AssertionSuccess();
}

QAction* actionWithShortcut(QWidget& w, const QKeySequence& keys)
{
    for (QAction* a : w.findChildren<QAction*>())
        if (a->shortcut() == keys)
            return a;
    return nullptr;
}

} // namespace

TEST(RowModel, TheIssueReproKeepsRowsInStepThroughScrollFindGoToFoldResizeAndReload)
{
    const QDir softmax(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    ASSERT_TRUE(softmax.exists()) << "resources/examples/softmax is part of the repository";
    MainWindow w(MainWindow::Options{false});
    w.resize(1024, 700);
    w.show();
    w.openWorkspace(softmax.absolutePath());
    ASSERT_TRUE(test::waitForLoad(w));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
    ASSERT_TRUE(inStep(w, "opening"));

    // F8 until the reordered make_partition_view (reference 36 / generated 29).
    const int reordered = divergenceAt(*result, 36, 29);
    ASSERT_GE(reordered, 0);
    const int refLine = result->divergences[size_t(reordered)].reference->line;
    const int genLine = result->divergences[size_t(reordered)].generated->line;
    for (size_t i = 0;
         i < result->divergences.size() && w.session().currentDivergence() != reordered; ++i) {
        w.nextDivergenceAction()->trigger();
        ASSERT_TRUE(inStep(w, "F8"));
    }
    ASSERT_EQ(w.session().currentDivergence(), reordered);
    EXPECT_TRUE(onScreen(ref, refLine));
    int line = 0, column = 0;
    gen->getCursorPosition(&line, &column);
    EXPECT_EQ(line + 1, genLine) << "the generated caret is on the reordered op";
    EXPECT_TRUE(pairShown(w, result->divergences[size_t(reordered)]));

    ref->setFirstVisibleLine(0); // "then scroll either IR pane to the top"
    ASSERT_TRUE(inStep(w, "scrolling the reference pane to the top"));
    EXPECT_EQ(gen->firstVisibleLine(), 0);
    gen->verticalScrollBar()->setValue(12);
    ASSERT_TRUE(inStep(w, "dragging the generated scroll bar"));
    gen->setFocus();
    QTest::keyClick(gen, Qt::Key_End, Qt::ControlModifier);
    ASSERT_TRUE(inStep(w, "Ctrl+End in the generated pane"));
    QTest::keyClick(gen, Qt::Key_Home, Qt::ControlModifier);
    ASSERT_TRUE(inStep(w, "Ctrl+Home in the generated pane"));

    w.findBar()->open(gen);
    w.findBar()->field()->setText(QStringLiteral("store_view_tko"));
    ASSERT_TRUE(w.findBar()->find(true));
    ASSERT_TRUE(inStep(w, "find in the generated pane"));

    ref->setFocus();
    QTest::qWait(10);
    w.goToLine(ref->lines() - 2);
    ASSERT_TRUE(inStep(w, "go to line in the reference pane"));

    // Fold the first loop of the reference from its fold margin.
    for (QsciScintilla* e : {ref, gen})
        e->SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0UL, -1L);
    int refFor = -1;
    for (const diff::FunctionDiff& f : result->functions)
        for (const diff::AlignedRow& row : f.rows)
            if (refFor < 0 && row.reference && row.generated && row.reference->op == "for")
                refFor = row.reference->line;
    ASSERT_GT(refFor, 0);
    Q_EMIT ref->SCN_MARGINCLICK(
        static_cast<int>(sci(ref, QsciScintillaBase::SCI_POSITIONFROMLINE, refFor - 1)), 0, 2);
    ASSERT_TRUE(inStep(w, "folding the loop"));
    ref->setFirstVisibleLine(3);
    ASSERT_TRUE(inStep(w, "scrolling with the loop folded"));

    w.resize(1600, 1000);
    ASSERT_TRUE(inStep(w, "resizing to 1600x1000"));
    w.resize(1024, 700);
    ASSERT_TRUE(inStep(w, "resizing back to 1024x700"));

    QAction* reload = actionWithShortcut(w, QKeySequence::Refresh);
    ASSERT_NE(reload, nullptr);
    reload->trigger();
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_TRUE(inStep(w, "reloading"));
    gen->setFirstVisibleLine(20);
    ASSERT_TRUE(inStep(w, "scrolling after the reload"));
}

TEST(RowModel, TheRealSwigluPortKeepsTheSelectedPairOnOneRow)
{
    const QDir data(QDir(test::testDataDir()).filePath(QStringLiteral("gui")));
    MainWindow w(MainWindow::Options{false});
    w.resize(1024, 700);
    w.show();
    w.openIrPair(data.filePath(QStringLiteral("swiglu_fwd_2x512x4096_bf16.reference.mlir")),
                 data.filePath(QStringLiteral("swiglu_fwd_2x512x4096_bf16.generated.mlir")));
    ASSERT_TRUE(test::waitForLoad(w));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
    ASSERT_TRUE(inStep(w, "opening"));

    // The issue's pair: reference 53 / generated 69 (a changed constant).
    const int pair = divergenceAt(*result, 53, 69);
    ASSERT_GE(pair, 0);
    const int refLine = result->divergences[size_t(pair)].reference->line;
    const int genLine = result->divergences[size_t(pair)].generated->line;
    w.session().selectDivergence(pair);
    ASSERT_TRUE(inStep(w, "selecting reference 53 / generated 69"));
    EXPECT_EQ(displayLine(ref, refLine), displayLine(gen, genLine))
        << "the selected pair shares one row";
    EXPECT_TRUE(onScreen(ref, refLine));
    EXPECT_TRUE(onScreen(gen, genLine));

    // Every divergence in turn, then a scroll of the other pane.
    for (size_t i = 0; i < result->divergences.size(); ++i) {
        w.session().selectDivergence(static_cast<int>(i));
        ASSERT_TRUE(inStep(w, result->divergences[i].id.c_str()));
        EXPECT_TRUE(pairShown(w, result->divergences[i]));
    }
    gen->setFirstVisibleLine(0);
    ASSERT_TRUE(inStep(w, "scrolling the generated pane to the top"));
    EXPECT_EQ(ref->firstVisibleLine(), 0);
}
