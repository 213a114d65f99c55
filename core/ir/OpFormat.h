#pragma once
// The custom assembly format of an op (the last column of its row in ir/OpList.def), compiled
// once into the elements the printer walks and the facts the parser looks up. The notation is
// the declarative assembly format of MLIR's ODS, as the dialect's Ops.td writes it:
//   $name              an operand group or an attribute of the op; an absent one prints nothing
//   `lit`              a literal: punctuation (`,` `[` `]` `=`) or a keyword (`token`, `dim`)
//   (... $x^ ...)?     an optional group, printed when its anchor $x is present
//   attr-dict          the attributes the format does not place, in their dialect-wide spelling
//   `:` <types>        custom<Signature> (operand types `->` result types, shortened to the
//                      result type when every operand has it), custom<ShapeSignature> (one
//                      result type for all), type($a) `,` type($b) (those operands' types),
//                      type($result) (the result types)
//   $body              the op's region (reduce, scan)
//   custom<D>          an op whose grammar is code (ParseOpHooks.cpp, PrintOps.cpp): constant,
//                      global, for, if, loop, make_tensor_view
// A comma before a group prints only when the group does (a missing mask, an empty index list).

#include "ir/OpId.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

namespace tilelens::ir {

struct Op;

// How an attribute is spelled in the custom form.
enum class AttrStyle : uint8_t
{
    Keyword,  // an enum as its bare keyword: `weak`, `equal`, `signed`
    Rounding, // rounding<zero>
    Overflow, // overflow<no_wrap>
    Unit,     // a flag: its own name (`flush_to_zero`)
    Integer,  // a decimal number, typed by the op (i64, or i32 where the layout says so)
    Value,    // the attribute's canonical spelling: div_by<16>, [0 : i32], true
    String,   // "escaped text"
    Symbol,   // @name
    IntList,  // [1, 0]
    Hints,    // <sm_100 = {...}> after `optimization_hints =`
};

// An attribute name with its spelling: the op's own (from its bytecode layout and format) or
// the dialect's (dialectAttribute).
struct AttrDecl
{
    std::string_view name;
    AttrStyle style = AttrStyle::Value;
    std::string_view category; // enums: "rounding", "signedness", "memory_ordering", ...
    bool i32 = false;          // Integer: the layout says i32 (reduce/scan `dim`)
    bool keyed = false;        // written `name = value` (dim, identities, ...), not bare
    bool once = false;         // at most one is printed (the first) when the model has several
};

enum class FormatItem : uint8_t
{
    Literal,
    Operands,  // an operand group
    Attribute, // a placed attribute
    Optional,  // an optional group: elements [index + 1, end), printed when `anchor` is present
    AttrDict,
    Types, // `:` and the type directive
    Region,
};

// How the type list after `:` is written when the op keeps no written types of its own.
enum class TypeList : uint8_t
{
    Signature,      // operand types -> result types, or the result types alone
    ShapeSignature, // operand type -> one result type (all results alike)
    ResultTypes,    // the result types (make_*_view: the operand type is inside them)
    OperandTypes,   // the types of `typeOperands` (select, mma)
};

// Ops whose grammar is code: the dialect writes the first five in C++ too, `constant` has a
// dense literal before its type.
enum class Directive : uint8_t
{
    None,
    DenseConstant,
    GlobalOp,
    ForOp,
    IfOp,
    LoopOp,
    MakeTensorView,
};

struct FormatElement
{
    FormatElement() = default;
    explicit FormatElement(FormatItem i, std::string_view t = {}, uint8_t at = 0)
        : item(i), text(t), index(at)
    {
    }

    FormatItem item = FormatItem::Literal;
    std::string_view text; // a literal; an operand group's or an attribute's name
    uint8_t index = 0;     // Operands: the group; Attribute: index in OpFormat::attributes
    uint8_t end = 0;       // Optional: one past its last element
    uint8_t anchor = 0;    // Optional: the element whose presence prints the group
};

struct OperandGroup
{
    std::string_view name;
    char arity = '1'; // '1', '?', '*'
    bool token = false;
    bool bracketed = false; // in `[` `]` (view indices): its types are written once when alike
};

// Where each operand group of one op lies in its operand list: [begin, end).
struct OperandSegment
{
    uint32_t begin = 0, end = 0;
    bool empty() const { return begin == end; }
};

struct OpFormat
{
    OpId id = OpId::Unknown;
    Directive directive = Directive::None;
    std::vector<OperandGroup> operands;
    std::vector<AttrDecl> attributes; // declared: the bytecode layout's and the format's
    std::vector<FormatElement> elements;
    TypeList types = TypeList::Signature;
    // OperandTypes: the groups whose types are listed; Signature: the order of the operand
    // types when they are written (custom<Signature>($value, $view, $indices)).
    std::vector<uint8_t> typeOperands;
    int resultTypeOperand = -1;   // "result:acc": its group index
    bool tokenResultOnly = false; // results "token"
    bool hasTokenOperand = false; // an operand group `token?`
    bool region = false;          // `$body`: a region after the types
    // What the text parser reads from the declarations above (ParseOps.cpp):
    // the attributes of the first and of later bare `signed`/`unsigned` (mmai: lhs, then rhs)
    std::string_view signedness[2] = {"signedness", "signedness"};
    bool atomicMode = false; // declares `mode`: bare `add`, `xchg`, ... are its keywords
    std::string_view stringAttribute = "str"; // a quoted string's attribute (assert: message)
    bool resultTypeWritten = false; // `:` writes the result type (make_*_view), not operand types

    // The declaration of `name` when the format places it; nullptr otherwise.
    const AttrDecl* placed(std::string_view name) const;
    // The op's declaration of `name` (placed or only in the layout); nullptr otherwise.
    const AttrDecl* declared(std::string_view name) const;
    // Splits `op`'s operands into the groups (segments.size() == operands.size()): fixed groups
    // one each in order, optional ones while operands remain beyond the fixed ones, the
    // variadic group the rest; `token?` is the last operand when that is a token; operands
    // beyond every group go to the last group. False when the op has operands and the format
    // no group to show them in.
    bool segment(const Op& op, std::vector<OperandSegment>& segments) const;
};

// The compiled format of `id` (an empty format with Directive::None for ops without one).
const OpFormat& opFormat(OpId id);
// Every compiled format, indexed by OpId (kOpIdCount of them): the parser's per-op lookup.
const OpFormat* opFormats();

// The dialect-wide spelling of an attribute name (tile-ir.md §3): rounding_mode, signedness,
// memory_scope, flush_to_zero, dim, ...; nullptr for names the dialect does not spell.
const AttrDecl* dialectAttribute(std::string_view name);

// What a bare keyword of the custom form means wherever it stands (tile-ir.md §3): an enum
// keyword of one of the dialect's keyword attributes, or a unit flag.
enum class KeywordClass : uint8_t
{
    Signedness, // signed, unsigned: the op's signedness attribute(s) (OpFormat::signedness)
    AtomicMode, // and, add, xchg, ...: `mode`, only for ops that declare it
    Enum,       // equal, ordered, weak, tl_blk, ...: `attribute` of enum `category`
    UnitFlag,   // flush_to_zero, fast_acc, ...: a unit attribute of its own name
};
struct BareKeyword
{
    KeywordClass cls = KeywordClass::UnitFlag;
    std::string_view attribute; // Enum: comparison_predicate, memory_scope, ...
    std::string_view category;  // the enum category (makeEnum's), "" for a unit flag
};
// The meaning of `keyword`; nullptr for a word the dialect does not use bare.
const BareKeyword* bareKeyword(std::string_view keyword);

// Keywords of an enum category in value order ("rounding" -> nearest_even, zero, ...), shared
// by the bytecode reader and the text parser; nullptr for an unknown category.
const std::vector<const char*>* enumKeywords(std::string_view category);
// The enum category a bare keyword belongs to among `categories` ("less_than" ->
// "comparison_predicate"), or "".
std::string_view keywordCategory(std::string_view keyword,
                                 std::initializer_list<std::string_view> categories);

} // namespace tilelens::ir
