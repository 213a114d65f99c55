#pragma once
// An SSA value: an op result or a block argument. Operands of ops point to
// Values (never to names); a value's uses are found on demand (usesOf), since keeping a
// list per value cost 32 bytes per operand that no analysis read (issue 28, cold parse).

#include "ir/Arena.h"
#include "ir/Type.h"

#include <cstdint>
#include <cstring>
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

// A value's name as written, in 8 bytes (a large module has millions of values; a
// string_view took 16): the characters' address in the model's arena in the low 48 bits
// (user-space addresses on 64-bit Linux, macOS and Windows fit in 47 or 48), the length in the
// high 16; a longer name is stored after its 64-bit length and marked by the length 0xFFFF.
class ValueName
{
public:
    ValueName() = default;
    static ValueName copy(Arena& arena, std::string_view name);

    std::string_view view() const
    {
        const auto* p = reinterpret_cast<const char*>(m_bits & kAddressMask);
        const size_t n = size_t(m_bits >> kLengthShift);
        if (n != kLongName)
            return std::string_view(p, n);
        uint64_t longLength = 0;
        std::memcpy(&longLength, p, sizeof longLength);
        return std::string_view(p + sizeof longLength, size_t(longLength));
    }
    operator std::string_view() const { return view(); }
    bool empty() const { return m_bits == 0; }
    size_t size() const { return view().size(); }

private:
    static constexpr int kLengthShift = 48;
    static constexpr uint64_t kAddressMask = (uint64_t(1) << kLengthShift) - 1;
    static constexpr size_t kLongName = 0xFFFF;
    uint64_t m_bits = 0;
};

struct Value
{
    // (Field order keeps the struct at 48 bytes: a large module has millions.)
    const Type* type = nullptr;
    Op* definingOp = nullptr;      // null for block arguments
    Block* ownerBlock = nullptr;   // block arguments: their block
    ValueName sourceName;          // name in the input ("%cst_1", "%arg0"); not semantic
    const Location* loc = nullptr; // block arguments may carry one
    uint32_t index = 0;            // result number or argument number

    bool isBlockArgument() const { return definingOp == nullptr; }
};
static_assert(sizeof(void*) != 8 || sizeof(Value) <= 48, "ir::Value grew (issue 28)");

// The uses of `v` among the ops of `scope` and of the regions nested in them, in order of
// appearance (a walk of the region: for tests and tools, not for hot paths).
std::vector<Use> usesOf(const Value& v, const Region& scope);

} // namespace tilelens::ir
