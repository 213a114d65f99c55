#pragma once
// The ops a value stored by an op can depend on, as source lines: a backward
// slice over operands. Conservative where control flow is involved: a result of
// `for`/`if`/`loop`, or a block argument of its region, brings in the op's
// operands and every op of its regions (the loop-carried values come from there).

#include "ir/Function.h"

#include <set>
#include <vector>

namespace tilelens::crosscheck {

// Every op of `fn` (nested regions included) named one of
// `mnemonics` (empty: every op) whose begin line is in `lines` (empty: any line).
std::vector<const ir::Op*> findOps(const ir::Function& fn, const std::set<int>& lines,
                                   const std::set<std::string>& mnemonics);

// Begin lines of the ops in the backward slice of `roots` (the roots included).
std::set<int> sliceLines(const std::vector<const ir::Op*>& roots);

} // namespace tilelens::crosscheck
