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

struct Function;
struct Module;

// What the IR is verified for. Dialect: the dialect's rules (`tilelens-cli parse`). Analysis:
// also what the differ and the interpreter read that the dialect lets a text leave out, every
// op's results: an op written without result names (`make_tensor_view %base, ...`, as the
// dialect's own tests do) has none in the model.
enum class VerifyPurpose
{
    Dialect,
    Analysis,
};

// Appends the module's verification errors to `diags`; true when there are none.
bool verifyModule(const Module& module, const std::string& fileName, Diagnostics& diags,
                  VerifyPurpose purpose = VerifyPurpose::Dialect);

// The same split in two, for a loader that verifies each entry as soon as it is parsed:
// one function (signature and body), and the rest of its module (globals, other items).
bool verifyFunction(const Function& function, const std::string& fileName, Diagnostics& diags,
                    VerifyPurpose purpose = VerifyPurpose::Dialect);
bool verifyModuleItems(const Module& module, const std::string& fileName, Diagnostics& diags,
                       VerifyPurpose purpose = VerifyPurpose::Dialect);

// Verifies every module of `r` (even after syntax errors: what parsed is checked) and
// appends the errors to r.diagnostics; true when none were added.
bool verifyParseResult(ParseResult& r, const std::string& fileName);

} // namespace tilelens::ir
