// Issue 18, item 3: the differing characters of a divergence's two lines are
// highlighted on both sides, and selecting the divergence scrolls them into
// view horizontally (load-store-latency on softmax: the generated line's
// optimization_hints sit past the right edge of a 1024x700 window). The spans
// themselves are tested without a window in tests/core/pair/IntraLineTest.cpp.

#include "AlignedIrView.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"

#include <QDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

constexpr int kFirstIndicator = 8; // AlignedIrView: + severity

} // namespace

TEST(IntraLine, LoadStoreLatencyIsHighlightedAndScrolledIntoViewAt1024x700)
{
    const QDir softmax(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    ASSERT_TRUE(softmax.exists());
    MainWindow w(MainWindow::Options{false});
    w.resize(1024, 700);
    w.show();
    w.openWorkspace(softmax.absolutePath());
    ASSERT_TRUE(test::waitForLoad(w));
    const diff::DiffResult* result = w.session().diffResult();
    ASSERT_NE(result, nullptr);
    int latency = -1;
    for (size_t i = 0; i < result->divergences.size(); ++i)
        if (result->divergences[i].rule == "load-store-latency")
            latency = static_cast<int>(i);
    ASSERT_GE(latency, 0);
    const diff::Divergence& d = result->divergences[size_t(latency)];
    ASSERT_TRUE(d.reference && d.generated);
    QsciScintilla* gen = w.pane(SourceRole::GeneratedIr)->editor();
    QsciScintilla* ref = w.pane(SourceRole::ReferenceIr)->editor();
    const QString genLine = gen->text(d.generated->line - 1);
    const int hints = static_cast<int>(genLine.indexOf(QStringLiteral("optimization_hints")));
    ASSERT_GT(hints, 0);
    const long hintsPos =
        gen->positionFromLineIndex(d.generated->line - 1, hints); // ASCII: index == byte
    const auto x = [](QsciScintilla* e, long pos) {
        return e->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL, pos);
    };
    ASSERT_GT(x(gen, hintsPos), gen->viewport()->width()) << "off screen before selecting";

    // The changed characters carry the divergence's severity indicator.
    const int indicator = kFirstIndicator + static_cast<int>(d.severity);
    EXPECT_NE(gen->SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT,
                                 static_cast<unsigned long>(indicator), hintsPos),
              0);
    const long genStart = gen->positionFromLineIndex(d.generated->line - 1, 0);
    EXPECT_EQ(gen->SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT,
                                 static_cast<unsigned long>(indicator), genStart + 8),
              0)
        << "the unchanged start of the line is not highlighted";
    // The reference side: the 256 of its tile shape (the 512 opposite).
    const QString refLine = ref->text(d.reference->line - 1);
    const int shape = static_cast<int>(refLine.indexOf(QStringLiteral("1x256")));
    ASSERT_GT(shape, 0);
    EXPECT_NE(ref->SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT,
                                 static_cast<unsigned long>(indicator),
                                 ref->positionFromLineIndex(d.reference->line - 1, shape + 2)),
              0);

    w.session().selectDivergence(latency);
    QTest::qWait(30);
    const long left = x(gen, hintsPos);
    const long right = x(gen, hintsPos + 18);
    EXPECT_GT(left, 0);
    EXPECT_LE(right, gen->viewport()->width()) << "the differing text is scrolled into view";
    EXPECT_EQ(ref->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET),
              gen->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET))
        << "both panes scroll together";

    // A divergence near the left edge (a dead constant: its op name) scrolls back.
    for (size_t i = 0; i < result->divergences.size(); ++i)
        if (result->divergences[i].rule == "dead-constant") {
            w.session().selectDivergence(static_cast<int>(i));
            break;
        }
    QTest::qWait(30);
    EXPECT_EQ(gen->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET), 0);
}
