#include "ir/OpName.h"

#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace tilelens::ir {
namespace {

// Public cuda_tile ops (tile-ir.md §3.1) plus the 13.1 alias `print`.
const char* const kKnownOps[] = {
    "absf",
    "absi",
    "addf",
    "addi",
    "andi",
    "assert",
    "assume",
    "atomic_cas_tko",
    "atomic_rmw_tko",
    "bitcast",
    "break",
    "broadcast",
    "cat",
    "ceil",
    "cmpf",
    "cmpi",
    "constant",
    "continue",
    "cos",
    "cosh",
    "divf",
    "divi",
    "entry",
    "exp",
    "exp2",
    "exti",
    "extract",
    "floor",
    "fma",
    "for",
    "ftof",
    "ftoi",
    "get_global",
    "get_index_space_shape",
    "get_num_tile_blocks",
    "get_tensor_shape",
    "get_tile_block_id",
    "global",
    "if",
    "int_to_ptr",
    "iota",
    "itof",
    "join_tokens",
    "load_ptr_tko",
    "load_view_tko",
    "log",
    "log2",
    "loop",
    "make_partition_view",
    "make_tensor_view",
    "make_token",
    "maxf",
    "maxi",
    "minf",
    "mini",
    "mmaf",
    "mmai",
    "module",
    "mulf",
    "mulhii",
    "muli",
    "negf",
    "negi",
    "offset",
    "ori",
    "permute",
    "pow",
    "print_tko",
    "print",
    "ptr_to_int",
    "ptr_to_ptr",
    "reduce",
    "remf",
    "remi",
    "reshape",
    "return",
    "rsqrt",
    "scan",
    "select",
    "shli",
    "shri",
    "sin",
    "sinh",
    "sqrt",
    "store_ptr_tko",
    "store_view_tko",
    "subf",
    "subi",
    "tan",
    "tanh",
    "trunci",
    "xori",
    "yield",
    "atan2",
    "pack",
    "unpack",
    "alloca",
    "mmaf_scaled",
    "make_gather_scatter_view",
    "make_strided_view",
    "atomic_red_view_tko",
    "testing$func",
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
        static const std::unordered_set<std::string> s(std::begin(kKnownOps), std::end(kKnownOps));
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

} // namespace

OpName OpName::get(std::string_view spelling)
{
    return OpName(interner().get(spelling));
}

bool OpName::is(std::string_view s) const
{
    return m_entry && (m_entry->mnemonic == s || m_entry->full == s);
}

} // namespace tilelens::ir
