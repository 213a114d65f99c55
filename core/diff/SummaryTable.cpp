#include "diff/SummaryTable.h"

#include "ir/Canonical.h"
#include "ir/Type.h"

#include <set>
#include <unordered_map>

namespace tilelens::diff {

namespace {

// Views point into the graphs (alive while the summary is built); counted
// per op without building a string per op.
struct Facts
{
    // By the name's address (names are interned); merged by text in finish().
    std::unordered_map<const char*, std::pair<std::string_view, int>> opCounts;
    std::map<std::string, std::string> entryHints; // occupancy, num_cta_in_cga
    std::set<std::string_view> tileShapes, mmaTypes, identities;
    std::unordered_map<std::string_view, int> ftzCounts, approxCounts;
    std::map<std::string, int> ops, ftz, approx, layout;
    // Result types counted per (uniqued) type first: the facts below are derived once per type.
    std::unordered_map<const ir::Type*, int> valueTypes;
    int tmaTrue = 0, tmaFalse = 0, latency = 0;

    // Ordered maps (by name) for the table.
    void finish()
    {
        for (const auto& [p, kn] : opCounts)
            ops[std::string(kn.first)] += kn.second;
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

void collect(const GFunction& f, Facts& x)
{
    for (const auto& h : f.hints)
        if (h.name == "occupancy" || h.name == "num_cta_in_cga")
            x.entryHints[std::string(h.name)] = std::string(h.value);
    for (const auto& o : f.ops) {
        const std::string_view name = o.name;
        if (!o.terminator || !o.operands.empty()) {
            auto& c = x.opCounts[name.data()];
            if (c.second > 0 && c.first != name)
                ++x.ops[std::string(name)]; // same address, other length: count by text
            else
                c = {name, c.second + 1};
        }
        for (const auto& a : o.attrs) {
            if (a.name == "flush_to_zero")
                ++x.ftzCounts[name];
            if (a.name == "rounding" && a.value == "approx")
                ++x.approxCounts[name];
            if (a.name == "identities")
                x.identities.insert(a.value);
        }
        for (const auto& h : o.hints) {
            if (h.name == "allow_tma")
                ++(h.value == "true" ? x.tmaTrue : x.tmaFalse);
            if (h.name == "latency")
                ++x.latency;
        }
        if ((o.name == "mmaf" || o.name == "mmai") && !o.results.empty())
            x.mmaTypes.insert(f.values[size_t(o.results[0])].typeText);
    }
    for (const auto& v : f.values) {
        const ir::Type* t = v.type;
        if (!t || v.def < 0)
            continue;
        ++x.valueTypes[t];
    }
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
    for (auto* f : ref)
        collect(*f, a);
    for (auto* f : gen)
        collect(*f, b);
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
    const char* critical[] = {"load_ptr_tko",  "store_ptr_tko",
                              "load_view_tko", "store_view_tko",
                              "reduce",        "exp",
                              "exp2",          "rsqrt",
                              "fma",           "for"};
    for (const char* op : critical)
        add("ops (critical)", op, std::to_string(count(a.ops, op)),
            std::to_string(count(b.ops, op)));
    add("ops (critical)", "mma", std::to_string(count(a.ops, "mmaf") + count(a.ops, "mmai")),
        std::to_string(count(b.ops, "mmaf") + count(b.ops, "mmai")));
    for (const char* op : {"addf", "subf", "mulf", "divf", "maxf", "minf"})
        add("ops (arith)", op, std::to_string(count(a.ops, op)), std::to_string(count(b.ops, op)));
    for (const char* op : {"select", "iota", "cmpi", "ftof", "itof", "exti"})
        add("ops (info)", op, std::to_string(count(a.ops, op)), std::to_string(count(b.ops, op)));
    for (const char* h : {"occupancy", "num_cta_in_cga"}) {
        auto ra = a.entryHints.count(h) ? a.entryHints[h] : std::string("-");
        auto ga = b.entryHints.count(h) ? b.entryHints[h] : std::string("-");
        add("entry hints", h, ra, ga);
    }
    add("tile shapes", "distinct tile<...>", joinSet(a.tileShapes), joinSet(b.tileShapes));
    add("reduce identities", "identities", joinSet(a.identities), joinSet(b.identities));
    for (const char* op : {"addf", "subf", "mulf", "divf", "exp", "exp2", "negf"}) {
        add("ftz / approx", std::string(op) + " flush_to_zero", std::to_string(count(a.ftz, op)),
            std::to_string(count(b.ftz, op)));
        add("ftz / approx", std::string(op) + " rounding<approx>",
            std::to_string(count(a.approx, op)), std::to_string(count(b.approx, op)));
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
