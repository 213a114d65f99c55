// Op to source links of an analysed pair (moved from the GUI suite's data checks): a bytecode
// side's debug info links the lines of its printed text (under the header), the softmax
// example's generated ops get inferred kernel.rs links, and the queries the inspector asks.

#include "PairTestUtil.h"
#include "pair/PairAnalysis.h"
#include "pair/PairQueries.h"

namespace tilelens::pair {
namespace {

using namespace tilelens::pair::test;

// The line `line` (1-based) of a text.
std::string_view lineOf(std::string_view text, FileLine line)
{
    for (int n = 1; n < line.number(); ++n) {
        const auto eol = text.find('\n');
        if (eol == std::string_view::npos)
            return {};
        text.remove_prefix(eol + 1);
    }
    return text.substr(0, text.find('\n'));
}

TEST(SourceLinks, ADecodedBytecodeOpLinksToThePythonLineOfItsDebugInfo)
{
    PairRequest request;
    request.sides = {{dataPath("bytecode/relu_fwd_1M_f16.tileirbc").toStdString(), nullptr},
                     {dataPath("bytecode/relu_fwd_1M_f16.mlir").toStdString(), nullptr}};
    request.keepText = true;
    request.printBytecode = true;
    request.decodedHeader = "// decoded by a test";
    request.sourceLinks = true;
    const PairAnalysis a = analysePair(request);
    ASSERT_TRUE(a.compared());
    const PairSide& ref = a.sides.reference();
    ASSERT_TRUE(ref.text && ref.text->fromBytecode);
    ASSERT_FALSE(ref.links.empty()) << "the bytecode's debug info gives loc()s";
    EXPECT_TRUE(a.sides.generated().links.empty()) << "the printed .mlir twin has none";
    for (const SourceLink& link : ref.links) {
        EXPECT_EQ(link.fileName, "relu.py");
        EXPECT_FALSE(link.inferred);
        EXPECT_TRUE(link.sourceLine.known());
        // The line is an op of the printed text, below the header.
        const std::string_view op = lineOf(ref.text->view(), link.irLine);
        EXPECT_GT(link.irLine.number(), 1);
        EXPECT_NE(op.find(" = "), std::string_view::npos) << link.irLine.number() << ": " << op;
    }
}

TEST(SourceLinks, TheSoftmaxExampleGetsInferredRustLinksForItsGeneratedOps)
{
    const QString dir = tilelens::test::examplesDir() + QStringLiteral("/softmax");
    PairRequest request;
    request.sides = {{(dir + QStringLiteral("/reference/reference.mlir")).toStdString(), nullptr},
                     {(dir + QStringLiteral("/generated/generated.mlir")).toStdString(), nullptr}};
    request.keepText = true;
    request.sourceLinks = true;
    request.rustKernelPath = (dir + QStringLiteral("/kernel.rs")).toStdString();
    const PairAnalysis a = analysePair(request);
    ASSERT_TRUE(a.compared());
    const std::vector<SourceLink>& links = a.sides.generated().links;
    ASSERT_FALSE(links.empty());
    const std::string rust = readText(dir + QStringLiteral("/kernel.rs"));
    bool sawDivf = false;
    for (const SourceLink& l : links) {
        EXPECT_TRUE(l.inferred);
        EXPECT_EQ(l.fileName, "kernel.rs");
        const std::string_view op = lineOf(a.sides.generated().text->view(), l.irLine);
        if (op.find("= divf ") != std::string_view::npos) {
            sawDivf = true;
            EXPECT_EQ(lineOf(rust, l.sourceLine).find("divf("),
                      lineOf(rust, l.sourceLine).find_first_not_of(' '));
            EXPECT_NE(l.because.find("divf("), std::string::npos) << l.because;
        }
    }
    EXPECT_TRUE(sawDivf);
    // Without the request's flag there are none.
    request.sourceLinks = false;
    EXPECT_TRUE(analysePair(request).sides.generated().links.empty());
}

TEST(PairQueries, LinesOfRowsPartnersAndLinkedOps)
{
    const QString dir = tilelens::test::examplesDir() + QStringLiteral("/softmax");
    PairRequest request;
    request.sides = {{(dir + QStringLiteral("/reference/reference.mlir")).toStdString(), nullptr},
                     {(dir + QStringLiteral("/generated/generated.mlir")).toStdString(), nullptr}};
    request.sourceLinks = true;
    request.rustKernelPath = (dir + QStringLiteral("/kernel.rs")).toStdString();
    const PairAnalysis a = analysePair(request);
    ASSERT_TRUE(a.compared());
    const diff::DiffResult& r = *a.result;
    const std::vector<FileLine> refLines = opLines(r, Side::Reference);
    ASSERT_FALSE(refLines.empty());
    EXPECT_TRUE(std::is_sorted(refLines.begin(), refLines.end()));
    // A matched row's lines are each other's partners.
    for (const diff::FunctionDiff& f : r.functions)
        for (const diff::AlignedRow& row : f.rows)
            if (row.reference && row.generated && row.reference->line > 0 &&
                row.generated->line > 0) {
                const FileLine ref(row.reference->line), gen(row.generated->line);
                const std::vector<FileLine> partners = partnerLines(r, Side::Reference, {ref});
                EXPECT_NE(std::find(partners.begin(), partners.end(), gen), partners.end());
                const std::vector<FileLine> back = partnerLines(r, Side::Generated, {gen});
                EXPECT_NE(std::find(back.begin(), back.end(), ref), back.end());
            }
    EXPECT_FALSE(partnerLine(r, Side::Reference, FileLine(100000)).known());
    // Every inferred link is found from both ends.
    const std::vector<SourceLink>& links = a.sides.generated().links;
    ASSERT_FALSE(links.empty());
    EXPECT_TRUE(hasLinksTo(links, "kernel.rs"));
    EXPECT_FALSE(hasLinksTo(links, "softmax.py"));
    for (const SourceLink& l : links) {
        EXPECT_EQ(linkOf(links, l.irLine, "kernel.rs")->irLine, l.irLine);
        const std::vector<FileLine> ops = linkedIrLines(links, "kernel.rs", l.sourceLine);
        EXPECT_NE(std::find(ops.begin(), ops.end(), l.irLine), ops.end());
    }
    EXPECT_EQ(linkOf(links, links.front().irLine, "softmax.py"), nullptr);
}

} // namespace
} // namespace tilelens::pair
