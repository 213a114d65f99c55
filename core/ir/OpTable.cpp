// The op table: one row per op TileLens knows (core/ir/OpList.def, in that order). A row says
//   id, mnemonic, traits,
//   bytecode opcode and first version 13.x (tile-ir.md §4.9; -1: none),
//   whether it stands in a body, and then its verifier signature: operand, result and region
//     counts (min, max; kMany: unbounded), the family of rules and the type rule,
//   its bytecode instruction layout (ir/bytecode/OpLayouts.h),
//   its custom assembly format (ir/OpFormat.h).
// A new op is one row here (and its line in OpList.def); tests/core/ir/OpTableTest.cpp checks
// the rows against each other.
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

// clang-format off
constexpr OpInfo kRows[] = {
    {OpId::AbsF, "absf", Pure, 0x00, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::AbsI, "absi", Pure, 0x01, 1, true, kUnaryInt,
     "t o",
     ""},
    {OpId::AddF, "addf", Pure | Commutative, 0x02, 1, true, kBinaryFloat,
     "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o",
     ""},
    {OpId::AddI, "addi", Pure | Commutative, 0x03, 1, true, kBinaryInt,
     "t overflow:overflow=none o o",
     ""},
    {OpId::AndI, "andi", Pure | Commutative, 0x04, 1, true, kBinaryInt,
     "t o o",
     ""},
    {OpId::Assert, "assert", NoTraits, 0x05, 1, true, op(1, 0, F::ControlOrMemory, T::Assert),
     "message:str o",
     ""},
    {OpId::Assume, "assume", NoTraits, 0x06, 1, true, op(1, 1, F::ControlOrMemory, T::SameAsOperand),
     "t predicate:pred o",
     ""},
    // pointers, cmp, val, [mask], [token] -> old, token
    {OpId::AtomicCasTko, "atomic_cas_tko", ReadsMemory | WritesMemory, 0x07, 1, true, ranged(3, 5, 2, 2, F::Atomic, T::AtomicOnPointers),
     "t t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope o o o o?0 o?1",
     ""},
    // pointers, arg, [mask], [token] -> old, token
    {OpId::AtomicRmwTko, "atomic_rmw_tko", ReadsMemory | WritesMemory, 0x08, 1, true, ranged(2, 4, 2, 2, F::Atomic, T::AtomicOnPointers),
     "t t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope mode:atomic_mode o o o?0 o?1",
     ""},
    {OpId::Bitcast, "bitcast", Pure, 0x09, 1, true, kConversion,
     "t o",
     ""},
    {OpId::Break, "break", Terminator, 0x0A, 1, true, kTerminator,
     "N O*",
     ""},
    {OpId::Broadcast, "broadcast", Pure, 0x0B, 1, true, op(1, 1, F::Broadcast, T::TilesOnly),
     "t o",
     ""},
    {OpId::Cat, "cat", Pure, 0x0C, 1, true, op(2, 1, F::ControlOrMemory, T::TilesOnly),
     "t dim:i64 o o",
     ""},
    {OpId::Ceil, "ceil", Pure, 0x0D, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::CmpF, "cmpf", Pure, 0x0E, 1, true, op(2, 1, F::ControlOrMemory, T::Compare),
     "t comparison_predicate:comparison_predicate comparison_ordering:comparison_ordering o o",
     ""},
    {OpId::CmpI, "cmpi", Pure, 0x0F, 1, true, op(2, 1, F::ControlOrMemory, T::Compare),
     "t comparison_predicate:comparison_predicate signedness:signedness o o",
     ""},
    {OpId::Constant, "constant", Pure, 0x10, 1, true, op(0, 1, F::Constant, T::TilesOnly),
     "t value:const",
     ""},
    {OpId::Continue, "continue", Terminator, 0x11, 1, true, kTerminator,
     "N O*",
     ""},
    {OpId::Cos, "cos", Pure, 0x12, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::CosH, "cosh", Pure, 0x13, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::DivF, "divf", Pure, 0x14, 1, true, kBinaryFloat,
     "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o",
     ""},
    {OpId::DivI, "divi", Pure, 0x15, 1, true, kBinaryInt,
     "t signedness:signedness rounding_mode:rounding=zero o o",
     ""},
    {OpId::Entry, "entry", NoTraits, -1, 1, false, kNone,
     "",
     ""},
    {OpId::Exp, "exp", Pure, 0x17, 1, true, kUnaryFloat,
     "t rounding_mode:rounding>=13.3=full o",
     ""},
    {OpId::Exp2, "exp2", Pure, 0x18, 1, true, kUnaryFloat,
     "t F flush_to_zero:unit?0 o",
     ""},
    {OpId::ExtI, "exti", Pure, 0x25, 1, true, kConversion,
     "t signedness:signedness o",
     ""},
    // source, indices...
    {OpId::Extract, "extract", Pure, 0x26, 1, true, ranged(1, kMany, 1, 1, F::Extract, T::TilesOnly),
     "N t O*",
     ""},
    {OpId::Floor, "floor", Pure, 0x27, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::Fma, "fma", Pure, 0x28, 1, true, op(3, 1, F::FloatElementwise, T::Elementwise),
     "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o o",
     ""},
    // lower bound, upper bound, step, inits... -> results (one region)
    {OpId::For, "for", NoTraits, 0x29, 1, true, ranged(3, kMany, 0, kMany, F::ControlOrMemory, T::For, 1, 1),
     "N t* F>=13.2 unsignedCmp:unit?0 O* R1",
     ""},
    {OpId::FToF, "ftof", Pure, 0x2A, 1, true, kConversion,
     "t rounding_mode:rounding=nearest_even o",
     ""},
    {OpId::FToI, "ftoi", Pure, 0x2B, 1, true, kConversion,
     "t signedness:signedness rounding_mode:rounding=nearest_int_to_zero o",
     ""},
    {OpId::GetGlobal, "get_global", Pure, 0x2C, 1, true, op(0, 1, F::ControlOrMemory, T::PointerResult),
     "t name:sym",
     ""},
    {OpId::GetIndexSpaceShape, "get_index_space_shape", Pure, 0x2D, 1, true, ranged(1, 1, 1, kMany, F::ControlOrMemory, T::ShapeQuery),
     "N t* o",
     ""},
    {OpId::GetNumTileBlocks, "get_num_tile_blocks", Pure, 0x2E, 1, true, op(0, 3, F::ControlOrMemory, T::BlockQuery),
     "t t t",
     ""},
    {OpId::GetTensorShape, "get_tensor_shape", Pure, 0x2F, 1, true, ranged(1, 1, 0, kMany, F::ControlOrMemory, T::ShapeQuery),
     "N t* o",
     ""},
    {OpId::GetTileBlockId, "get_tile_block_id", Pure, 0x30, 1, true, op(0, 3, F::ControlOrMemory, T::BlockQuery),
     "t t t",
     ""},
    {OpId::Global, "global", NoTraits, -1, 1, false, kNone,
     "",
     ""},
    // condition -> results (then, and an else region that may be absent)
    {OpId::If, "if", NoTraits, 0x32, 1, true, ranged(1, 1, 0, kMany, F::ControlOrMemory, T::ResultsOfTheirParent, 1, 2),
     "N t* o R2",
     ""},
    {OpId::IntToPtr, "int_to_ptr", Pure, 0x33, 1, true, op(1, 1, F::ControlOrMemory, T::PointerCast),
     "t o",
     ""},
    {OpId::Iota, "iota", Pure, 0x3A, 1, true, op(0, 1, F::Iota, T::IntegerResult),
     "t",
     ""},
    {OpId::IToF, "itof", Pure, 0x3B, 1, true, kConversion,
     "t signedness:signedness rounding_mode:rounding=nearest_even o",
     ""},
    {OpId::JoinTokens, "join_tokens", Pure, 0x3C, 1, true, ranged(0, kMany, 1, 1, F::ControlOrMemory, T::Tokens),
     "N t O*",
     ""},
    // pointers, [mask], [padding], [token] -> tile, token
    {OpId::LoadPtrTko, "load_ptr_tko", ReadsMemory, 0x3D, 1, true, ranged(1, 4, 2, 2, F::ControlOrMemory, T::LoadPointers),
     "t t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope?0 optimization_hints:hints?1 o o?2 o?3 o?4",
     ""},
    // view, indices..., [token] -> tile, token
    {OpId::LoadViewTko, "load_view_tko", ReadsMemory, 0x3E, 1, true, ranged(1, kMany, 2, 2, F::ViewAccess, T::ViewAccess),
     "N t t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope?0 optimization_hints:hints?1 o o* o?2",
     ""},
    {OpId::Log, "log", Pure, 0x3F, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::Log2, "log2", Pure, 0x40, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::Loop, "loop", NoTraits, 0x41, 1, true, ranged(0, kMany, 0, kMany, F::ControlOrMemory, T::ResultsOfTheirParent, 1, 1),
     "N t* O* R1",
     ""},
    {OpId::MakePartitionView, "make_partition_view", Pure, 0x42, 1, true, op(1, 1, F::MakeView, T::MakeView),
     "t o",
     ""},
    // base, dynamic sizes and strides...
    {OpId::MakeTensorView, "make_tensor_view", Pure, 0x43, 1, true, ranged(1, kMany, 1, 1, F::ControlOrMemory, T::MakeTensorView),
     "N t o o* o*",
     ""},
    {OpId::MakeToken, "make_token", Pure, 0x44, 1, true, op(0, 1, F::ControlOrMemory, T::Tokens),
     "t",
     ""},
    {OpId::MaxF, "maxf", Pure | Commutative, 0x45, 1, true, kBinaryFloat,
     "t F propagate_nan:unit?0 flush_to_zero:unit?1 o o",
     ""},
    {OpId::MaxI, "maxi", Pure | Commutative, 0x46, 1, true, kBinaryInt,
     "t signedness:signedness o o",
     ""},
    {OpId::MinF, "minf", Pure | Commutative, 0x47, 1, true, kBinaryFloat,
     "t F propagate_nan:unit?0 flush_to_zero:unit?1 o o",
     ""},
    {OpId::MinI, "mini", Pure | Commutative, 0x48, 1, true, kBinaryInt,
     "t signedness:signedness o o",
     ""},
    {OpId::MmaF, "mmaf", Pure, 0x49, 1, true, op(3, 1, F::Mma, T::TilesOnly),
     "t F>=13.3 fast_acc:unit?0 o o o",
     ""},
    {OpId::MmaI, "mmai", Pure, 0x4A, 1, true, op(3, 1, F::Mma, T::TilesOnly),
     "t signedness_lhs:signedness signedness_rhs:signedness o o o",
     ""},
    {OpId::Module, "module", NoTraits, -1, 1, false, kNone,
     "",
     ""},
    {OpId::MulF, "mulf", Pure | Commutative, 0x4C, 1, true, kBinaryFloat,
     "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o",
     ""},
    {OpId::MulHiI, "mulhii", Pure | Commutative, 0x4D, 1, true, kBinaryInt,
     "t o o",
     ""},
    {OpId::MulI, "muli", Pure | Commutative, 0x4E, 1, true, kBinaryInt,
     "t overflow:overflow=none o o",
     ""},
    {OpId::NegF, "negf", Pure, 0x4F, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::NegI, "negi", Pure, 0x50, 1, true, kUnaryInt,
     "t overflow:overflow>=13.2=none o",
     ""},
    {OpId::Offset, "offset", Pure, 0x51, 1, true, op(2, 1, F::ControlOrMemory, T::Offset),
     "t o o",
     ""},
    {OpId::OrI, "ori", Pure | Commutative, 0x52, 1, true, kBinaryInt,
     "t o o",
     ""},
    {OpId::Permute, "permute", Pure, 0x53, 1, true, op(1, 1, F::ControlOrMemory, T::Permute),
     "t permutation:i32arr o",
     ""},
    {OpId::Pow, "pow", Pure, 0x54, 1, true, kBinaryFloat,
     "t o o",
     ""},
    // values..., [token] -> [token] (13.1 stores no token)
    {OpId::PrintTko, "print_tko", NoTraits, 0x55, 1, true, ranged(0, kMany, 0, 1, F::ControlOrMemory, T::Print),
     "N t>=13.2 F>=13.2 str:str o* o?0",
     ""},
    {OpId::Print, "print", NoTraits, -1, 1, true, ranged(0, kMany, 0, 1, F::ControlOrMemory, T::Print),
     "",
     ""},
    {OpId::PtrToInt, "ptr_to_int", Pure, 0x56, 1, true, op(1, 1, F::ControlOrMemory, T::PointerCast),
     "t o",
     ""},
    {OpId::PtrToPtr, "ptr_to_ptr", Pure, 0x57, 1, true, op(1, 1, F::ControlOrMemory, T::PointerCast),
     "t o",
     ""},
    {OpId::Reduce, "reduce", Pure, 0x58, 1, true, ranged(1, kMany, 1, kMany, F::ControlOrMemory, T::ReduceOrScan, 1, 1),
     "N t* dim:i32 identities:attrarr O* R1",
     ""},
    {OpId::RemF, "remf", Pure, 0x59, 1, true, kBinaryFloat,
     "t o o",
     ""},
    {OpId::RemI, "remi", Pure, 0x5A, 1, true, kBinaryInt,
     "t signedness:signedness o o",
     ""},
    {OpId::Reshape, "reshape", Pure, 0x5B, 1, true, op(1, 1, F::Reshape, T::TilesOnly),
     "t o",
     ""},
    {OpId::Return, "return", Terminator, 0x5C, 1, true, kTerminator,
     "N O*",
     ""},
    {OpId::Rsqrt, "rsqrt", Pure, 0x5D, 1, true, kUnaryFloat,
     "t F flush_to_zero:unit?0 o",
     ""},
    {OpId::Scan, "scan", Pure, 0x5E, 1, true, ranged(1, kMany, 1, kMany, F::ControlOrMemory, T::ReduceOrScan, 1, 1),
     "N t* dim:i32 reverse:bool identities:attrarr O* R1",
     ""},
    {OpId::Select, "select", Pure, 0x5F, 1, true, op(3, 1, F::ControlOrMemory, T::Select),
     "t o o o",
     ""},
    {OpId::ShLI, "shli", Pure, 0x60, 1, true, kBinaryInt,
     "t overflow:overflow=none o o",
     ""},
    {OpId::ShRI, "shri", Pure, 0x61, 1, true, kBinaryInt,
     "t signedness:signedness o o",
     ""},
    {OpId::Sin, "sin", Pure, 0x62, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::SinH, "sinh", Pure, 0x63, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::Sqrt, "sqrt", Pure, 0x64, 1, true, kUnaryFloat,
     "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o",
     ""},
    // pointers, value, [mask], [token] -> token
    {OpId::StorePtrTko, "store_ptr_tko", WritesMemory, 0x65, 1, true, ranged(2, 4, 1, 1, F::ControlOrMemory, T::StorePointers),
     "t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope?0 optimization_hints:hints?1 o o o?2 o?3",
     ""},
    // tile, view, indices..., [token] -> token
    {OpId::StoreViewTko, "store_view_tko", WritesMemory, 0x66, 1, true, ranged(2, kMany, 1, 1, F::ViewAccess, T::ViewAccess),
     "N t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope?0 optimization_hints:hints?1 o o o* o?2",
     ""},
    {OpId::SubF, "subf", Pure, 0x67, 1, true, kBinaryFloat,
     "t F flush_to_zero:unit?0 rounding_mode:rounding=nearest_even o o",
     ""},
    {OpId::SubI, "subi", Pure, 0x68, 1, true, kBinaryInt,
     "t overflow:overflow=none o o",
     ""},
    {OpId::Tan, "tan", Pure, 0x69, 1, true, kUnaryFloat,
     "t o",
     ""},
    {OpId::TanH, "tanh", Pure, 0x6A, 1, true, kUnaryFloat,
     "t rounding_mode:rounding>=13.2=full o",
     ""},
    {OpId::TruncI, "trunci", Pure, 0x6B, 1, true, kConversion,
     "t overflow:overflow=none o",
     ""},
    {OpId::XOrI, "xori", Pure | Commutative, 0x6C, 1, true, kBinaryInt,
     "t o o",
     ""},
    {OpId::Yield, "yield", Terminator, 0x6D, 1, true, kTerminator,
     "N O*",
     ""},
    {OpId::Atan2, "atan2", Pure, 0x6E, 2, true, kBinaryFloat,
     "t o o",
     ""},
    {OpId::Pack, "pack", Pure, 0x6F, 3, true, op(1, 1, F::ControlOrMemory, T::Packing),
     "t o",
     ""},
    {OpId::Unpack, "unpack", Pure, 0x70, 3, true, op(1, 1, F::ControlOrMemory, T::Packing),
     "t o",
     ""},
    {OpId::Alloca, "alloca", NoTraits, 0x71, 3, true, op(0, 1, F::ControlOrMemory, T::PointerResult),
     "t F global:unit?0 num_elem:i64 alignment:i64",
     ""},
    {OpId::MmaFScaled, "mmaf_scaled", Pure, 0x72, 3, true, op(5, 1, F::ControlOrMemory, T::MmaScaled),
     "t o o o o o",
     ""},
    {OpId::MakeGatherScatterView, "make_gather_scatter_view", Pure, 0x73, 3, true, op(1, 1, F::ControlOrMemory, T::MakeView),
     "t o",
     ""},
    {OpId::MakeStridedView, "make_strided_view", Pure, 0x74, 3, true, op(1, 1, F::MakeView, T::MakeView),
     "t o",
     ""},
    // view, indices..., value, [token] -> token
    {OpId::AtomicRedViewTko, "atomic_red_view_tko", ReadsMemory | WritesMemory, 0x75, 3, true, ranged(2, kMany, 1, 1, F::Atomic, T::AtomicOnView),
     "N t F memory_ordering_semantics:memory_ordering memory_scope:memory_scope mode:atomic_mode o o* o o?0",
     ""},
    {OpId::TestingFunc, "testing$func", NoTraits, -1, 1, false, kNone,
     "",
     ""},
};
// clang-format on

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

constexpr OpInfo kUnknownRow = {OpId::Unknown, "", NoTraits, -1, 1, false, kNone, "", ""};

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
