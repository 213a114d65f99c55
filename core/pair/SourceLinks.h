#pragma once
// Op to source links of one side of a pair: where each op's loc() points (a Python line of the
// reference, a kernel.rs line of a generated side that has locations), on the line the side's
// text shows the op, and for a cuTile Rust side without locations the kernel.rs lines inferred
// by matching its ops to the entry's statements (ws::inferLinks).

#include "common/Lines.h"

#include <string>
#include <string_view>
#include <vector>

namespace tilelens::ir {
struct ParseResult;
} // namespace tilelens::ir

namespace tilelens::pair {

struct SideText;

struct SourceLink
{
    FileLine irLine;      // in the side's shown text (the printed text of a bytecode side)
    std::string fileName; // loc()'s file name without directories ("softmax.py")
    FileLine sourceLine;
    bool inferred = false; // kernel.rs: cuTile Rust records no source locations
    std::string because;   // inferred: the expression the op was matched to ("" if only placed)
};

// The loc() links of `model`'s ops. Text IR: on the ops' own lines. Bytecode (whose ops have no
// lines): on the lines of `printed`, the printed module the pane shows (its headerLines above),
// when given; none without it.
std::vector<SourceLink> locLinks(const ir::ParseResult& model, const SideText* printed);

// Inferred kernel.rs links of every generated function compiled from one of the file's
// entries, unless `links` already has loc()s into that file. Nothing when it cannot be read.
void addInferredRustLinks(const ir::ParseResult& model, const std::string& rustKernelPath,
                          std::vector<SourceLink>& links);

// The file name of a path, without directories (what SourceLink::fileName holds).
std::string_view fileNameOf(std::string_view path);

} // namespace tilelens::pair
