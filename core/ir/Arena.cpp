#include "ir/Arena.h"

#include <algorithm>

namespace tilelens::ir {

Arena::~Arena()
{
    for (auto it = m_destructors.rbegin(); it != m_destructors.rend(); ++it)
        it->fn(it->obj);
}

void* Arena::allocate(size_t bytes, size_t align)
{
    size_t pad = (align - (reinterpret_cast<uintptr_t>(m_cur) & (align - 1))) & (align - 1);
    if (m_cur == nullptr || pad + bytes > m_left) {
        // Blocks grow geometrically (to 4 MiB) so small files stay small.
        size_t size = std::max(bytes + align, m_nextBlock);
        m_blocks.emplace_back(new char[size]);
        m_cur = m_blocks.back().get();
        m_left = size;
        m_total += size;
        m_nextBlock = std::min<size_t>(m_nextBlock * 2, 4 * 1024 * 1024);
        pad = (align - (reinterpret_cast<uintptr_t>(m_cur) & (align - 1))) & (align - 1);
    }
    char* p = m_cur + pad;
    m_cur = p + bytes;
    m_left -= pad + bytes;
    return p;
}

std::string_view Arena::copyString(std::string_view s)
{
    if (s.empty())
        return {};
    char* p = static_cast<char*>(allocate(s.size(), 1));
    std::memcpy(p, s.data(), s.size());
    return {p, s.size()};
}

} // namespace tilelens::ir
