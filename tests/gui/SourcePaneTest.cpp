// SourcePane on its own: titles, messages, and big files appended in chunks
// over several event-loop turns (the UI stays responsive), abandoned fills.

#include "SourcePane.h"

#include "GuiTestSupport.h"
#include "QsciHeaders.h"

#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace tilelens::gui;

namespace {

LoadedSource bigSource(int lines, const char* prefix)
{
    LoadedSource s;
    s.role = SourceRole::GeneratedIr;
    s.path = QStringLiteral("/ws/k/generated/generated.mlir");
    QByteArray text;
    text.reserve(lines * 48);
    for (int i = 0; i < lines; ++i)
        text +=
            QByteArray(prefix) + " %" + QByteArray::number(i) + " = addf %1, %2 : tile<16xf32>\n";
    s.utf8 = text;
    return s;
}

} // namespace

TEST(SourcePane, SmallFilesAreShownAtOnce)
{
    SourcePane pane(SourceRole::GeneratedRust);
    QSignalSpy shown(&pane, &SourcePane::sourceShown);
    LoadedSource s;
    s.role = SourceRole::GeneratedRust;
    s.path = QStringLiteral("/ws/k/kernel.rs");
    s.utf8 = QByteArray("fn main() {}\n// \xc3\xa4\xc3\xb6\xc3\xbc\n");
    pane.showSource(s);
    EXPECT_EQ(shown.count(), 1);
    EXPECT_FALSE(pane.isFilling());
    EXPECT_EQ(pane.editor()->text(), QString::fromUtf8(s.utf8));
    EXPECT_TRUE(pane.title().contains(QStringLiteral("kernel.rs")));
    EXPECT_TRUE(pane.title().startsWith(SourcePane::roleName(SourceRole::GeneratedRust)));
    EXPECT_TRUE(pane.editor()->isReadOnly());
}

TEST(SourcePane, BigFilesFillInChunksBetweenEventLoopTurns)
{
    SourcePane pane(SourceRole::GeneratedIr);
    QSignalSpy shown(&pane, &SourcePane::sourceShown);
    const LoadedSource s = bigSource(100000, "   ");
    ASSERT_GT(s.utf8.size(), 3 * SourcePane::kFillChunkBytes);

    pane.showSource(s);
    // Only the first chunk is in; the rest waits for the event loop.
    EXPECT_TRUE(pane.isFilling());
    EXPECT_EQ(shown.count(), 0);
    const long firstChunk = pane.editor()->SendScintilla(QsciScintillaBase::SCI_GETLENGTH);
    EXPECT_GT(firstChunk, 0);
    EXPECT_LE(firstChunk, SourcePane::kFillChunkBytes + 100);
    EXPECT_EQ(pane.editor()->text(0), QStringLiteral("    %0 = addf %1, %2 : tile<16xf32>\n"));

    ASSERT_TRUE(shown.wait(20000));
    EXPECT_FALSE(pane.isFilling());
    EXPECT_EQ(pane.editor()->SendScintilla(QsciScintillaBase::SCI_GETLENGTH), s.utf8.size());
    EXPECT_EQ(pane.editor()->lines(), 100001);
    EXPECT_EQ(pane.editor()->text().toUtf8(), s.utf8);
}

TEST(SourcePane, ANewFileAbandonsAFillInProgress)
{
    SourcePane pane(SourceRole::GeneratedIr);
    QSignalSpy shown(&pane, &SourcePane::sourceShown);
    pane.showSource(bigSource(100000, "old"));
    ASSERT_TRUE(pane.isFilling());
    const LoadedSource second = bigSource(60000, "new");
    pane.showSource(second);
    ASSERT_TRUE(shown.wait(20000));
    QTest::qWait(20); // a stale queued chunk would land now
    EXPECT_EQ(pane.editor()->text().toUtf8(), second.utf8);

    pane.showSource(bigSource(100000, "old"));
    pane.showMessage(QStringLiteral("/x/missing.mlir"), QStringLiteral("gone"));
    EXPECT_FALSE(pane.isFilling());
    QTest::qWait(20);
    EXPECT_TRUE(pane.isShowingMessage());
    EXPECT_EQ(pane.message(), QStringLiteral("gone"));
    EXPECT_EQ(pane.editor()->SendScintilla(QsciScintillaBase::SCI_GETLENGTH), 0);
    EXPECT_TRUE(pane.title().contains(QStringLiteral("missing.mlir")));
}

TEST(SourcePane, RevealLinePutsTheCaretOnTheLine)
{
    SourcePane pane(SourceRole::ReferencePython);
    pane.resize(600, 300);
    LoadedSource s;
    s.role = SourceRole::ReferencePython;
    s.path = QStringLiteral("/ws/k/reference/k.py");
    for (int i = 1; i <= 200; ++i)
        s.utf8 += "x" + QByteArray::number(i) + " = " + QByteArray::number(i) + "\n";
    pane.showSource(s);
    pane.revealLine(150);
    int line = -1;
    int col = -1;
    pane.editor()->getCursorPosition(&line, &col);
    EXPECT_EQ(line, 149);
    EXPECT_EQ(pane.editor()->firstVisibleLine(), 146);
    pane.revealLine(0);    // ignored
    pane.revealLine(5000); // ignored
    pane.editor()->getCursorPosition(&line, &col);
    EXPECT_EQ(line, 149);
}
