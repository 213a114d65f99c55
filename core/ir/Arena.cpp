#include "ir/Arena.h"

#include <algorithm>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace tilelens::ir {

namespace {
constexpr size_t kHugePage = size_t(2) << 20;
} // namespace

Arena::~Arena()
{
    for (auto it = m_destructors.rbegin(); it != m_destructors.rend(); ++it)
        it->fn(it->obj);
    for (const Block& b : m_blocks) {
#ifdef __linux__
        if (b.mapped) {
            munmap(b.data, b.size);
            continue;
        }
#endif
        delete[] b.data;
    }
}

// Large blocks are mapped 2 MiB-aligned and marked for transparent huge pages:
// parsing a 50 MB module touches ~200 MB of fresh memory, and with 4 KiB pages
// the page faults (expensive under virtualization) cost as much as the parse.
char* Arena::newBlock(size_t size, bool& mapped)
{
    mapped = false;
#ifdef __linux__
    if (size >= kHugePage && size % kHugePage == 0) {
        void* p = mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            // Trim to a 2 MiB-aligned range so whole huge pages fit.
            char* raw = static_cast<char*>(p);
            char* aligned = reinterpret_cast<char*>(
                (reinterpret_cast<uintptr_t>(raw) + kHugePage - 1) & ~(kHugePage - 1));
            if (aligned > raw)
                munmap(raw, size_t(aligned - raw));
            size_t tail = size_t(raw + size + kHugePage - (aligned + size));
            if (tail)
                munmap(aligned + size, tail);
            madvise(aligned, size, MADV_HUGEPAGE);
            mapped = true;
            return aligned;
        }
    }
#endif
    return new char[size];
}

void* Arena::allocateSlow(size_t bytes, size_t align)
{
    size_t pad = (align - (reinterpret_cast<uintptr_t>(m_cur) & (align - 1))) & (align - 1);
    if (m_cur == nullptr || pad + bytes > m_left) {
        // Blocks grow geometrically (to 16 MiB) so small files stay small.
        size_t size = std::max(bytes + align, m_nextBlock);
        bool mapped = false;
        m_cur = newBlock(size, mapped);
        m_blocks.push_back({m_cur, size, mapped});
        m_left = size;
        m_total += size;
        m_nextBlock = std::min<size_t>(m_nextBlock * 2, 16 * 1024 * 1024);
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
