#pragma once
// Converts an ir::Function into the differ's flat GFunction, normalizing what
// does not carry meaning: attribute names and spellings of the different
// printers, default-valued attributes, dialect prefixes, hint nesting.

#include "diff/graph/FlatHashMap.h"
#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <cstdint>
#include <memory>
#include <string_view>

namespace tilelens::ir {
struct Attribute;
} // namespace tilelens::ir

namespace tilelens::diff {

// What the functions of one side share while their graphs are built (one
// context per thread: not thread-safe): the arena holding them, and the
// spellings and hashes of the types and attributes of that side's parse
// (uniqued there, so cached by address).
struct GraphContext
{
    std::shared_ptr<ir::Arena> arena = std::make_shared<ir::Arena>();
    // Keyed by address (flat tables: a lookup per value and op).
    FlatHashMap<uint64_t> typeHashes;        // const ir::Type*
    FlatHashMap<std::string_view> attrTexts; // const ir::Attribute*
    struct NameInfo
    {
        size_t size = 0; // of the name at that address
        uint64_t hash = 0;
    };
    FlatHashMap<NameInfo> names; // by the interned mnemonic's address
    // Normalized attributes by what they are made of (uniqued attribute, the
    // name's and the op's addresses): each spelling is normalized and hashed once.
    struct AttrEntry
    {
        const ir::Attribute* value = nullptr;
        const char* name = nullptr;
        size_t nameSize = 0;
        const char* op = nullptr;
        bool dropped = false; // the op's default: not part of the graph
        GAttr attr;
    };
    FlatHashMap<AttrEntry> attrs;
};

GFunction buildGraph(const ir::Function& function, GraphContext& context);
GFunction buildGraph(const ir::Function& function); // with a context of its own

// Normalized attribute name for an op ("rounding_mode" -> "rounding", ...).
std::string_view normalizeAttrName(OpId op, std::string_view name);

} // namespace tilelens::diff
