#pragma once
// The HTML page of an analysed pair: `tilelens-cli diff --format html` and the GUI's File >
// Export. The diff's aligned rows beside the text the analysis read (PairRequest::keepText and
// alignedRows), so nothing is read again; a bytecode side shows no text, as the CLI's page
// always did.

#include <string>

namespace tilelens::pair {

struct PairAnalysis;

// The page (diff::writeHtmlReport) of a compared pair; empty when the pair was not compared.
// `writer`: the program the page names (diff::kHtmlWriterCli or kHtmlWriterApp).
std::string htmlPage(const PairAnalysis& analysis, const std::string& title = {},
                     const std::string& writer = "tilelens-cli");

// Writes the page atomically to `outPath`: "" when written, else a sentence with the path.
std::string exportHtml(const PairAnalysis& analysis, const std::string& outPath,
                       const std::string& title = {}, const std::string& writer = "tilelens-cli");

} // namespace tilelens::pair
