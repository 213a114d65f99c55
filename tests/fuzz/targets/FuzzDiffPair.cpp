// Fuzz target for the differ on IR pairs (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "PairInput.h"
#include "diff/IrDiff.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"
#include "ir/Module.h"

#include <vector>

namespace tilelens::fuzz {

void diffPair(std::string_view bytes)
{
    // A pair is one input so that the fuzzer mutates both sides; without the separator the
    // text is diffed against itself, the path of a port that matches its reference.
    const PairInput in = loadPairInput(bytes);
    if (!in.ok())
        return;
    const std::vector<const ir::Module*> refModules(in.ref.modules.begin(), in.ref.modules.end());
    const std::vector<const ir::Module*> genModules(in.gen.modules.begin(), in.gen.modules.end());
    static const diff::RuleSet rules = diff::RuleSet::defaults();
    const diff::DiffResult result =
        diff::compareModules(refModules, genModules, rules, "ref.mlir", "gen.mlir");
    // Every report the CLI writes reads the findings in its own way.
    (void)diff::writeTextReport(result);
    (void)diff::writeJsonReport(result);
    (void)diff::writeMarkdownReport(result, "fuzz");
    (void)diff::writeSarifReport(result, rules);
    (void)diff::writeHtmlReport(result, in.refText, in.genText, "fuzz");
}

} // namespace tilelens::fuzz
