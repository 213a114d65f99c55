// Folding of regions in the IR panes: TileIrLexer sets fold levels from the
// `{`/`}` nesting, and the IR panes show a fold margin.

#include "../support/TestPaths.h"
#include "GuiTestSupport.h"
#include "QsciHeaders.h"
#include "SourcePane.h"
#include "TileIrLexer.h"

#include <QDir>
#include <gtest/gtest.h>

using namespace tilelens::gui;

namespace {

long foldLevel(QsciScintilla& editor, int line)
{
    return editor.SendScintilla(QsciScintillaBase::SCI_GETFOLDLEVEL,
                                static_cast<unsigned long>(line));
}
long depthOf(long level)
{
    return (level & QsciScintillaBase::SC_FOLDLEVELNUMBERMASK) -
           QsciScintillaBase::SC_FOLDLEVELBASE;
}
bool isHeader(long level)
{
    return (level & QsciScintillaBase::SC_FOLDLEVELHEADERFLAG) != 0;
}
// First line (0-based) whose text contains \a needle, from line \a from on.
int findLine(QsciScintilla& editor, const QString& needle, int from = 0)
{
    for (int l = from; l < editor.lines(); ++l)
        if (editor.text(l).contains(needle))
            return l;
    return -1;
}

} // namespace

TEST(Folding, SoftmaxForAndReduceLinesOpenRegions)
{
    const QString path = QDir(tilelens::test::examplesDir())
                             .filePath(QStringLiteral("softmax/reference/reference.mlir"));
    const QString text = tilelens::test::readText(path);
    if (text.isEmpty())
        GTEST_SKIP() << "resources/examples/softmax is missing";

    QsciScintilla editor;
    editor.setLexer(new TileIrLexer(&editor));
    editor.setText(text);
    editor.SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0UL, -1L);

    // module (depth 0) > entry (1) > for (2) > reduce (3).
    EXPECT_TRUE(isHeader(foldLevel(editor, findLine(editor, QStringLiteral("cuda_tile.module")))));
    const int entry = findLine(editor, QStringLiteral("entry @"));
    ASSERT_GE(entry, 0);
    EXPECT_TRUE(isHeader(foldLevel(editor, entry)));
    EXPECT_EQ(depthOf(foldLevel(editor, entry)), 1);

    const int forLine = findLine(editor, QStringLiteral(" for %"));
    ASSERT_GT(forLine, entry);
    EXPECT_TRUE(isHeader(foldLevel(editor, forLine)));
    EXPECT_EQ(depthOf(foldLevel(editor, forLine)), 2);
    EXPECT_EQ(depthOf(foldLevel(editor, forLine + 1)), 3);

    const int reduce = findLine(editor, QStringLiteral("= reduce "), forLine);
    ASSERT_GT(reduce, forLine);
    EXPECT_TRUE(isHeader(foldLevel(editor, reduce)));
    EXPECT_EQ(depthOf(foldLevel(editor, reduce)), 3);
    EXPECT_EQ(depthOf(foldLevel(editor, reduce + 1)), 4);
    // The reduce body ends at its closing brace; the next op is back at depth 3.
    const long last = editor.SendScintilla(QsciScintillaBase::SCI_GETLASTCHILD,
                                           static_cast<unsigned long>(reduce), -1L);
    ASSERT_GT(last, reduce);
    EXPECT_EQ(editor.text(static_cast<int>(last)).trimmed(), QStringLiteral("}"));
    EXPECT_EQ(depthOf(foldLevel(editor, static_cast<int>(last) + 1)), 3);

    // Folding the for hides its body and leaves the lines around it visible.
    editor.SendScintilla(QsciScintillaBase::SCI_FOLDLINE, static_cast<unsigned long>(forLine),
                         static_cast<long>(QsciScintillaBase::SC_FOLDACTION_CONTRACT));
    EXPECT_FALSE(editor.SendScintilla(QsciScintillaBase::SCI_GETLINEVISIBLE,
                                      static_cast<unsigned long>(reduce)));
    EXPECT_TRUE(editor.SendScintilla(QsciScintillaBase::SCI_GETLINEVISIBLE,
                                     static_cast<unsigned long>(forLine)));
    EXPECT_TRUE(editor.SendScintilla(QsciScintillaBase::SCI_GETLINEVISIBLE,
                                     static_cast<unsigned long>(entry)));
}

TEST(Folding, BracesInStringsAndCommentsDoNotNest)
{
    TileIrLexer lexer;
    const std::string line = "%1 = constant \"{{\" : tile<i32> // {";
    std::vector<char> styles(line.size());
    EXPECT_EQ(lexer.styleLine(line, 2, styles.data()), 2);
    const std::string open = "  for %4 in (%1 to %2, step %3) : tile<i32> {";
    styles.assign(open.size(), 0);
    EXPECT_EQ(lexer.styleLine(open, 2, styles.data()), 3);
    const std::string close = "  }";
    styles.assign(close.size(), 0);
    EXPECT_EQ(lexer.styleLine(close, 3, styles.data()), 2);
    EXPECT_EQ(lexer.styleLine(close, 0, styles.data()), 0) << "an unmatched } must not go negative";
}

TEST(Folding, IrPanesShowAFoldMarginAndSourcePanesDoNot)
{
    SourcePane ir(SourceRole::ReferenceIr);
    SourcePane rust(SourceRole::GeneratedRust);
    EXPECT_GT(ir.editor()->marginWidth(2), 0);
    EXPECT_EQ(rust.editor()->marginWidth(2), 0);
}
