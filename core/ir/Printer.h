#pragma once
// Writes a parsed module back as text: the C++ printer's custom syntax or the
// generic form (the latter with inherent attributes in `{...}` so that older
// MLIR tools, e.g. `mlir-opt-15 --allow-unregistered-dialect`, read it too).
// parse(print(m)) yields a model equal to m (see Equality.h).

#include "ir/Module.h"
#include "ir/Parser.h"

#include <string>

namespace tilelens::ir {

enum class PrintStyle
{
    Custom,
    Generic
};

std::string printModule(const Module& module, PrintStyle style);
// All modules of a result; several modules are wrapped in `module { ... }`.
std::string printResult(const ParseResult& result, PrintStyle style);

} // namespace tilelens::ir
