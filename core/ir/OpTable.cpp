// The op table's rows (core/ir/OpList.def, one per op) as OpInfo, found by id and mnemonic.
#include "ir/OpInfo.h"

#include <unordered_map>

namespace tilelens::ir {
namespace {

using verify::kMany;
using verify::OpSignature;
using F = verify::OpFamily;
using T = verify::TypeRule;

constexpr OpSignature op(int operands, int results, F family, T types)
{
    return {operands, operands, results, results, 0, 0, family, types};
}
constexpr OpSignature ranged(int minOperands, int maxOperands, int minResults, int maxResults,
                             F family, T types, int minRegions = 0, int maxRegions = 0)
{
    return {minOperands, maxOperands, minResults, maxResults,
            minRegions,  maxRegions,  family,     types};
}

constexpr OpSignature kUnaryFloat = op(1, 1, F::FloatElementwise, T::Elementwise);
constexpr OpSignature kBinaryFloat = op(2, 1, F::FloatElementwise, T::Elementwise);
constexpr OpSignature kUnaryInt = op(1, 1, F::IntElementwise, T::Elementwise);
constexpr OpSignature kBinaryInt = op(2, 1, F::IntElementwise, T::Elementwise);
constexpr OpSignature kConversion = op(1, 1, F::Conversion, T::TilesOnly);
constexpr OpSignature kTerminator =
    ranged(0, kMany, 0, 0, F::ControlOrMemory, T::ResultsOfTheirParent);
constexpr OpSignature kNone = op(0, 0, F::ControlOrMemory, T::TilesOnly); // not in a body

constexpr OpInfo kRows[] = {
#define TILE_OP(Id, ...) {OpId::Id, __VA_ARGS__},
#include "ir/OpList.def"
#undef TILE_OP
};

constexpr size_t kRowCount = sizeof(kRows) / sizeof(kRows[0]);
static_assert(kRowCount + 1 == kOpIdCount, "one row per op of OpList.def");

constexpr bool rowsInOpListOrder()
{
    for (size_t i = 0; i < kRowCount; ++i)
        if (size_t(kRows[i].id) != i + 1)
            return false;
    return true;
}
static_assert(rowsInOpListOrder(), "row i is the op of OpList.def line i (opInfo indexes by id)");

constexpr OpInfo kUnknownRow = {OpId::Unknown, "", NoTraits, -1, 1, false, kNone, "", "", "", ""};

} // namespace

const OpInfo& opInfo(OpId id)
{
    const size_t i = size_t(id);
    return i == 0 || i > kRowCount ? kUnknownRow : kRows[i - 1];
}

std::string_view opMnemonic(OpId id)
{
    return opInfo(id).mnemonic;
}

OpId opIdOf(std::string_view mnemonic)
{
    static const std::unordered_map<std::string_view, OpId> byName = [] {
        std::unordered_map<std::string_view, OpId> m;
        for (const OpInfo& row : kRows)
            m.emplace(row.mnemonic, row.id);
        return m;
    }();
    const auto it = byName.find(mnemonic);
    return it == byName.end() ? OpId::Unknown : it->second;
}

} // namespace tilelens::ir
