#pragma once
// One entry point for "an IR file": bytecode (told apart by its magic bytes)
// goes to readBytecode, anything else to the text parser. Callers such as
// `tilelens-cli parse` and the differ need not know which one they got.

#include "ir/Parser.h"

#include <string>

namespace tilelens::ir {

// Bytecode or text. Diagnostics are in the result (as with parseFile); for
// bytecode, `options.fileName` is ignored and the path is used in messages.
ParseResult loadIrFile(const std::string& path, const ParseOptions& options = {});

// The same for bytes already read from `path`.
ParseResult loadIrContents(std::string_view bytes, const std::string& path,
                           const ParseOptions& options = {});

} // namespace tilelens::ir
