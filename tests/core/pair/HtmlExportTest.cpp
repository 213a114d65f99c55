// The HTML page of an analysed pair (the CLI's --format html, the GUI's File > Export) is made
// from the text the analysis read: a file gone since is not read again, a bytecode side shows no
// text even where the analysis printed it for a pane (moved from tests/core/diff's
// HtmlReportTest, whose exportHtmlReport read both files again).

#include "pair/HtmlExport.h"

#include "PairTestUtil.h"
#include "TestPaths.h"
#include "pair/PairAnalysis.h"

#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace tilelens::pair {
namespace {

QString example(const char* relative)
{
    return tilelens::test::examplesDir() + QStringLiteral("/softmax/") +
           QString::fromUtf8(relative);
}

PairRequest pageRequest(const std::string& reference, const std::string& generated)
{
    PairRequest request;
    request.sides = {{reference, nullptr}, {generated, nullptr}};
    request.keepText = true;
    return request;
}

} // namespace

TEST(HtmlExport, ThePageIsMadeFromTheTextTheAnalysisRead)
{
    QTemporaryDir dir;
    const std::string ref =
        test::writeFile(dir, "reference.mlir", test::readText(example("reference/reference.mlir")));
    const std::string gen =
        test::writeFile(dir, "generated.mlir", test::readText(example("generated/generated.mlir")));
    const PairAnalysis analysis = analysePair(pageRequest(ref, gen));
    ASSERT_TRUE(analysis.compared());
    ASSERT_TRUE(QFile::remove(QString::fromStdString(gen))); // gone since: not read again

    const std::string out = dir.filePath(QStringLiteral("diff.html")).toStdString();
    EXPECT_EQ(exportHtml(analysis, out, "softmax"), "");
    const std::string html = test::readText(QString::fromStdString(out));
    EXPECT_EQ(html, htmlPage(analysis, "softmax"));
    EXPECT_NE(html.find("TileLens IR diff: softmax"), std::string::npos);
    EXPECT_NE(html.find("id=\"g1\""), std::string::npos) << "the generated text is on the page";

    const std::string missingDir = dir.filePath(QStringLiteral("no/such/dir/x.html")).toStdString();
    EXPECT_NE(exportHtml(analysis, missingDir).find("cannot write"), std::string::npos);
}

TEST(HtmlExport, ABytecodeSideShowsNoTextEvenWhenThePanePrintedIt)
{
    const std::string data = test::dataPath("bytecode/relu_fwd_1M_f16").toStdString();
    PairRequest cli = pageRequest(data + ".mlir", data + ".tileirbc");
    PairRequest gui = cli;
    gui.printBytecode = true;
    gui.decodedHeader = "// decoded";
    const PairAnalysis fromCli = analysePair(cli);
    const PairAnalysis fromGui = analysePair(gui);
    ASSERT_TRUE(fromCli.compared() && fromGui.compared());
    ASSERT_TRUE(fromGui.sides.generated().text) << "the pane's printed text";
    const std::string page = htmlPage(fromGui);
    EXPECT_EQ(page, htmlPage(fromCli));
    EXPECT_NE(page.find("has no text to show"), std::string::npos);
    EXPECT_EQ(page.find("id=\"g1\""), std::string::npos);
}

TEST(HtmlExport, APairNotComparedHasNoPage)
{
    QTemporaryDir dir;
    const std::string missing = dir.filePath(QStringLiteral("nope.mlir")).toStdString();
    const PairAnalysis analysis = analysePair(pageRequest(missing, missing));
    ASSERT_FALSE(analysis.compared());
    EXPECT_EQ(htmlPage(analysis), "");
    const std::string out = dir.filePath(QStringLiteral("diff.html")).toStdString();
    EXPECT_NE(exportHtml(analysis, out).find("not compared"), std::string::npos);
    EXPECT_FALSE(QFile::exists(QString::fromStdString(out)));
}

} // namespace tilelens::pair
