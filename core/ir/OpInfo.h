#pragma once
// What TileLens knows of each op of the dialect, declared once (core/ir/OpList.def, one row
// per op): its traits, its bytecode opcode and instruction layout, the verifier's counts and
// type rule, and its custom assembly format. The bytecode reader, the verifier, the text
// parser and the printer work from these rows; the differ and the interpreter read the traits.

#include "ir/OpId.h"

#include <climits>
#include <cstdint>
#include <string_view>

namespace tilelens::ir {

namespace verify {

// Which rules of VerifierOps.cpp (and of the files it hands over to) check an op.
enum class OpFamily : uint8_t
{
    FloatElementwise,
    IntElementwise,
    Reshape,
    Broadcast,
    Extract,
    Iota,
    Mma,
    Conversion,
    MakeView,
    ViewAccess,
    Constant,
    Atomic,
    ControlOrMemory, // VerifierControl.cpp
};

// Which rule of VerifierTypes.cpp checks the kinds of an op's operand and result types.
enum class TypeRule : uint8_t
{
    Elementwise, // tiles; the result has the operands' type
    TilesOnly,   // tiles; the family's rules relate them
    Compare,
    Select,
    SameAsOperand,
    PointerCast,
    Packing,
    Permute,
    IntegerResult,
    BlockQuery,
    PointerResult,
    Tokens,
    Print,
    Assert,
    Offset,
    LoadPointers,
    StorePointers,
    ViewAccess,
    AtomicOnPointers,
    AtomicOnView,
    MakeTensorView,
    MakeView,
    ShapeQuery,
    ReduceOrScan,
    For,
    MmaScaled,
    ResultsOfTheirParent, // terminators, if, loop: VerifierControl.cpp relates them
};

constexpr int kMany = INT32_MAX; // no upper bound

// How many operands, results and regions an op that stands in a body has, and which rules
// check it.
struct OpSignature
{
    int minOperands, maxOperands;
    int minResults, maxResults;
    int minRegions, maxRegions;
    OpFamily family;
    TypeRule types;
};

} // namespace verify

// Facts of an op that several consumers need (a bit set).
enum OpTrait : uint32_t
{
    NoTraits = 0,
    Pure = 1u << 0,         // no side effects (tile-ir.md §5.1): CSE may merge it, DCE drop it
    Commutative = 1u << 1,  // its first two operands may be swapped (fma: the multiplicands)
    Terminator = 1u << 2,   // ends a block (yield, continue, break, return)
    ReadsMemory = 1u << 3,  // loads and atomics (through pointers or views)
    WritesMemory = 1u << 4, // stores and atomics
};

struct OpInfo
{
    OpId id;
    std::string_view mnemonic; // "addf"
    uint32_t traits;           // OpTrait bits
    int opcode;                // bytecode opcode (tile-ir.md §4.9); -1 for none
    int sinceMinor;            // first bytecode version 13.x with the op
    bool inBody;               // stands in a function body (signature below is meaningful)
    verify::OpSignature signature;
    // Operand groups in operand order: "lhs rhs", "view indices* token?" (`*` any number, `?`
    // optional; `token` is the op's ordering token, present when the last operand is a token).
    std::string_view operands;
    // Results: "result", "result token", "results*"; "result:acc": without `->` in the text,
    // the result has the written type of operand `acc`; "token": the op's only result is its
    // ordering token (a store, a print), kept when the text names no result.
    std::string_view results;
    // The instruction layout of tile-ir.md §4.9 in the notation of ir/bytecode/OpLayouts.h
    // (attribute names, kinds and defaults, operands, regions); "" for no opcode.
    std::string_view bytecode;
    // The custom assembly format in the dialect's ODS notation, as TileLens prints it
    // (ir/OpFormat.h); "" for ops printed as functions or modules.
    std::string_view format;

    bool has(OpTrait t) const { return (traits & t) != 0; }
};

// The row of `id`; OpId::Unknown has an empty row (no traits, no signature, no format).
const OpInfo& opInfo(OpId id);

} // namespace tilelens::ir
