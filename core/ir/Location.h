#pragma once
// Resolved `loc(...)` of an op, argument or function. Aliases (`loc(#loc5)`,
// defined at the end of the file by MLIR's printer) are resolved after the
// whole file is read, so users never see an alias.

#include "ir/Arena.h"

#include <string>
#include <string_view>

namespace tilelens::ir {

struct Attribute;

enum class LocKind
{
    Unknown,     // loc(unknown) or no loc at all
    FileLineCol, // "file":line:col (endLine/endColumn when a `to` range is given)
    Name,        // "name" or "name"(child)
    CallSite,    // callsite(callee at caller): children[0] = callee, children[1] = caller
    Fused,       // fused<metadata>[a, b]
    DebugInfo,   // #cuda_tile.di_loc<loc in #scope>: children[0] = loc, scope = DI attribute
};

struct Location
{
    LocKind kind = LocKind::Unknown;
    std::string_view file; // FileLineCol
    int line = 0, column = 0, endLine = 0, endColumn = 0;
    std::string_view name; // Name
    Span<const Location* const> children;
    const Attribute* scope = nullptr; // DebugInfo scope / Fused metadata

    // First file:line:col reachable (callee side for call sites); nullptr if none.
    const Location* fileLineCol() const;
    std::string canonical() const; // e.g. `"a.py":3:4`, `fused["a.py":1:2, unknown]`
};

const Location* unknownLocation(); // shared immortal instance

} // namespace tilelens::ir
