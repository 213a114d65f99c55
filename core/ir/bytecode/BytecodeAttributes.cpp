// Self-contained attributes (tile-ir.md §4.8), optimization hints and the
// Debug section (§4.10: DI attributes and locations).
#include "ir/Canonical.h"
#include "ir/bytecode/BytecodeContext.h"

#include <algorithm>

namespace tilelens::ir::bytecode {

namespace {

std::vector<int64_t> readI64List(ByteCursor& c, const char* what)
{
    int64_t at = int64_t(c.pos());
    uint64_t n = c.count(what, 8);
    std::vector<int64_t> v(n);
    for (uint64_t i = 0; i < n; ++i) {
        v[i] = int64_t(c.fixed(8, what));
        if (v[i] == INT64_MAX || v[i] == INT64_MIN)
            fail(at, "array contains unsupported value " + std::to_string(v[i]));
    }
    return v;
}

// Sorts entries by name (the model's order) and rejects duplicate keys, in
// O(n log n) so that a huge dictionary cannot stall the reader.
void sortUnique(std::vector<NamedAttribute>& entries, int64_t offset, const char* what)
{
    std::stable_sort(
        entries.begin(), entries.end(),
        [](const NamedAttribute& x, const NamedAttribute& y) { return x.name < y.name; });
    for (size_t i = 1; i < entries.size(); ++i)
        if (entries[i].name == entries[i - 1].name)
            fail(offset, "duplicate key '" + std::string(entries[i].name) + "' in " + what);
}

// A dictionary attribute, or the optimization hints (a dictionary whose values are
// dictionaries and whose keys are checked by the string table): sorted, unique keys.
const Attribute* readKeyed(Context& ctx, ByteCursor& c, int depth, AttrKind kind)
{
    const bool hints = kind == AttrKind::OptimizationHints;
    int64_t at = int64_t(c.pos());
    uint64_t n = c.count(hints ? "optimization hints size" : "dictionary size", 2);
    std::vector<NamedAttribute> entries;
    for (uint64_t i = 0; i < n; ++i) {
        int64_t keyAt = int64_t(c.pos());
        const uint64_t keyIndex = c.varint(hints ? "optimization hints key" : "dictionary key");
        std::string_view key = ctx.strings.get(keyIndex, keyAt, hints);
        if (key.empty())
            fail(keyAt,
                 "invalid empty attribute name for DictionaryAttr element " + std::to_string(i));
        key = ctx.strings.name(keyIndex, keyAt, "attribute name");
        int64_t valAt = int64_t(c.pos());
        const Attribute* v = readSelfContained(ctx, c, depth + 1);
        if (hints && v->kind != AttrKind::Dictionary)
            fail(valAt, "optimization hints entry '" + std::string(key) + "' is not a dictionary");
        entries.push_back({ctx.model.arena().copyString(key), v});
    }
    sortUnique(entries, at, hints ? "optimization hints" : "a dictionary attribute");
    Attribute a;
    a.kind = kind;
    a.entries = ctx.model.arena().copy(entries);
    return ctx.model.make(a);
}

} // namespace

const Attribute* readHints(Context& ctx, ByteCursor& c)
{
    return readKeyed(ctx, c, 0, AttrKind::OptimizationHints);
}

const Attribute* readSelfContained(Context& ctx, ByteCursor& c, int depth)
{
    int64_t at = int64_t(c.pos());
    if (depth > 64)
        fail(at, "attributes are nested more than 64 levels deep");
    uint64_t tag = c.varint("attribute tag");
    Attribute a;
    auto typeAt = [&](const char* what) {
        int64_t o = int64_t(c.pos());
        return ctx.types.get(ctx, c.varint(what), o);
    };
    switch (tag) {
    case 1: { // Integer (booleans are i1 integers in MLIR)
        const Type* t = typeAt("integer attribute type");
        if (!t->isInteger())
            fail(at, "an integer attribute has the non-integer type '" + t->canonical() + "'");
        int w = t->bitWidth();
        if (w == 1) {
            a.kind = AttrKind::Bool;
            a.intValue = c.u8("boolean value") != 0;
            return ctx.model.make(a);
        }
        uint64_t v = c.varint("integer value");
        if (w < 64 && (v >> w) != 0)
            fail(at, "integer value " + std::to_string(v) + " does not fit " + t->canonical());
        if (w < 64 && ((v >> (w - 1)) & 1))
            v |= ~((uint64_t(1) << w) - 1);
        a.kind = AttrKind::Integer;
        a.intValue = int64_t(v);
        a.type = t;
        return ctx.model.make(a);
    }
    case 2: { // Float: APInt of the type's width
        const Type* t = typeAt("float attribute type");
        if (!t->isFloat())
            fail(at, "a float attribute has the non-float type '" + t->canonical() + "'");
        int w = t->name == "tf32" ? 19 : t->bitWidth();
        uint64_t bits = w <= 8 ? c.u8("float value") : uint64_t(c.svarint("float value"));
        if (w < 64)
            bits &= (uint64_t(1) << w) - 1;
        a.kind = AttrKind::Float;
        a.bits = bits;
        a.type = t;
        return ctx.model.make(a);
    }
    case 3:
        a.kind = AttrKind::Bool;
        a.intValue = c.u8("boolean value") != 0;
        return ctx.model.make(a);
    case 4:
        a.kind = AttrKind::TypeAttr;
        a.type = typeAt("type attribute");
        return ctx.model.make(a);
    case 5: {
        int64_t o = int64_t(c.pos());
        return ctx.model.string(ctx.strings.get(c.varint("string attribute"), o));
    }
    case 6: {
        uint64_t n = c.count("array size");
        std::vector<const Attribute*> elems;
        for (uint64_t i = 0; i < n; ++i)
            elems.push_back(readSelfContained(ctx, c, depth + 1));
        a.kind = AttrKind::Array;
        a.elements = ctx.model.arena().copy(elems);
        return ctx.model.make(a);
    }
    case 7: {
        const Type* t = typeAt("dense attribute type");
        int64_t o = int64_t(c.pos());
        return ctx.constants.get(ctx, c.varint("constant index"), t, o);
    }
    case 8: { // DivBy
        a.kind = AttrKind::DivBy;
        uint64_t div = c.varint("div_by divisor");
        if (div == 0 || (div & (div - 1)) || div > (uint64_t(1) << 62))
            fail(at, "div_by divisor " + std::to_string(div) + " is not a power of two up to 2^62");
        a.intValue = int64_t(div);
        uint8_t flags = c.u8("div_by flags");
        if (flags & 1)
            a.every = c.svarint("div_by every");
        if (flags & 2)
            a.along = c.svarint("div_by along");
        return ctx.model.make(a);
    }
    case 9:
        a.kind = AttrKind::SameElements;
        a.intList = ctx.model.arena().copy(readI64List(c, "same_elements values"));
        return ctx.model.make(a);
    case 10:
        return readKeyed(ctx, c, depth, AttrKind::Dictionary);
    case 11:
        return readKeyed(ctx, c, depth, AttrKind::OptimizationHints);
    case 12: {
        a.kind = AttrKind::Bounded;
        uint8_t flags = c.u8("bounded flags");
        a.hasLower = flags & 1;
        a.hasUpper = (flags & 2) != 0;
        if (a.hasLower)
            a.lower = c.svarint("lower bound");
        if (a.hasUpper)
            a.upper = c.svarint("upper bound");
        return ctx.model.make(a);
    }
    default:
        fail(at, "unknown attribute tag " + std::to_string(tag));
    }
}

// ------------------------------------------------------------------ debug section

namespace {

// One of the debug section's tables: `varint n; pad to width; n x width-byte values`.
// `table` names it in errors ("<table> count", "<table> table"), `item` one value.
template <class T>
void readFixedTable(ByteCursor& c, size_t base, int width, const std::string& table,
                    const char* item, std::vector<T>& out)
{
    uint64_t n = c.count((table + " count").c_str(), size_t(width));
    if (n)
        c.padTo(base, size_t(width), (table + " table").c_str());
    if (n > c.remaining() / size_t(width))
        fail(int64_t(c.pos()), table + " table does not fit the section");
    out.resize(n);
    for (uint64_t i = 0; i < n; ++i)
        out[i] = T(c.fixed(width, item));
}

} // namespace

void DebugTable::read(ByteCursor c)
{
    size_t base = c.pos();
    readFixedTable(c, base, 4, "debug slot", "debug slot", m_first);
    const uint64_t nSlots = m_first.size();
    readFixedTable(c, base, 8, "debug reference", "debug reference", m_refs);
    const uint64_t nRefs = m_refs.size();
    for (uint64_t i = 0; i < nSlots; ++i)
        if (m_first[i] > nRefs || (i && m_first[i] < m_first[i - 1]))
            fail(int64_t(base), "debug slot " + std::to_string(i + 1) +
                                    " starts at an invalid reference " +
                                    std::to_string(m_first[i]));
    std::vector<uint64_t> starts;
    readFixedTable(c, base, 4, "debug attribute", "debug attribute offset", starts);
    const uint64_t nAttrs = starts.size();
    size_t dataBegin = c.pos(), dataSize = c.remaining();
    m_attrs.begin.resize(nAttrs);
    m_attrs.end.resize(nAttrs);
    for (uint64_t i = 0; i < nAttrs; ++i) {
        uint64_t next = i + 1 < nAttrs ? starts[i + 1] : dataSize;
        if (starts[i] > next || next > dataSize)
            fail(int64_t(dataBegin),
                 "debug attribute " + std::to_string(i) + " has an invalid offset");
        m_attrs.begin[i] = dataBegin + starts[i];
        m_attrs.end[i] = dataBegin + next;
    }
    m_attrCache.assign(nAttrs, nullptr);
    m_locCache.assign(nAttrs, nullptr);
    m_busy.assign(nAttrs, 0);
}

bool DebugTable::slotRefs(uint64_t slot, size_t& first, size_t& count) const
{
    if (slot == 0 || slot > m_first.size())
        return false;
    first = m_first[slot - 1];
    size_t last = slot < m_first.size() ? m_first[slot] : m_refs.size();
    count = last - first;
    return true;
}

// Index of debug attribute `ref` - 1 (ref >= 1), decoded on first use.
size_t DebugTable::decoded(Context& ctx, uint64_t ref, int64_t offset)
{
    if (ref - 1 >= m_attrs.size())
        fail(offset, "debug attribute " + std::to_string(ref - 1) +
                         " is out of range (the file has " + std::to_string(m_attrs.size()) + ")");
    size_t i = size_t(ref - 1);
    if (!m_locCache[i] && !m_attrCache[i])
        decodeLoc(ctx, i);
    return i;
}

const Location* DebugTable::location(Context& ctx, uint64_t ref, int64_t offset)
{
    if (ref == 0)
        return unknownLocation();
    const size_t i = decoded(ctx, ref, offset);
    return m_locCache[i] ? m_locCache[i] : unknownLocation(); // a scope used as a location: unknown
}

const Attribute* DebugTable::attribute(Context& ctx, uint64_t ref, int64_t offset)
{
    if (ref == 0)
        return nullptr;
    const size_t i = decoded(ctx, ref, offset);
    if (!m_attrCache[i])
        fail(offset, "debug attribute " + std::to_string(i) +
                         " is a location where a scope or file is expected");
    return m_attrCache[i];
}

namespace {

// The DI records that print as `name = value, ...`: their fields in byte order.
enum class DiKind : uint8_t
{
    Ref,
    Int,
    Str
};
struct DiField
{
    const char* name;
    DiKind kind;
    const char* what; // for errors
};
const DiField kCompileUnit[] = {{"file", DiKind::Ref, "compile unit file"}};
const DiField kLexicalBlock[] = {{"scope", DiKind::Ref, "lexical block scope"},
                                 {"file", DiKind::Ref, "lexical block file"},
                                 {"line", DiKind::Int, "line"},
                                 {"column", DiKind::Int, "column"}};
const DiField kSubprogram[] = {
    {"file", DiKind::Ref, "subprogram file"},     {"line", DiKind::Int, "line"},
    {"name", DiKind::Str, "subprogram name"},     {"linkageName", DiKind::Str, "linkage name"},
    {"compileUnit", DiKind::Ref, "compile unit"}, {"scopeLine", DiKind::Int, "scope line"},
};

} // namespace

// Decodes debug entry `index` into m_attrCache (DI records) or m_locCache (locations).
const Location* DebugTable::decodeLoc(Context& ctx, size_t index)
{
    ByteCursor c(ctx.file, m_attrs.begin[index], m_attrs.end[index]);
    int64_t at = int64_t(c.pos());
    if (m_busy[index])
        fail(at, "debug attribute " + std::to_string(index) + " refers to itself");
    if (m_depth > 64)
        fail(at, "debug attributes are nested more than 64 levels deep");
    m_busy[index] = 1;
    ++m_depth;
    struct Guard
    {
        DebugTable* t;
        size_t i;
        ~Guard()
        {
            t->m_busy[i] = 0;
            --t->m_depth;
        }
    } guard{this, index};
    if (c.atEnd()) { // cutile-python's dummy attribute
        m_locCache[index] = unknownLocation();
        return m_locCache[index];
    }
    uint64_t tag = c.varint("debug attribute tag");
    auto ref = [&](const char* what) {
        int64_t o = int64_t(c.pos());
        return attribute(ctx, c.varint(what), o);
    };
    auto str = [&](const char* what) {
        int64_t o = int64_t(c.pos());
        return ctx.model.arena().copyString(ctx.strings.get(c.varint(what), o));
    };
    auto num = [&](const char* what) {
        uint64_t v = c.varint(what);
        if (v > uint64_t(INT32_MAX))
            fail(at, std::string(what) + " " + std::to_string(v) + " is too large");
        return int(v);
    };
    std::vector<NamedAttribute> params;
    auto addAttr = [&](const char* name, const Attribute* v) {
        if (v)
            params.push_back({name, v});
    };
    auto addInt = [&](const char* name, int v) {
        params.push_back({name, ctx.model.integer(v, nullptr)});
    };
    auto addStr = [&](const char* name, std::string_view s) {
        params.push_back({name, ctx.model.string(s)});
    };
    auto readFields = [&](const auto& fields) {
        for (const DiField& f : fields) {
            if (f.kind == DiKind::Ref)
                addAttr(f.name, ref(f.what));
            else if (f.kind == DiKind::Int)
                addInt(f.name, num(f.what));
            else
                addStr(f.name, str(f.what));
        }
    };
    const char* mnemonic = nullptr;
    std::string text;
    switch (tag) {
    case 1:
        mnemonic = "di_compile_unit";
        readFields(kCompileUnit);
        break;
    case 2: {
        mnemonic = "di_file";
        std::string_view name = str("file name"), dir = str("directory");
        addStr("name", name);
        addStr("directory", dir);
        appendEscapedString(text, name);
        text += " in ";
        appendEscapedString(text, dir);
        break;
    }
    case 3:
        mnemonic = "di_lexical_block";
        readFields(kLexicalBlock);
        break;
    case 4: {
        const Attribute* scope = ref("location scope");
        Location* inner = ctx.model.arena().make<Location>();
        inner->kind = LocKind::FileLineCol;
        inner->file = str("location file name");
        inner->line = num("line");
        inner->column = num("column");
        Location* l = ctx.model.arena().make<Location>();
        l->kind = LocKind::DebugInfo;
        const Location* kid = inner;
        l->children = ctx.model.arena().copy(&kid, 1);
        l->scope = scope;
        m_locCache[index] = l;
        break;
    }
    case 5:
        mnemonic = "di_subprogram";
        readFields(kSubprogram);
        break;
    case 6: {
        int64_t o1 = int64_t(c.pos());
        uint64_t callee = c.varint("call site callee");
        int64_t o2 = int64_t(c.pos());
        uint64_t caller = c.varint("call site caller");
        const Location* kids[2] = {location(ctx, callee, o1), location(ctx, caller, o2)};
        Location* l = ctx.model.arena().make<Location>();
        l->kind = LocKind::CallSite;
        l->children = ctx.model.arena().copy(kids, 2);
        m_locCache[index] = l;
        break;
    }
    default: // unknown records read as unknown locations
        m_locCache[index] = unknownLocation();
        return m_locCache[index];
    }
    if (!c.atEnd())
        fail(int64_t(c.pos()), "trailing bytes after debug attribute " + std::to_string(index));
    if (mnemonic) {
        if (text.empty())
            for (size_t i = 0; i < params.size(); ++i) {
                text += i ? ", " : "";
                text += params[i].name;
                text += " = ";
                if (params[i].value->kind == AttrKind::Integer) // DI numbers print untyped
                    text += std::to_string(params[i].value->intValue);
                else
                    appendAttrCanonical(text, *params[i].value);
            }
        Attribute a;
        a.kind = AttrKind::DebugInfo;
        a.category = mnemonic;
        a.text = ctx.model.arena().copyString("<" + text + ">");
        a.entries = ctx.model.arena().copy(params);
        m_attrCache[index] = ctx.model.make(a);
    }
    return m_locCache[index];
}

} // namespace tilelens::ir::bytecode
