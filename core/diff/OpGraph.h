#pragma once
// The differ's own flat view of one function: ops, values and regions in
// index-addressed vectors, attributes in a normalized spelling (defaults
// dropped, producer-specific names unified, hints flattened). Built from the
// ir model by GraphBuilder; normalization fills the dataflow fields.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tilelens::ir {
struct Type;
struct Function;
struct Module;
} // namespace tilelens::ir

namespace tilelens::diff {

struct GAttr
{
    std::string name;  // normalized name: rounding, flush_to_zero, predicate, ...
    std::string value; // canonical text; "" for unit flags
};

struct GOp
{
    std::string_view name;     // mnemonic without dialect prefix (interned by ir::OpName)
    std::vector<int> operands; // value ids as written
    std::vector<int> results;  // value ids
    std::vector<GAttr> attrs;  // sorted by name; optimization hints excluded
    std::vector<GAttr> hints;  // flattened optimization hints: allow_tma, latency, ...
    std::vector<int> regions;  // region ids
    int region = -1;           // region holding this op
    int posInRegion = 0;
    int line = 0, column = 0;
    bool pure = false; // no side effect: may be merged (CSE) or dropped when dead
    bool commutative = false;
    bool terminator = false;
    bool assume = false; // transparent for value identity
    // Filled by normalization.
    uint64_t hash = 0; // structural hash: name, attrs, types, operand identities, bodies
    bool live = true;
    int duplicateOf = -1;       // representative op when CSE would merge this one
    bool dependsOnArgs = false; // hash involves a block argument of some region
};

struct GValue
{
    int def = -1;    // defining op, -1 for a block argument
    int index = 0;   // result or argument number
    int region = -1; // block arguments: their region
    const ir::Type* type = nullptr;
    std::string_view typeText; // canonical type spelling
    // Filled by normalization.
    int canon = -1; // value after looking through assume and CSE
    uint64_t hash = 0;
    std::vector<int> users; // ops using canon == this value (only set on canonical values)
};

struct GRegion
{
    int parentOp = -1; // -1: function body
    int index = 0;     // region number within the parent op
    int depth = 0;
    std::vector<int> args; // value ids
    std::vector<int> ops;  // op ids in order
};

struct GFunction
{
    std::string name;
    int line = 0, column = 0;
    std::vector<GOp> ops;
    std::vector<GValue> values;
    std::vector<GRegion> regions; // regions[0] = body
    std::vector<GAttr> hints;     // entry optimization hints, flattened
    bool hasDebugLocations = false;
    int writtenOps = 0; // ops as written (incl. terminators)

    const GValue& canonValue(int v) const { return values[size_t(values[size_t(v)].canon)]; }
};

} // namespace tilelens::diff
