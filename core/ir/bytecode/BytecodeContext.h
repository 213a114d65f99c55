#pragma once
// Internal: state shared by the decoding steps of one file.

#include "common/CancelToken.h"
#include "ir/bytecode/BytecodeTables.h"

#include <string>

namespace tilelens::ir::bytecode {

struct Context
{
    Context(std::string_view f, Arena& arena) : file(f), model(arena) {}

    std::string_view file;
    BytecodeVersion version;
    ModelFactory model;
    StringTable strings;
    TypeTable types;
    ConstantTable constants;
    DebugTable debug;
    size_t instructions = 0;
    CancelToken cancel; // polled between functions and ops
    uint32_t cancelPolls = 0;

    bool atLeast(int major, int minor) const
    {
        return version.major > major || (version.major == major && version.minor >= minor);
    }
    std::string versionText() const
    {
        return std::to_string(version.major) + "." + std::to_string(version.minor);
    }
};

// Self-contained attribute (tag + payload, tile-ir.md §4.8).
const Attribute* readSelfContained(Context& ctx, ByteCursor& c, int depth = 0);
// Inline optimization hints: varint n + n x (key string, self-contained Dictionary).
const Attribute* readHints(Context& ctx, ByteCursor& c);

} // namespace tilelens::ir::bytecode
