// The HTML page of `diff --format html` / File > Export: self-contained
// (nothing that a browser would fetch), every input text escaped, and the two
// IR sides aligned on matched ops.

#include "DiffTestUtil.h"
#include "diff/ReportWriters.h"

#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <regex>

namespace tilelens::diff::test {
namespace {

std::string example(const char* relative)
{
    return readText(QStringLiteral(TILELENS_EXAMPLES_DIR "/") + QString::fromUtf8(relative));
}

// Every way the page's markup, style or script could make a browser load
// something else (escaped input text is text, not markup, and is not searched).
std::vector<std::string> externalReferences(const std::string& html)
{
    static const std::regex tag(R"(<[a-z!/][^>]*>)", std::regex::icase);
    static const std::regex inTag(
        R"re((\b(src|href|action|data|poster|srcset|formaction)\s*=\s*(?!["']?#)|url\(|https?:|file:|<(link|iframe|object|embed|img|base)\b))re",
        std::regex::icase);
    static const std::regex inCode(
        R"((url\(|@import|https?:|file:|fetch\(|XMLHttpRequest|import\())", std::regex::icase);
    std::vector<std::string> found;
    for (auto it = std::sregex_iterator(html.begin(), html.end(), tag);
         it != std::sregex_iterator(); ++it)
        if (std::regex_search(it->str(), inTag))
            found.push_back(it->str());
    for (const char* element : {"style", "script"}) {
        const std::string open = std::string("<") + element + ">";
        const std::string close = std::string("</") + element + ">";
        for (auto at = html.find(open); at != std::string::npos; at = html.find(open, at + 1)) {
            const auto end = html.find(close, at);
            const std::string code = html.substr(at, end - at);
            if (std::regex_search(code, inCode))
                found.push_back(element + std::string(": ") + code.substr(0, 200));
        }
    }
    return found;
}

TEST(HtmlReport, SoftmaxPageIsSelfContained)
{
    const std::string ref = example("softmax/reference/reference.mlir");
    const std::string gen = example("softmax/generated/generated.mlir");
    ASSERT_FALSE(ref.empty());
    ASSERT_FALSE(gen.empty());
    const DiffResult r = diffTexts(ref, gen);
    ASSERT_FALSE(r.divergences.empty());
    const std::string html = writeHtmlReport(r, ref, gen, "softmax");

    for (const auto& ref : externalReferences(html))
        ADD_FAILURE() << "external reference: " << ref;
    EXPECT_NE(html.find("TileLens IR diff: softmax"), std::string::npos);
    EXPECT_NE(html.find(verdictName(r.verdict)), std::string::npos);
    // One table row per divergence, filterable by its severity.
    for (const Divergence& d : r.divergences)
        EXPECT_NE(html.find("<tr data-sev=\"" + std::string(severityName(d.severity)) + "\"><td>" +
                            d.id + "</td>"),
                  std::string::npos)
            << d.id;
    for (int s = 0; s < kSeverityCount; ++s)
        EXPECT_NE(html.find("data-sev=\"" + std::string(severityName(Severity(s))) + "\"><span"),
                  std::string::npos)
            << "no filter checkbox for " << severityName(Severity(s));
    EXPECT_NE(html.find("id=\"search\""), std::string::npos);
}

TEST(HtmlReport, MatchedOpsShareARow)
{
    // The same kernel with two comment lines more in the generated copy: every
    // op matches in order, so each pair must sit in one row despite the shift.
    const std::string ref = example("softmax/reference/reference.mlir");
    std::string gen = ref;
    const auto middle = gen.find('\n', gen.size() / 2) + 1;
    gen.insert(middle, "// added line 1\n// added line 2\n");
    const DiffResult r = diffTexts(ref, gen);
    const std::string html = writeHtmlReport(r, ref, gen);
    int pairs = 0, shifted = 0;
    for (const FunctionDiff& f : r.functions)
        for (const AlignedRow& row : f.rows) {
            if (!row.reference || !row.generated)
                continue;
            const std::string refCell = "id=\"r" + std::to_string(row.reference->line) + "\"";
            const auto at = html.find(refCell);
            ASSERT_NE(at, std::string::npos) << refCell;
            const auto rowStart = html.rfind("<tr>", at);
            const std::string line = html.substr(rowStart, html.find("</tr>", at) - rowStart);
            EXPECT_NE(line.find("id=\"g" + std::to_string(row.generated->line) + "\""),
                      std::string::npos)
                << line;
            ++pairs;
            shifted += row.generated->line != row.reference->line;
        }
    EXPECT_GT(pairs, 20);
    EXPECT_GT(shifted, 5);
    // The two added lines face fillers.
    for (const char* added : {"// added line 1</td>", "// added line 2</td>"}) {
        const auto at = html.find(added);
        ASSERT_NE(at, std::string::npos) << added;
        const auto rowStart = html.rfind("<tr>", at);
        EXPECT_NE(html.substr(rowStart, at - rowStart).find("<td class=\"c fill\"></td>"),
                  std::string::npos)
            << html.substr(rowStart, at - rowStart);
    }
}

TEST(HtmlReport, EscapesEveryInputText)
{
    std::string ref = example("softmax/reference/reference.mlir");
    std::string gen = example("softmax/generated/generated.mlir");
    const std::string hostile = "// <script>alert('x')</script> & \"quoted\" <img src=x>\n";
    ref = hostile + ref;
    gen = hostile + gen;
    DiffResult r = diffTexts(ref, gen);
    r.referencePath = "<script>ref.mlir";
    r.generatedPath = "gen\" onload=\"alert(1).mlir";
    ASSERT_FALSE(r.divergences.empty());
    r.divergences[0].message = "<b>bold</b>";
    r.divergences[0].proof = "a < b && b > c";
    r.divergences[0].rule = "<rule>";
    const std::string html = writeHtmlReport(r, ref, gen, "<i>kernel</i>");

    // Only the page's own script element.
    size_t scripts = 0;
    for (auto at = html.find("<script"); at != std::string::npos; at = html.find("<script", at + 1))
        ++scripts;
    EXPECT_EQ(scripts, 1u);
    EXPECT_EQ(html.find("<img"), std::string::npos);
    EXPECT_EQ(html.find("<b>bold"), std::string::npos);
    EXPECT_EQ(html.find("<i>kernel"), std::string::npos);
    EXPECT_EQ(html.find("onload=\""), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;"),
              std::string::npos);
    EXPECT_NE(html.find("a &lt; b &amp;&amp; b &gt; c"), std::string::npos);
    EXPECT_NE(html.find("&lt;rule&gt;"), std::string::npos);
    for (const auto& ref : externalReferences(html))
        ADD_FAILURE() << "external reference: " << ref;
}

TEST(HtmlReport, BytecodeSideHasNoTextButThePageStillLists)
{
    const std::string ref = example("softmax/reference/reference.mlir");
    const std::string gen = example("softmax/generated/generated.mlir");
    const DiffResult r = diffTexts(ref, gen);
    const std::string html = writeHtmlReport(r, ref, {});
    EXPECT_NE(html.find("has no text to show"), std::string::npos);
    EXPECT_EQ(html.find("id=\"g1\""), std::string::npos);
    EXPECT_NE(html.find("id=\"r1\""), std::string::npos);
}

} // namespace
} // namespace tilelens::diff::test
