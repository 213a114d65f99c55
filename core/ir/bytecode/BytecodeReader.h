#pragma once
// Tile IR bytecode reader (`.tileirbc`, tile-ir.md §4): builds the same
// ir::Module model as the text parser, so the differ and the GUI treat both
// inputs alike.
//
//   #include "ir/bytecode/BytecodeReader.h"
//   using namespace tilelens::ir;
//   Diagnostics diags;
//   if (isBytecode(bytes)) {
//       ParseResult r = readBytecode(bytes, "k.tileirbc", diags);
//       if (r.ok()) for (const Function* f : r.modules[0]->functions) ...
//   }
//
// Supported: versions 13.1, 13.2 and 13.3 (any tag), all sections (String,
// Func, Debug, Constant, Type, Global, Producer), every public opcode.
// Model conventions (chosen to equal the text parser's model):
// * the module is named `kernels` (the name is not stored in bytecode);
// * attributes equal to their ODS default are omitted, as both printers omit
//   them (e.g. `rounding<nearest_even>` on addf, `overflow<none>`); `divi`'s
//   rounding is stored under `rounding_mode` like the text parser does;
// * memory ordering / scope / atomic mode become enums, not `0 : i32`;
// * a 13.1 `print` gets its token result (unused), as the C++ reader does;
// * locations come from the Debug section (di_loc, callsite); ops without
//   debug info get unknownLocation(); SourceRange holds byte offsets of the
//   instruction (line/column 0).
// Errors: diagnostics with the byte offset (`FILE:@OFFSET: error: ...`). Input
// is never trusted: every length, count and index is checked against the data.

#include "common/Diagnostic.h"
#include "ir/Parser.h"

#include <string>
#include <string_view>
#include <vector>

namespace tilelens::ir {

struct BytecodeVersion
{
    int major = 0, minor = 0, tag = 0;
    std::string text() const; // "13.3.0"
};

// What the container held, for `tilelens-cli parse --json` and tests.
struct BytecodeInfo
{
    BytecodeVersion version;
    std::vector<int> sectionIds; // in file order
    size_t strings = 0, types = 0, constants = 0, debugAttributes = 0;
    size_t instructions = 0; // all function bodies, nested included
    bool hasProducer = false;
};

// True when `bytes` starts with the magic "\x7FTileIR\0".
bool isBytecode(std::string_view bytes);

// Decodes one bytecode module. Diagnostics are appended to `diags` and also
// stored in the result (so result.ok() works). On error the result holds no
// module. `info`, when given, is filled as far as the file could be read. `cancel` is polled
// before each function and every 1024 ops (a cancelled token throws Cancelled).
ParseResult readBytecode(std::string_view bytes, const std::string& fileName, Diagnostics& diags,
                         BytecodeInfo* info = nullptr, const CancelToken& cancel = {});

// Reads FILE (size-limited) and decodes it.
ParseResult readBytecodeFile(const std::string& path, Diagnostics& diags,
                             BytecodeInfo* info = nullptr);

} // namespace tilelens::ir
