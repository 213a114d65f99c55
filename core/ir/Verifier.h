#pragma once
// Checks a parsed module against what the CUDA Tile dialect defines beyond its syntax:
// well-formed types (tile shapes, views, tensor_views), operand and result types per op,
// enum attribute values, and the shape rules of reshape, broadcast, mmaf/mmai, views and
// their loads and stores. Each problem is an error placed at the op (or function) that holds
// it. Ops the verifier does not know (other dialects, generic test ops) are left alone.
//
//   ParseResult r = parseFile("k.mlir");
//   if (r.ok()) verifyParseResult(r, "k.mlir");   // appends to r.diagnostics

#include "common/Diagnostic.h"
#include "ir/Parser.h"

#include <string>

namespace tilelens::ir {

struct Module;

// Appends the module's verification errors to `diags`; true when there are none.
bool verifyModule(const Module& module, const std::string& fileName, Diagnostics& diags);

// Verifies every module of `r` (even after syntax errors: what parsed is checked) and
// appends the errors to r.diagnostics; true when none were added.
bool verifyParseResult(ParseResult& r, const std::string& fileName);

} // namespace tilelens::ir
