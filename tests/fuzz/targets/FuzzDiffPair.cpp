// Fuzz target for the differ on IR pairs (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "diff/IrDiff.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"
#include "ir/Module.h"
#include "ir/bytecode/IrFileLoader.h"

#include <vector>

namespace tilelens::fuzz {

void diffPair(std::string_view bytes)
{
    // A pair is one input so that the fuzzer mutates both sides; without the separator the
    // text is diffed against itself, the path of a port that matches its reference.
    const size_t cut = bytes.find('\x01');
    const std::string_view refText = bytes.substr(0, cut);
    const std::string_view genText =
        cut == std::string_view::npos ? refText : bytes.substr(cut + 1);
    // The differ only sees IR that verifies, as in `tilelens-cli diff` and the app.
    const ir::ParseResult ref = ir::loadVerifiedIrContents(refText, "ref.mlir");
    const ir::ParseResult gen = ir::loadVerifiedIrContents(genText, "gen.mlir");
    if (!ref.ok() || !gen.ok())
        return;
    const std::vector<const ir::Module*> refModules(ref.modules.begin(), ref.modules.end());
    const std::vector<const ir::Module*> genModules(gen.modules.begin(), gen.modules.end());
    static const diff::RuleSet rules = diff::RuleSet::defaults();
    const diff::DiffResult result =
        diff::compareModules(refModules, genModules, rules, "ref.mlir", "gen.mlir");
    // Every report the CLI writes reads the findings in its own way.
    (void)diff::writeTextReport(result);
    (void)diff::writeJsonReport(result);
    (void)diff::writeMarkdownReport(result, "fuzz");
    (void)diff::writeSarifReport(result, rules);
    (void)diff::writeHtmlReport(result, refText, genText, "fuzz");
}

} // namespace tilelens::fuzz
