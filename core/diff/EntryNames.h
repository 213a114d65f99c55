#pragma once
// Entry-name demangling and matching across producers. cuTile Python mangles
// `<pyfunc>_K<cconv>_<param tokens>` (`_softmax_kernel_Kt1_A2f32_...`), the
// op-named alias repair prefixes `{k}__`, cuTile Rust keeps the Rust
// identifier (`softmax_kernel`).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tilelens::diff {

struct EntryName
{
    std::string base;  // "softmax_kernel": no mangling suffix, no leading/trailing '_', lower case
    std::string alias; // "softmax" for "softmax___softmax_kernel_Kt1..." (op-named alias), else ""
    bool mangled = false;
    // Integer constants the mangled name is specialised on: the `_I<n>` parameter tokens
    // after the marker ("..._I1024_I1024" -> "1024", "1024"), in order.
    std::vector<std::string> constants;
    // Float constants (`ct.Constant[float]`), the `_F<16 hex digits>` tokens: the IEEE
    // double bits ("..._F3ee4f8b588e368f1" -> 1e-05), in order.
    std::vector<uint64_t> floatConstants;
};

EntryName demangleEntryName(const std::string& symbol);

// Pairs reference and generated entries: identical names, then equal
// demangled bases, then a base containing the other, then (structure) the
// closest op count among what is left. Returns index pairs; -1 = unmatched.
std::vector<std::pair<int, int>> matchEntryNames(const std::vector<std::string>& ref,
                                                 const std::vector<std::string>& gen,
                                                 const std::vector<int>& refOpCounts,
                                                 const std::vector<int>& genOpCounts);
// The same with the names already demangled (demangled[k] of names[k]).
std::vector<std::pair<int, int>> matchEntryNames(const std::vector<std::string>& ref,
                                                 const std::vector<std::string>& gen,
                                                 const std::vector<EntryName>& refDemangled,
                                                 const std::vector<EntryName>& genDemangled,
                                                 const std::vector<int>& refOpCounts,
                                                 const std::vector<int>& genOpCounts);

} // namespace tilelens::diff
