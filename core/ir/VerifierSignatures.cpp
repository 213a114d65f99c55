// The verifier's table of every op of the dialect that stands in a body (tile-ir.md §3.1: the
// 100 public ops less module, entry and global, plus the 13.1 alias `print`): how many operands,
// results and regions it has, which rules check it and which rule checks its operand and result
// types. The other rules, the differ and the interpreter index operands, results and regions by
// these counts; IR that breaks them is refused before any of them reads it.

#include "ir/Block.h"
#include "ir/Region.h"
#include "ir/VerifierChecks.h"

#include <string>
#include <unordered_map>

namespace tilelens::ir::verify {

namespace {

using F = OpFamily;
using T = TypeRule;

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

const OpSignature kUnaryFloat = op(1, 1, F::FloatElementwise, T::Elementwise);
const OpSignature kBinaryFloat = op(2, 1, F::FloatElementwise, T::Elementwise);
const OpSignature kUnaryInt = op(1, 1, F::IntElementwise, T::Elementwise);
const OpSignature kBinaryInt = op(2, 1, F::IntElementwise, T::Elementwise);
const OpSignature kConversion = op(1, 1, F::Conversion, T::TilesOnly);
const OpSignature kTerminator = ranged(0, kMany, 0, 0, F::ControlOrMemory, T::ResultsOfTheirParent);

const std::unordered_map<std::string_view, OpSignature>& signatures()
{
    static const std::unordered_map<std::string_view, OpSignature> table = {
        {"absf", kUnaryFloat},
        {"absi", kUnaryInt},
        {"addf", kBinaryFloat},
        {"addi", kBinaryInt},
        {"andi", kBinaryInt},
        {"assert", op(1, 0, F::ControlOrMemory, T::Assert)},
        {"assume", op(1, 1, F::ControlOrMemory, T::SameAsOperand)},
        // pointers, cmp, val, [mask], [token] -> old, token
        {"atomic_cas_tko", ranged(3, 5, 2, 2, F::Atomic, T::AtomicOnPointers)},
        // pointers, arg, [mask], [token] -> old, token
        {"atomic_rmw_tko", ranged(2, 4, 2, 2, F::Atomic, T::AtomicOnPointers)},
        {"bitcast", kConversion},
        {"break", kTerminator},
        {"broadcast", op(1, 1, F::Broadcast, T::TilesOnly)},
        {"cat", op(2, 1, F::ControlOrMemory, T::TilesOnly)},
        {"ceil", kUnaryFloat},
        {"cmpf", op(2, 1, F::ControlOrMemory, T::Compare)},
        {"cmpi", op(2, 1, F::ControlOrMemory, T::Compare)},
        {"constant", op(0, 1, F::Constant, T::TilesOnly)},
        {"continue", kTerminator},
        {"cos", kUnaryFloat},
        {"cosh", kUnaryFloat},
        {"divf", kBinaryFloat},
        {"divi", kBinaryInt},
        {"exp", kUnaryFloat},
        {"exp2", kUnaryFloat},
        {"exti", kConversion},
        {"extract", ranged(1, kMany, 1, 1, F::Extract, T::TilesOnly)}, // source, indices...
        {"floor", kUnaryFloat},
        {"fma", op(3, 1, F::FloatElementwise, T::Elementwise)},
        // lower bound, upper bound, step, inits... -> results (one region)
        {"for", ranged(3, kMany, 0, kMany, F::ControlOrMemory, T::For, 1, 1)},
        {"ftof", kConversion},
        {"ftoi", kConversion},
        {"get_global", op(0, 1, F::ControlOrMemory, T::PointerResult)},
        {"get_index_space_shape", ranged(1, 1, 1, kMany, F::ControlOrMemory, T::ShapeQuery)},
        {"get_num_tile_blocks", op(0, 3, F::ControlOrMemory, T::BlockQuery)},
        {"get_tensor_shape", ranged(1, 1, 0, kMany, F::ControlOrMemory, T::ShapeQuery)},
        {"get_tile_block_id", op(0, 3, F::ControlOrMemory, T::BlockQuery)},
        // condition -> results (then, and an else region that may be absent)
        {"if", ranged(1, 1, 0, kMany, F::ControlOrMemory, T::ResultsOfTheirParent, 1, 2)},
        {"int_to_ptr", op(1, 1, F::ControlOrMemory, T::PointerCast)},
        {"iota", op(0, 1, F::Iota, T::IntegerResult)},
        {"itof", kConversion},
        {"join_tokens", ranged(0, kMany, 1, 1, F::ControlOrMemory, T::Tokens)},
        // pointers, [mask], [padding], [token] -> tile, token
        {"load_ptr_tko", ranged(1, 4, 2, 2, F::ControlOrMemory, T::LoadPointers)},
        // view, indices..., [token] -> tile, token
        {"load_view_tko", ranged(1, kMany, 2, 2, F::ViewAccess, T::ViewAccess)},
        {"log", kUnaryFloat},
        {"log2", kUnaryFloat},
        {"loop", ranged(0, kMany, 0, kMany, F::ControlOrMemory, T::ResultsOfTheirParent, 1, 1)},
        {"make_partition_view", op(1, 1, F::MakeView, T::MakeView)},
        // base, dynamic sizes and strides...
        {"make_tensor_view", ranged(1, kMany, 1, 1, F::ControlOrMemory, T::MakeTensorView)},
        {"make_token", op(0, 1, F::ControlOrMemory, T::Tokens)},
        {"maxf", kBinaryFloat},
        {"maxi", kBinaryInt},
        {"minf", kBinaryFloat},
        {"mini", kBinaryInt},
        {"mmaf", op(3, 1, F::Mma, T::TilesOnly)},
        {"mmai", op(3, 1, F::Mma, T::TilesOnly)},
        {"mulf", kBinaryFloat},
        {"mulhii", kBinaryInt},
        {"muli", kBinaryInt},
        {"negf", kUnaryFloat},
        {"negi", kUnaryInt},
        {"offset", op(2, 1, F::ControlOrMemory, T::Offset)},
        {"ori", kBinaryInt},
        {"permute", op(1, 1, F::ControlOrMemory, T::Permute)},
        {"pow", kBinaryFloat},
        // values..., [token] -> [token] (13.1 stores no token)
        {"print_tko", ranged(0, kMany, 0, 1, F::ControlOrMemory, T::Print)},
        {"print", ranged(0, kMany, 0, 1, F::ControlOrMemory, T::Print)},
        {"ptr_to_int", op(1, 1, F::ControlOrMemory, T::PointerCast)},
        {"ptr_to_ptr", op(1, 1, F::ControlOrMemory, T::PointerCast)},
        {"reduce", ranged(1, kMany, 1, kMany, F::ControlOrMemory, T::ReduceOrScan, 1, 1)},
        {"remf", kBinaryFloat},
        {"remi", kBinaryInt},
        {"reshape", op(1, 1, F::Reshape, T::TilesOnly)},
        {"return", kTerminator},
        {"rsqrt", kUnaryFloat},
        {"scan", ranged(1, kMany, 1, kMany, F::ControlOrMemory, T::ReduceOrScan, 1, 1)},
        {"select", op(3, 1, F::ControlOrMemory, T::Select)},
        {"shli", kBinaryInt},
        {"shri", kBinaryInt},
        {"sin", kUnaryFloat},
        {"sinh", kUnaryFloat},
        {"sqrt", kUnaryFloat},
        // pointers, value, [mask], [token] -> token
        {"store_ptr_tko", ranged(2, 4, 1, 1, F::ControlOrMemory, T::StorePointers)},
        // tile, view, indices..., [token] -> token
        {"store_view_tko", ranged(2, kMany, 1, 1, F::ViewAccess, T::ViewAccess)},
        {"subf", kBinaryFloat},
        {"subi", kBinaryInt},
        {"tan", kUnaryFloat},
        {"tanh", kUnaryFloat},
        {"trunci", kConversion},
        {"xori", kBinaryInt},
        {"yield", kTerminator},
        {"atan2", kBinaryFloat},
        {"pack", op(1, 1, F::ControlOrMemory, T::Packing)},
        {"unpack", op(1, 1, F::ControlOrMemory, T::Packing)},
        {"alloca", op(0, 1, F::ControlOrMemory, T::PointerResult)},
        {"mmaf_scaled", op(5, 1, F::ControlOrMemory, T::MmaScaled)},
        {"make_gather_scatter_view", op(1, 1, F::ControlOrMemory, T::MakeView)},
        {"make_strided_view", op(1, 1, F::MakeView, T::MakeView)},
        // view, indices..., value, [token] -> token
        {"atomic_red_view_tko", ranged(2, kMany, 1, 1, F::Atomic, T::AtomicOnView)},
    };
    return table;
}

// "expected 2 operands, but found 1", "expected 1 to 4 operands, ...", "at least 3", "1 region".
std::string countError(const char* what, int low, int high, size_t found)
{
    std::string expected = high == kMany ? "at least " + std::to_string(low)
                           : low == high ? std::to_string(low)
                                         : std::to_string(low) + " to " + std::to_string(high);
    const bool one = low == 1 && high == 1;
    return "expected " + expected + " " + what + (one ? "" : "s") + ", but found " +
           std::to_string(found);
}

bool within(size_t n, int low, int high)
{
    return n >= size_t(low) && (high == kMany || n <= size_t(high));
}

} // namespace

const OpSignature* opSignature(std::string_view mnemonic)
{
    const auto& table = signatures();
    const auto it = table.find(mnemonic);
    return it == table.end() ? nullptr : &it->second;
}

ArityCheck checkArity(Checker& c, const Op* op, const OpSignature& a)
{
    if (!within(op->operands.size(), a.minOperands, a.maxOperands)) {
        c.error(op, countError("operand", a.minOperands, a.maxOperands, op->operands.size()));
        return ArityCheck::Failed;
    }
    // The text parser keeps no results for an op written without result names.
    const bool unnamed = op->results.empty() && a.minResults > 0 && op->range.beginLine > 0;
    if (unnamed && c.purpose() == VerifyPurpose::Analysis) {
        c.error(op, "'" + std::string(op->name.mnemonic()) +
                        "' is written without naming its results, which the analyses need "
                        "(write '%name = ' before it)");
        return ArityCheck::Failed;
    }
    if (!unnamed && !within(op->results.size(), a.minResults, a.maxResults)) {
        c.error(op, countError("result", a.minResults, a.maxResults, op->results.size()));
        return ArityCheck::Failed;
    }
    if (!within(op->regions.size(), a.minRegions, a.maxRegions)) {
        c.error(op, countError("region", a.minRegions, a.maxRegions, op->regions.size()));
        return ArityCheck::Failed;
    }
    // One block per region; an absent else and a loop body written `{}` have none.
    for (size_t i = 0; i < op->regions.size(); ++i) {
        const size_t blocks = op->regions[i]->blocks.size();
        if (blocks > 1 || (blocks == 0 && a.types == TypeRule::ReduceOrScan)) {
            c.error(op, "region #" + std::to_string(i) + " must have exactly one block, but has " +
                            std::to_string(blocks));
            return ArityCheck::Failed;
        }
    }
    for (const Value* v : op->operands)
        if (!v->type) {
            c.error(op, "an operand has no type");
            return ArityCheck::Failed;
        }
    for (const Value* v : op->results)
        if (!v->type) {
            c.error(op, "a result has no type");
            return ArityCheck::Failed;
        }
    return unnamed ? ArityCheck::ResultsUnnamed : ArityCheck::Holds;
}

} // namespace tilelens::ir::verify
