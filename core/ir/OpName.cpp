#include "ir/OpName.h"

#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace tilelens::ir {
namespace {

// Public cuda_tile ops (tile-ir.md §3.1) plus the 13.1 alias `print`; `pure`: no side
// effects (tile-ir.md §5.1), so the differ's CSE may merge them and DCE drop them.
struct OpFact
{
    const char* mnemonic;
    bool pure;
};
const OpFact kKnownOps[] = {
    {"absf", true},
    {"absi", true},
    {"addf", true},
    {"addi", true},
    {"andi", true},
    {"assert", false},
    {"assume", false},
    {"atomic_cas_tko", false},
    {"atomic_rmw_tko", false},
    {"bitcast", true},
    {"break", false},
    {"broadcast", true},
    {"cat", true},
    {"ceil", true},
    {"cmpf", true},
    {"cmpi", true},
    {"constant", true},
    {"continue", false},
    {"cos", true},
    {"cosh", true},
    {"divf", true},
    {"divi", true},
    {"entry", false},
    {"exp", true},
    {"exp2", true},
    {"exti", true},
    {"extract", true},
    {"floor", true},
    {"fma", true},
    {"for", false},
    {"ftof", true},
    {"ftoi", true},
    {"get_global", true},
    {"get_index_space_shape", true},
    {"get_num_tile_blocks", true},
    {"get_tensor_shape", true},
    {"get_tile_block_id", true},
    {"global", false},
    {"if", false},
    {"int_to_ptr", true},
    {"iota", true},
    {"itof", true},
    {"join_tokens", true},
    {"load_ptr_tko", false},
    {"load_view_tko", false},
    {"log", true},
    {"log2", true},
    {"loop", false},
    {"make_partition_view", true},
    {"make_tensor_view", true},
    {"make_token", true},
    {"maxf", true},
    {"maxi", true},
    {"minf", true},
    {"mini", true},
    {"mmaf", true},
    {"mmai", true},
    {"module", false},
    {"mulf", true},
    {"mulhii", true},
    {"muli", true},
    {"negf", true},
    {"negi", true},
    {"offset", true},
    {"ori", true},
    {"permute", true},
    {"pow", true},
    {"print_tko", false},
    {"print", false},
    {"ptr_to_int", true},
    {"ptr_to_ptr", true},
    {"reduce", true},
    {"remf", true},
    {"remi", true},
    {"reshape", true},
    {"return", false},
    {"rsqrt", true},
    {"scan", true},
    {"select", true},
    {"shli", true},
    {"shri", true},
    {"sin", true},
    {"sinh", true},
    {"sqrt", true},
    {"store_ptr_tko", false},
    {"store_view_tko", false},
    {"subf", true},
    {"subi", true},
    {"tan", true},
    {"tanh", true},
    {"trunci", true},
    {"xori", true},
    {"yield", false},
    {"atan2", true},
    {"pack", true},
    {"unpack", true},
    {"alloca", false},
    {"mmaf_scaled", true},
    {"make_gather_scatter_view", true},
    {"make_strided_view", true},
    {"atomic_red_view_tko", false},
    {"testing$func", false},
};

class Interner
{
public:
    const OpNameEntry* get(std::string_view spelling)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        auto it = m_map.find(std::string(spelling));
        if (it != m_map.end())
            return it->second;
        std::string full(spelling);
        if (full.find('.') == std::string::npos)
            full = "cuda_tile." + full;
        auto it2 = m_map.find(full);
        const OpNameEntry* e;
        if (it2 != m_map.end()) {
            e = it2->second;
        } else {
            m_entries.emplace_back();
            OpNameEntry& n = m_entries.back();
            n.full = full;
            size_t dot = n.full.find('.');
            n.dialect = std::string_view(n.full).substr(0, dot);
            n.mnemonic = std::string_view(n.full).substr(dot + 1);
            n.known = (n.dialect == "cuda_tile" && known().count(std::string(n.mnemonic))) ||
                      n.full == "builtin.module";
            m_map.emplace(full, &n);
            e = &n;
        }
        m_map.emplace(std::string(spelling), e);
        return e;
    }

private:
    static const std::unordered_set<std::string>& known()
    {
        static const std::unordered_set<std::string> s = [] {
            std::unordered_set<std::string> k;
            for (const OpFact& f : kKnownOps)
                k.insert(f.mnemonic);
            return k;
        }();
        return s;
    }
    std::mutex m_mutex;
    std::deque<OpNameEntry> m_entries; // stable addresses
    std::unordered_map<std::string, const OpNameEntry*> m_map;
};

Interner& interner()
{
    static Interner* i = new Interner; // immortal: names outlive every model
    return *i;
}

const std::unordered_set<std::string_view>& pureOps()
{
    static const std::unordered_set<std::string_view> s = [] {
        std::unordered_set<std::string_view> p;
        for (const OpFact& f : kKnownOps)
            if (f.pure)
                p.insert(f.mnemonic);
        return p;
    }();
    return s;
}

} // namespace

bool isPureMnemonic(std::string_view mnemonic)
{
    return pureOps().count(mnemonic) > 0;
}

OpName OpName::get(std::string_view spelling)
{
    return OpName(interner().get(spelling));
}

bool OpName::is(std::string_view s) const
{
    return m_entry && (m_entry->mnemonic == s || m_entry->full == s);
}

} // namespace tilelens::ir
