#pragma once
// A block: arguments and an ordered list of ops.

#include "ir/Arena.h"

#include <string_view>

namespace tilelens::ir {

struct Location;
struct Op;
struct Region;
struct Value;

struct Block
{
    std::string_view label; // "^bb0" when written; not semantic
    Span<Value* const> arguments;
    // Locations written after the arguments (`^bb0(%a: T loc(..))`, a function's `(%a: T
    // loc(..))`), one per argument (null: none); empty when none was written. Kept here rather
    // than in each Value, which would cost 8 bytes per value (issue 28).
    Span<const Location* const> argumentLocs;
    Span<Op* const> ops;
    Region* parentRegion = nullptr;

    // A value's index has 16 bits (Value): more arguments are a located error of the readers.
    static constexpr size_t kMaxArguments = 0xFFFF;
};

} // namespace tilelens::ir
