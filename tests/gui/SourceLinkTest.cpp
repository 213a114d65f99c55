// Op-level source linking (issue 18, item 2): a divergence or a clicked IR op
// highlights its Python line (from loc()) and its kernel.rs line (inferred,
// shown in its own colour with a tooltip saying so); a clicked Rust line
// selects its ops in both IR panes.

#include "AlignedIrView.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TestPaths.h"
#include "pair/PairAnalysis.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <algorithm>
#include <gtest/gtest.h>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

QString lineText(MainWindow& w, SourceRole role, int line)
{
    return w.pane(role)->editor()->text(line - 1).trimmed();
}

// 1-based line of the first generated op line that contains \a needle.
int irLineWith(MainWindow& w, SourceRole role, const QString& needle)
{
    QsciScintilla* e = w.pane(role)->editor();
    for (int line = 0; line < e->lines(); ++line)
        if (e->text(line).contains(needle))
            return line + 1;
    return 0;
}

class SoftmaxLinks : public ::testing::Test
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
    }

    std::unique_ptr<MainWindow> window;
    const diff::DiffResult* result = nullptr;
};

} // namespace

TEST_F(SoftmaxLinks, ADivergenceHighlightsTheInferredRustLineOfItsOp)
{
    // Every divergence on a generated op lands on its inferred kernel.rs line
    // (shown as inferred); the one on the divf lands on the `divf(` call.
    bool sawDivf = false;
    for (size_t i = 0; i < result->divergences.size(); ++i) {
        const diff::Divergence& d = result->divergences[i];
        if (!d.generated || d.generated->line <= 0)
            continue;
        window->session().selectDivergence(static_cast<int>(i));
        const auto& links = window->session().diff()->sides.generated().links;
        const auto link = std::find_if(links.begin(), links.end(), [&](const pair::SourceLink& l) {
            return l.irLine == FileLine(d.generated->line);
        });
        const std::vector<int> rust = window->inferredSourceLines(SourceRole::GeneratedRust);
        const QString tip =
            window->pane(SourceRole::GeneratedRust)->editor()->viewport()->toolTip();
        if (link == links.end()) { // the entry line itself: the entry's `fn`, not inferred
            EXPECT_TRUE(rust.empty()) << d.id;
            EXPECT_EQ(window->linkedSourceLines(SourceRole::GeneratedRust).size(), 1u) << d.id;
            EXPECT_TRUE(tip.isEmpty()) << d.id;
            continue;
        }
        ASSERT_EQ(rust, std::vector<int>{link->sourceLine.number()}) << d.id;
        EXPECT_EQ(window->linkedSourceLines(SourceRole::GeneratedRust), rust);
        EXPECT_TRUE(tip.contains(QStringLiteral("Inferred"))) << tip.toStdString();
        if (lineText(*window, SourceRole::GeneratedIr, d.generated->line)
                .contains(QStringLiteral("= divf "))) {
            sawDivf = true;
            EXPECT_TRUE(lineText(*window, SourceRole::GeneratedRust, rust[0])
                            .startsWith(QStringLiteral("divf(")))
                << lineText(*window, SourceRole::GeneratedRust, rust[0]).toStdString();
            EXPECT_TRUE(tip.contains(QStringLiteral("divf("))) << tip.toStdString();
        }
    }
    EXPECT_TRUE(sawDivf) << "the softmax example has a divergence on its divf";
}

TEST_F(SoftmaxLinks, ClickingAnIrOpHighlightsItsRustLineAndItsPartnersToo)
{
    const int exp = irLineWith(*window, SourceRole::GeneratedIr, QStringLiteral("= exp "));
    ASSERT_GT(exp, 0);
    window->linkIrLine(Side::Generated, FileLine(exp));
    std::vector<int> rust = window->inferredSourceLines(SourceRole::GeneratedRust);
    ASSERT_EQ(rust.size(), 1u);
    EXPECT_TRUE(
        lineText(*window, SourceRole::GeneratedRust, rust[0]).contains(QStringLiteral("exp(")));

    // The reference op on the same row reaches the same Rust line.
    const int refExp = irLineWith(*window, SourceRole::ReferenceIr, QStringLiteral("= exp"));
    ASSERT_GT(refExp, 0);
    window->linkIrLine(Side::Generated, FileLine(irLineWith(*window, SourceRole::GeneratedIr,
                                                            QStringLiteral("= ftof "))));
    ASSERT_NE(window->inferredSourceLines(SourceRole::GeneratedRust), rust);
    window->linkIrLine(Side::Reference, FileLine(refExp));
    EXPECT_EQ(window->inferredSourceLines(SourceRole::GeneratedRust), rust);
}

TEST_F(SoftmaxLinks, ClickingARustLineSelectsItsOpsInBothIrPanes)
{
    QsciScintilla* rs = window->pane(SourceRole::GeneratedRust)->editor();
    int divfLine = 0;
    for (int line = 0; line < rs->lines() && divfLine == 0; ++line)
        if (rs->text(line).trimmed().startsWith(QStringLiteral("divf(")))
            divfLine = line + 1;
    ASSERT_GT(divfLine, 0);
    window->linkSourceLine(SourceRole::GeneratedRust, FileLine(divfLine));
    const std::vector<int> gen = window->alignedView()->highlightedLines(Side::Generated);
    const std::vector<int> ref = window->alignedView()->highlightedLines(Side::Reference);
    ASSERT_EQ(gen.size(), 1u) << "one op, not the whole kernel";
    EXPECT_TRUE(
        lineText(*window, SourceRole::GeneratedIr, gen[0]).contains(QStringLiteral("divf")));
    ASSERT_EQ(ref.size(), 1u);
    EXPECT_TRUE(lineText(*window, SourceRole::ReferenceIr, ref[0]).contains(QStringLiteral("div")));
}

TEST(SourceLinks, APythonLocIsHighlightedAsRecordedNotInferred)
{
    // The softmax example with loc()s on the reference's exp and divf.
    QTemporaryDir tmp;
    const QDir example(QDir(test::examplesDir()).filePath(QStringLiteral("softmax")));
    const QString dir = tmp.filePath(QStringLiteral("softmax"));
    for (const QString& name :
         {QStringLiteral("kernel.rs"), QStringLiteral("reference/softmax.py"),
          QStringLiteral("reference/analysis.json"), QStringLiteral("generated/generated.mlir")}) {
        QDir().mkpath(QFileInfo(dir + QLatin1Char('/') + name).absolutePath());
        ASSERT_TRUE(QFile::copy(example.filePath(name), dir + QLatin1Char('/') + name));
    }
    QFile in(example.filePath(QStringLiteral("reference/reference.mlir")));
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    QByteArrayList lines = in.readAll().split('\n');
    int refExp = 0;
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].contains("= exp ")) {
            lines[i] += " loc(\"softmax.py\":46:21)";
            refExp = i + 1;
        } else if (lines[i].contains("= divf ")) {
            lines[i] += " loc(\"softmax.py\":50:17)";
        }
    }
    ASSERT_GT(refExp, 0);
    QFile out(dir + QStringLiteral("/reference/reference.mlir"));
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(lines.join('\n'));
    out.close();

    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(dir);
    ASSERT_TRUE(test::waitForLoad(w));
    ASSERT_NE(w.session().diffResult(), nullptr);
    // A click on the generated exp: Python line 46 through its reference
    // partner's loc(), not inferred; its Rust line inferred.
    const int genExp = irLineWith(w, SourceRole::GeneratedIr, QStringLiteral("= exp "));
    ASSERT_GT(genExp, 0);
    w.linkIrLine(Side::Generated, FileLine(genExp));
    EXPECT_EQ(w.linkedSourceLines(SourceRole::ReferencePython), std::vector<int>{46});
    EXPECT_TRUE(w.inferredSourceLines(SourceRole::ReferencePython).empty());
    EXPECT_TRUE(w.pane(SourceRole::ReferencePython)->editor()->viewport()->toolTip().isEmpty());
    const std::vector<int> rust = w.inferredSourceLines(SourceRole::GeneratedRust);
    ASSERT_EQ(rust.size(), 1u);
    EXPECT_TRUE(lineText(w, SourceRole::GeneratedRust, rust[0]).contains(QStringLiteral("exp(")));
    // A click on Python line 46 selects the exp on both sides.
    w.linkSourceLine(SourceRole::ReferencePython, FileLine(46));
    EXPECT_EQ(w.alignedView()->highlightedLines(Side::Reference), std::vector<int>{refExp});
    EXPECT_EQ(w.alignedView()->highlightedLines(Side::Generated), std::vector<int>{genExp});
}

TEST(SourceLinks, ADecodedBytecodeOpLinksToThePythonLineOfItsDebugInfo)
{
    // relu from the corpus: bytecode with debug info (loc()s into relu.py).
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("relu"));
    QDir().mkpath(dir + QStringLiteral("/reference"));
    QDir().mkpath(dir + QStringLiteral("/generated"));
    const QString data = test::testDataDir() + QStringLiteral("/bytecode/relu_fwd_1M_f16");
    ASSERT_TRUE(QFile::copy(data + QStringLiteral(".tileirbc"),
                            dir + QStringLiteral("/reference/reference.tileirbc")));
    ASSERT_TRUE(QFile::copy(data + QStringLiteral(".mlir"),
                            dir + QStringLiteral("/generated/generated.mlir")));
    QFile py(dir + QStringLiteral("/reference/relu.py"));
    ASSERT_TRUE(py.open(QIODevice::WriteOnly));
    for (int i = 1; i <= 200; ++i)
        py.write(QByteArray("# line ") + QByteArray::number(i) + '\n');
    py.close();
    MainWindow w(MainWindow::Options{false});
    w.show();
    w.openWorkspace(dir);
    ASSERT_TRUE(test::waitForLoad(w));
    const auto snapshot = w.session().diff();
    ASSERT_TRUE(snapshot && snapshot->result);
    const auto& links = snapshot->sides.reference().links;
    ASSERT_FALSE(links.empty()) << "the bytecode's debug info gives loc()s";
    EXPECT_TRUE(snapshot->sides.generated().links.empty()) << "the printed .mlir twin has none";
    for (const pair::SourceLink& link : links) {
        EXPECT_EQ(link.fileName, "relu.py");
        // The line is an op of the decoded text the pane shows.
        const QString op = lineText(w, SourceRole::ReferenceIr, link.irLine.number());
        EXPECT_FALSE(op.isEmpty() || op.startsWith(QLatin1String("//")) ||
                     op.startsWith(QLatin1Char('}')))
            << link.irLine.number() << ": " << op.toStdString();
    }
    const pair::SourceLink& first = links.front();
    w.linkIrLine(Side::Reference, first.irLine);
    EXPECT_EQ(w.linkedSourceLines(SourceRole::ReferencePython),
              std::vector<int>{first.sourceLine.number()});
    EXPECT_TRUE(w.inferredSourceLines(SourceRole::ReferencePython).empty());
}
