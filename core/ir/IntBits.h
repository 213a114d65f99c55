#pragma once
// Integer bit patterns shared by the text parser and the bytecode reader.

#include <cstdint>

namespace tilelens::ir {

// The low `width` bits of `v` as a signed value (two's complement); widths outside
// 1..63 return `v` unchanged. Inline: the dense-literal fast path calls it per element.
inline int64_t signExtend(uint64_t v, int width)
{
    if (width >= 64 || width <= 0)
        return int64_t(v);
    uint64_t mask = (uint64_t(1) << width) - 1;
    v &= mask;
    if (v >> (width - 1))
        v |= ~mask;
    return int64_t(v);
}

} // namespace tilelens::ir
