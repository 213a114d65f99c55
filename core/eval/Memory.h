#pragma once
// Global memory of one evaluation: named buffers at distinct, widely spaced
// byte addresses, so that every pointer names exactly one buffer and an
// access outside all buffers is detected instead of reading garbage.

#include "eval/Numeric.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilelens::eval {

struct Buffer
{
    std::string name;
    uint64_t base = 0;
    Elem elem = Elem::None;
    size_t count = 0;
    std::vector<int64_t> ints;  // integer elements
    std::vector<double> floats; // float elements
    bool isFloat() const { return isFloatElem(elem); }
};

class Memory
{
public:
    // Buffers start kSpacing apart (so every base is aligned for any div_by hint).
    static constexpr uint64_t kSpacing = uint64_t(1) << 36;

    // Returns the base address of a new zero-filled buffer.
    uint64_t allocate(const std::string& name, Elem elem, size_t count);

    // The buffer and element index an address names when accessed as `elem`,
    // or nullptr when it is outside every buffer, misaligned or of another type.
    // `why` then says which.
    Buffer* locate(uint64_t address, Elem elem, size_t& index, std::string& why);

    void reserve(size_t buffers) { m_buffers.reserve(buffers); }
    // The buffer of a base address that allocate() returned (constant time, unlike find).
    Buffer& bufferAt(uint64_t base) { return m_buffers[size_t(base / kSpacing) - 1]; }
    Buffer* find(const std::string& name);
    const std::vector<Buffer>& buffers() const { return m_buffers; }

private:
    std::vector<Buffer> m_buffers;
};

} // namespace tilelens::eval
