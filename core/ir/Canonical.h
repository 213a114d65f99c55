#pragma once
// Canonical spellings shared by the parser (type uniquing) and the printer.

#include "ir/Attribute.h"
#include "ir/Type.h"

#include <string>
#include <string_view>

namespace tilelens::ir {

void appendTypeCanonical(std::string& out, const Type& t);
void appendAttrCanonical(std::string& out, const Attribute& a);
void appendEscapedString(std::string& out, std::string_view bytes); // "..." with MLIR escapes
// A symbol as written: @name, or @"..." with escapes when the name is not a bare identifier.
void appendSymbol(std::string& out, std::string_view name);
bool isBareSymbol(std::string_view name);
void appendDims(std::string& out, Span<const int64_t> dims, char sep); // 4x?x8 or 1,?,2
// Text of one dense element (int as signed decimal, i1 as true/false, float via formatFloat).
void appendDenseElement(std::string& out, int64_t bits, const Type* elementType);

} // namespace tilelens::ir
