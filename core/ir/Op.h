#pragma once
// One operation. Attribute names are the dialect's ODS names regardless of
// the syntax it was read from (custom keywords such as `rounding<zero>` become
// `rounding_mode`, see tile-ir.md §3), kept sorted by name. Attributes equal to
// the op's default (`rounding<nearest_even>`, `overflow<none>`, exp/tanh
// `rounding<full>`, divi `rounding<zero>`, ...) are not stored.

#include "ir/Arena.h"
#include "ir/Attribute.h"
#include "ir/Location.h"
#include "ir/OpName.h"
#include "ir/Value.h"

#include <cstdint>
#include <string_view>
#include <type_traits>

namespace tilelens::ir {

struct Region;
struct Block;

// 1-based, inclusive begin, end = position just after the op's last character.
struct SourceRange
{
    int beginLine = 0, beginColumn = 0;
    int endLine = 0, endColumn = 0;
    // Byte offsets in the (chunk) text; 32 bits suffice (inputs are at most 1 GiB,
    // kMaxParseBytes) and keep Op at 128 bytes.
    int32_t beginOffset = 0, endOffset = 0;
};

namespace detail {

// An op's arrays in one arena block: this header (their counts), then the attributes, results,
// operands and regions. Ops number in the millions in a large module; four Spans in the op took
// 64 of its 128 bytes (issue 28, cold parse). The written operand types are the op's (Op).
struct alignas(8) OpArrays
{
    uint16_t results = 0, operands = 0, attributes = 0, regions = 0;

    static size_t bytesFor(size_t nResults, size_t nOperands, size_t nAttributes, size_t nRegions)
    {
        return sizeof(OpArrays) + nAttributes * sizeof(NamedAttribute) +
               (nResults + nOperands + nRegions) * sizeof(void*);
    }
    NamedAttribute* attributeData() { return reinterpret_cast<NamedAttribute*>(this + 1); }
    Value** resultData() { return reinterpret_cast<Value**>(attributeData() + attributes); }
    Value** operandData() { return resultData() + results; }
    Region** regionData() { return reinterpret_cast<Region**>(operandData() + operands); }
};
static_assert(alignof(NamedAttribute) == 8 && sizeof(OpArrays) % 8 == 0,
              "the arrays follow the header 8-byte aligned");

// Ops without arrays of their own (made without makeArrays) point here: the views then need
// no null test. Never written.
inline OpArrays g_noOpArrays;

// The op's one pointer to its arrays (the union's first member: see OpArrayView).
struct OpArraysRef
{
    OpArrays* m_arrays;
};

enum class OpArray
{
    Results,
    Operands,
    Attributes,
    Regions
};

// A read-only view of one of an op's arrays with Span's interface (and converting to a Span).
// All four views of an op share its one header pointer (members of one union; the pointer
// is their common initial sequence).
template <typename T, OpArray Which> struct OpArrayView
{
    OpArrays* m_arrays;

    T* data() const
    {
        if constexpr (Which == OpArray::Results)
            return m_arrays->resultData();
        else if constexpr (Which == OpArray::Operands)
            return m_arrays->operandData();
        else if constexpr (Which == OpArray::Attributes)
            return m_arrays->attributeData();
        else
            return m_arrays->regionData();
    }
    size_t size() const
    {
        if constexpr (Which == OpArray::Results)
            return m_arrays->results;
        else if constexpr (Which == OpArray::Operands)
            return m_arrays->operands;
        else if constexpr (Which == OpArray::Attributes)
            return m_arrays->attributes;
        else
            return m_arrays->regions;
    }
    T* begin() const { return data(); }
    T* end() const { return data() + size(); }
    bool empty() const { return size() == 0; }
    T& operator[](size_t i) const { return data()[i]; }
    T& front() const { return data()[0]; }
    T& back() const { return data()[size() - 1]; }
    template <typename U, typename = std::enable_if_t<std::is_convertible_v<T (*)[], U (*)[]>>>
    operator Span<U>() const
    {
        return Span<U>(data(), size());
    }
};

// An op's written operand types and its implicit-terminator flag in one word: the list's
// address in the low 48 bits (8-aligned, so bit 0 holds the flag), its length in the high 16.
// ImplicitTerminatorView shares the word (union, common initial sequence), so
// `op->implicitTerminator` reads and writes as the bool field it was.
struct OpWrittenWord
{
    uint64_t m_bits;

    static constexpr int kCountShift = 48;
    static constexpr uint64_t kAddressMask = ((uint64_t(1) << kCountShift) - 1) & ~uint64_t(1);
    static constexpr uint64_t kFlagBit = 1;

    const Type* const* types() const
    {
        return reinterpret_cast<const Type* const*>(m_bits & kAddressMask);
    }
    size_t count() const { return size_t(m_bits >> kCountShift); }
    bool flag() const { return (m_bits & kFlagBit) != 0; }
};

struct ImplicitTerminatorView : OpWrittenWord
{
    operator bool() const { return flag(); }
    ImplicitTerminatorView& operator=(bool on)
    {
        m_bits = on ? (m_bits | kFlagBit) : (m_bits & ~kFlagBit);
        return *this;
    }
};

} // namespace detail

struct Op
{
    OpName name;
    union {
        detail::OpArraysRef m_ref = {&detail::g_noOpArrays}; // see makeArrays
        detail::OpArrayView<Value* const, detail::OpArray::Results> results;
        detail::OpArrayView<Value* const, detail::OpArray::Operands> operands;
        detail::OpArrayView<const NamedAttribute, detail::OpArray::Attributes>
            attributes; // sorted by name
        detail::OpArrayView<Region* const, detail::OpArray::Regions> regions;
    };
    const Location* loc = nullptr; // never null after parsing (unknownLocation())
    SourceRange range;
    Block* parentBlock = nullptr;
    union {
        detail::OpWrittenWord m_written = {0};             // see writtenOperandTypes
        detail::ImplicitTerminatorView implicitTerminator; // inserted by the parser (not written)
    };

    // Each of an op's arrays, and its written type list, holds at most this many entries
    // (16-bit counts).
    static constexpr size_t kMaxArray = 0xFFFF;

    OpId id() const { return name.id(); } // OpId::Unknown for ops the table lacks
    const Attribute* attr(std::string_view name) const;
    const Type* resultType(size_t i) const { return results[i]->type; }

    // Gives the op its arrays in one block of `arena`: `nResults` result slots, ... (filled by
    // the caller through resultData() etc. of the header returned). Each count at most kMaxArray.
    detail::OpArrays* makeArrays(Arena& arena, size_t nResults, size_t nOperands,
                                 size_t nAttributes, size_t nRegions);
    // The same, from existing arrays (copied). Replaces any arrays the op had.
    void setArrays(Arena& arena, Span<Value* const> results, Span<Value* const> operands,
                   Span<const NamedAttribute> attributes, Span<Region* const> regions);
    // Places the header of `nResults`.. arrays at `at` (OpArrays::bytesFor bytes, 8-aligned).
    detail::OpArrays* placeArrays(void* at, size_t nResults, size_t nOperands, size_t nAttributes,
                                  size_t nRegions);

    // Operand types as written in the op's type signature, in written order:
    // custom/cutile-ir form: the list after ':' (before '->' when there is an
    // arrow), so `addf %a, %b : tile<4xf32>` gives one type and `load_view_tko
    // ... : partition_view<..>, tile<i32> -> ..` two; generic form: the inputs of
    // the function type. Empty when the syntax writes none (bytecode, `for`,
    // `if`, `constant`, ops without operands, make_*_view whose type is the result's).
    Span<const Type* const> writtenOperandTypes() const
    {
        return Span<const Type* const>(m_written.types(), m_written.count());
    }
    // True when they are one per operand in operand order (kinds match), as in
    // generic form; false for a custom shorthand such as `addf .. : T`.
    bool writtenTypesPerOperand() const;
    // At most kMaxArray types (the parser reports more; clamped here). The list must outlive
    // the op (the model's arena).
    void setWrittenOperandTypes(Span<const Type* const> types);
};
static_assert(sizeof(void*) != 8 || sizeof(Op) <= 64, "ir::Op fits a cache line (issue 28)");

} // namespace tilelens::ir
