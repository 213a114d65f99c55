#include "diff/graph/SummaryTable.h"

#include "ir/Canonical.h"
#include "ir/OpId.h"
#include "ir/Type.h"

#include <set>
#include <unordered_map>

namespace tilelens::diff {

namespace {

struct NameCount
{
    std::string_view name;
    int count = 0;
};
struct TypeCount
{
    const ir::Type* type = nullptr;
    int count = 0;
};

bool same(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && (a.data() == b.data() || a == b); // names are interned
}
bool same(const ir::Type* a, const ir::Type* b)
{
    return a == b;
}

// Counts keys in a short list (a function has a few dozen distinct op names
// and types), with a direct-mapped cache by hash in front of the scan.
template <typename K, typename Out> class ShortCounts
{
public:
    void bump(const K& key, uint64_t hash)
    {
        uint32_t& hit = m_recent[hash & 63];
        if (hit && same(m_counts[hit - 1].first, key)) {
            ++m_counts[hit - 1].second;
            return;
        }
        for (size_t k = 0; k < m_counts.size(); ++k)
            if (same(m_counts[k].first, key)) {
                ++m_counts[k].second;
                hit = uint32_t(k + 1);
                return;
            }
        m_counts.emplace_back(key, 1);
        hit = uint32_t(m_counts.size());
    }
    // The counts as an arena array of Out{key, count}.
    ir::Span<const Out> store(ir::Arena& arena) const
    {
        std::vector<Out> out;
        out.reserve(m_counts.size());
        appendTo(out);
        return arena.copy(out);
    }
    void appendTo(std::vector<Out>& out) const
    {
        for (const auto& [k, n] : m_counts)
            out.push_back(Out{k, n});
    }

private:
    std::vector<std::pair<K, int>> m_counts;
    uint32_t m_recent[64] = {};
};

// Counts ops by name: those of the op table by their id (an array index), others and
// a second spelling of one id (print, print_tko) by name in a short list. The
// merged counts are by name either way (Facts::add), so one name may appear in both.
class OpNameCounts
{
public:
    void bump(const GOp& o)
    {
        Slot& s = m_byId[size_t(o.id)];
        if (o.id == OpId::Unknown || (s.count != 0 && !same(s.name, o.name))) {
            m_byName.bump(o.name, o.nameHash);
            return;
        }
        if (s.count++ == 0) {
            s.name = o.name;
            m_seen.push_back(o.id);
        }
    }
    ir::Span<const NameCount> store(ir::Arena& arena) const
    {
        std::vector<NameCount> out;
        out.reserve(m_seen.size());
        for (const OpId id : m_seen)
            out.push_back(NameCount{m_byId[size_t(id)].name, m_byId[size_t(id)].count});
        m_byName.appendTo(out);
        return arena.copy(out);
    }

private:
    struct Slot
    {
        std::string_view name;
        int count = 0;
    };
    Slot m_byId[ir::kOpIdCount];
    std::vector<OpId> m_seen; // ids in the order first counted
    ShortCounts<std::string_view, NameCount> m_byName;
};

} // namespace

// One function's share of the summary, in an arena (trivially destructible).
// Views point into the graph (alive while the summary is built).
struct FunctionFacts
{
    ir::Span<const NameCount> ops, ftz, approx;
    ir::Span<const GAttr> entryHints; // occupancy, num_cta_in_cga
    ir::Span<const std::string_view> mmaTypes, identities;
    ir::Span<const TypeCount> valueTypes; // result types, per uniqued type
    int tmaTrue = 0, tmaFalse = 0, latency = 0;
};

const FunctionFacts* summarizeFunction(const GFunction& f, ir::Arena& arena)
{
    auto* x = arena.make<FunctionFacts>();
    std::vector<GAttr> hints;
    for (const auto& h : f.hints)
        if (h.name == "occupancy" || h.name == "num_cta_in_cga")
            hints.push_back(h);
    std::vector<std::string_view> identities, mmaTypes;
    OpNameCounts ops; // counted by name: ops of other dialects too
    ShortCounts<std::string_view, NameCount> ftz, approx;
    for (const auto& o : f.ops) {
        const std::string_view name = o.name;
        if (!o.terminator || !o.operands.empty())
            ops.bump(o);
        for (const auto& a : o.attrs) {
            if (a.name == "flush_to_zero")
                ftz.bump(name, o.nameHash);
            if (a.name == "rounding" && a.value == "approx")
                approx.bump(name, o.nameHash);
            if (a.name == "identities")
                identities.push_back(a.value);
        }
        for (const auto& h : o.hints) {
            if (h.name == "allow_tma")
                ++(h.value == "true" ? x->tmaTrue : x->tmaFalse);
            if (h.name == "latency")
                ++x->latency;
        }
        if ((o.id == OpId::MmaF || o.id == OpId::MmaI) && !o.results.empty())
            mmaTypes.push_back(f.values[size_t(o.results[0])].typeText);
    }
    ShortCounts<const ir::Type*, TypeCount> types;
    for (const auto& v : f.values)
        if (v.type && v.def >= 0)
            types.bump(v.type, uint64_t(reinterpret_cast<uintptr_t>(v.type) >> 4));
    // Kept in the graph's arena (huge pages): a heap allocation per list and
    // function faulted ~370 more 4 KiB pages on the 2x100k pair.
    x->ops = ops.store(arena);
    x->ftz = ftz.store(arena);
    x->approx = approx.store(arena);
    x->valueTypes = types.store(arena);
    x->entryHints = arena.copy(hints);
    x->identities = arena.copy(identities);
    x->mmaTypes = arena.copy(mmaTypes);
    return x;
}

namespace {

// One side's facts, merged from its functions.
struct Facts
{
    std::unordered_map<std::string_view, int> opCounts, ftzCounts, approxCounts;
    std::map<std::string, std::string> entryHints; // occupancy, num_cta_in_cga
    std::set<std::string_view> tileShapes, mmaTypes, identities;
    std::map<std::string, int> ops, ftz, approx, layout;
    std::unordered_map<const ir::Type*, int> valueTypes;
    int tmaTrue = 0, tmaFalse = 0, latency = 0;

    void add(const FunctionFacts& f)
    {
        for (const GAttr& h : f.entryHints)
            entryHints[std::string(h.name)] = std::string(h.value);
        for (const NameCount& c : f.ops)
            opCounts[c.name] += c.count;
        for (const NameCount& c : f.ftz)
            ftzCounts[c.name] += c.count;
        for (const NameCount& c : f.approx)
            approxCounts[c.name] += c.count;
        mmaTypes.insert(f.mmaTypes.begin(), f.mmaTypes.end());
        identities.insert(f.identities.begin(), f.identities.end());
        for (const TypeCount& c : f.valueTypes)
            valueTypes[c.type] += c.count;
        tmaTrue += f.tmaTrue;
        tmaFalse += f.tmaFalse;
        latency += f.latency;
    }

    // Ordered maps (by name) for the table.
    void finish()
    {
        for (const auto& [k, n] : opCounts)
            ops[std::string(k)] += n;
        for (const auto& [k, n] : ftzCounts)
            ftz[std::string(k)] += n;
        for (const auto& [k, n] : approxCounts)
            approx[std::string(k)] += n;
        for (const auto& [t, n] : valueTypes) {
            if (t->kind == ir::TypeKind::Tile && !t->shape.empty() && t->element &&
                t->element->kind == ir::TypeKind::Number)
                tileShapes.insert(t->canonicalText);
            addLayout(t, n);
        }
    }

    void addLayout(const ir::Type* t, int n)
    {
        if (t->kind == ir::TypeKind::PartitionView || t->kind == ir::TypeKind::StridedView) {
            std::string s;
            ir::appendDims(s, t->shape, 'x');
            layout["tile=(" + s + ")"] += n;
            if (!t->dimMap.empty()) {
                s.clear();
                ir::appendDims(s, t->dimMap, ',');
                layout["dim_map=[" + s + "]"] += n;
            }
        }
        if (t->kind == ir::TypeKind::TensorView && !t->strides.empty()) {
            std::string s;
            ir::appendDims(s, t->strides, ',');
            layout["strides=[" + s + "]"] += n;
        }
    }
};

void collect(const GFunction& f, Facts& x, ir::Arena& scratch)
{
    // Graphs from GraphTasks carry theirs (gathered while the graph was in cache);
    // others are summarized here, into the caller's arena (the graph's may be in use
    // by other threads).
    x.add(f.summary ? *f.summary : *summarizeFunction(f, scratch));
}

template <typename Set> std::string joinSet(const Set& s)
{
    std::string out;
    for (const auto& x : s) {
        if (!out.empty())
            out += ' ';
        out += x;
    }
    return out.empty() ? "-" : out;
}

} // namespace

static std::map<std::string, std::pair<int, int>> countsOf(const Facts& a, const Facts& b);
static std::vector<SummaryRow> rowsOf(Facts& a, Facts& b);

std::vector<SummaryRow> buildSummary(const std::vector<const GFunction*>& ref,
                                     const std::vector<const GFunction*>& gen,
                                     std::map<std::string, std::pair<int, int>>* opCounts)
{
    Facts a, b;
    ir::Arena scratch;
    for (auto* f : ref)
        collect(*f, a, scratch);
    for (auto* f : gen)
        collect(*f, b, scratch);
    a.finish();
    b.finish();
    if (opCounts)
        *opCounts = countsOf(a, b);
    return rowsOf(a, b);
}

static std::map<std::string, std::pair<int, int>> countsOf(const Facts& a, const Facts& b)
{
    std::map<std::string, std::pair<int, int>> out;
    for (const auto& [k, n] : a.ops)
        out[k].first = n;
    for (const auto& [k, n] : b.ops)
        out[k].second = n;
    return out;
}

static std::vector<SummaryRow> rowsOf(Facts& a, Facts& b)
{
    std::vector<SummaryRow> rows;
    auto add = [&](const char* section, const std::string& metric, const std::string& rv,
                   const std::string& gv) {
        rows.push_back({section, metric, rv, gv, rv == gv ? "MATCH" : "DIFFERS"});
    };
    auto count = [](const std::map<std::string, int>& m, const std::string& k) {
        auto it = m.find(k);
        return it == m.end() ? 0 : it->second;
    };
    auto addOps = [&](const char* section, std::initializer_list<OpId> ids) {
        for (const OpId id : ids) {
            const std::string op(ir::opMnemonic(id));
            add(section, op, std::to_string(count(a.ops, op)), std::to_string(count(b.ops, op)));
        }
    };
    addOps("ops (critical)",
           {OpId::LoadPtrTko, OpId::StorePtrTko, OpId::LoadViewTko, OpId::StoreViewTko,
            OpId::Reduce, OpId::Exp, OpId::Exp2, OpId::Rsqrt, OpId::Fma, OpId::For});
    const std::string mmaf(ir::opMnemonic(OpId::MmaF)), mmai(ir::opMnemonic(OpId::MmaI));
    add("ops (critical)", "mma", std::to_string(count(a.ops, mmaf) + count(a.ops, mmai)),
        std::to_string(count(b.ops, mmaf) + count(b.ops, mmai)));
    addOps("ops (arith)", {OpId::AddF, OpId::SubF, OpId::MulF, OpId::DivF, OpId::MaxF, OpId::MinF});
    addOps("ops (info)",
           {OpId::Select, OpId::Iota, OpId::CmpI, OpId::FToF, OpId::IToF, OpId::ExtI});
    for (const char* h : {"occupancy", "num_cta_in_cga"}) {
        auto ra = a.entryHints.count(h) ? a.entryHints[h] : std::string("-");
        auto ga = b.entryHints.count(h) ? b.entryHints[h] : std::string("-");
        add("entry hints", h, ra, ga);
    }
    add("tile shapes", "distinct tile<...>", joinSet(a.tileShapes), joinSet(b.tileShapes));
    add("reduce identities", "identities", joinSet(a.identities), joinSet(b.identities));
    for (const OpId id :
         {OpId::AddF, OpId::SubF, OpId::MulF, OpId::DivF, OpId::Exp, OpId::Exp2, OpId::NegF}) {
        const std::string op(ir::opMnemonic(id));
        add("ftz / approx", op + " flush_to_zero", std::to_string(count(a.ftz, op)),
            std::to_string(count(b.ftz, op)));
        add("ftz / approx", op + " rounding<approx>", std::to_string(count(a.approx, op)),
            std::to_string(count(b.approx, op)));
    }
    add("load/store hints", "allow_tma = true", std::to_string(a.tmaTrue),
        std::to_string(b.tmaTrue));
    add("load/store hints", "allow_tma = false", std::to_string(a.tmaFalse),
        std::to_string(b.tmaFalse));
    add("load/store hints", "latency", std::to_string(a.latency), std::to_string(b.latency));
    add("mma types", "accumulator", joinSet(a.mmaTypes), joinSet(b.mmaTypes));
    std::set<std::string> keys;
    for (const auto& [k, n] : a.layout)
        keys.insert(k);
    for (const auto& [k, n] : b.layout)
        keys.insert(k);
    for (const auto& k : keys)
        add("layout", k, std::to_string(count(a.layout, k)), std::to_string(count(b.layout, k)));
    return rows;
}

} // namespace tilelens::diff
