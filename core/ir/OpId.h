#pragma once
// The ops TileLens knows, as an enum (core/ir/OpList.def): every reader sets it on the ops it
// makes (through their OpName), so that the verifier, the differ and the interpreter switch on
// it instead of comparing names. An op of another dialect, or a cuda_tile name the dialect
// lacks, is OpId::Unknown.

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace tilelens::ir {

enum class OpId : uint8_t
{
    Unknown = 0,
#define TILE_OP(Id, ...) Id,
#include "ir/OpList.def"
#undef TILE_OP
};

constexpr size_t kOpIdCount = 0
#define TILE_OP(Id, ...) +1 // NOLINT(bugprone-macro-parentheses): a term of this sum
#include "ir/OpList.def"
#undef TILE_OP
                              + 1; // with Unknown

// "addf" for OpId::AddF; "" for OpId::Unknown.
std::string_view opMnemonic(OpId id);
// The op of a mnemonic without dialect prefix ("addf"), or OpId::Unknown.
OpId opIdOf(std::string_view mnemonic);

// True when `id` is one of `ids` (a short set written where it is used).
inline bool isOneOf(OpId id, std::initializer_list<OpId> ids)
{
    for (OpId x : ids)
        if (x == id)
            return true;
    return false;
}

} // namespace tilelens::ir
