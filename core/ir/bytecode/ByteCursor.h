#pragma once
// Internal: bounds-checked reading of the bytecode primitives (tile-ir.md
// §4.1). Every read checks the remaining bytes of its window and throws
// BytecodeError with the absolute file offset, so a truncated or corrupted
// file becomes one located diagnostic instead of an out-of-bounds read.

#include <cstdint>
#include <string>
#include <string_view>

namespace tilelens::ir::bytecode {

// Thrown only inside the reader and turned into a Diagnostic at its boundary.
struct BytecodeError
{
    int64_t offset = 0;
    std::string message;
};

[[noreturn]] inline void fail(int64_t offset, std::string message)
{
    throw BytecodeError{offset, std::move(message)};
}

class ByteCursor
{
public:
    ByteCursor() = default;
    // A window [begin, end) of `file`; offsets stay absolute.
    ByteCursor(std::string_view file, size_t begin, size_t end)
        : m_file(file), m_pos(begin), m_end(end)
    {
    }

    size_t pos() const { return m_pos; }
    size_t end() const { return m_end; }
    size_t remaining() const { return m_end - m_pos; }
    bool atEnd() const { return m_pos >= m_end; }
    std::string_view file() const { return m_file; }

    void need(size_t n, const char* what) const
    {
        if (n > remaining())
            fail(int64_t(m_pos), std::string("unexpected end of data while reading ") + what +
                                     " (" + std::to_string(n) + " bytes needed, " +
                                     std::to_string(remaining()) + " left)");
    }
    uint8_t u8(const char* what)
    {
        need(1, what);
        return uint8_t(m_file[m_pos++]);
    }
    uint64_t fixed(int bytes, const char* what) // little endian
    {
        need(size_t(bytes), what);
        uint64_t v = 0;
        for (int i = 0; i < bytes; ++i)
            v |= uint64_t(uint8_t(m_file[m_pos + size_t(i)])) << (8 * i);
        m_pos += size_t(bytes);
        return v;
    }
    uint64_t varint(const char* what)
    {
        size_t start = m_pos;
        uint64_t v = 0;
        for (int shift = 0;; shift += 7) {
            if (shift > 63)
                fail(int64_t(start),
                     std::string("malformed varint (more than 10 bytes) in ") + what);
            uint8_t b = u8(what);
            if (shift == 63 && (b & 0x7E))
                fail(int64_t(start), std::string("varint overflows 64 bits in ") + what);
            v |= uint64_t(b & 0x7F) << shift;
            if (!(b & 0x80))
                return v;
        }
    }
    int64_t svarint(const char* what) // zig-zag
    {
        uint64_t u = varint(what);
        return int64_t(u >> 1) ^ -int64_t(u & 1);
    }
    // A count of items that each take at least `minBytes` bytes: bounded by the data left.
    uint64_t count(const char* what, size_t minBytes = 1)
    {
        size_t start = m_pos;
        uint64_t n = varint(what);
        if (minBytes && n > remaining() / minBytes)
            fail(int64_t(start), std::string(what) + " is " + std::to_string(n) + " but only " +
                                     std::to_string(remaining()) + " bytes remain");
        return n;
    }
    std::string_view bytes(size_t n, const char* what)
    {
        need(n, what);
        std::string_view s = m_file.substr(m_pos, n);
        m_pos += n;
        return s;
    }
    // Skips filler up to a multiple of `align` relative to `base` (payload start).
    void padTo(size_t base, size_t align, const char* what)
    {
        size_t rel = (m_pos - base) % align;
        if (rel)
            bytes(align - rel, what);
    }
    void seek(size_t pos) { m_pos = pos; }

private:
    std::string_view m_file;
    size_t m_pos = 0;
    size_t m_end = 0;
};

} // namespace tilelens::ir::bytecode
