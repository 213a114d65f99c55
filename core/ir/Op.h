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

struct Op
{
    OpName name;
    Span<Value* const> results;
    Span<Value* const> operands;
    Span<const NamedAttribute> attributes; // sorted by name
    Span<Region* const> regions;
    const Location* loc = nullptr; // never null after parsing (unknownLocation())
    SourceRange range;
    Block* parentBlock = nullptr;
    bool implicitTerminator = false; // inserted by the parser (not written in the input)

    OpId id() const { return name.id(); } // OpId::Unknown for ops the table lacks
    const Attribute* attr(std::string_view name) const;
    const Type* resultType(size_t i) const { return results[i]->type; }

    // Operand types as written in the op's type signature, in written order:
    // custom/cutile-ir form: the list after ':' (before '->' when there is an
    // arrow), so `addf %a, %b : tile<4xf32>` gives one type and `load_view_tko
    // ... : partition_view<..>, tile<i32> -> ..` two; generic form: the inputs of
    // the function type. Empty when the syntax writes none (bytecode, `for`,
    // `if`, `constant`, ops without operands, make_*_view whose type is the result's).
    Span<const Type* const> writtenOperandTypes() const
    {
        return Span<const Type* const>(m_writtenTypes, m_writtenTypeCount);
    }
    // True when they are one per operand in operand order (kinds match), as in
    // generic form; false for a custom shorthand such as `addf .. : T`.
    bool writtenTypesPerOperand() const;
    void setWrittenOperandTypes(Span<const Type* const> types)
    {
        m_writtenTypes = types.data();
        m_writtenTypeCount = uint32_t(types.size());
    }

private:
    uint32_t m_writtenTypeCount = 0; // packs after implicitTerminator
    const Type* const* m_writtenTypes = nullptr;
};

} // namespace tilelens::ir
