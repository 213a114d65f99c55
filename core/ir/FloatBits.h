#pragma once
// Conversions between double and the IEEE-like bit patterns of every Tile IR
// float element type, so float attributes keep their exact bits.

#include <cstdint>
#include <string>
#include <string_view>

namespace tilelens::ir {

// Bit width of a float element type name (canonical spelling), 0 if not a float.
int floatWidth(std::string_view elem);
// Rounds `v` to nearest-even in the element format and returns its bit pattern.
uint64_t floatToBits(double v, std::string_view elem);
double bitsToFloat(uint64_t bits, std::string_view elem);
// One spelling per value: `1.500000e+00` when exact in that form, otherwise
// shortest round-trip digits; inf/nan as `0x7F800000`-style hex of the bits.
std::string formatFloat(uint64_t bits, std::string_view elem);
// A value in a finding's words: six significant digits (`1e-05`, `0.5`).
std::string shortFloatText(double v);
// A value that reads back (strtod) to the same double: 17 significant digits.
std::string exactFloatText(double v);

} // namespace tilelens::ir
