#include "diff/graph/GraphBuilder.h"

#include "diff/graph/Hashing.h"
#include "ir/Attribute.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Location.h"
#include "ir/Op.h"
#include "ir/OpInfo.h"
#include "ir/OpName.h"
#include "ir/Region.h"
#include "ir/Type.h"
#include "ir/Value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>
#include <type_traits>
#include <unordered_set>

namespace tilelens::diff {

namespace {

using SV = std::string_view;

const char* const kRounding[] = {"nearest_even", "zero", "negative_inf",       "positive_inf",
                                 "approx",       "full", "nearest_int_to_zero"};
const char* const kOrdering[] = {"weak", "relaxed", "acquire", "release", "acq_rel"};
const char* const kScope[] = {"tl_blk", "device", "sys"};
const char* const kAtomicMode[] = {"and", "or",  "xor",  "add",  "addf",
                                   "max", "min", "umax", "umin", "xchg"};

template <size_t N>
std::string_view enumFromInt(const char* const (&names)[N], int64_t v, const ir::Attribute& a,
                             ir::Arena& arena)
{
    if (v >= 0 && size_t(v) < N)
        return names[v];
    return arena.copyString(a.canonical());
}

// Value of the attribute when the producer omits it (then it is dropped).
bool isDefault(OpId op, SV name, SV value)
{
    if (name == "rounding") {
        // maxf/minf take no rounding: any value written there is checklist M10's finding.
        if (op == OpId::MaxF || op == OpId::MinF)
            return false;
        if (op == OpId::DivI)
            return value == "zero";
        if (op == OpId::Exp || op == OpId::TanH)
            return value == "full";
        if (op == OpId::FToI)
            return value == "nearest_int_to_zero";
        return value == "nearest_even";
    }
    if (name == "overflow")
        return value == "none";
    if (name == "alignment")
        return value == "0";
    if (name == "sym_visibility")
        return value == "public";
    return false;
}

SV intText(int64_t v, ir::Arena& arena)
{
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return arena.copyString(SV(buf, size_t(r.ptr - buf)));
}

// A reduce/scan identity list as the IR text writes an infinity ("-inf", the cutile-ir
// printer's spelling and what a reviewer reads), not as MLIR's hex literal ("0xFF800000"):
// the findings and the summary quote it (issue 31 item 9). Every other value keeps its
// canonical spelling; both sides get the same text for the same bits, so matching is unchanged.
std::string identitiesText(const ir::Attribute& a)
{
    if (a.kind != ir::AttrKind::Array || !a.category.empty())
        return a.canonical();
    std::string s = "[";
    for (size_t i = 0; i < a.elements.size(); ++i) {
        const ir::Attribute& e = *a.elements[i];
        s += i ? ", " : "";
        const bool infinite = e.kind == ir::AttrKind::Float && e.type && std::isinf(e.floatValue());
        s += infinite ? std::string(e.floatValue() < 0 ? "-inf : " : "inf : ") + e.type->canonical()
                      : e.canonical();
    }
    return s + "]";
}

// Views into the ir model where the text is stored there, else into `arena`.
SV attrValue(SV name, const ir::Attribute& a, ir::Arena& arena, FlatHashMap<SV>& texts)
{
    if (a.kind == ir::AttrKind::Enum)
        return a.text;
    if (a.kind == ir::AttrKind::Unit)
        return SV();
    if (a.kind == ir::AttrKind::Integer) {
        // Generic and cutile-ir forms spell some enums as plain integers.
        if (name == "rounding")
            return enumFromInt(kRounding, a.intValue, a, arena);
        if (name == "memory_ordering")
            return enumFromInt(kOrdering, a.intValue, a, arena);
        if (name == "memory_scope")
            return enumFromInt(kScope, a.intValue, a, arena);
        if (name == "mode")
            return enumFromInt(kAtomicMode, a.intValue, a, arena);
        return intText(a.intValue, arena); // drop the `: i64` / `: i32` spelling difference
    }
    if (name == "identities")
        return arena.copyString(identitiesText(a));
    // Constants print their (dense) values: once per uniqued attribute.
    const uint64_t key = reinterpret_cast<uintptr_t>(&a);
    if (const SV* known = texts.find(key))
        return *known;
    const SV text = arena.copyString(a.canonical());
    texts.insert(key, text);
    return text;
}

GAttr makeAttr(SV name, SV value)
{
    return {name, value, hashMix(hashText(name), hashText(value))};
}

// Upper bound of the flattened hint entries of an optimization_hints attribute.
size_t hintEntries(const ir::Attribute& hints)
{
    size_t n = 0;
    for (const auto& arch : hints.entries)
        if (arch.value)
            n += arch.value->entries.size();
    return n;
}

// Appends the flattened hints at out[n...]; `out` has room for hintEntries().
void flattenHints(const ir::Attribute& hints, GAttr* out, size_t& n, ir::Arena& arena)
{
    std::map<SV, std::vector<std::pair<SV, SV>>> byName;
    for (const auto& arch : hints.entries) {
        if (!arch.value)
            continue;
        for (const auto& e : arch.value->entries) {
            SV v;
            if (e.value)
                v = e.value->kind == ir::AttrKind::Integer ? intText(e.value->intValue, arena)
                                                           : arena.copyString(e.value->canonical());
            byName[e.name].emplace_back(arch.name, v);
        }
    }
    for (auto& entry : byName) {
        // Not a structured binding: clang 14 cannot capture one in the lambda below.
        const SV name = entry.first;
        const auto& vals = entry.second;
        bool same = std::all_of(vals.begin(), vals.end(),
                                [&](const auto& p) { return p.second == vals.front().second; });
        SV v;
        if (same) {
            v = vals.front().second;
        } else {
            std::string joined;
            for (size_t i = 0; i < vals.size(); ++i) {
                joined += i ? "," : "";
                joined.append(vals[i].first).append(":").append(vals[i].second);
            }
            v = arena.copyString(joined);
        }
        out[n++] = makeAttr(name, v);
    }
}

AttrList flattenHints(const ir::Attribute& hints, ir::Arena& arena)
{
    GAttr* out =
        static_cast<GAttr*>(arena.allocate(sizeof(GAttr) * hintEntries(hints) + 1, alignof(GAttr)));
    size_t n = 0;
    flattenHints(hints, out, n, arena);
    return {out, n};
}

template <typename T> ir::Span<T> allocList(ir::Arena& arena, size_t n)
{
    if (n == 0)
        return {};
    return {static_cast<T*>(arena.allocate(sizeof(T) * n, alignof(T))), n};
}

// Open-addressing map ir::Value* -> value id: one flat table instead of a
// node allocation per value.
class ValueIds
{
public:
    explicit ValueIds(size_t expected) { rehash(expected * 2 + 16); }

    // Returns the slot for `v`; `fresh` tells whether it was just inserted (value -1).
    int& slot(const ir::Value* v, bool& fresh)
    {
        if ((m_used + 1) * 2 > m_keys.size())
            rehash(m_keys.size() * 2);
        size_t i = index(v);
        while (m_keys[i] && m_keys[i] != v)
            i = (i + 1) & m_mask;
        fresh = m_keys[i] == nullptr;
        if (fresh) {
            m_keys[i] = v;
            m_ids[i] = -1;
            ++m_used;
        }
        return m_ids[i];
    }

private:
    size_t index(const ir::Value* v) const
    {
        return size_t((reinterpret_cast<uintptr_t>(v) >> 3) * 0x9E3779B97F4A7C15ull >> 20) & m_mask;
    }
    void rehash(size_t atLeast)
    {
        size_t cap = 16;
        while (cap < atLeast)
            cap <<= 1;
        std::vector<const ir::Value*> keys(cap, nullptr);
        std::vector<int> ids(cap, -1);
        std::swap(keys, m_keys);
        std::swap(ids, m_ids);
        m_mask = cap - 1;
        for (size_t k = 0; k < keys.size(); ++k) {
            if (!keys[k])
                continue;
            size_t i = index(keys[k]);
            while (m_keys[i])
                i = (i + 1) & m_mask;
            m_keys[i] = keys[k];
            m_ids[i] = ids[k];
        }
    }

    std::vector<const ir::Value*> m_keys;
    std::vector<int> m_ids;
    size_t m_mask = 0, m_used = 0;
};

// Sizes of one function, counted before building so that every array is
// allocated once, at its final size.
struct Counts
{
    size_t ops = 0, regions = 0, values = 0;

    void region(const ir::Region* r)
    {
        ++regions;
        if (!r)
            return;
        for (const ir::Block* b : r->blocks) {
            values += b->arguments.size();
            for (const ir::Op* op : b->ops) {
                ++ops;
                values += op->results.size();
                for (const ir::Region* sub : op->regions)
                    region(sub);
            }
        }
    }
};

// Appends a default-constructed element to an arena array of capacity `cap`
// (grows by copying in the unexpected case that the count was short).
template <typename T> T& append(ir::Span<T>& s, size_t& cap, ir::Arena& arena)
{
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
    if (s.size() == cap) {
        cap = cap * 2 + 16;
        T* bigger = static_cast<T*>(arena.allocate(sizeof(T) * cap, alignof(T)));
        if (s.size())
            std::memcpy(static_cast<void*>(bigger), s.data(), sizeof(T) * s.size());
        s = {bigger, s.size()};
    }
    T* slot = new (s.data() + s.size()) T();
    s = {s.data(), s.size() + 1};
    return *slot;
}

class Builder
{
public:
    Builder(GFunction& g, GraphContext& context, const Counts& n)
        : m_g(g), m_context(context), m_arena(*g.arena), m_valueIds(n.values), m_opCap(n.ops),
          m_regionCap(n.regions), m_valueCap(n.values + 16)
    {
        m_g.ops = {allocList<GOp>(m_arena, m_opCap).data(), 0};
        m_g.regions = {allocList<GRegion>(m_arena, m_regionCap).data(), 0};
        m_g.values = {allocList<GValue>(m_arena, m_valueCap).data(), 0};
    }

    int value(const ir::Value* v)
    {
        bool fresh = false;
        int& id = m_valueIds.slot(v, fresh);
        if (!fresh)
            return id;
        // A use before its definition (or of an unknown value) still gets an id
        // (rare: the value array then grows past its counted size).
        id = newValue();
        fill(id, v, -1, -1);
        return id;
    }

    int addValue(const ir::Value* v, int def, int region)
    {
        bool fresh = false;
        int& slot = m_valueIds.slot(v, fresh);
        if (fresh)
            slot = newValue();
        const int id = slot;
        fill(id, v, def, region);
        return id;
    }

    int region(const ir::Region* r, int parentOp, int index, int depth)
    {
        const int id = int(m_g.regions.size());
        append(m_g.regions, m_regionCap, m_arena);
        m_g.regions[size_t(id)].parentOp = parentOp;
        m_g.regions[size_t(id)].index = index;
        m_g.regions[size_t(id)].depth = depth;
        if (!r)
            return id;
        size_t nArgs = 0, nOps = 0;
        for (const ir::Block* b : r->blocks) {
            nArgs += b->arguments.size();
            nOps += b->ops.size();
        }
        IdList args = allocList<int>(m_arena, nArgs);
        // Filled op by op below (nested regions come in between).
        m_g.regions[size_t(id)].ops = {allocList<int>(m_arena, nOps).data(), 0};
        size_t a = 0;
        for (const ir::Block* b : r->blocks) {
            for (const ir::Value* v : b->arguments)
                args[a++] = addValue(v, -1, id);
            m_g.regions[size_t(id)].args = {args.data(), a};
            for (const ir::Op* op : b->ops)
                this->op(*op, id, depth);
        }
        return id;
    }

    void op(const ir::Op& op, int regionId, int depth)
    {
        const int id = int(m_g.ops.size());
        append(m_g.ops, m_opCap, m_arena);
        ++m_g.writtenOps;
        {
            GOp& g = m_g.ops.back();
            g.name = op.name.mnemonic();
            g.id = op.id();
            g.writtenTypes = op.writtenOperandTypes();
            if (g.id == OpId::Print) { // the 13.1 alias: one op for the differ
                g.name = ir::opMnemonic(OpId::PrintTko);
                g.id = OpId::PrintTko;
            }
            g.region = regionId;
            IdList& regionOps = m_g.regions[size_t(regionId)].ops;
            g.posInRegion = int(regionOps.size());
            regionOps = {regionOps.data(), regionOps.size() + 1};
            regionOps.back() = id;
            g.line = op.range.beginLine;
            g.column = op.range.beginColumn;
            g.nameHash = nameInfo(g.name).hash;
            const ir::OpInfo& row = ir::opInfo(g.id);
            g.pure = row.has(ir::Pure);
            g.commutative = row.has(ir::Commutative) && op.operands.size() >= 2;
            g.terminator = row.has(ir::Terminator);
            g.assume = g.id == OpId::Assume && op.operands.size() == 1 && op.results.size() == 1;
            g.operands = allocList<int>(m_arena, op.operands.size());
            for (size_t i = 0; i < op.operands.size(); ++i)
                g.operands[i] = value(op.operands[i]);
            attributes(op, g);
            // The location is a cold object of the model: read it until one is found.
            if (!m_g.hasDebugLocations && op.loc && op.loc->fileLineCol())
                m_g.hasDebugLocations = true;
        }
        IdList results = allocList<int>(m_arena, op.results.size());
        for (size_t i = 0; i < op.results.size(); ++i)
            results[i] = addValue(op.results[i], id, -1);
        m_g.ops[size_t(id)].results = results;
        IdList regions = allocList<int>(m_arena, op.regions.size());
        for (size_t i = 0; i < op.regions.size(); ++i)
            regions[i] = region(op.regions[i], id, int(i), depth + 1);
        m_g.ops[size_t(id)].regions = regions;
    }

private:
    int newValue()
    {
        append(m_g.values, m_valueCap, m_arena);
        return int(m_g.values.size() - 1);
    }

    void fill(int id, const ir::Value* v, int def, int region)
    {
        GValue& gv = m_g.values[size_t(id)];
        gv.def = def;
        gv.index = int(v->index);
        gv.region = region;
        gv.type = v->type;
        if (v->type) {
            gv.typeText = v->type->canonicalText;
            gv.typeHash = typeHash(v->type);
        } else {
            gv.typeHash = hashText(SV());
        }
    }

    // Op names are interned: hash each one once per side.
    const GraphContext::NameInfo& nameInfo(SV name)
    {
        const uint64_t key = reinterpret_cast<uintptr_t>(name.data());
        if (const GraphContext::NameInfo* known = m_context.names.find(key))
            if (known->size == name.size())
                return *known;
        GraphContext::NameInfo info;
        info.size = name.size();
        info.hash = hashText(name);
        return m_context.names[key] = info;
    }

    // Types are uniqued per module: hash each spelling once.
    uint64_t typeHash(const ir::Type* t)
    {
        const uint64_t key = reinterpret_cast<uintptr_t>(t);
        if (const uint64_t* known = m_context.typeHashes.find(key))
            return *known;
        const uint64_t h = hashText(t->canonicalText);
        m_context.typeHashes.insert(key, h);
        return h;
    }

    void attributes(const ir::Op& op, GOp& g)
    {
        size_t cap = 0, hintCap = 0;
        for (const auto& na : op.attributes) {
            if (na.value && (na.value->kind == ir::AttrKind::OptimizationHints ||
                             na.name == "optimization_hints"))
                hintCap += hintEntries(*na.value);
            else
                ++cap;
        }
        GAttr* attrs = cap ? allocList<GAttr>(m_arena, cap).data() : nullptr;
        GAttr* hints = hintCap ? allocList<GAttr>(m_arena, hintCap).data() : nullptr;
        size_t n = 0, nh = 0;
        for (const auto& na : op.attributes) {
            if (!na.value)
                continue;
            if (na.name == "operandSegmentSizes" || na.name == "operand_segment_sizes")
                continue;
            if (na.value->kind == ir::AttrKind::OptimizationHints ||
                na.name == "optimization_hints") {
                flattenHints(*na.value, hints, nh, m_arena);
                continue;
            }
            const GraphContext::AttrEntry& e = normalized(g.name, g.id, na);
            if (!e.dropped)
                attrs[n++] = e.attr;
        }
        std::sort(attrs, attrs + n, [](const GAttr& a, const GAttr& b) { return a.name < b.name; });
        g.attrs = {attrs, n};
        g.hints = {hints, nh};
    }

    // The normalized form of one attribute of an op named `op` (cached).
    const GraphContext::AttrEntry& normalized(SV op, OpId id, const ir::NamedAttribute& na)
    {
        uint64_t key = hashMix(reinterpret_cast<uintptr_t>(na.value),
                               reinterpret_cast<uintptr_t>(na.name.data()));
        key = hashMix(hashMix(key, na.name.size()), reinterpret_cast<uintptr_t>(op.data()));
        GraphContext::AttrEntry& e = m_context.attrs[key];
        if (e.value == na.value && e.name == na.name.data() && e.nameSize == na.name.size() &&
            e.op == op.data())
            return e;
        // Fresh (or, rarely, another attribute with the same key: recomputed each time).
        const bool fresh = e.value == nullptr;
        GraphContext::AttrEntry made;
        made.value = na.value;
        made.name = na.name.data();
        made.nameSize = na.name.size();
        made.op = op.data();
        const SV name = normalizeAttrName(id, na.name);
        const SV v = attrValue(name, *na.value, m_arena, m_context.attrTexts);
        made.dropped = isDefault(id, name, v);
        if (!made.dropped)
            made.attr = makeAttr(name, v);
        if (fresh) {
            e = made;
            return e;
        }
        m_scratchAttr = made;
        return m_scratchAttr;
    }

    GFunction& m_g;
    GraphContext& m_context;
    ir::Arena& m_arena;
    ValueIds m_valueIds;
    size_t m_opCap, m_regionCap, m_valueCap;
    GraphContext::AttrEntry m_scratchAttr; // normalized() result on a key collision
};

} // namespace

std::string_view normalizeAttrName(OpId op, std::string_view name)
{
    if (name == "rounding_mode" || name == "rounding")
        return "rounding";
    if (name == "comparison_predicate")
        return "predicate";
    if (name == "predicate")
        return op == OpId::Assume ? "assumption" : "predicate";
    if (name == "comparison_ordering")
        return "ordering";
    if (name == "memory_ordering_semantics" || name == "memory_ordering")
        return "memory_ordering";
    if (name == "memory_scope" || name == "scope")
        return "memory_scope";
    if (name == "atomic_mode")
        return "mode";
    if (name == "symbol_visibility")
        return "sym_visibility";
    return name;
}

GFunction buildGraph(const ir::Function& f)
{
    GraphContext context;
    return buildGraph(f, context);
}

GFunction buildGraph(const ir::Function& f, GraphContext& context)
{
    GFunction g(context.arena);
    g.name = std::string(f.name);
    g.demangled = demangleEntryName(g.name);
    g.line = f.range.beginLine;
    g.column = f.range.beginColumn;
    if (f.optimizationHints)
        g.hints = flattenHints(*f.optimizationHints, *g.arena);
    Counts n;
    n.region(f.body);
    Builder b(g, context, n);
    b.region(f.body, -1, 0, 0);
    if (f.loc && f.loc->fileLineCol())
        g.hasDebugLocations = true;
    for (auto& v : g.values)
        v.canon = -1;
    return g;
}

} // namespace tilelens::diff
