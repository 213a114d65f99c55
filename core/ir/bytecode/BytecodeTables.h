#pragma once
// Internal: the indexed tables of a bytecode file (strings, types, constants,
// debug attributes, tile-ir.md §4.3–4.5, §4.10) and the factory that makes
// uniqued model types and attributes in the result's arena. Entries are
// decoded lazily on first use; recursive references are rejected.

#include "ir/Arena.h"
#include "ir/Attribute.h"
#include "ir/Location.h"
#include "ir/Type.h"
#include "ir/TypeUniquer.h"
#include "ir/bytecode/ByteCursor.h"
#include "ir/bytecode/BytecodeReader.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tilelens::ir::bytecode {

// Uniqued types (pointer equality within one result) and attribute helpers.
class ModelFactory
{
public:
    explicit ModelFactory(Arena& arena) : m_arena(arena), m_types(arena) {}
    Arena& arena() { return m_arena; }

    const Type* unique(Type& t);
    const Type* number(std::string_view name); // canonical element name
    const Type* token();
    const Type* i32() { return m_i32 ? m_i32 : (m_i32 = number("i32")); }
    const Type* i64() { return m_i64 ? m_i64 : (m_i64 = number("i64")); }

    const Attribute* make(const Attribute& a) { return m_arena.make<Attribute>(a); }
    const Attribute* unit();
    const Attribute* enumAttr(std::string_view category, std::string_view keyword);
    const Attribute* integer(int64_t v, const Type* type);
    const Attribute* string(std::string_view s); // s must live in the arena or the file copy

private:
    Arena& m_arena;
    detail::TypeUniquer m_types;
    const Attribute* m_unit = nullptr;
    const Type* m_i32 = nullptr;
    const Type* m_i64 = nullptr;
};

// Offsets of the entries of one table payload: entry i = data[start[i], start[i+1]).
struct EntryRanges
{
    std::vector<size_t> begin, end; // absolute file offsets
    size_t size() const { return begin.size(); }
};

struct Context; // defined in BytecodeContext.h

class StringTable
{
public:
    void read(ByteCursor payload);
    size_t size() const { return m_strings.size(); }
    // Throws at `offset` when the index is out of range (or empty where a name is required).
    std::string_view get(uint64_t index, int64_t offset, bool nonEmpty = false) const;
    // A string used as a name (`what`: "function name", ...): not empty and, as in text IR,
    // printable UTF-8; otherwise throws at the offending byte of the string section.
    std::string_view name(uint64_t index, int64_t offset, const char* what) const;

private:
    std::string_view m_file;
    std::vector<std::string_view> m_strings;
};

class TypeTable
{
public:
    void read(ByteCursor payload);
    size_t size() const { return m_ranges.size(); }
    const Type* get(Context& ctx, uint64_t index, int64_t offset);

private:
    const Type* decode(Context& ctx, size_t index);
    EntryRanges m_ranges;
    std::vector<const Type*> m_types;
    std::vector<char> m_busy;
    int m_depth = 0;
};

class ConstantTable
{
public:
    void read(ByteCursor payload);
    size_t size() const { return m_ranges.size(); }
    // Dense attribute of `tileType` from constant `index` (size validated against the type).
    const Attribute* get(Context& ctx, uint64_t index, const Type* tileType, int64_t offset);

private:
    EntryRanges m_ranges;
};

class DebugTable
{
public:
    void read(ByteCursor payload);
    size_t attributes() const { return m_attrs.size(); }
    size_t slots() const { return m_first.size(); }
    // Location references of slot k (1-based): [function loc, one per instruction...].
    // Returns false when the slot does not exist.
    bool slotRefs(uint64_t slot, size_t& first, size_t& count) const;
    uint64_t ref(size_t i) const { return m_refs[i]; }
    // Ref value 0 = unknown, v >= 1 = debug attribute v-1, as a location.
    const Location* location(Context& ctx, uint64_t ref, int64_t offset);

private:
    const Attribute* attribute(Context& ctx, uint64_t index, int64_t offset); // DI attribute
    size_t decoded(Context& ctx, uint64_t ref, int64_t offset);               // range-checked index
    const Location* decodeLoc(Context& ctx, size_t index);
    std::vector<uint32_t> m_first;
    std::vector<uint64_t> m_refs;
    EntryRanges m_attrs;
    std::vector<const Attribute*> m_attrCache;
    std::vector<const Location*> m_locCache;
    std::vector<char> m_busy;
    int m_depth = 0;
};

} // namespace tilelens::ir::bytecode
