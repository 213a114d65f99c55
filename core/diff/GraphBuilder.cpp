#include "diff/GraphBuilder.h"

#include "ir/Attribute.h"
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Location.h"
#include "ir/Op.h"
#include "ir/Region.h"
#include "ir/Value.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace tilelens::diff {

namespace {

using SV = std::string_view;

// Ops without side effects (tile-ir.md §5.1): CSE may merge them, DCE drop them.
const std::unordered_set<SV>& pureOps()
{
    static const std::unordered_set<SV> s = {"absf",
                                             "absi",
                                             "addf",
                                             "addi",
                                             "andi",
                                             "bitcast",
                                             "broadcast",
                                             "cat",
                                             "ceil",
                                             "cmpf",
                                             "cmpi",
                                             "constant",
                                             "cos",
                                             "cosh",
                                             "divf",
                                             "divi",
                                             "exp",
                                             "exp2",
                                             "exti",
                                             "extract",
                                             "floor",
                                             "fma",
                                             "ftof",
                                             "ftoi",
                                             "get_global",
                                             "get_index_space_shape",
                                             "get_num_tile_blocks",
                                             "get_tensor_shape",
                                             "get_tile_block_id",
                                             "int_to_ptr",
                                             "iota",
                                             "itof",
                                             "join_tokens",
                                             "log",
                                             "log2",
                                             "make_partition_view",
                                             "make_tensor_view",
                                             "make_token",
                                             "maxf",
                                             "maxi",
                                             "minf",
                                             "mini",
                                             "mmaf",
                                             "mmai",
                                             "mulf",
                                             "mulhii",
                                             "muli",
                                             "negf",
                                             "negi",
                                             "offset",
                                             "ori",
                                             "permute",
                                             "pow",
                                             "ptr_to_int",
                                             "ptr_to_ptr",
                                             "reduce",
                                             "remf",
                                             "remi",
                                             "reshape",
                                             "rsqrt",
                                             "scan",
                                             "select",
                                             "shli",
                                             "shri",
                                             "sin",
                                             "sinh",
                                             "sqrt",
                                             "subf",
                                             "subi",
                                             "tan",
                                             "tanh",
                                             "trunci",
                                             "xori",
                                             "atan2",
                                             "pack",
                                             "unpack",
                                             "mmaf_scaled",
                                             "make_gather_scatter_view",
                                             "make_strided_view"};
    return s;
}

const std::unordered_set<SV>& commutativeOps()
{
    static const std::unordered_set<SV> s = {"addi", "muli", "addf", "mulf", "andi", "ori",
                                             "xori", "maxi", "mini", "maxf", "minf", "mulhii"};
    return s;
}

bool isTerminator(SV n)
{
    return n == "yield" || n == "continue" || n == "break" || n == "return";
}

const char* const kRounding[] = {"nearest_even", "zero", "negative_inf",       "positive_inf",
                                 "approx",       "full", "nearest_int_to_zero"};
const char* const kOrdering[] = {"weak", "relaxed", "acquire", "release", "acq_rel"};
const char* const kScope[] = {"tl_blk", "device", "sys"};
const char* const kAtomicMode[] = {"and", "or",  "xor",  "add",  "addf",
                                   "max", "min", "umax", "umin", "xchg"};

template <size_t N>
std::string enumFromInt(const char* const (&names)[N], int64_t v, const ir::Attribute& a)
{
    if (v >= 0 && size_t(v) < N)
        return names[v];
    return a.canonical();
}

// Value of the attribute when the producer omits it (then it is dropped).
bool isDefault(SV op, const std::string& name, const std::string& value)
{
    if (name == "rounding") {
        if (op == "divi")
            return value == "zero";
        if (op == "exp" || op == "tanh")
            return value == "full";
        if (op == "ftoi")
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

std::string attrValue(const std::string& name, const ir::Attribute& a)
{
    if (a.kind == ir::AttrKind::Enum)
        return std::string(a.text);
    if (a.kind == ir::AttrKind::Unit)
        return std::string();
    if (a.kind == ir::AttrKind::Integer) {
        // Generic and cutile-ir forms spell some enums as plain integers.
        if (name == "rounding")
            return enumFromInt(kRounding, a.intValue, a);
        if (name == "memory_ordering")
            return enumFromInt(kOrdering, a.intValue, a);
        if (name == "memory_scope")
            return enumFromInt(kScope, a.intValue, a);
        if (name == "mode")
            return enumFromInt(kAtomicMode, a.intValue, a);
        return std::to_string(a.intValue); // drop the `: i64` / `: i32` spelling difference
    }
    return a.canonical();
}

void flattenHints(const ir::Attribute& hints, std::vector<GAttr>& out)
{
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> byName;
    for (const auto& arch : hints.entries) {
        if (!arch.value)
            continue;
        for (const auto& e : arch.value->entries) {
            std::string v;
            if (e.value)
                v = e.value->kind == ir::AttrKind::Integer ? std::to_string(e.value->intValue)
                                                           : e.value->canonical();
            byName[std::string(e.name)].emplace_back(std::string(arch.name), v);
        }
    }
    for (auto& [name, vals] : byName) {
        bool same = std::all_of(vals.begin(), vals.end(),
                                [&](const auto& p) { return p.second == vals.front().second; });
        std::string v;
        if (same) {
            v = vals.front().second;
        } else {
            for (size_t i = 0; i < vals.size(); ++i)
                v += (i ? "," : "") + vals[i].first + ":" + vals[i].second;
        }
        out.push_back({name, v});
    }
}

class Builder
{
public:
    Builder(GFunction& g, size_t expectedValues) : m_g(g) { m_valueIds.reserve(expectedValues); }

    int value(const ir::Value* v)
    {
        auto it = m_valueIds.find(v);
        if (it != m_valueIds.end())
            return it->second;
        // A use before its definition (or of an unknown value) still gets an id.
        return addValue(v, -1, -1);
    }

    int addValue(const ir::Value* v, int def, int region)
    {
        auto it = m_valueIds.find(v);
        int id;
        if (it != m_valueIds.end()) {
            id = it->second;
        } else {
            id = int(m_g.values.size());
            m_g.values.emplace_back();
            m_valueIds.emplace(v, id);
        }
        GValue& gv = m_g.values[size_t(id)];
        gv.def = def;
        gv.index = int(v->index);
        gv.region = region;
        gv.type = v->type;
        if (v->type)
            gv.typeText = v->type->canonicalText;
        return id;
    }

    int region(const ir::Region* r, int parentOp, int index, int depth)
    {
        const int id = int(m_g.regions.size());
        m_g.regions.emplace_back();
        m_g.regions[size_t(id)].parentOp = parentOp;
        m_g.regions[size_t(id)].index = index;
        m_g.regions[size_t(id)].depth = depth;
        if (!r)
            return id;
        for (const ir::Block* b : r->blocks) {
            for (const ir::Value* a : b->arguments) {
                const int v = addValue(a, -1, id);
                m_g.regions[size_t(id)].args.push_back(v);
            }
            for (const ir::Op* op : b->ops)
                this->op(*op, id, depth);
        }
        return id;
    }

    void op(const ir::Op& op, int regionId, int depth)
    {
        const int id = int(m_g.ops.size());
        m_g.ops.emplace_back();
        ++m_g.writtenOps;
        {
            GOp& g = m_g.ops.back();
            g.name = op.name.mnemonic();
            if (g.name == "print")
                g.name = "print_tko";
            g.region = regionId;
            g.posInRegion = int(m_g.regions[size_t(regionId)].ops.size());
            g.line = op.range.beginLine;
            g.column = op.range.beginColumn;
            g.pure = pureOps().count(g.name) > 0;
            g.commutative = commutativeOps().count(g.name) > 0 && op.operands.size() == 2;
            g.terminator = isTerminator(g.name);
            g.assume = g.name == "assume" && op.operands.size() == 1 && op.results.size() == 1;
            for (const ir::Value* v : op.operands)
                g.operands.push_back(value(v));
            for (const auto& na : op.attributes) {
                if (!na.value)
                    continue;
                if (na.name == "operandSegmentSizes" || na.name == "operand_segment_sizes")
                    continue;
                if (na.value->kind == ir::AttrKind::OptimizationHints ||
                    na.name == "optimization_hints") {
                    flattenHints(*na.value, g.hints);
                    continue;
                }
                std::string name = normalizeAttrName(g.name, na.name);
                std::string v = attrValue(name, *na.value);
                if (isDefault(g.name, name, v))
                    continue;
                g.attrs.push_back({name, v});
            }
            std::sort(g.attrs.begin(), g.attrs.end(),
                      [](const GAttr& a, const GAttr& b) { return a.name < b.name; });
            if (op.loc && op.loc->fileLineCol())
                m_g.hasDebugLocations = true;
        }
        m_g.regions[size_t(regionId)].ops.push_back(id);
        std::vector<int> results;
        for (const ir::Value* r : op.results)
            results.push_back(addValue(r, id, -1));
        m_g.ops[size_t(id)].results = std::move(results);
        std::vector<int> regions;
        for (size_t i = 0; i < op.regions.size(); ++i)
            regions.push_back(region(op.regions[i], id, int(i), depth + 1));
        m_g.ops[size_t(id)].regions = std::move(regions);
    }

private:
    GFunction& m_g;
    std::unordered_map<const ir::Value*, int> m_valueIds;
};

} // namespace

std::string normalizeAttrName(std::string_view op, std::string_view name)
{
    if (name == "rounding_mode" || name == "rounding")
        return "rounding";
    if (name == "comparison_predicate")
        return "predicate";
    if (name == "predicate")
        return op == "assume" ? "assumption" : "predicate";
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
    return std::string(name);
}

GFunction buildGraph(const ir::Function& f)
{
    GFunction g;
    g.name = std::string(f.name);
    g.line = f.range.beginLine;
    g.column = f.range.beginColumn;
    if (f.optimizationHints)
        flattenHints(*f.optimizationHints, g.hints);
    const size_t ops = f.opCount();
    g.ops.reserve(ops);
    g.values.reserve(ops * 2);
    Builder b(g, ops * 2);
    b.region(f.body, -1, 0, 0);
    if (f.loc && f.loc->fileLineCol())
        g.hasDebugLocations = true;
    for (auto& v : g.values)
        v.canon = -1;
    return g;
}

} // namespace tilelens::diff
