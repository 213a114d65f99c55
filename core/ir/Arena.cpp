#include "ir/Arena.h"

#include <algorithm>
#include <mutex>

// Blocks are mapped (huge pages, recycled through the cache) on Linux. Under
// AddressSanitizer they come from new[] instead, so that ASan still sees a
// model used after its arena is gone.
#if defined(__linux__) && !defined(__SANITIZE_ADDRESS__)
#define TILELENS_ARENA_MAPS_BLOCKS 1
#include <sys/mman.h>
#endif

namespace tilelens::ir {

namespace {
constexpr size_t kHugePage = size_t(2) << 20;
constexpr size_t kFirstBlock = size_t(64) << 10; // Arena::m_nextBlock's start

// Process-wide cache of the mapped blocks of destroyed arenas. A block
// returned to the kernel must be zeroed again when mapped anew, and under a
// hypervisor that reclaims freed guest memory (free page reporting) it is
// backed anew on the host too: re-parsing a 50 MB module then costs twice a
// warm parse. Reusing blocks keeps repeated parses (reload, diff of two files,
// the GUI's worker) at warm speed. Bounded, so an idle process keeps at most
// Arena::kBlockCacheCap bytes.
class BlockCache
{
public:
    static constexpr size_t kMaxBlocks = 256;

    // A cached block of exactly `size` bytes, or nullptr.
    char* take(size_t size)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        for (size_t i = m_blocks.size(); i-- > 0;) {
            if (m_blocks[i].second != size)
                continue;
            char* p = m_blocks[i].first;
            m_blocks.erase(m_blocks.begin() + long(i));
            m_bytes -= size;
            return p;
        }
        return nullptr;
    }
    // Keeps the block when it fits under the cap; false = caller unmaps it.
    bool give(char* p, size_t size)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_bytes + size > Arena::kBlockCacheCap || m_blocks.size() >= kMaxBlocks)
            return false;
        m_blocks.emplace_back(p, size);
        m_bytes += size;
        return true;
    }

    void releaseAll()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
#ifdef TILELENS_ARENA_MAPS_BLOCKS
        for (const auto& [p, size] : m_blocks)
            munmap(p, size);
#endif
        m_blocks.clear();
        m_bytes = 0;
    }
    size_t bytes()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_bytes;
    }

private:
    std::mutex m_mutex;
    std::vector<std::pair<char*, size_t>> m_blocks;
    size_t m_bytes = 0;
};

BlockCache& blockCache()
{
    static BlockCache* cache = new BlockCache; // never destroyed: arenas may outlive statics
    return *cache;
}
} // namespace

bool Arena::recyclesBlocks()
{
#ifdef TILELENS_ARENA_MAPS_BLOCKS
    return true;
#else
    return false;
#endif
}

size_t Arena::cachedBlockBytes()
{
    return blockCache().bytes();
}

void Arena::releaseCachedBlocks()
{
    blockCache().releaseAll();
}

Arena::~Arena()
{
    for (auto it = m_destructors.rbegin(); it != m_destructors.rend(); ++it)
        it->fn(it->obj);
    for (const Block& b : m_blocks) {
#ifdef TILELENS_ARENA_MAPS_BLOCKS
        if (b.mapped) {
            if (!blockCache().give(b.data, b.size))
                munmap(b.data, b.size);
            continue;
        }
#endif
        delete[] b.data;
    }
}

// The geometric series of blocks (powers of two from 64 KiB) is mapped and
// recycled through the block cache; from 2 MiB on, blocks are mapped
// 2 MiB-aligned and marked for transparent huge pages: parsing a 50 MB module
// touches ~200 MB of fresh memory, and with 4 KiB pages the page faults
// (expensive under virtualization) cost as much as the parse.
char* Arena::newBlock(size_t size, bool& mapped)
{
    mapped = false;
#ifdef TILELENS_ARENA_MAPS_BLOCKS
    const bool huge = size >= kHugePage && size % kHugePage == 0;
    const bool series = huge || (size >= kFirstBlock && (size & (size - 1)) == 0);
    if (series) {
        if (char* cached = blockCache().take(size)) {
            mapped = true;
            return cached;
        }
        const size_t slack = huge ? kHugePage : 0;
        void* p =
            mmap(nullptr, size + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            char* raw = static_cast<char*>(p);
            mapped = true;
            if (!huge)
                return raw;
            // Trim to a 2 MiB-aligned range so whole huge pages fit.
            char* aligned = reinterpret_cast<char*>(
                (reinterpret_cast<uintptr_t>(raw) + kHugePage - 1) & ~(kHugePage - 1));
            if (aligned > raw)
                munmap(raw, size_t(aligned - raw));
            size_t tail = size_t(raw + size + kHugePage - (aligned + size));
            if (tail)
                munmap(aligned + size, tail);
            madvise(aligned, size, MADV_HUGEPAGE);
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

char* Arena::allocateCharsSlow(size_t bytes)
{
    constexpr size_t kChunk = 4096;
    if (bytes > kChunk / 4) // a chunk's unused end stays under a quarter of it
        return static_cast<char*>(allocate(bytes, 1));
    m_chars = static_cast<char*>(allocate(kChunk, 1));
    m_charsLeft = kChunk;
    return allocateChars(bytes);
}

void Arena::reserveHint(size_t bytes)
{
    if (bytes <= m_nextBlock || bytes > (size_t(1) << 40))
        return;
    if (bytes >= kHugePage) {
        m_nextBlock = (bytes + kHugePage - 1) & ~(kHugePage - 1);
        return;
    }
    while (m_nextBlock < bytes)
        m_nextBlock *= 2;
}

std::string_view Arena::copyString(std::string_view s)
{
    if (s.empty())
        return {};
    char* p = allocateChars(s.size());
    std::memcpy(p, s.data(), s.size());
    return {p, s.size()};
}

} // namespace tilelens::ir
