#pragma once
// An SSA value: an op result or a block argument. Operands of ops point to
// Values (never to names); a value's uses are found on demand (usesOf), since keeping a
// list per value cost 32 bytes per operand that no analysis read (issue 28, cold parse).

#include "ir/Arena.h"
#include "ir/Type.h"

#include <cstdint>
#include <cstdlib>
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
// string_view took 16). A name of up to 6 characters (`%44`, `%cst_1`) is held in the word
// itself: the 6 bytes of its low 48 bits, its length in the high 16 marked 0x8000. A longer
// one is in the model's arena: the characters' address in the low 48 bits (user-space
// addresses on 64-bit Linux, macOS and Windows fit in 47 or 48), the length (below 0x8000) in
// the high 16; one of 0x8000 characters or more is stored after its 64-bit length and marked
// by the length 0xFFFF. A view of a held name points into the ValueName (the Value).
class ValueName
{
public:
    ValueName() = default;
    static ValueName copy(Arena& arena, std::string_view name);

    std::string_view view() const
    {
        const size_t n = size_t(m_bits >> kLengthShift);
        if ((n & kHeld) != 0 && n != kLongName)
            return std::string_view(reinterpret_cast<const char*>(&m_bits) + kHeldOffset,
                                    n & ~kHeld);
        const auto* p = reinterpret_cast<const char*>(m_bits & kAddressMask);
        if (n != kLongName)
            return std::string_view(p, n);
        uint64_t longLength = 0;
        std::memcpy(&longLength, p, sizeof longLength);
        return std::string_view(p + sizeof longLength, size_t(longLength));
    }
    operator std::string_view() const { return view(); }
    bool empty() const { return m_bits == 0; }
    size_t size() const { return view().size(); }
    // Its characters are in the word, not in the arena.
    bool held() const
    {
        const size_t n = size_t(m_bits >> kLengthShift);
        return (n & kHeld) != 0 && n != kLongName;
    }

private:
    static constexpr int kLengthShift = 48;
    static constexpr uint64_t kAddressMask = (uint64_t(1) << kLengthShift) - 1;
    static constexpr size_t kLongName = 0xFFFF;
    static constexpr size_t kHeld = 0x8000;
    static constexpr size_t kMaxHeld = 6;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    static constexpr size_t kHeldOffset = 2; // the low 48 bits are the last 6 bytes
#else
    static constexpr size_t kHeldOffset = 0;
#endif
    uint64_t m_bits = 0;
};

namespace detail {

// A value's owner (its defining op, or the block of a block argument) and its index in one
// word: the owner's address in the low 48 bits (8-aligned, so bit 0 is free and marks a block
// argument), the index in the high 16. The views below are members of one union in Value and
// share this word as their common initial sequence, so `v->definingOp`, `v->ownerBlock` and
// `v->index` read and write as the fields they were (issue 28: Value 48 -> 24 bytes).
struct ValueOwnerWord
{
    uint64_t m_bits;

    static constexpr int kIndexShift = 48;
    static constexpr uint64_t kAddressMask = ((uint64_t(1) << kIndexShift) - 1) & ~uint64_t(1);
    static constexpr uint64_t kArgumentBit = 1;

    void* address() const { return reinterpret_cast<void*>(m_bits & kAddressMask); }
    bool argument() const { return (m_bits & kArgumentBit) != 0; }
    uint32_t index() const { return uint32_t(m_bits >> kIndexShift); }
    void setOwner(const void* owner, bool isArgument)
    {
        const auto address = uint64_t(reinterpret_cast<uintptr_t>(owner));
        if ((address & ~kAddressMask) != 0) // unaligned or above 48 bits: no such platform known
            std::abort();
        m_bits = (m_bits & ~(kAddressMask | kArgumentBit)) | address |
                 (isArgument && owner ? kArgumentBit : 0);
    }
    // Readers bound results and block arguments to Value::kMaxIndex + 1 entries (located
    // errors); clamping keeps a missed one in range.
    void setIndex(uint64_t i)
    {
        const uint64_t clamped = i > 0xFFFF ? 0xFFFF : i;
        m_bits = (m_bits & ((uint64_t(1) << kIndexShift) - 1)) | (clamped << kIndexShift);
    }
};

// `v->definingOp`: the op whose result v is; null for block arguments.
struct DefiningOpView : ValueOwnerWord
{
    Op* get() const { return argument() ? nullptr : static_cast<Op*>(address()); }
    operator Op*() const { return get(); }
    Op* operator->() const { return get(); }
    DefiningOpView& operator=(Op* op)
    {
        setOwner(op, false);
        return *this;
    }
};

// `v->ownerBlock`: block arguments' block; null for op results.
struct OwnerBlockView : ValueOwnerWord
{
    Block* get() const { return argument() ? static_cast<Block*>(address()) : nullptr; }
    operator Block*() const { return get(); }
    Block* operator->() const { return get(); }
    OwnerBlockView& operator=(Block* b)
    {
        setOwner(b, true);
        return *this;
    }
};

// `v->index`: result number or argument number.
struct ValueIndexView : ValueOwnerWord
{
    operator uint32_t() const { return index(); }
    ValueIndexView& operator=(uint32_t i)
    {
        setIndex(i);
        return *this;
    }
};

} // namespace detail

struct Value
{
    const Type* type = nullptr;
    ValueName sourceName; // name in the input ("%cst_1", "%arg0"); not semantic
    union {
        detail::ValueOwnerWord m_owner = {0};
        detail::DefiningOpView definingOp; // null for block arguments
        detail::OwnerBlockView ownerBlock; // block arguments: their block
        detail::ValueIndexView index;      // result number or argument number
    };

    // The largest index (results: Op::kMaxArray entries; block arguments: Block::kMaxArguments).
    static constexpr uint32_t kMaxIndex = 0xFFFE;

    bool isBlockArgument() const { return definingOp.get() == nullptr; }
};
static_assert(sizeof(void*) != 8 || sizeof(Value) <= 24, "ir::Value grew (issue 28)");

// The uses of `v` among the ops of `scope` and of the regions nested in them, in order of
// appearance (a walk of the region: for tests and tools, not for hot paths).
std::vector<Use> usesOf(const Value& v, const Region& scope);

} // namespace tilelens::ir
