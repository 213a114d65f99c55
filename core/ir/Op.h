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

#include <string_view>

namespace tilelens::ir {

struct Region;
struct Block;

// 1-based, inclusive begin, end = position just after the op's last character.
struct SourceRange
{
    int beginLine = 0, beginColumn = 0;
    int endLine = 0, endColumn = 0;
    int64_t beginOffset = 0, endOffset = 0; // byte offsets in the (chunk) text
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

    const Attribute* attr(std::string_view name) const;
    const Type* resultType(size_t i) const { return results[i]->type; }
};

} // namespace tilelens::ir
