#pragma once
// One entry point for "an IR file": bytecode (told apart by its magic bytes)
// goes to readBytecode, anything else to the text parser. Callers such as
// `tilelens-cli parse` and the differ need not know which one they got.

#include "ir/Parser.h"

#include <functional>
#include <string>

namespace tilelens::ir {

// Bytecode or text. Diagnostics are in the result (as with parseFile); for
// bytecode, `options.fileName` is ignored and the path is used in messages.
ParseResult loadIrFile(const std::string& path, const ParseOptions& options = {});

// The same for bytes already read from `path`.
ParseResult loadIrContents(std::string_view bytes, const std::string& path,
                           const ParseOptions& options = {});

// For the analyses (diff, eval, the GUI's inspector, the dashboard): IR that does not verify is
// never analysed. `load` reads the IR with the options it is given; what it read is verified
// (ir::VerifyPurpose::Analysis) and the verifier's errors are added to the result's
// diagnostics, so that ok() is false. Each text entry is verified as soon as it is parsed and
// passed on to options.onFunction only when it verifies: a consumer that starts on an entry
// while the rest still parses (the differ's graphs) never sees one that does not.
// `verifierErrors`, when given, receives how many of the diagnostics are the verifier's.
using IrLoad = std::function<ParseResult(const ParseOptions&)>;
ParseResult loadVerified(const IrLoad& load, const std::string& path,
                         const ParseOptions& options = {}, size_t* verifierErrors = nullptr);

// loadVerified of loadIrFile / loadIrContents.
ParseResult loadVerifiedIrFile(const std::string& path, const ParseOptions& options = {},
                               size_t* verifierErrors = nullptr);
ParseResult loadVerifiedIrContents(std::string_view bytes, const std::string& path,
                                   const ParseOptions& options = {},
                                   size_t* verifierErrors = nullptr);

} // namespace tilelens::ir
