#pragma once
// A kernel (`entry`) or a function-like test op (`testing$func`).

#include "ir/Arena.h"
#include "ir/Attribute.h"
#include "ir/Location.h"
#include "ir/Op.h"

#include <string_view>

namespace tilelens::ir {

struct Region;

enum class FunctionKind
{
    Entry,
    Func
};

struct Function
{
    FunctionKind kind = FunctionKind::Entry;
    std::string_view name; // symbol without '@'
    Span<const Type* const> argumentTypes;
    Span<const Type* const> resultTypes;          // empty for entry
    Span<const Attribute* const> argumentAttrs;   // per argument; nullptr = none
    Span<const NamedAttribute> attributes;        // sorted: optimization_hints, sym_visibility, ...
    const Attribute* optimizationHints = nullptr; // also in attributes; null if none / empty
    Region* body = nullptr;                       // arguments = body->entryBlock()->arguments
    const Location* loc = nullptr;
    SourceRange range;
    OpName opName; // entry / testing$func

    const Attribute* attr(std::string_view name) const;
    size_t opCount() const; // all ops, nested regions included
};

} // namespace tilelens::ir
