#pragma once
// The diff_ir.sh-style overview of two modules: op counts by category, entry
// hints, tile shapes, reduce identities, FTZ/approx per op, load/store hints,
// MMA types and layout attributes, each with reference and generated values.
// Informational: the verdict comes from the classified divergences.

#include "diff/DiffResult.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tilelens::diff {

// A function's share of the summary (op counts, hints, types, ...), gathered
// by GraphTasks right after the function's graph is built (GFunction::summary),
// made in `arena`.
const FunctionFacts* summarizeFunction(const GFunction& f, ir::Arena& arena);

// Also fills `opCounts` (op name -> reference, generated count) when given.
std::vector<SummaryRow>
buildSummary(const std::vector<const GFunction*>& ref, const std::vector<const GFunction*>& gen,
             std::map<std::string, std::pair<int, int>>* opCounts = nullptr);

} // namespace tilelens::diff
