// "Trojan Source" in a pane: hidden and bidirectional characters are drawn as labelled boxes
// (so a reordered comment shows in the order the compiler reads it, and a zero-width space
// takes room), and a warning strip says how many there are and where, with a link there.

#include "HiddenTextNote.h"
#include "PreparedDocument.h"
#include "QsciHeaders.h"
#include "SourceFileLoader.h"
#include "SourcePane.h"
#include "common/PrintableText.h"

#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>
#include <thread>

using namespace tilelens;
using namespace tilelens::gui;

namespace {

// The UTF-8 bytes of one code point.
std::string utf8(char32_t cp)
{
    std::string out;
    appendUtf8(out, cp);
    return out;
}

// Line 2 has a zero-width space inside a name, line 4 the comment of the GUI's test
// workspace: RLO, reversed text, LRI.
const QByteArray kKernel = "fn k() {\n"
                           "    let tile\u200b_shape = 1;\n"
                           "\n"
                           "    // Input view: \u202e ;)etad_kcehc(nur \u2066// columns\n"
                           "}\n";

std::string representation(QsciScintilla& editor, char32_t cp)
{
    const std::string key = utf8(cp);
    char out[32] = {};
    editor.SendScintilla(QsciScintillaBase::SCI_GETREPRESENTATION, key.c_str(), out);
    return out;
}

// The width the editor gives the character at byte `pos` of its text.
long drawnWidth(QsciScintilla& editor, long pos)
{
    const long next = editor.SendScintilla(QsciScintillaBase::SCI_POSITIONAFTER, pos);
    return editor.SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL, next) -
           editor.SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL, pos);
}

LoadedSource loadKernel(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("kernel.rs"));
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(kKernel);
    file.close();
    return loadSourceFile(SourceRole::GeneratedRust, path);
}

} // namespace

TEST(HiddenTextPane, APreparedDocumentShowsEachHiddenCharacterAsABox)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    LoadedSource source = loadKernel(dir);
    ASSERT_TRUE(source.ok());
    EXPECT_EQ(source.hidden.count, 3u); // scanned where the file was read (a worker)

    SourcePane pane(SourceRole::GeneratedRust);
    pane.resize(900, 300);
    // The path the inspector takes: the text filled into a document in a worker, then
    // attached, which resets the view's representations with the code page.
    const std::shared_ptr<PreparedDocument> document = pane.prepareDocument();
    ASSERT_TRUE(document);
    std::thread worker([&] { document->fill(source.utf8); });
    worker.join();
    source.document = document;
    source.utf8 = QByteArray();
    pane.showSource(source);

    QsciScintilla& editor = *pane.editor();
    EXPECT_EQ(representation(editor, 0x202E), "RLO");
    EXPECT_EQ(representation(editor, 0x2066), "LRI");
    EXPECT_EQ(representation(editor, 0x200B), "ZWSP");
    const long zwsp = kKernel.indexOf("\u200b");
    const long space = kKernel.indexOf(' ');
    EXPECT_GT(drawnWidth(editor, zwsp), 2 * drawnWidth(editor, space))
        << "the zero-width space is drawn as a box wider than two characters";
    EXPECT_GT(drawnWidth(editor, kKernel.indexOf("\u202e")), 2 * drawnWidth(editor, space));

    const QString note = pane.hiddenTextNote();
    EXPECT_TRUE(note.contains(QStringLiteral("3 hidden or bidirectional Unicode characters")))
        << note.toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("U+200B ZERO WIDTH SPACE")));
    EXPECT_TRUE(note.contains(QStringLiteral("on lines 2, 4.")));
}

TEST(HiddenTextPane, TheNoteLinksToTheFirstAndGoesWithTheFile)
{
    SourcePane pane(SourceRole::ReferencePython);
    pane.resize(600, 200);
    LoadedSource source;
    source.role = SourceRole::ReferencePython;
    source.path = QStringLiteral("/ws/k/reference/k.py");
    for (int i = 1; i <= 100; ++i)
        source.utf8 += "x" + QByteArray::number(i) + " = " + QByteArray::number(i) + "\n";
    source.utf8 += "# \u202e hidden\n";
    source.hidden = scanHiddenText(source.utf8.toStdString());
    pane.showSource(source);
    EXPECT_EQ(representation(*pane.editor(), 0x202E), "RLO") << "filled by appending";
    EXPECT_TRUE(pane.hiddenTextNote().contains(QStringLiteral("on line 101")));

    auto* note = pane.findChild<HiddenTextNote*>();
    ASSERT_NE(note, nullptr);
    Q_EMIT note->linkActivated(QStringLiteral("#first"));
    int line = -1;
    int column = -1;
    pane.editor()->getCursorPosition(&line, &column);
    EXPECT_EQ(line, FileLine(101).toEditor().index());

    LoadedSource plain = source;
    plain.utf8 = "x = 1\n";
    plain.hidden = scanHiddenText(plain.utf8.toStdString());
    pane.showSource(plain);
    EXPECT_EQ(pane.hiddenTextNote(), QString());
    pane.showSource(source);
    pane.showMessage(QStringLiteral("/ws/k/reference/gone.py"), QStringLiteral("gone"));
    EXPECT_EQ(pane.hiddenTextNote(), QString()) << "a message has no text to warn about";
}

TEST(HiddenTextPane, OneCharacterOrOneLineIsSaidSo)
{
    EXPECT_EQ(HiddenTextNote::sentenceFor(scanHiddenText("plain")), QString());
    const QString one = HiddenTextNote::sentenceFor(scanHiddenText("a\n\u2067b"));
    EXPECT_TRUE(one.contains(QStringLiteral(
        "a hidden or bidirectional Unicode character, drawn as a box: U+2067 RIGHT-TO-LEFT "
        "ISOLATE on line 2.")))
        << one.toStdString();
    const QString sameLine = HiddenTextNote::sentenceFor(scanHiddenText("\u200d\u200c"));
    EXPECT_TRUE(sameLine.contains(QStringLiteral("2 hidden")));
    EXPECT_TRUE(sameLine.contains(QStringLiteral("on line 1.")));
}
