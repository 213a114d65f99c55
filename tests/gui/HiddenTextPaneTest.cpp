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

// Follows the link of the pane's warning strip: the editor line (0-based) it went to.
int lineAfterFollowingTheLink(SourcePane& pane)
{
    auto* note = pane.findChild<HiddenTextNote*>();
    EXPECT_NE(note, nullptr);
    if (!note)
        return -1;
    Q_EMIT note->linkActivated(QStringLiteral("#first"));
    int line = -1;
    int column = -1;
    pane.editor()->getCursorPosition(&line, &column);
    return line;
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

    EXPECT_EQ(lineAfterFollowingTheLink(pane), FileLine(101).toEditor().index());

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

TEST(HiddenTextPane, ANameMixingLookalikeScriptsIsNamedAndLinked)
{
    // `d\u0430ta` (a Cyrillic a) reads as `data`: no box can show it, the strip names it.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("kernel.rs"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("let data = 1;\nlet x = 2;\nlet d\u0430ta = data;\n");
    file.close();
    LoadedSource source = loadSourceFile(SourceRole::GeneratedRust, path);
    ASSERT_EQ(source.lookalikeNames.count, 1u); // scanned where the file was read (a worker)
    SourcePane pane(SourceRole::GeneratedRust);
    pane.resize(600, 200);
    const std::shared_ptr<PreparedDocument> document = pane.prepareDocument();
    ASSERT_TRUE(document);
    document->fill(source.utf8);
    source.document = document;
    pane.showSource(source);
    // The name is underlined, from its first byte (29) to its last (33), and nothing else is.
    const auto underlined = [&](long pos) {
        return pane.editor()->SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT,
                                            kLookalikeNameIndicator, pos);
    };
    EXPECT_EQ(underlined(28), 0);
    EXPECT_EQ(underlined(29), 1);
    EXPECT_EQ(underlined(33), 1);
    EXPECT_EQ(underlined(34), 0);
    EXPECT_EQ(underlined(4), 0) << "data, the Latin name";
    EXPECT_EQ(
        pane.editor()->SendScintilla(QsciScintillaBase::SCI_INDICGETSTYLE, kLookalikeNameIndicator),
        QsciScintillaBase::INDIC_SQUIGGLE)
        << "styled by the pane's theme, kept across the document swap";
    EXPECT_EQ(pane.hiddenTextNote(),
              QStringLiteral("The name d\u0430ta on line 3 mixes Latin/Cyrillic letters "
                             "(U+0430): it may read as another name."));
    EXPECT_EQ(lineAfterFollowingTheLink(pane), FileLine(3).toEditor().index());

    // With a hidden character too: both sentences, and the link goes to the earlier line;
    // text filled by appending is underlined too.
    source.document.reset();
    source.utf8 += "// \u202e\n";
    source.utf8.prepend("let v\u0430r\u0435 = 0;\n");
    source.hidden = scanHiddenText(source.utf8.toStdString());
    source.lookalikeNames = scanLookalikeNames(source.utf8.toStdString());
    pane.showSource(source);
    const QString both = pane.hiddenTextNote();
    EXPECT_TRUE(both.contains(QStringLiteral("on line 5"))) << both.toStdString();
    EXPECT_TRUE(both.contains(QStringLiteral("This file has 2 names that may read as other "
                                             "names; the first, v\u0430r\u0435 on line 1, "
                                             "mixes Latin/Cyrillic letters (U+0430 U+0435).")))
        << both.toStdString();
    EXPECT_EQ(lineAfterFollowingTheLink(pane), FileLine(1).toEditor().index());
    EXPECT_EQ(underlined(4), 1);
    EXPECT_EQ(underlined(0), 0);
}

TEST(HiddenTextPane, ANameOfLatinLookalikesSaysWhatItReadsAs)
{
    // `\u0435\u0445\u0440` is all Cyrillic and reads as `exp`: the strip says so, in the
    // user's language, and the name is underlined.
    LoadedSource source;
    source.utf8 = "let exp = 1;\nlet \u0435\u0445\u0440 = exp;\n";
    source.lookalikeNames = scanLookalikeNames(source.utf8.toStdString());
    SourcePane pane(SourceRole::GeneratedRust);
    pane.resize(600, 200);
    pane.showSource(source);
    EXPECT_EQ(pane.hiddenTextNote(),
              QStringLiteral("The name \u0435\u0445\u0440 on line 2 is written in Cyrillic "
                             "letters (U+0435 U+0445 U+0440) that look like Latin ones: it "
                             "reads as exp, another name."));
    EXPECT_EQ(pane.editor()->SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT,
                                           kLookalikeNameIndicator, 17L),
              1);
    EXPECT_EQ(lineAfterFollowingTheLink(pane), FileLine(2).toEditor().index());

    source.utf8 += "let d\u0430ta = \u0441\u043e\u0440;\n";
    source.lookalikeNames = scanLookalikeNames(source.utf8.toStdString());
    pane.showSource(source);
    EXPECT_EQ(pane.hiddenTextNote(),
              QStringLiteral("This file has 3 names that may read as other names; the first, "
                             "\u0435\u0445\u0440 on line 2, is written in Cyrillic letters "
                             "(U+0435 U+0445 U+0440) that look like Latin ones and reads as "
                             "exp."));
}
