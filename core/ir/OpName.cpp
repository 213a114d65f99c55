// The process-wide interner of op names; a cuda_tile name gets its OpId from the op table.
#include "ir/OpName.h"

#include "ir/OpId.h"

#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace tilelens::ir {
namespace {

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
            n.id = n.dialect == "cuda_tile" ? opIdOf(n.mnemonic) : OpId::Unknown;
            n.known = n.id != OpId::Unknown || n.full == "builtin.module";
            m_map.emplace(full, &n);
            e = &n;
        }
        m_map.emplace(std::string(spelling), e);
        return e;
    }

private:
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
