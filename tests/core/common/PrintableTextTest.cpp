// Strict UTF-8, the rule of names, the one escape of every text writer and the one JSON writer.

#include "common/PrintableText.h"

#include "common/JsonWrite.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace tilelens;

namespace {

int sequenceAt(const std::string& bytes, size_t at = 0)
{
    char32_t cp = 0;
    return utf8SequenceAt(bytes, at, cp);
}

} // namespace

TEST(PrintableText, Utf8IsReadStrictly)
{
    EXPECT_EQ(sequenceAt("a"), 1);
    EXPECT_EQ(sequenceAt("\xC3\xA9"), 2);         // é
    EXPECT_EQ(sequenceAt("\xE2\x86\x92"), 3);     // →
    EXPECT_EQ(sequenceAt("\xF0\x9F\x98\x80"), 4); // 😀
    EXPECT_EQ(sequenceAt("\xF4\x8F\xBF\xBF"), 4); // U+10FFFF
    EXPECT_EQ(sequenceAt("\xEF\xBF\xBD"), 3);     // U+FFFD
    char32_t cp = 0;
    ASSERT_EQ(utf8SequenceAt("\xE2\x80\xAE", 0, cp), 3);
    EXPECT_EQ(cp, char32_t(0x202E));
    for (const std::string bad : {
             "\xC0\xAF",         // overlong '/'
             "\xC1\xBF",         // overlong
             "\xE0\x80\xAF",     // overlong, three bytes
             "\xF0\x80\x80\xAF", // overlong, four bytes
             "\xED\xA0\x80",     // surrogate U+D800
             "\xED\xBF\xBF",     // surrogate U+DFFF
             "\xF4\x90\x80\x80", // U+110000
             "\xF5\x80\x80\x80", // past the last lead byte
             "\xFF",
             "\x80",         // a continuation byte alone
             "\xC3",         // truncated
             "\xE2\x86",     // truncated
             "\xE2\x28\xA1", // bad continuation
         })
        EXPECT_EQ(sequenceAt(bad), 0) << bad.size();
}

TEST(PrintableText, ANameIsPrintableUtf8)
{
    EXPECT_FALSE(nameProblem("softmax_kernel$1.a-b"));
    EXPECT_FALSE(nameProblem("a;b c\"\\<script>"));
    EXPECT_FALSE(
        nameProblem("\xC3\xA9t\xC3\xA9 \xE2\x80\xAE")); // bidi is shown escaped, not refused
    const auto esc = nameProblem("ab\x1B]0;x");
    ASSERT_TRUE(esc);
    EXPECT_EQ(esc->offset, 2u);
    EXPECT_EQ(esc->what, "has a control character (U+001B)");
    for (const std::string& control :
         {std::string("\t"), std::string("\r"), std::string("\n"), std::string("\x7F"),
          std::string("\xC2\x9B"), std::string(1, '\0')})
        EXPECT_TRUE(nameProblem("k" + control)) << int(control[0]);
    const auto overlong = nameProblem("k\xC0\xAF");
    ASSERT_TRUE(overlong);
    EXPECT_EQ(overlong->offset, 1u);
    EXPECT_EQ(overlong->what, "is not valid UTF-8 (byte 0xC0)");
}

TEST(PrintableText, ControlsBecomeEscapesAndTheRestStays)
{
    EXPECT_EQ(printableText("plain text: tile<4xf32> @k"), "plain text: tile<4xf32> @k");
    EXPECT_EQ(printableText("\xC3\xA9\xE2\x86\x92\xF0\x9F\x98\x80"),
              "\xC3\xA9\xE2\x86\x92\xF0\x9F\x98\x80");
    EXPECT_EQ(printableText("k\x1B]0;pwned\x07\x1B[2K\rVERDICT: PASS\x1B[8m"),
              "k\\u001b]0;pwned\\u0007\\u001b[2K\\u000dVERDICT: PASS\\u001b[8m");
    EXPECT_EQ(printableText("a\x7F\xC2\x9B"
                            "b"),
              "a\\u007f\\u009bb");
    EXPECT_EQ(printableText("x\xE2\x80\xAEgpj.exe\xE2\x81\xA6\xE2\x80\xA8"),
              "x\\u202egpj.exe\\u2066\\u2028");
    EXPECT_EQ(printableText("k\xC0\xAF\xFF"), "k\\xc0\\xaf\\xff");
    // A field escapes its line breaks (one could start a spoofed line); a whole report keeps
    // them, and its tabs.
    EXPECT_EQ(printableText("a\nb\tc"), "a\\u000ab\\u0009c");
    EXPECT_EQ(printableText("a\nb\tc\r", LineBreaks::Keep), "a\nb\tc\\u000d");
}

TEST(JsonWrite, NeverThrowsAndWritesWhatNlohmannWritesForText)
{
    nlohmann::ordered_json j = {{"name", "k\xC0\xAF"}, {"plain", "tile<4xf32> \xC3\xA9"}};
    std::string text;
    ASSERT_NO_THROW(text = jsonText(j));
    const auto back = nlohmann::json::parse(text);
    EXPECT_EQ(back["name"].get<std::string>(), "k\xEF\xBF\xBD\xEF\xBF\xBD"); // U+FFFD each
    EXPECT_EQ(back["plain"].get<std::string>(), "tile<4xf32> \xC3\xA9");
    // Valid text: byte for byte what dump() writes.
    const nlohmann::json plain = {{"a", {1, 2.5, "x\ny"}}, {"b", nullptr}};
    EXPECT_EQ(jsonText(plain), plain.dump(2));
    EXPECT_EQ(jsonText(plain, -1), plain.dump());
}

TEST(JsonWrite, ControlsNlohmannWritesRawBecomeEscapes)
{
    const std::string name = "a\x7F\xC2\x9B\xE2\x80\xAE\x1B";
    const nlohmann::json j = {{"name", name}};
    const std::string text = jsonText(j, -1);
    EXPECT_EQ(text, "{\"name\":\"a\\u007f\\u009b\\u202e\\u001b\"}");
    EXPECT_EQ(nlohmann::json::parse(text)["name"].get<std::string>(), name);
}
