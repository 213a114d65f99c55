#pragma once
// An SSA value: an op result or a block argument. Operands of ops point to
// Values (never to names); a value's uses are found on demand (usesOf), since keeping a
// list per value cost 32 bytes per operand that no analysis read (issue 28, cold parse).

#include "ir/Type.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tilelens::ir {

struct Op;
struct Block;
struct Location;

struct Region;

// One use of a value: operand `operandIndex` of `user`.
struct Use
{
    Op* user = nullptr;
    uint32_t operandIndex = 0;
};

struct Value
{
    // (Field order keeps the struct at 56 bytes: a large module has millions.)
    const Type* type = nullptr;
    Op* definingOp = nullptr;      // null for block arguments
    Block* ownerBlock = nullptr;   // block arguments: their block
    std::string_view sourceName;   // name in the input ("%cst_1", "%arg0"); not semantic
    const Location* loc = nullptr; // block arguments may carry one
    uint32_t index = 0;            // result number or argument number

    bool isBlockArgument() const { return definingOp == nullptr; }
};

// The uses of `v` among the ops of `scope` and of the regions nested in them, in order of
// appearance (a walk of the region: for tests and tools, not for hot paths).
std::vector<Use> usesOf(const Value& v, const Region& scope);

} // namespace tilelens::ir
