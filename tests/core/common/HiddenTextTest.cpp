// The characters a view draws as nothing or that reorder a line, found with their places.

#include "common/HiddenText.h"

#include "common/LookalikeLetters.h"
#include "common/PrintableText.h"

#include <gtest/gtest.h>
#include <random>

using namespace tilelens;

namespace {

// The UTF-8 bytes of one code point.
std::string utf8(char32_t cp)
{
    std::string out;
    appendUtf8(out, cp);
    return out;
}

// The "Trojan Source" comment of the GUI test workspace: an RLO, reversed text and an LRI,
// so that a view shows `// columns ... run)check_date(;` and the compiler sees code.
const std::string kTrojanComment =
    "        // Input view: \u202e ;)etad_kcehc(nur \u2066// columns";

} // namespace

TEST(HiddenText, FindsEachCharacterWithItsLineAndColumn)
{
    const std::string text = "let tile\u200b_shape = 1;\n"
                             "\n" +
                             kTrojanComment + "\n";
    const HiddenTextScan scan = scanHiddenText(text);
    ASSERT_EQ(scan.count, 3u);
    ASSERT_EQ(scan.listed.size(), 3u);
    EXPECT_EQ(scan.listed[0].line, FileLine(1));
    EXPECT_EQ(scan.listed[0].column, 9); // after "let tile"
    EXPECT_EQ(scan.listed[0].codePoint, char32_t(0x200B));
    EXPECT_EQ(scan.listed[1].line, FileLine(3));
    EXPECT_EQ(scan.listed[1].column, 24); // 8 spaces and "// Input view: " are 23 bytes
    EXPECT_EQ(scan.listed[1].codePoint, char32_t(0x202E));
    EXPECT_EQ(scan.listed[2].line, FileLine(3));
    EXPECT_EQ(scan.listed[2].codePoint, char32_t(0x2066));
    EXPECT_EQ(hiddenTextLines(scan), "1, 3");
}

TEST(HiddenText, PlainTextAndVisibleUnicodeHaveNone)
{
    EXPECT_FALSE(scanHiddenText("").found());
    EXPECT_FALSE(scanHiddenText("y[r, :] = softmax(x[r, :])\n").found());
    // Visible characters that share lead bytes with hidden ones: é (C3), → (E2 86 92),
    // ‘quotes’ (E2 80 98), ㄱ (E3 84 B1), U+FFFD (EF BF BD), non-breaking space (C2 A0).
    EXPECT_FALSE(scanHiddenText("caf\u00e9 \u2192 \u2018q\u2019 \u3131 \ufffd \u00a0").found());
}

TEST(HiddenText, ALeadingByteOrderMarkIsAnEncodingMarkNotText)
{
    EXPECT_FALSE(scanHiddenText("\ufeffimport cuda.tile as ct\n").found());
    const HiddenTextScan inside = scanHiddenText("a\ufeffb");
    ASSERT_EQ(inside.count, 1u);
    EXPECT_EQ(inside.listed[0].column, 2);
}

TEST(HiddenText, MalformedUtf8IsSkippedNotMisread)
{
    // A truncated RLO (E2 80), a stray continuation byte, an overlong form of U+200B
    // (F0 82 80 8B) and invalid bytes around a real ZWJ.
    const std::string text = std::string("\xE2\x80") + "x\x80\xF0\x82\x80\x8B\xFF\u200d\xE2";
    const HiddenTextScan scan = scanHiddenText(text);
    ASSERT_EQ(scan.count, 1u);
    EXPECT_EQ(scan.listed[0].codePoint, char32_t(0x200D));
    EXPECT_EQ(scan.listed[0].column, 5); // E2, x, F0 and FF start characters before it
}

TEST(HiddenText, CountsAllButListsOnlyTheFirst)
{
    std::string text;
    for (int line = 0; line < 100; ++line)
        text += "x\u200b\u200by\n";
    const HiddenTextScan scan = scanHiddenText(text, 5);
    EXPECT_EQ(scan.count, 200u);
    ASSERT_EQ(scan.listed.size(), 5u);
    EXPECT_EQ(scan.listed[4].line, FileLine(3));
    EXPECT_EQ(hiddenTextLines(scan), "1, 2, 3, ...");
}

TEST(HiddenText, EveryRowIsHiddenNamedAndFoundByTheScan)
{
    const auto& table = hiddenCharacterTable();
    ASSERT_FALSE(table.empty());
    for (size_t k = 0; k < table.size(); ++k) {
        const HiddenCharacterInfo& row = table[k];
        SCOPED_TRACE(describeHiddenCharacter(row.codePoint));
        if (k > 0) {
            EXPECT_LT(table[k - 1].codePoint, row.codePoint); // the lookup's binary search
        }
        EXPECT_TRUE(isHiddenCharacter(row.codePoint));
        EXPECT_FALSE(row.abbreviation.empty());
        EXPECT_FALSE(row.name.empty());
        const HiddenTextScan scan = scanHiddenText("a" + utf8(row.codePoint) + "b");
        ASSERT_EQ(scan.count, 1u);
        EXPECT_EQ(scan.listed[0].codePoint, row.codePoint);
    }
    EXPECT_EQ(describeHiddenCharacter(0x202E), "U+202E RIGHT-TO-LEFT OVERRIDE");
    EXPECT_EQ(hiddenCharacterInfo(0x202E)->abbreviation, "RLO");
    EXPECT_EQ(hiddenCharacterInfo('a'), nullptr);
}

TEST(HiddenText, BidiControlsAndSeparatorsAreWhatReportsEscape)
{
    // printableText escapes exactly the layout controls of HiddenText.h (and control
    // characters); zero-width characters are kept, as they change no line's order.
    for (const HiddenCharacterInfo& row : hiddenCharacterTable()) {
        const std::string bytes = utf8(row.codePoint);
        const bool layout =
            isBidiControl(row.codePoint) || isLineOrParagraphSeparator(row.codePoint);
        EXPECT_EQ(printableText(bytes) != bytes, layout) << describeHiddenCharacter(row.codePoint);
    }
    EXPECT_TRUE(isBidiControl(0x202E));
    EXPECT_TRUE(isBidiControl(0x061C));
    EXPECT_FALSE(isBidiControl(0x200B));
    EXPECT_TRUE(isLineOrParagraphSeparator(0x2029));
}

TEST(HiddenText, FoundAtEveryOffsetOfTheEightByteStep)
{
    for (size_t pad = 0; pad < 20; ++pad) {
        SCOPED_TRACE(pad);
        const std::string text =
            std::string(pad, 'x') + "\u200b" + "0123456789\n" + std::string(pad, '\n') + "z\u202e";
        const HiddenTextScan scan = scanHiddenText(text);
        ASSERT_EQ(scan.count, 2u);
        EXPECT_EQ(scan.listed[0].line, FileLine(1));
        EXPECT_EQ(scan.listed[0].column, int(pad) + 1);
        EXPECT_EQ(scan.listed[1].line, FileLine(2 + int(pad)));
        EXPECT_EQ(scan.listed[1].column, 2);
    }
}

TEST(HiddenText, RevealedTextNamesEachCharacterAndKeepsTheRest)
{
    EXPECT_EQ(revealHiddenText("all tests pass\n"), "all tests pass\n");
    EXPECT_EQ(revealHiddenText("PASS \u202e LIAF\u2066 x\u200by"),
              "PASS \u2039RLO\u203a LIAF\u2039LRI\u203a x\u2039ZWSP\u203ay");
    // A leading byte order mark stays; invalid bytes pass through untouched.
    EXPECT_EQ(revealHiddenText("\ufeffok\xff\u2028"), "\ufeffok\xff\u2039LSEP\u203a");
    const auto at = nextHiddenCharacter("ab\u00adc", 0);
    ASSERT_TRUE(at.has_value());
    EXPECT_EQ(at->offset, 2u);
    EXPECT_EQ(at->length, 2u);
    EXPECT_EQ(at->codePoint, char32_t(0x00AD));
    EXPECT_FALSE(nextHiddenCharacter("ab\u00adc", 4).has_value());
}

TEST(HiddenText, ScanAndRevealAgreeOnRandomBytes)
{
    // Bytes drawn mostly from the UTF-8 forms of hidden and visible characters that share
    // their lead bytes, cut and spliced at random: truncated sequences, stray continuation
    // bytes, ASCII runs across the eight-byte steps.
    std::vector<std::string> pieces = {"a",        "\n",     "        ", "\xE2",   "\x80",  "\xC2",
                                       "\xEF\xBB", "\u2192", "\u00e9",   "\u3131", "\ufffd"};
    for (const HiddenCharacterInfo& row : hiddenCharacterTable())
        pieces.push_back(utf8(row.codePoint));
    std::mt19937 random(20261207);
    for (int round = 0; round < 5000; ++round) {
        std::string text;
        const size_t n = random() % 24;
        for (size_t k = 0; k < n; ++k)
            text += pieces[random() % pieces.size()];
        const HiddenTextScan scan = scanHiddenText(text);
        size_t found = 0;
        for (auto at = nextHiddenCharacter(text, 0); at;
             at = nextHiddenCharacter(text, at->offset + at->length))
            ++found;
        ASSERT_EQ(scan.count, found);
        const std::string revealed = revealHiddenText(text);
        ASSERT_EQ(scanHiddenText(revealed).count, 0u) << "revealed text has none left";
        size_t tokens = 0;
        for (size_t at = revealed.find("\u2039"); at != std::string::npos;
             at = revealed.find("\u2039", at + 1))
            ++tokens;
        size_t already = 0; // guillemets the text had before
        for (size_t at = text.find("\u2039"); at != std::string::npos;
             at = text.find("\u2039", at + 1))
            ++already;
        ASSERT_EQ(tokens, scan.count + already);
        if (scan.count == 0) {
            ASSERT_EQ(revealed, text);
        }
    }
}

TEST(HiddenText, ColumnsCountCharactersNotBytes)
{
    // "é → " is 4 characters in 6 bytes: the RLO after it is in column 5, as an editor shows.
    const HiddenTextScan scan = scanHiddenText("\u00e9 \u2192 \u202e");
    ASSERT_EQ(scan.count, 1u);
    EXPECT_EQ(scan.listed[0].column, 5);
}

TEST(MixedScriptNames, ALookalikeLetterInALatinNameIsFound)
{
    // `d\u0430ta` has a Cyrillic a (U+0430): it reads as `data` and is another name.
    const LookalikeNameScan scan = scanLookalikeNames("let data = 1;\nlet d\u0430ta = data + 1;\n");
    ASSERT_EQ(scan.count, 1u);
    const LookalikeName& n = scan.listed[0];
    EXPECT_EQ(n.line.number(), 2);
    EXPECT_EQ(n.column, 5);
    EXPECT_EQ(n.offset, 18u);
    EXPECT_EQ(n.name, "d\u0430ta");
    EXPECT_EQ(n.scriptList(), "Latin/Cyrillic");
    EXPECT_EQ(n.odd, "U+0430");
    EXPECT_EQ(lookalikeNameLines(scan), "2");
}

TEST(MixedScriptNames, OneScriptPerNameIsNotFound)
{
    for (const char* text : {
             "plain ascii_name_42 = other;",
             "\u0434\u0430\u043d\u043d\u044b\u0435 = 1", // all Cyrillic
             "\u03b8 = 2 * \u03c0",                      // all Greek
             "caf\u00e9 = na\u00efve",                   // Latin with accents
             "cafe\u0301 = 1",                           // a combining accent
             "x\u53d8\u91cf = 1",                        // Han ends the name
             "\u00b5s = 3 # \u2192 \u03b8 x",            // micro sign is no script; names apart
             "s = '\u0434\u0430' + 'da'",                // apart, in strings
         })
        EXPECT_FALSE(scanLookalikeNames(text).found()) << text;
}

TEST(MixedScriptNames, EachPairOfScriptsAndThePlaceOfTheName)
{
    // Greek omicron, Armenian o (U+0585) and Latin; a name may start with the odd letter; the
    // column counts characters (the \u00fc before it is one).
    const LookalikeNameScan scan =
        scanLookalikeNames("\u00fc = d\u03b8\nfn \u0585ffset_\u043e() {}\n    t\u0585\u03bf\n");
    ASSERT_EQ(scan.count, 3u);
    EXPECT_EQ(scan.listed[0].name, "d\u03b8");
    EXPECT_EQ(scan.listed[0].scriptList(), "Latin/Greek");
    EXPECT_EQ(scan.listed[0].odd, "U+03B8");
    EXPECT_EQ(scan.listed[0].column, 5);
    EXPECT_EQ(scan.listed[1].name, "\u0585ffset_\u043e");
    EXPECT_EQ(scan.listed[1].scriptList(), "Latin/Cyrillic/Armenian");
    EXPECT_EQ(scan.listed[1].odd, "U+0585 U+043E");
    EXPECT_EQ(scan.listed[1].column, 4);
    EXPECT_EQ(scan.listed[2].scriptList(), "Latin/Greek/Armenian");
    EXPECT_EQ(scan.listed[2].odd, "U+0585 U+03BF");
    EXPECT_EQ(scan.listed[2].line.number(), 3);
    EXPECT_EQ(lookalikeNameLines(scan), "1, 2, 3");
}

TEST(MixedScriptNames, CountsAllListsTheFirstAndCutsLongNames)
{
    std::string text;
    for (int i = 0; i < 100; ++i)
        text += "v\u0430r" + std::to_string(i) + " ";
    text += std::string(79, 'x') + "\u0430" + std::string(100, 'x') + "\n"; // U+0430 at byte 80
    const LookalikeNameScan scan = scanLookalikeNames(text, 10);
    EXPECT_EQ(scan.count, 101u);
    ASSERT_EQ(scan.listed.size(), 10u);
    EXPECT_EQ(scan.listed[9].name, "v\u0430r9");
    EXPECT_EQ(lookalikeNameLines(scan), "1, ...");
    const LookalikeNameScan all = scanLookalikeNames(text, 1000);
    ASSERT_EQ(all.listed.size(), 101u);
    EXPECT_EQ(all.listed.back().name, std::string(79, 'x')); // not half of the U+0430
}

TEST(MixedScriptNames, RandomBytesAreReadWithoutFault)
{
    // Malformed UTF-8, stray continuation bytes and names cut by them: every byte is visited
    // once or twice and every listed name lies within the text.
    std::mt19937 random(7);
    const char alphabet[] = {'a',        'Z',        '_',        '1',        ' ',        '\n',
                             char(0xD0), char(0xB0), char(0xCE), char(0xB8), char(0xD5), char(0x85),
                             char(0xE2), char(0x80), char(0xC3), char(0xA9)};
    for (int round = 0; round < 2000; ++round) {
        std::string text(size_t(random() % 64), ' ');
        for (char& c : text)
            c = alphabet[random() % sizeof alphabet];
        const LookalikeNameScan scan = scanLookalikeNames(text);
        EXPECT_GE(scan.count, scan.listed.size());
        for (const LookalikeName& n : scan.listed)
            EXPECT_NE(text.find(n.name), std::string::npos);
    }
}

TEST(MixedScriptNames, TheOddLettersAreThoseOutsideTheMainScript)
{
    // The main script is the one most letters are in (the first on a tie): in a Cyrillic word
    // the Latin letter is the odd one; past four odd letters the list ends in "...".
    const LookalikeNameScan scan = scanLookalikeNames(
        "\u03b1\u0430 \u0434a\u043d\u043d\u044b\u0435 x\u0430\u0435\u043e\u0440\u0441y "
        "q\u0430\u0435\u0456\u0458\u04cf\u0440z");
    ASSERT_EQ(scan.count, 4u);
    EXPECT_EQ(scan.listed[0].scriptList(), "Greek/Cyrillic");
    EXPECT_EQ(scan.listed[0].odd, "U+0430");
    EXPECT_EQ(scan.listed[1].odd, "U+0061");
    EXPECT_EQ(scan.listed[2].odd, "U+0078 U+0079");
    EXPECT_EQ(scan.listed[3].odd, "U+0071 U+007A");
    const LookalikeNameScan many = scanLookalikeNames("abcdefgh\u0430\u0435\u043e\u0440\u0441");
    ASSERT_EQ(many.count, 1u);
    EXPECT_EQ(many.listed[0].odd, "U+0430 U+0435 U+043E U+0440 ...");
}

TEST(MixedScriptNames, ALongNameIsJudgedAndPlacedWhole)
{
    // The odd letter after the 80 bytes kept of the name is still named, and the name's
    // length (what a view underlines) is all of it.
    const std::string name = std::string(85, 'a') + "\u0430";
    const LookalikeNameScan scan = scanLookalikeNames("x " + name + " y");
    ASSERT_EQ(scan.count, 1u);
    EXPECT_EQ(scan.listed[0].name, std::string(kMaxLookalikeNameBytes, 'a'));
    EXPECT_EQ(scan.listed[0].odd, "U+0430");
    EXPECT_EQ(scan.listed[0].offset, 2u);
    EXPECT_EQ(scan.listed[0].length, name.size());
}

TEST(LookalikeLetters, ALetterReadsAsItsAsciiLookalikeInItsCase)
{
    EXPECT_EQ(asciiLookalike(0x0430), "a");  // Cyrillic a
    EXPECT_EQ(asciiLookalike(0x0399), "I");  // Greek capital iota: its skeleton is "l"
    EXPECT_EQ(asciiLookalike(0x03B9), "i");  // Greek small iota
    EXPECT_EQ(asciiLookalike(0x0585), "o");  // Armenian o
    EXPECT_EQ(asciiLookalike(0x042B), "bl"); // Cyrillic capital yeru: two letters
    EXPECT_EQ(asciiLookalike(0x0417), "3");  // Cyrillic capital ze reads as a digit
    EXPECT_EQ(asciiLookalike(0x0434), "");   // Cyrillic de looks like no ASCII letter
    EXPECT_EQ(asciiLookalike(0x03B8), "");   // Greek theta
    EXPECT_EQ(asciiLookalike('a'), "");      // only the lookalike scripts' letters
    EXPECT_EQ(asciiLookalike(0x4E00), "");
}

TEST(WholeScriptLookalikes, ANameOfLookalikesOfLatinLettersReadsAsTheLatinName)
{
    // `\u0435\u0445\u0440` is all Cyrillic, and each of its letters looks like an ASCII one: it
    // reads as `exp`, a name of its own.
    const LookalikeNameScan scan =
        scanLookalikeNames("let exp = 1;\nlet \u0435\u0445\u0440 = exp;\n");
    ASSERT_EQ(scan.count, 1u);
    const LookalikeName& n = scan.listed[0];
    EXPECT_FALSE(n.mixesScripts());
    EXPECT_EQ(n.line.number(), 2);
    EXPECT_EQ(n.column, 5);
    EXPECT_EQ(n.offset, 17u);
    EXPECT_EQ(n.length, 6u);
    EXPECT_EQ(n.name, "\u0435\u0445\u0440");
    EXPECT_EQ(n.scriptList(), "Cyrillic");
    EXPECT_EQ(n.odd, "U+0435 U+0445 U+0440");
    EXPECT_EQ(n.readsAs, "exp");
    // Greek and Armenian, digits and '_' kept, capitals in their case.
    const LookalikeNameScan more =
        scanLookalikeNames("\u0399\u039f_2 = \u0585\u0570\n\u03b1 = 1\n");
    ASSERT_EQ(more.count, 3u);
    EXPECT_EQ(more.listed[0].readsAs, "IO_2");
    EXPECT_EQ(more.listed[1].readsAs, "oh");
    EXPECT_EQ(more.listed[1].scriptList(), "Armenian");
    EXPECT_EQ(more.listed[2].readsAs, "a");
    EXPECT_EQ(lookalikeNameLines(more), "1, 2");
}

TEST(WholeScriptLookalikes, AScriptTheTextUsesAsItselfIsNotALookalike)
{
    // A letter without an ASCII lookalike anywhere in the text's names (Cyrillic de, Greek
    // theta) shows the script is written as itself: its names are not lookalikes, as with
    // rustc's mixed_script_confusables. Other scripts are still judged.
    for (const char* text : {
             "\u0435\u0445\u0440 = 1  # \u0434\u0430\u043d\u043d\u044b\u0435",
             "\u043f\u043e\u0441\u0442 = \u0441\u043e\u0440", // the first has pi
             "\u03b1 = \u03b8", "\u03bf = \u03c0 * 2",
             "\u0430\u0301 = 1", // an accent: it reads as no ASCII name
         })
        EXPECT_FALSE(scanLookalikeNames(text).found()) << text;
    const LookalikeNameScan scan = scanLookalikeNames("\u03b8 = \u0441\u043e\u0440");
    ASSERT_EQ(scan.count, 1u);
    EXPECT_EQ(scan.listed[0].readsAs, "cop");
}

TEST(WholeScriptLookalikes, MixedAndWholeScriptNamesAreCountedAndListedInTextOrder)
{
    std::string text;
    for (int i = 0; i < 30; ++i)
        text += (i % 2 ? "d\u0430ta" : "\u0441\u043e\u0440") + std::to_string(i) + "\n";
    const LookalikeNameScan scan = scanLookalikeNames(text, 10);
    EXPECT_EQ(scan.count, 30u);
    ASSERT_EQ(scan.listed.size(), 10u);
    for (size_t i = 0; i < scan.listed.size(); ++i) {
        EXPECT_EQ(scan.listed[i].line.number(), int(i) + 1);
        EXPECT_EQ(scan.listed[i].mixesScripts(), i % 2 == 1);
        EXPECT_EQ(scan.listed[i].readsAs, (i % 2 ? "data" : "cop") + std::to_string(i));
    }
    // A mixed name reads as ASCII only where each of its letters does.
    const LookalikeNameScan de = scanLookalikeNames("d\u0436ta");
    ASSERT_EQ(de.count, 1u);
    EXPECT_TRUE(de.listed[0].mixesScripts());
    EXPECT_EQ(de.listed[0].readsAs, "");
}

TEST(WholeScriptLookalikes, ALongNameReadsAsItsFirstBytesAndIsJudgedWhole)
{
    const std::string lookalikes = [] {
        std::string s;
        for (int i = 0; i < 60; ++i)
            s += "\u0430";
        return s;
    }();
    const LookalikeNameScan scan = scanLookalikeNames("x " + lookalikes + " y");
    ASSERT_EQ(scan.count, 1u);
    EXPECT_EQ(scan.listed[0].readsAs, std::string(60, 'a'));
    EXPECT_EQ(scan.listed[0].name.size(), kMaxLookalikeNameBytes);
    EXPECT_EQ(scan.listed[0].length, 120u);
    const LookalikeNameScan longer = scanLookalikeNames(lookalikes + lookalikes);
    ASSERT_EQ(longer.count, 1u);
    EXPECT_EQ(longer.listed[0].readsAs, std::string(kMaxLookalikeNameBytes, 'a'));
    // A letter without a lookalike past the bytes kept still makes it no lookalike.
    EXPECT_FALSE(scanLookalikeNames(lookalikes + lookalikes + "\u0301").found());
}
