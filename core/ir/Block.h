#pragma once
// A block: arguments and an ordered list of ops.

#include "ir/Arena.h"

#include <string_view>

namespace tilelens::ir {

struct Op;
struct Region;
struct Value;

struct Block
{
    std::string_view label; // "^bb0" when written; not semantic
    Span<Value* const> arguments;
    Span<Op* const> ops;
    Region* parentRegion = nullptr;
};

} // namespace tilelens::ir
