#pragma once
// Internal: open-addressing hash map from string_view (not owned: the caller
// keeps the bytes alive) to a small trivially copyable value. The parser looks
// up every type, op name and interned word in such tables; std::unordered_map
// with std::hash (a node per entry, a full byte hash) cost ~10% of a parse.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tilelens::ir::detail {

// Word-at-a-time multiplicative hash; good enough for identifiers and type text.
inline uint64_t hashBytes(std::string_view s)
{
    const uint64_t k = 0x9E3779B97F4A7C15ull;
    uint64_t h = uint64_t(s.size()) * k;
    const char* p = s.data();
    size_t n = s.size();
    while (n >= 8) {
        uint64_t w;
        std::memcpy(&w, p, 8);
        h = (h ^ w) * k;
        h ^= h >> 29;
        p += 8;
        n -= 8;
    }
    if (n) {
        // The last 1-7 bytes in fixed-size loads (a memcpy of n bytes became a byte loop):
        // two overlapping 4-byte words, or the first, middle and last byte. The length is
        // already in `h`, so the overlap loses nothing.
        uint64_t w;
        if (n >= 4) {
            uint32_t lo, hi;
            std::memcpy(&lo, p, 4);
            std::memcpy(&hi, p + n - 4, 4);
            w = uint64_t(hi) << 32 | lo;
        } else {
            w = uint64_t(uint8_t(p[0])) | uint64_t(uint8_t(p[n / 2])) << 8 |
                uint64_t(uint8_t(p[n - 1])) << 16;
        }
        h = (h ^ w) * k;
        h ^= h >> 29;
    }
    return h * k;
}

// Equality of n bytes (sizeof(W) <= n <= 2 * sizeof(W)) as two overlapping words.
template <typename W> bool twoWordsEqual(const char* a, const char* b, size_t n)
{
    W x0, y0, x1, y1;
    std::memcpy(&x0, a, sizeof(W));
    std::memcpy(&y0, b, sizeof(W));
    std::memcpy(&x1, a + n - sizeof(W), sizeof(W));
    std::memcpy(&y1, b + n - sizeof(W), sizeof(W));
    return ((x0 ^ y0) | (x1 ^ y1)) == 0;
}

// Equality of n bytes, inline for the short keys the parser compares most
// (type text, names): a libc memcmp call costs more than the compare.
inline bool bytesEqual(const char* a, const char* b, size_t n)
{
    if (n >= 8 && n <= 16)
        return twoWordsEqual<uint64_t>(a, b, n);
    if (n >= 4 && n < 8)
        return twoWordsEqual<uint32_t>(a, b, n);
    if (n < 4) {
        for (size_t i = 0; i < n; ++i)
            if (a[i] != b[i])
                return false;
        return true;
    }
    return std::memcmp(a, b, n) == 0;
}

template <typename V> class StringMap
{
    static_assert(std::is_trivially_copyable_v<V>, "values are copied freely");

public:
    V* find(std::string_view key) { return findHashed(key, hashBytes(key)); }
    const V* find(std::string_view key) const
    {
        return const_cast<StringMap*>(this)->findHashed(key, hashBytes(key));
    }
    // Inserts key -> value unless present; returns the stored value.
    V& insert(std::string_view key, const V& value)
    {
        bool inserted = false;
        return insert(key, value, inserted);
    }
    // The same, saying whether it inserted (one hash for a find-or-insert).
    V& insert(std::string_view key, const V& value, bool& inserted)
    {
        const uint64_t h = hashBytes(key);
        inserted = false;
        if (V* v = findHashed(key, h))
            return *v;
        inserted = true;
        if ((m_count + 1) * 4 > m_slots.size() * 3)
            grow();
        Slot* s = &m_slots[probeStart(tagOf(h))];
        while (s->tag)
            s = next(s);
        *s = Slot{key.data(), uint32_t(key.size()), tagOf(h), value};
        ++m_count;
        return s->value;
    }
    V& operator[](std::string_view key) { return insert(key, V{}); }
    bool erase(std::string_view key)
    {
        V* v = find(key);
        if (!v)
            return false;
        // Backward-shift deletion keeps linear probing free of tombstones.
        Slot* hole = reinterpret_cast<Slot*>(reinterpret_cast<char*>(v) - offsetof(Slot, value));
        const size_t mask = m_slots.size() - 1;
        size_t i = size_t(hole - m_slots.data());
        for (size_t j = (i + 1) & mask; m_slots[j].tag; j = (j + 1) & mask) {
            const size_t home = probeStart(m_slots[j].tag);
            // Move j into the hole when its home is not within (i, j].
            if (((j - home) & mask) >= ((j - i) & mask)) {
                m_slots[i] = m_slots[j];
                i = j;
            }
        }
        m_slots[i].tag = 0;
        --m_count;
        return true;
    }
    size_t size() const { return m_count; }
    // Keeps the slots of a small table: the parser clears its name table once
    // per function and would otherwise regrow (and rehash) it from 16 slots.
    void clear()
    {
        if (m_slots.size() > kKeptSlots)
            std::vector<Slot>().swap(m_slots);
        else if (m_count)
            for (Slot& s : m_slots)
                s.tag = 0;
        m_count = 0;
    }
    void swap(StringMap& o)
    {
        m_slots.swap(o.m_slots);
        std::swap(m_count, o.m_count);
    }

private:
    static constexpr size_t kKeptSlots = 1024;
    struct Slot
    {
        const char* key;
        uint32_t len;
        uint32_t tag; // high hash bits | 1; 0 = empty slot
        V value;
    };
    // The tag holds the bits the probe starts from, so growing and erasing
    // never hash a key again.
    static uint32_t tagOf(uint64_t h) { return uint32_t(h >> 32) | 1u; }
    size_t probeStart(uint32_t tag) const { return size_t(tag >> 1) & (m_slots.size() - 1); }
    Slot* next(Slot* s)
    {
        ++s;
        return s == m_slots.data() + m_slots.size() ? m_slots.data() : s;
    }
    V* findHashed(std::string_view key, uint64_t h)
    {
        if (m_slots.empty())
            return nullptr;
        const uint32_t tag = tagOf(h);
        for (Slot* s = &m_slots[probeStart(tag)]; s->tag; s = next(s))
            if (s->tag == tag && s->len == key.size() && bytesEqual(s->key, key.data(), key.size()))
                return &s->value;
        return nullptr;
    }
    void grow()
    {
        std::vector<Slot> old;
        old.swap(m_slots);
        m_slots.assign(old.empty() ? 16 : old.size() * 2, Slot{nullptr, 0, 0, V{}});
        for (const Slot& o : old) {
            if (!o.tag)
                continue;
            Slot* s = &m_slots[probeStart(o.tag)];
            while (s->tag)
                s = next(s);
            *s = o;
        }
    }
    std::vector<Slot> m_slots; // size is a power of two, load <= 3/4
    size_t m_count = 0;
};

} // namespace tilelens::ir::detail
