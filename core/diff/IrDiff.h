#pragma once
// Entry point of the semantic IR differ.
//
//   #include "diff/IrDiff.h"
//   using namespace tilelens::diff;
//   DiffResult result = compareModules(refModules, genModules, RuleSet::defaults());
//   result.verdict;        // PASS / PASS_WITH_NOTES / FAIL_FIXABLE
//   result.divergences;    // classified, with both sides' line/column
//   result.functions[0].rows; // aligned rows for a side-by-side view
//
// The differ reads no files: pair::analysePair (core/pair) reads, parses and verifies a pair
// and hands its models to compareLoading.
//
// Steps per function pair: normalize (dataflow hash-consing), match entries
// by demangled name then structure, match ops (identity, dataflow, order),
// compare matched ops, classify every difference with the rules.

#include "common/CancelToken.h"
#include "common/Diagnostic.h"
#include "common/Side.h"
#include "diff/DiffResult.h"
#include "diff/RuleSet.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tilelens::ir {
struct Function;
struct Module;
} // namespace tilelens::ir

namespace tilelens::diff {

struct CompareOptions
{
    // FunctionDiff::rows, the side-by-side view (the GUI, the HTML report). The
    // JSON, text, markdown and SARIF reports do not read them: without them the
    // CLI's diff of a 2x100k-op pair peaks 16 MiB lower (docs/benchmarks.md).
    bool alignedRows = true;
    // compareLoading: bytes of both inputs when known (0: unknown). Under 1 MiB
    // two threads do it all; more only pay for their start on large inputs.
    // Also sizes the graph arenas before parsing.
    uint64_t inputBytes = 0;
    // Polled before each function's graph and each function pair's comparison (and its
    // solver queries): a cancelled token makes the compare throw Cancelled once every worker
    // has stopped. Loaders that parse take the same token (ir::ParseOptions::cancel).
    CancelToken cancel;
};

// Compares all entries of the given modules (several modules per side are
// concatenated). Paths are only recorded in the result. The modules must
// verify (ir::loadVerified*): the differ reads operands and results by the
// types the verifier checks, and crashed on IR that does not verify.
DiffResult compareModules(const std::vector<const ir::Module*>& ref,
                          const std::vector<const ir::Module*>& gen, const RuleSet& rules,
                          const std::string& refPath = {}, const std::string& genPath = {},
                          const CompareOptions& options = {});

// Loads both sides concurrently, load(Side::Reference, announce) and
// load(Side::Generated, announce), each on a thread of its own, and
// builds a side's graphs as soon as it is loaded, while the other side still
// loads. A loader that parses text passes `announce` on as
// ir::ParseOptions::onFunction: each entry's graph is then built as soon as
// the entry is parsed, while its model is in cache; a loader that parses
// through ir::loadVerified* announces only entries that verify and returns no
// modules for a side that does not. afterLoad(side) runs on
// the side's thread alongside graph building, which only reads the model. A
// side loaded without modules ends the diff: nullopt
// (the loader keeps its diagnostics).
using FunctionSink = std::function<void(const ir::Function&)>;
using SideLoader =
    std::function<std::vector<const ir::Module*>(Side side, const FunctionSink& announce)>;
std::optional<DiffResult> compareLoading(const SideLoader& load,
                                         const std::function<void(Side side)>& afterLoad,
                                         const RuleSet& rules, const std::string& refPath,
                                         const std::string& genPath,
                                         const CompareOptions& options = {});

} // namespace tilelens::diff
