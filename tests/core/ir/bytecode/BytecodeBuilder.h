#pragma once
// Test helper: assembles small bytecode files section by section (tile-ir.md
// §4.2–4.10) so tests can exercise encodings the corpus does not contain.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tilelens::test {

inline std::string varint(uint64_t v)
{
    std::string out;
    do {
        uint8_t b = v & 0x7F;
        v >>= 7;
        out += char(b | (v ? 0x80 : 0));
    } while (v);
    return out;
}
inline std::string svarint(int64_t v)
{
    return varint((uint64_t(v) << 1) ^ uint64_t(v >> 63));
}
inline std::string le(uint64_t v, int bytes)
{
    std::string out;
    for (int i = 0; i < bytes; ++i)
        out += char((v >> (8 * i)) & 0xFF);
    return out;
}
inline std::string bytesOf(std::initializer_list<int> b)
{
    std::string s;
    for (int x : b)
        s += char(x);
    return s;
}
inline std::string leList(const std::vector<int64_t>& v, int k)
{
    std::string s = varint(v.size());
    for (int64_t x : v)
        s += le(uint64_t(x), k);
    return s;
}

class BytecodeBuilder
{
public:
    explicit BytecodeBuilder(int minor) : m_minor(minor) {}

    uint64_t str(const std::string& s) { return intern(m_strings, m_stringIndex, s); }
    uint64_t type(const std::string& entry) { return intern(m_types, m_typeIndex, entry); }
    uint64_t constant(const std::string& raw)
    {
        return intern(m_constants, m_constIndex, varint(raw.size()) + raw);
    }

    // Common types.
    uint64_t num(int tag) { return type(varint(uint64_t(tag))); }
    uint64_t tile(uint64_t elem, const std::vector<int64_t>& shape)
    {
        return type(varint(13) + varint(elem) + leList(shape, 8));
    }
    uint64_t ptr(uint64_t elem) { return type(varint(12) + varint(elem)); }
    uint64_t token() { return type(varint(17)); }
    uint64_t func(const std::vector<uint64_t>& ins, const std::vector<uint64_t>& outs = {})
    {
        std::string e = varint(16) + varint(ins.size());
        for (uint64_t t : ins)
            e += varint(t);
        e += varint(outs.size());
        for (uint64_t t : outs)
            e += varint(t);
        return type(e);
    }

    void kernel(const std::string& name, uint64_t signature, const std::string& body,
                uint64_t debugSlot = 0, const std::string& hints = {})
    {
        m_funcs += varint(str(name)) + varint(signature) + char(hints.empty() ? 2 : 6) +
                   varint(debugSlot) + hints;
        m_funcs += varint(body.size()) + body;
        ++m_nFuncs;
    }
    void rawFunction(const std::string& entry)
    {
        m_funcs += entry;
        ++m_nFuncs;
    }
    void global(const std::string& entry)
    {
        m_globals += entry;
        ++m_nGlobals;
    }
    void producer(const std::string& s) { m_producer = varint(str(s)); }
    void debug(const std::string& payload) { m_debug = payload; }

    std::string build() const
    {
        std::string f("\x7FTileIR\0", 8);
        f += char(13);
        f += char(m_minor);
        f += le(0, 2);
        auto section = [&](int id, size_t align, const std::string& payload) {
            f += char(id | (align > 1 ? 0x80 : 0));
            f += varint(payload.size());
            if (align > 1) {
                f += varint(align);
                while (f.size() % align)
                    f += '\xCB';
            }
            f += payload;
        };
        if (m_nGlobals)
            section(6, 1, varint(m_nGlobals) + m_globals);
        section(2, 8, varint(m_nFuncs) + m_funcs);
        if (!m_constants.empty()) {
            std::string p = varint(m_constants.size());
            while (p.size() % 8)
                p += '\xCB';
            std::string data;
            for (const std::string& c : m_constants) {
                p += le(data.size(), 8);
                data += c;
            }
            section(4, 8, p + data);
        }
        if (!m_debug.empty())
            section(3, 8, m_debug);
        if (!m_types.empty())
            section(5, 4, table(m_types, 4));
        if (!m_producer.empty())
            section(7, 1, m_producer);
        section(1, 4, table(m_strings, 4));
        f += '\0';
        return f;
    }

    // `varint n; pad to 4; u32le start[n]; data` (relative to the payload start).
    static std::string table(const std::vector<std::string>& entries, size_t align)
    {
        std::string p = varint(entries.size());
        if (!entries.empty())
            while (p.size() % align)
                p += '\xCB';
        std::string data;
        for (const std::string& e : entries) {
            p += le(data.size(), 4);
            data += e;
        }
        return p + data;
    }

private:
    static uint64_t intern(std::vector<std::string>& v, std::map<std::string, uint64_t>& idx,
                           const std::string& s)
    {
        auto it = idx.find(s);
        if (it != idx.end())
            return it->second;
        v.push_back(s);
        idx[s] = v.size() - 1;
        return v.size() - 1;
    }
    int m_minor;
    std::vector<std::string> m_strings, m_types, m_constants;
    std::map<std::string, uint64_t> m_stringIndex, m_typeIndex, m_constIndex;
    std::string m_funcs, m_globals, m_producer, m_debug;
    size_t m_nFuncs = 0, m_nGlobals = 0;
};

} // namespace tilelens::test
