#pragma once
// A `cuda_tile.module`: globals, functions and any other top-level item.

#include "ir/Arena.h"
#include "ir/Attribute.h"
#include "ir/Function.h"
#include "ir/Op.h"

#include <string_view>

namespace tilelens::ir {

struct Module
{
    std::string_view name;                 // symbol without '@' ("kernels")
    Span<const NamedAttribute> attributes; // e.g. producer
    Span<Op* const> globals;               // `global` ops (sym_name, value, alignment, ...)
    Span<Function* const> functions;       // in file order
    Span<Op* const> otherItems;            // unknown top-level ops, kept generically
    const Location* loc = nullptr;
    SourceRange range;

    const Function* function(std::string_view name) const;
    size_t opCount() const; // globals + function bodies (nested), not functions
};

} // namespace tilelens::ir
