#pragma once
// Structural attribute value. One spelling per meaning in canonical(): e.g.
// `2 : i64`, `1.500000e+00 : f32` (floats keep their exact bits, printed as hex
// when not exactly representable in short form), `rounding<approx>`,
// `signedness<signed>`, `comparison_predicate<less_than>`, `div_by<16>`,
// `bounded<0, ?>`, `optimization_hints<sm_100 = {num_cta_in_cga = 2}>`,
// `<f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>` (splat when all equal).

#include "ir/Arena.h"
#include "ir/Type.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tilelens::ir {

enum class AttrKind
{
    Integer,    // intValue, type (nullptr = untyped, treated as i64)
    Float,      // bits (IEEE bit pattern at the width of `type`), type
    Bool,       // intValue 0/1
    String,     // text (unescaped bytes)
    Unit,       // flag present: `flush_to_zero`
    Enum,       // category ("rounding", "signedness", "overflow", "comparison_predicate",
                // "comparison_ordering", "memory_ordering", "memory_scope", "atomic_mode",
                // "symbol_visibility", "padding_value"), text = keyword
    Array,      // elements; category "i32"/"i64" for dense arrays `array<i32: 1, 0>`
    Dictionary, // entries (sorted by name)
    Dense,      // dense constant: type (tile), denseElements (Integer/Float/Bool), splat flag,
                // or text = raw hex blob (quoted "0x..." form), elementType
    TypeAttr,   // type
    SymbolRef,  // text = symbol name without '@'
    OptimizationHints, // entries: key (sm_100 / default) -> Dictionary
    DivBy,             // intValue = divisor, every/along (-1 when absent)
    Bounded,           // lower/upper with hasLower/hasUpper (`?` = absent)
    SameElements,      // intList
    DebugInfo,         // category = mnemonic (di_file, di_subprogram, ...), entries = parameters
    Location,          // a location used as an attribute (loc alias target); text = canonical
    Opaque,            // unknown syntax, text = normalized source text
};

struct Attribute;

struct NamedAttribute
{
    std::string_view name;
    const Attribute* value = nullptr;
};

struct Attribute
{
    AttrKind kind = AttrKind::Opaque;
    int64_t intValue = 0;
    uint64_t bits = 0;                     // Float
    const Type* type = nullptr;            // Integer/Float/Dense/TypeAttr
    const Type* elementType = nullptr;     // Dense: literal element type
    std::string_view category;             // Enum category, DebugInfo mnemonic, dense array elt
    std::string_view text;                 // String/Enum keyword/Symbol/Opaque/hex blob
    Span<const Attribute* const> elements; // Array, Dense elements
    Span<const NamedAttribute> entries;    // Dictionary, OptimizationHints, DebugInfo
    Span<const int64_t> intList;           // SameElements
    int64_t every = -1, along = -1;        // DivBy
    int64_t lower = 0, upper = 0;          // Bounded
    bool hasLower = false, hasUpper = false;
    bool splat = false; // Dense written as one scalar for the whole tile

    // Canonical spelling (short form, no dialect prefix).
    std::string canonical() const;
    // Convenience.
    double floatValue() const; // Float
    const Attribute*
    get(std::string_view key) const; // Dictionary/OptimizationHints/DebugInfo lookup
};

// Values of the scalar attributes that both readers make (the text parser interns them,
// the bytecode reader allocates them): `text` and `category` must outlive the model.
inline Attribute unitAttribute()
{
    Attribute a;
    a.kind = AttrKind::Unit;
    return a;
}
inline Attribute enumAttribute(std::string_view category, std::string_view keyword)
{
    Attribute a;
    a.kind = AttrKind::Enum;
    a.category = category;
    a.text = keyword;
    return a;
}
inline Attribute integerAttribute(int64_t v, const Type* type)
{
    Attribute a;
    a.kind = AttrKind::Integer;
    a.intValue = v;
    a.type = type;
    return a;
}
inline Attribute stringAttribute(std::string_view text)
{
    Attribute a;
    a.kind = AttrKind::String;
    a.text = text;
    return a;
}

} // namespace tilelens::ir
