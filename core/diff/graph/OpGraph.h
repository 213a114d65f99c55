#pragma once
// The differ's own flat view of one function: ops, values and regions in
// index-addressed vectors, attributes in a normalized spelling (defaults
// dropped, producer-specific names unified, hints flattened). Built from the
// ir model by GraphBuilder; normalization fills the dataflow fields.
// Per-op lists (operands, results, attributes, ...) live in the function's
// arena, not in a vector each: a 100k-op pair would otherwise cost ~1M small
// allocations, which dominated the diff time.

#include "diff/EntryNames.h"
#include "diff/graph/Internal.h"
#include "ir/Arena.h"
#include "ir/OpId.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tilelens::ir {
struct Type;
struct Function;
struct Module;
} // namespace tilelens::ir

namespace tilelens::diff {

using ir::isOneOf;
using ir::OpId;

struct FunctionFacts; // SummaryTable.h

// Signed range [lo, hi] of an integer value (a fact proven by normalization).
struct IntRange
{
    int64_t lo = INT64_MIN, hi = INT64_MAX;
    bool known = false; // false: any value of the type

    static IntRange full() { return {}; }
    static IntRange of(int64_t lo, int64_t hi) { return {lo, hi, true}; }
    bool nonNegative() const { return known && lo >= 0; }
    std::string text() const; // "[0, 2147483647]"
};

// Text views point into the ir model (which outlives the graph) or into the
// function's arena.
struct GAttr
{
    std::string_view name;  // normalized name: rounding, flush_to_zero, predicate, ...
    std::string_view value; // canonical text; "" for unit flags
    uint64_t hash = 0;      // of name and value
};

using IdList = ir::Span<int>;
using AttrList = ir::Span<GAttr>;

struct GOp
{
    // Fields are ordered by size (no padding: 200 bytes, 100k ops per side are 20 MB of
    // fresh memory whose first touch costs as much as building them).
    std::string_view name; // mnemonic without dialect prefix (interned by ir::OpName)
    uint64_t nameHash = 0; // hashText(name)
    IdList operands;       // value ids as written
    IdList results;        // value ids
    AttrList attrs;        // sorted by name; optimization hints excluded
    AttrList hints;        // flattened optimization hints: allow_tma, latency, ...
    IdList regions;        // region ids
    // Operand types as written in the op's signature (ir::Op::writtenOperandTypes),
    // copied here so that comparing them does not touch the (cold) ir::Op.
    ir::Span<const ir::Type* const> writtenTypes;
    // Filled by normalization.
    uint64_t hash = 0; // structural hash: name, attrs, types, operand identities, bodies
    // Why the normal form differs from the op as written (identity folded,
    // signedness irrelevant, ...): the proof carried by equivalent findings.
    std::string_view proof;
    // Operands of the normal form where it differs from the written ones
    // ((x-128)+1 is x+(-127): only x), used for liveness and users.
    IdList semOperands;
    int region = -1; // region holding this op
    int posInRegion = 0;
    int line = 0, column = 0;
    int duplicateOf = -1;    // filled by normalization: representative op when CSE would merge
                             // this one
    OpId id = OpId::Unknown; // the op of the op table (print is print_tko); Unknown: other ops
    // Filled by normalization: the op its normal form is written as, when another one
    // (fma(x, x, +0) is a mulf, a + (-b) a subf): compared as that op against the other side.
    OpId formId = OpId::Unknown;
    bool pure = false;        // no side effect: may be merged (CSE) or dropped when dead
    bool commutative = false; // its first two operands may be swapped (ir::Commutative)
    bool terminator = false;
    bool assume = false; // transparent for value identity
    // Filled by normalization.
    bool live = true;
    bool dependsOnArgs = false;    // depends on a block argument of a nested region (or a
                                   // side effect there): not hoistable
    bool proofConditional = false; // the proof holds under a stated precondition only
    // Its signedness attribute cannot change its result (every operand proven non-negative),
    // also where the op differs otherwise (a changed predicate).
    bool signNeutral = false;
    bool hasSemOperands = false;
    bool folded = false; // its result is another value (x*1, x+0): dead once folded
};

// The same op on both sides: by id, and by name for ops the op table lacks.
inline bool sameOp(const GOp& a, const GOp& b)
{
    return a.id == b.id && (a.id != OpId::Unknown || a.name == b.name);
}

struct GValue
{
    int def = -1;    // defining op, -1 for a block argument
    int index = 0;   // result or argument number
    int region = -1; // block arguments: their region
    int canon = -1;  // filled by normalization: value after looking through assume and CSE
    const ir::Type* type = nullptr;
    std::string_view typeText; // canonical type spelling
    uint64_t typeHash = 0;     // of typeText
    // Filled by normalization.
    uint64_t hash = 0;
    IdList users;   // ops using canon == this value (only set on canonical values)
    IntRange range; // integer values: proven signed range (canonical values)
};

struct GRegion
{
    int parentOp = -1; // -1: function body
    int index = 0;     // region number within the parent op
    int depth = 0;
    IdList args; // value ids
    IdList ops;  // op ids in order
};

struct GFunction
{
    GFunction() : arena(std::make_shared<ir::Arena>()) {}
    explicit GFunction(std::shared_ptr<ir::Arena> a) : arena(std::move(a)) {}

    // Holds ops, values, regions, their lists and computed strings. One arena
    // serves all functions of a side: its large blocks are huge-page backed,
    // and fresh 4 KiB pages (one fault each) cost more than the diff itself.
    std::shared_ptr<ir::Arena> arena;
    std::string name;
    EntryName demangled; // of name (EntryNames.h)
    int line = 0, column = 0;
    ir::Span<GOp> ops;
    ir::Span<GValue> values;
    ir::Span<GRegion> regions; // regions[0] = body
    AttrList hints;            // entry optimization hints, flattened
    bool hasDebugLocations = false;
    int writtenOps = 0; // ops as written (incl. terminators)
    // Entry arguments compared as constants (value id, value): runtime scalars
    // of the port that the reference is specialised on (ArgSpecialisation.h).
    std::vector<std::pair<int, int64_t>> specialisedArgs;
    // The same for float arguments (value id, IEEE double bits of the reference's constant).
    std::vector<std::pair<int, uint64_t>> specialisedFloats;
    // Its share of the summary table, when gathered with the graph (SummaryTable.h;
    // in the graph's arena).
    const FunctionFacts* summary = nullptr;
    // Entry argument k is known as argument entryArgSlots[k] of the other side
    // (pointers paired by role, ArgumentRoles.h); empty: by position.
    std::vector<int> entryArgSlots;

    int entryArgSlot(size_t k) const
    {
        return k < entryArgSlots.size() ? entryArgSlots[k] : int(k);
    }

    const GValue& canonValue(int v) const { return values[size_t(values[size_t(v)].canon)]; }
};

} // namespace tilelens::diff
