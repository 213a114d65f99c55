// The inspector on the softmax example: the diff arrives from the worker,
// F8 walks every divergence and puts both IR carets on its lines, matched
// ops sit on the same display row, a Python line highlights its IR ops,
// "Hide noise" hides noise rows, and the tooltip names the rule.

#include "AlignedIrView.h"
#include "DivergenceFilterModel.h"
#include "DivergenceNavigator.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "OverviewRuler.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"
#include "pair/PairQueries.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

class SoftmaxWindow : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const QDir softmax(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
        if (!softmax.exists())
            GTEST_SKIP() << "resources/examples/softmax is missing";
        window = std::make_unique<MainWindow>(MainWindow::Options{false});
        window->resize(1600, 1000);
        window->show();
        window->openWorkspace(softmax.absolutePath());
        ASSERT_TRUE(test::waitForLoad(*window));
        result = window->session().diffResult();
        ASSERT_NE(result, nullptr);
        ASSERT_FALSE(result->divergences.empty());
    }

    int caretLine(SourceRole role) const
    {
        int line = 0, index = 0;
        window->pane(role)->editor()->getCursorPosition(&line, &index);
        return line + 1;
    }

    long displayLine(SourceRole role, int line) const
    {
        return window->pane(role)->editor()->SendScintilla(
            QsciScintillaBase::SCI_VISIBLEFROMDOCLINE, static_cast<unsigned long>(line - 1));
    }

    std::unique_ptr<MainWindow> window;
    const diff::DiffResult* result = nullptr;
};

} // namespace

TEST_F(SoftmaxWindow, VerdictAndCountsAreShownAndColoured)
{
    const QString verdict = QString::fromLatin1(diff::verdictName(result->verdict));
    EXPECT_TRUE(window->verdictLabel()->text().contains(verdict));
    EXPECT_TRUE(window->navigator()->headerLabel()->text().contains(verdict));
    EXPECT_TRUE(window->verdictLabel()->text().contains(QStringLiteral("color:")));
    EXPECT_EQ(window->navigator()->view()->model()->rowCount(),
              static_cast<int>(result->divergences.size()));
    EXPECT_EQ(window->overviewRuler()->ticks().size(), result->divergences.size());
}

TEST_F(SoftmaxWindow, F8StepsThroughEveryDivergenceAndPutsBothCaretsOnItsLines)
{
    EXPECT_EQ(window->nextDivergenceAction()->shortcut(), QKeySequence(Qt::Key_F8));
    EXPECT_EQ(window->previousDivergenceAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F8));
    window->navigator()->orderBox()->setCurrentIndex(1); // file order: the report's
    for (size_t i = 0; i < result->divergences.size(); ++i) {
        window->nextDivergenceAction()->trigger();
        ASSERT_EQ(window->session().currentDivergence(), static_cast<int>(i));
        const diff::Divergence& d = result->divergences[i];
        if (d.reference && d.reference->line > 0) {
            EXPECT_EQ(caretLine(SourceRole::ReferenceIr), d.reference->line) << d.id;
        }
        if (d.generated && d.generated->line > 0) {
            EXPECT_EQ(caretLine(SourceRole::GeneratedIr), d.generated->line) << d.id;
        }
        // The navigator's current row follows.
        const QModelIndex current = window->navigator()->view()->currentIndex();
        EXPECT_EQ(window->navigator()->filter()->divergenceAt(current.row()), static_cast<int>(i));
        // The Python kernel function (no loc() in the example) is highlighted.
        EXPECT_FALSE(window->linkedSourceLines(SourceRole::ReferencePython).empty());
        EXPECT_EQ(window->linkedSourceLines(SourceRole::GeneratedRust).size(), 1u);
    }
    window->nextDivergenceAction()->trigger(); // wraps around
    EXPECT_EQ(window->session().currentDivergence(), 0);
    window->previousDivergenceAction()->trigger();
    EXPECT_EQ(window->session().currentDivergence(),
              static_cast<int>(result->divergences.size()) - 1);
}

TEST_F(SoftmaxWindow, MatchedOpsSitOnTheSameDisplayRow)
{
    const auto& phantoms = window->alignedView()->phantomLines(Side::Reference);
    const auto& genPhantoms = window->alignedView()->phantomLines(Side::Generated);
    EXPECT_FALSE(phantoms.empty() && genPhantoms.empty()) << "the example's sides differ in length";
    const auto matched = test::forwardMatchedLines(*result);
    for (const auto& [refLine, genLine] : matched)
        EXPECT_EQ(displayLine(SourceRole::ReferenceIr, refLine),
                  displayLine(SourceRole::GeneratedIr, genLine))
            << "ref line " << refLine << " gen line " << genLine;
    EXPECT_GT(matched.size(), 10u);

    // Scrolling one side scrolls the other to the same display row.
    QsciScintilla* ref = window->pane(SourceRole::ReferenceIr)->editor();
    QsciScintilla* gen = window->pane(SourceRole::GeneratedIr)->editor();
    ref->setFirstVisibleLine(5);
    QTest::qWait(50); // Scintilla notifies scrolling when it repaints
    ASSERT_GT(ref->firstVisibleLine(), 0) << "the pane shows every line: nothing to scroll";
    EXPECT_EQ(gen->firstVisibleLine(), ref->firstVisibleLine());
    gen->setFirstVisibleLine(2);
    QTest::qWait(50);
    EXPECT_EQ(ref->firstVisibleLine(), gen->firstVisibleLine());
}

TEST_F(SoftmaxWindow, APythonLineHighlightsTheOpsItProduced)
{
    const ws::Variant* variant = window->session().currentVariant();
    ASSERT_NE(variant, nullptr);
    ASSERT_GT(variant->pythonFirstLine, 0);
    const auto snapshot = window->session().diff();
    ASSERT_TRUE(snapshot->sides.reference().links.empty())
        << "the example IR has loc(); test the loc path";
    // No loc(): a line inside the kernel function stands for all its ops.
    // A click on the line after the `def` line.
    QsciScintilla* python = window->pane(SourceRole::ReferencePython)->editor();
    python->setFirstVisibleLine(variant->pythonFirstLine - 1);
    const long pos = python->positionFromLineIndex(variant->pythonFirstLine, 2);
    const QPoint at(static_cast<int>(
                        python->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL, pos)),
                    static_cast<int>(python->SendScintilla(
                        QsciScintillaBase::SCI_POINTYFROMPOSITION, 0UL, pos)) +
                        3);
    QTest::mouseClick(python->viewport(), Qt::LeftButton, {}, at);
    QTest::qWait(20);
    int line = 0, index = 0;
    python->getCursorPosition(&line, &index);
    EXPECT_EQ(line, variant->pythonFirstLine);
    for (Side s : kBothSides) {
        std::vector<int> expected;
        for (FileLine l : pair::opLines(*snapshot->result, s))
            expected.push_back(l.number());
        EXPECT_EQ(window->alignedView()->highlightedLines(s), expected);
    }
    // A line outside the function highlights nothing.
    window->linkSourceLine(SourceRole::ReferencePython, FileLine(1));
    EXPECT_TRUE(window->alignedView()->highlightedLines(Side::Reference).empty());
    EXPECT_TRUE(window->alignedView()->highlightedLines(Side::Generated).empty());
}

TEST_F(SoftmaxWindow, HideNoiseHidesNoiseRowsAndMarkers)
{
    const auto noise = std::count_if(
        result->divergences.begin(), result->divergences.end(),
        [](const diff::Divergence& d) { return d.severity == diff::Severity::Noise; });
    QAbstractItemModel* table = window->navigator()->view()->model();
    const int all = table->rowCount();
    // Markers and ruler ticks are redrawn in time slices: a slow (sanitizer)
    // build needs more than one event-loop turn for them.
    QSignalSpy redecorated(window->alignedView(), &AlignedIrView::decorated);
    window->hideNoiseAction()->setChecked(true);
    EXPECT_EQ(table->rowCount(), all - static_cast<int>(noise));
    ASSERT_TRUE(!redecorated.isEmpty() || redecorated.wait(10000));
    EXPECT_EQ(window->overviewRuler()->ticks().size(), result->divergences.size() - size_t(noise));
    for (int row = 0; row < table->rowCount(); ++row)
        EXPECT_NE(
            result
                ->divergences[static_cast<size_t>(window->navigator()->filter()->divergenceAt(row))]
                .severity,
            diff::Severity::Noise);
    window->hideNoiseAction()->setChecked(false);
    EXPECT_EQ(table->rowCount(), all);
}

TEST_F(SoftmaxWindow, TooltipShowsBothOpsAndTheRule)
{
    const diff::Divergence* withBoth = nullptr;
    for (const diff::Divergence& d : result->divergences)
        if (d.reference && d.generated && d.reference->line > 0) {
            withBoth = &d;
            break;
        }
    ASSERT_NE(withBoth, nullptr);
    const QString tip =
        window->alignedView()->tooltipFor(Side::Reference, FileLine(withBoth->reference->line));
    EXPECT_TRUE(tip.contains(QString::fromStdString(withBoth->rule))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("Reference")));
    EXPECT_TRUE(tip.contains(QStringLiteral("Generated")));
    EXPECT_TRUE(window->alignedView()->tooltipFor(Side::Reference, FileLine(1)).isEmpty() ||
                !window->alignedView()
                     ->tooltipFor(Side::Reference, FileLine(1))
                     .contains(QStringLiteral("[")));
}

TEST_F(SoftmaxWindow, RulerClickSelectsTheDivergence)
{
    OverviewRuler* ruler = window->overviewRuler();
    ASSERT_FALSE(ruler->ticks().empty());
    // The last tick reachable by a click (close ticks may cover each other).
    int y = -1, divergence = -1;
    for (int py = ruler->height() - 1; py >= 0 && y < 0; --py)
        if ((divergence = ruler->divergenceAt(py)) >= 0)
            y = py;
    ASSERT_GE(y, 0);
    QTest::mouseClick(ruler, Qt::LeftButton, {}, QPoint(ruler->width() / 2, y));
    EXPECT_EQ(window->session().currentDivergence(), divergence);
}
