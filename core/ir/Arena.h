#pragma once
// Bump allocator owning every object of one parsed file (types, attributes,
// values, ops, ...). Parsing a 100 MB module allocates millions of small
// objects; a per-object `new` would dominate the parse time and fragment the
// heap, so the model lives in a few large blocks freed all at once.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tilelens::ir {

// A read-only view of an array stored in an Arena (pointer + size).
template <typename T> class Span
{
public:
    Span() = default;
    Span(T* data, size_t size) : m_data(data), m_size(size) {}
    // Span<X> converts to Span<const X> (and Span<X*> to Span<X* const>).
    template <typename U, typename = std::enable_if_t<std::is_convertible_v<U (*)[], T (*)[]>>>
    Span(const Span<U>& o) : m_data(o.data()), m_size(o.size())
    {
    }
    T* begin() const { return m_data; }
    T* end() const { return m_data + m_size; }
    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    T& operator[](size_t i) const { return m_data[i]; }
    T& front() const { return m_data[0]; }
    T& back() const { return m_data[m_size - 1]; }
    T* data() const { return m_data; }

private:
    T* m_data = nullptr;
    size_t m_size = 0;
};

class Arena
{
public:
    Arena() = default;
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;
    ~Arena();

    void* allocate(size_t bytes, size_t align)
    {
        // Inline fast path: the parser allocates per op, value and name.
        const size_t pad =
            (align - (reinterpret_cast<uintptr_t>(m_cur) & (align - 1))) & (align - 1);
        if (m_cur != nullptr && pad + bytes <= m_left) {
            char* p = m_cur + pad;
            m_cur = p + bytes;
            m_left -= pad + bytes;
            return p;
        }
        return allocateSlow(bytes, align);
    }

    // Unaligned bytes (names, strings), taken from a 4 KiB chunk of their own: a name between
    // two 8-aligned objects would cost up to 7 bytes of padding after it (issue 28: a large
    // module has millions of names). Larger strings come from the block itself.
    char* allocateChars(size_t bytes)
    {
        if (bytes <= m_charsLeft) {
            char* p = m_chars;
            m_chars += bytes;
            m_charsLeft -= bytes;
            return p;
        }
        return allocateCharsSlow(bytes);
    }

    // Objects made here must not need their destructor to free memory elsewhere
    // unless registered (make() registers non-trivially destructible types).
    template <typename T, typename... Args> T* make(Args&&... args)
    {
        void* p = allocate(sizeof(T), alignof(T));
        T* obj = new (p) T(std::forward<Args>(args)...);
        if constexpr (!std::is_trivially_destructible_v<T>)
            m_destructors.push_back({obj, [](void* o) { static_cast<T*>(o)->~T(); }});
        return obj;
    }

    // Copies a trivially copyable array into the arena.
    template <typename T> Span<T> copy(const T* data, size_t n)
    {
        static_assert(std::is_trivially_copyable_v<T>, "arena arrays hold trivial values");
        if (n == 0)
            return {};
        T* p = static_cast<T*>(allocate(sizeof(T) * n, alignof(T)));
        std::memcpy(static_cast<void*>(p), data, sizeof(T) * n);
        return {p, n};
    }
    template <typename T> Span<T> copy(const std::vector<T>& v) { return copy(v.data(), v.size()); }

    // Stable copy of a string (not NUL-terminated).
    std::string_view copyString(std::string_view s);

    // Sizes the next block for `bytes` more when that is more than its usual
    // size: rounded up to whole 2 MiB huge pages from 2 MiB on, else to a
    // power of two (a small file keeps small blocks). For callers that know
    // their size up front (the parser from its input, the graph builder from
    // the op count): one huge-page-backed block then replaces the 64 KiB ..
    // 1 MiB start of the geometric series, whose 4 KiB pages fault one by one.
    // Only address space is reserved: pages are backed when first touched.
    void reserveHint(size_t bytes);

    size_t bytesAllocated() const { return m_total; } // reserved blocks
    // Blocks of destroyed arenas are kept for reuse by later ones (see
    // Arena.cpp), up to this many bytes in the whole process.
    static constexpr size_t kBlockCacheCap = size_t(256) << 20;
    static bool recyclesBlocks(); // false where blocks are not mapped (non-Linux, ASan)
    static size_t cachedBlockBytes();
    static void releaseCachedBlocks(); // unmaps them (e.g. after closing large files)
    // Handed out (incl. alignment; not the rest of the current character chunk).
    size_t bytesUsed() const { return m_total - m_left - m_charsLeft; }

private:
    struct Dtor
    {
        void* obj;
        void (*fn)(void*);
    };
    struct Block
    {
        char* data;
        size_t size;
        bool mapped; // from mmap (recycled through the block cache), else new[]
    };
    char* newBlock(size_t size, bool& mapped);
    void* allocateSlow(size_t bytes, size_t align); // starts a new block
    char* allocateCharsSlow(size_t bytes);          // starts a new character chunk
    std::vector<Block> m_blocks;
    std::vector<Dtor> m_destructors;
    char* m_cur = nullptr;
    size_t m_left = 0;
    char* m_chars = nullptr; // the character chunk (allocateChars)
    size_t m_charsLeft = 0;
    size_t m_nextBlock = 64 * 1024; // kFirstBlock in Arena.cpp
    size_t m_total = 0;
};

} // namespace tilelens::ir
