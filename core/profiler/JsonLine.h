#pragma once
// Builds one JSON object on one line without allocating per field: the
// injection library formats millions of records and must stay cheap. Only what
// the record format needs: string, unsigned and signed integers, int arrays.

#include <charconv>
#include <cstdint>
#include <string>

namespace tilelens::profiler {

class JsonLine
{
public:
    explicit JsonLine(std::string& out) : m_out(out) { m_out += '{'; }

    JsonLine& str(const char* key, const char* value)
    {
        keyPrefix(key);
        appendEscaped(value ? value : "");
        return *this;
    }
    JsonLine& str(const char* key, const std::string& value) { return str(key, value.c_str()); }

    JsonLine& u64(const char* key, uint64_t value)
    {
        keyPrefix(key);
        appendNumber(value);
        return *this;
    }
    JsonLine& i64(const char* key, int64_t value)
    {
        keyPrefix(key);
        appendNumber(value);
        return *this;
    }
    JsonLine& triple(const char* key, int64_t x, int64_t y, int64_t z)
    {
        keyPrefix(key);
        m_out += '[';
        appendNumber(x);
        m_out += ',';
        appendNumber(y);
        m_out += ',';
        appendNumber(z);
        m_out += ']';
        return *this;
    }
    // Closes the object and the line.
    void end() { m_out += "}\n"; }

private:
    void keyPrefix(const char* key)
    {
        if (!m_first)
            m_out += ',';
        m_first = false;
        m_out += '"';
        m_out += key; // keys are literals of the format, never need escaping
        m_out += "\":";
    }

    template <typename T> void appendNumber(T value)
    {
        char buf[24];
        const auto res = std::to_chars(buf, buf + sizeof buf, value);
        m_out.append(buf, res.ptr);
    }

    void appendEscaped(const char* s)
    {
        static const char* hex = "0123456789abcdef";
        m_out += '"';
        for (const unsigned char* p = reinterpret_cast<const unsigned char*>(s); *p; ++p) {
            const unsigned char c = *p;
            if (c == '"' || c == '\\') {
                m_out += '\\';
                m_out += char(c);
            } else if (c < 0x20) {
                m_out += "\\u00";
                m_out += hex[c >> 4];
                m_out += hex[c & 0xf];
            } else {
                m_out += char(c); // UTF-8 passes through; invalid bytes are the reader's problem
            }
        }
        m_out += '"';
    }

    std::string& m_out;
    bool m_first = true;
};

} // namespace tilelens::profiler
