#pragma once
// Interned operation name. The dialect prefix is normalized: `cuda_tile.addf`
// and `addf` intern to the same OpName, so names compare by pointer across all
// files parsed in the process (the differ relies on that).

#include "ir/OpId.h"

#include <string>
#include <string_view>

namespace tilelens::ir {

struct OpNameEntry
{
    std::string full;          // "cuda_tile.addf", "test.op", "testing$func"
    std::string_view dialect;  // "cuda_tile" (view into full)
    std::string_view mnemonic; // "addf"
    bool known = false;        // a public cuda_tile op (tile-ir.md §3.1) or builtin.module
    OpId id = OpId::Unknown;   // the cuda_tile ops of the op table; Unknown for others
};

class OpName
{
public:
    OpName() = default;
    // Interns `spelling`; a name without a dot is taken as a cuda_tile op.
    static OpName get(std::string_view spelling);

    std::string_view full() const
    {
        return m_entry ? std::string_view(m_entry->full) : std::string_view();
    }
    std::string_view mnemonic() const { return m_entry ? m_entry->mnemonic : std::string_view(); }
    std::string_view dialect() const { return m_entry ? m_entry->dialect : std::string_view(); }
    bool isKnown() const { return m_entry && m_entry->known; }
    OpId id() const { return m_entry ? m_entry->id : OpId::Unknown; }
    bool isCudaTile() const { return dialect() == "cuda_tile"; }
    bool is(std::string_view mnemonicOrFull) const;
    bool operator==(const OpName& o) const { return m_entry == o.m_entry; }
    bool operator!=(const OpName& o) const { return m_entry != o.m_entry; }
    const OpNameEntry* entry() const { return m_entry; }

private:
    explicit OpName(const OpNameEntry* e) : m_entry(e) {}
    const OpNameEntry* m_entry = nullptr;
};

} // namespace tilelens::ir
