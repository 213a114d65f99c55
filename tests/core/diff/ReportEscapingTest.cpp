// Every report writer with hostile names: an entry named with HTML, markdown links and images,
// backticks, terminal escapes or bytes that are not UTF-8 comes out as the text it is. The
// markdown report renders none of it as markup, the text report drives no terminal, the JSON
// and SARIF writers never throw, the HTML page shows no control or bidi character.

#include "DiffTestUtil.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace tilelens::diff::test {
namespace {

const std::string kMarkup = "k<script>alert(1)</script><img src=x onerror=alert(1)>"
                            "![x](http://e.example/x.png)[y](javascript:alert(1))`b<!-- "
                            "<a href=\"http://e.example\">z</a><javascript:alert(1)>&#60;";
const std::string kTerminal = "k\x1B]0;pwned\x07\x1B[2K\rVERDICT: PASS\x1B[8m\xC2\x9B"
                              "2J\xE2\x80\xAEtxt.exe\xE2\x80\xA8";
const std::string kNotUtf8 = "k\xC0\xAF\xED\xA0\x80\xF4\x90\x80\x80\xFF";

std::string example(const char* relative)
{
    return readText(QStringLiteral(TILELENS_EXAMPLES_DIR "/") + QString::fromUtf8(relative));
}

// A real result whose every input-derived text is `name`.
DiffResult hostileResult(const std::string& name)
{
    DiffResult r = diffTexts(example("softmax/reference/reference.mlir"),
                             example("softmax/generated/generated.mlir"));
    EXPECT_FALSE(r.divergences.empty());
    r.referencePath = name + ".mlir";
    r.generatedPath = name + ".tileirbc";
    for (FunctionDiff& f : r.functions)
        f.reference = f.generated = name;
    for (Divergence& d : r.divergences) {
        d.message = "entry " + name + " differs";
        d.proof = name;
        d.counterexample = name;
        if (d.reference)
            d.reference->op = name;
    }
    if (!r.summary.empty())
        r.summary[0].metric = name;
    return r;
}

// The markdown text outside code spans (CommonMark §6.1: a run of n backticks opens a span
// closed by the next run of exactly n), with backslash escapes dropped: what renders as markup.
std::string outsideCode(const std::string& md)
{
    std::string out;
    for (size_t i = 0; i < md.size();) {
        if (md[i] == '\\' && i + 1 < md.size()) {
            out += ' '; // an escaped character is literal text
            i += 2;
            continue;
        }
        if (md[i] != '`') {
            out += md[i++];
            continue;
        }
        size_t run = 0;
        while (i + run < md.size() && md[i + run] == '`')
            ++run;
        size_t close = std::string::npos;
        for (size_t k = i + run; k < md.size();) {
            size_t r = 0;
            while (k + r < md.size() && md[k + r] == '`')
                ++r;
            if (r == run) {
                close = k;
                break;
            }
            k += std::max<size_t>(r, 1);
        }
        if (close == std::string::npos) {
            ADD_FAILURE() << "an unescaped backtick opens no code span at byte " << i;
            out += md.substr(i, run);
            i += run;
        } else {
            i = close + run;
        }
    }
    return out;
}

// Line breaks and tabs aside (harmless to a terminal).
bool hasControlBytes(const std::string& text)
{
    for (unsigned char c : text)
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F)
            return true;
    // C1 controls and bidi overrides, as UTF-8
    return text.find("\xC2\x9B") != std::string::npos ||
           text.find("\xE2\x80\xAE") != std::string::npos ||
           text.find("\xE2\x80\xA8") != std::string::npos;
}

} // namespace

TEST(ReportEscaping, MarkdownRendersNoMarkupFromAName)
{
    const std::string md = writeMarkdownReport(hostileResult(kMarkup));
    const std::string text = outsideCode(md);
    for (const char* markup : {"<script", "<img", "<a ", "</", "<!--", "<javascript:", "](", "&#"})
        EXPECT_EQ(text.find(markup), std::string::npos) << markup << "\n" << md;
    // The heading shows the name as text, and it is still one heading line.
    EXPECT_NE(md.find("\n# IR Diff Report: k&lt;script>alert(1)&lt;/script>&lt;img src=x "
                      "onerror=alert(1)>"),
              std::string::npos)
        << md;
    // A code span holds a name with a backtick: its fence is longer than the backtick run.
    EXPECT_NE(md.find("- entry ``" + kMarkup + "`` <-> ``"), std::string::npos) << md;
    // The rule set's own code in a proof stays code.
    DiffResult proof = hostileResult("k");
    proof.divergences[0].proof = "always false (`less_than` of operands)";
    EXPECT_NE(writeMarkdownReport(proof).find("(`less_than` of operands)"), std::string::npos);
}

TEST(ReportEscaping, MarkdownKeepsTheIrsOwnAngleBrackets)
{
    for (const char* ir : {"rounding<approx>", "tile<128x64xf32>", "<f32: 1.0>", "ptr<f16>",
                           "tile<?x?xbf16>", "bounded<0, ?>", "<i32>", "a <-> b"})
        EXPECT_EQ(markdownText(ir), ir);
    for (const char* markup : {"<script>", "<img src=x>", "<b>", "<f32 onload=x>", "</i32>",
                               "<!-- c -->", "<?x y ?>", "<http://e.example>", "<u@e.example>"})
        EXPECT_EQ(markdownText(markup).rfind("&lt;", 0), 0u) << markup;
    EXPECT_EQ(markdownText("a&b|c\\d~e"), "a&amp;b|c\\\\d\\~e");
}

TEST(ReportEscaping, MarkdownAndTextCarryNoTerminalControl)
{
    const DiffResult r = hostileResult(kTerminal);
    const std::string md = writeMarkdownReport(r);
    EXPECT_FALSE(hasControlBytes(md)) << md;
    const std::string text = writeTextReport(r);
    EXPECT_FALSE(hasControlBytes(text)) << text;
    EXPECT_NE(text.find("k\\u001b]0;pwned\\u0007\\u001b[2K\\u000dVERDICT: PASS\\u001b[8m\\u009b2J"
                        "\\u202etxt.exe\\u2028"),
              std::string::npos)
        << text;
    // The one line that starts with VERDICT is the report's own, the last.
    size_t verdicts = 0;
    for (size_t at = text.find("\nVERDICT:"); at != std::string::npos;
         at = text.find("\nVERDICT:", at + 1))
        ++verdicts;
    EXPECT_EQ(verdicts, 1u);
    EXPECT_EQ(text.rfind("\nVERDICT: "), text.rfind('\n', text.size() - 2));
}

TEST(ReportEscaping, JsonAndSarifWritersNeverThrowOnBytesThatAreNotUtf8)
{
    const DiffResult r = hostileResult(kNotUtf8);
    std::string json, sarif;
    ASSERT_NO_THROW(json = writeJsonReport(r));
    ASSERT_NO_THROW(sarif = writeSarifReport(r, RuleSet::defaults()));
    for (const std::string* doc : {&json, &sarif}) {
        const auto parsed = nlohmann::json::parse(*doc, nullptr, false);
        ASSERT_FALSE(parsed.is_discarded()) << *doc;
        EXPECT_NE(doc->find("k\xEF\xBF\xBD"), std::string::npos); // U+FFFD
    }
    EXPECT_EQ(nlohmann::json::parse(json)["functions"][0]["reference"].get<std::string>().rfind(
                  "k\xEF\xBF\xBD", 0),
              0u);
}

TEST(ReportEscaping, JsonAndSarifWriteControlsAsEscapes)
{
    const DiffResult r = hostileResult(kTerminal);
    const std::string json = writeJsonReport(r);
    const std::string sarif = writeSarifReport(r, RuleSet::defaults());
    for (const std::string* doc : {&json, &sarif}) {
        EXPECT_FALSE(hasControlBytes(*doc)) << *doc;
        ASSERT_FALSE(nlohmann::json::parse(*doc, nullptr, false).is_discarded());
    }
    // The same name, read back.
    EXPECT_EQ(nlohmann::json::parse(json)["functions"][0]["reference"].get<std::string>(),
              kTerminal);
}

TEST(ReportEscaping, HtmlShowsNoControlOrBidiCharacter)
{
    const DiffResult r = hostileResult(kTerminal);
    const std::string line = "  // " + kTerminal + "\n";
    const std::string html = writeHtmlReport(r, line + "\tx\n", line, kTerminal);
    EXPECT_FALSE(hasControlBytes(html));
    EXPECT_NE(html.find("\\u202etxt.exe"), std::string::npos);
    EXPECT_NE(html.find("\tx</td>"), std::string::npos); // an IR line keeps its tabs
    EXPECT_NO_THROW(writeHtmlReport(hostileResult(kNotUtf8), "", "", kNotUtf8));
}

} // namespace tilelens::diff::test
