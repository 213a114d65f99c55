#pragma once
// Internal: the per-opcode instruction layouts of tile-ir.md §4.9, compiled
// from a compact text form into steps that InstructionReader interprets.

#include "ir/OpName.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilelens::ir::bytecode {

enum class StepKind
{
    ResultCount,  // N: varint number of serialized results
    ResultType,   // t: one result type
    ResultTypes,  // t*: N result types
    Flags,        // F: varint flags bitfield
    Attr,         // name:kind (see AttrKindCode)
    Operand,      // o: one operand index
    OperandGroup, // o*: varint count + indices
    OptOperand,   // o?B: one index iff flag bit B
    AllOperands,  // O*: varint total count + indices
    Regions,      // R1 / R2: varint region count (must match) + regions
};

enum class AttrCode
{
    Unit,
    Enum,
    I32,
    I64,
    Bool,
    Str,
    Sym,
    Const,
    I32Array,
    AttrArray,
    Hints,
    Predicate,
};

struct LayoutStep
{
    StepKind kind = StepKind::Operand;
    int flagBit = -1; // optional: present iff this flag bit is set
    int minMinor = 1; // present only in files >= 13.minMinor (else default / absent)
    int count = 0;    // Regions: region count
    AttrCode attr = AttrCode::Unit;
    std::string name;      // attribute name
    std::string category;  // Enum category
    std::string defaultKw; // Enum default keyword: omitted from the model when equal
    const std::vector<const char*>* keywords = nullptr; // Enum: keywords in value order
    int defaultValue = -1;                              // Enum: value of defaultKw (-1 = none)
};

struct OpLayout
{
    uint32_t opcode = 0;
    std::string mnemonic;
    OpName name;        // interned once
    int sinceMinor = 1; // 13.x
    std::vector<LayoutStep> steps;
};

// Layout of `opcode`, or nullptr when the opcode is unassigned.
const OpLayout* opLayout(uint64_t opcode);
// Keywords of an enum category in value order ("rounding" -> nearest_even, zero, ...).
const std::vector<const char*>* enumKeywords(const std::string& category);
// Highest opcode a file of version 13.minor may use.
uint32_t maxOpcode(int minor);

} // namespace tilelens::ir::bytecode
