#pragma once
// Tile IR text parser: one entry point for the three syntaxes (C++ printer
// custom form, generic form, cutile-ir printer form used by cuTile Rust
// dumps); the syntax is detected per file and reported in ParseResult.
//
// Usage (e.g. in the differ):
//
//   #include "ir/Parser.h"
//   using namespace tilelens::ir;
//   ParseResult r = parseFile("kernel.mlir");          // or parseModule(text, opts)
//   for (const auto& d : r.diagnostics) std::cerr << d.format() << '\n';
//   if (!r.ok()) return;                               // ok() = no error diagnostics
//   for (const Module* m : r.modules)
//       for (const Function* f : m->functions)          // entry @name(...)
//           for (const Op* op : f->body->entryBlock()->ops) {
//               op->name.mnemonic();                    // "addf" (prefix normalized)
//               if (const Attribute* a = op->attr("rounding_mode")) a->canonical(); //
//               "rounding<zero>" op->results[0]->type->canonical();      // "tile<8xf32>"
//               op->operands[0]->definingOp;            // producer op, null for block args
//               op->loc->fileLineCol();                 // resolved loc(...) or nullptr
//               op->range.beginLine;                    // span in the input
//               for (const Region* reg : op->regions) { ... nested ops ... }
//           }
//
// `r` owns all model objects (via its arena); keep it alive while using them.

#include "common/CancelToken.h"
#include "common/Diagnostic.h"
#include "ir/Arena.h"
#include "ir/Module.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tilelens::ir {

struct Function;

enum class Syntax
{
    Custom,
    Generic,
    CutileIr,
    Mixed,
    Empty
};
const char* syntaxName(Syntax s); // "custom", "generic", "cutile-ir", "mixed", "empty"

// Inputs above this are refused with a message (the 1 GiB reader limit).
constexpr int64_t kMaxParseBytes = int64_t(1) << 30;

struct ParseOptions
{
    std::string fileName = "<input>"; // used in diagnostics
    int maxNestingDepth = 200;        // regions/brackets deeper than this are an error
    int maxErrors = 20;               // stop after this many errors
    int maxWarnings = 1000;           // then only counted, and said once at the end
    int firstLine = 1;                // line number of the first byte (for split chunks)
    // Called on the parsing thread for each entry of a cuda_tile.module as soon
    // as its model is final: parsed without an error so far and without a
    // location or attribute alias that is still undefined (those are resolved
    // at the end). Lets a consumer work on it while it is in cache; entries not
    // announced are only in the result.
    std::function<void(const Function&)> onFunction;
    // Polled before each entry and every 1024 ops: a cancelled token makes the parse throw
    // Cancelled (the work it belongs to was superseded). Default: never cancelled.
    CancelToken cancel;
};

struct ParseResult
{
    std::shared_ptr<Arena> arena; // owns every object below
    std::vector<Module*> modules; // usually one
    Diagnostics diagnostics;      // errors and warnings, in input order
    Syntax syntax = Syntax::Empty;
    int firstLine = 1; // first line of this chunk in the file
    int64_t inputBytes = 0;

    bool ok() const { return !hasErrors(diagnostics); }
    size_t opCount() const; // over all modules
};

// Parses one module text (no `// -----` splitting; the marker is just a comment).
ParseResult parseModule(std::string_view text, const ParseOptions& options = {});

// Splits at lines `// -----` and parses each chunk; line numbers stay file-relative.
std::vector<ParseResult> parseSplitInput(std::string_view text, const ParseOptions& options = {});

// Reads FILE (refusing binary, invalid UTF-8 and too-large input with a located
// message) and parses it. With split = true, one result per chunk.
ParseResult parseFile(const std::string& path, ParseOptions options = {});
std::vector<ParseResult> parseFileSplit(const std::string& path, ParseOptions options = {});

// The same for bytes already read from `path` (read once: a FIFO cannot be read twice).
ParseResult parseFileContents(std::string_view bytes, const std::string& path,
                              ParseOptions options = {});
std::vector<ParseResult> parseFileContentsSplit(std::string_view bytes, const std::string& path,
                                                ParseOptions options = {});

// Checks raw bytes before parsing: binary content, invalid UTF-8 (with line/col).
// Returns false and appends an error when the input cannot be text IR.
bool checkTextInput(std::string_view bytes, const std::string& fileName, Diagnostics& diags);

} // namespace tilelens::ir
