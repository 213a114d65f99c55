#pragma once
// An SSA value: an op result or a block argument. Operands of ops point to
// Values (never to names); each Value keeps the list of its uses.

#include "ir/Type.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tilelens::ir {

struct Op;
struct Block;
struct Location;

struct Use
{
    Op* user = nullptr;
    uint32_t operandIndex = 0;
    Use* next = nullptr;
};

struct Value
{
    // (Field order keeps the struct at 64 bytes: a large module has millions.)
    const Type* type = nullptr;
    Op* definingOp = nullptr;      // null for block arguments
    Block* ownerBlock = nullptr;   // block arguments: their block
    std::string_view sourceName;   // name in the input ("%cst_1", "%arg0"); not semantic
    const Location* loc = nullptr; // block arguments may carry one
    Use* firstUse = nullptr;
    uint32_t index = 0; // result number or argument number
    uint32_t useCount = 0;

    bool isBlockArgument() const { return definingOp == nullptr; }
    std::vector<Use> uses() const; // in order of appearance
};

} // namespace tilelens::ir
