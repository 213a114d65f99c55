#pragma once
// Open-addressing hash map from 64-bit keys (usually already hashes) to small
// values: one flat table, no allocation per entry. The differ does a few
// hash lookups per op; std::unordered_map's node allocations dominated them.

#include "diff/graph/Internal.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tilelens::diff {

template <typename V> class FlatHashMap
{
public:
    explicit FlatHashMap(size_t expected = 0) { rehash(expected * 2 + 16); }

    V* find(uint64_t key)
    {
        size_t i = index(key);
        while (m_used[i]) {
            if (m_keys[i] == key)
                return &m_values[i];
            i = (i + 1) & m_mask;
        }
        return nullptr;
    }
    const V* find(uint64_t key) const { return const_cast<FlatHashMap*>(this)->find(key); }

    // Inserts V{} when absent.
    V& operator[](uint64_t key)
    {
        if ((m_size + 1) * 2 > m_keys.size())
            rehash(m_keys.size() * 2);
        size_t i = index(key);
        while (m_used[i]) {
            if (m_keys[i] == key)
                return m_values[i];
            i = (i + 1) & m_mask;
        }
        m_used[i] = 1;
        m_keys[i] = key;
        m_values[i] = V{};
        ++m_size;
        return m_values[i];
    }

    // False (and no change) when the key is present.
    bool insert(uint64_t key, V value)
    {
        const size_t before = m_size;
        V& slot = (*this)[key];
        if (m_size == before)
            return false;
        slot = std::move(value);
        return true;
    }

    size_t size() const { return m_size; }

private:
    size_t index(uint64_t key) const
    {
        return size_t((key ^ (key >> 29)) * 0x9E3779B97F4A7C15ull >> 17) & m_mask;
    }

    void rehash(size_t atLeast)
    {
        size_t cap = 16;
        while (cap < atLeast)
            cap <<= 1;
        std::vector<uint64_t> keys(cap);
        std::vector<V> values(cap);
        std::vector<uint8_t> used(cap, 0);
        keys.swap(m_keys);
        values.swap(m_values);
        used.swap(m_used);
        m_mask = cap - 1;
        for (size_t k = 0; k < used.size(); ++k) {
            if (!used[k])
                continue;
            size_t i = index(keys[k]);
            while (m_used[i])
                i = (i + 1) & m_mask;
            m_used[i] = 1;
            m_keys[i] = keys[k];
            m_values[i] = std::move(values[k]);
        }
    }

    std::vector<uint64_t> m_keys;
    std::vector<V> m_values;
    std::vector<uint8_t> m_used;
    size_t m_mask = 0, m_size = 0;
};

} // namespace tilelens::diff
