#pragma once
// Structural Tile IR type. Types are immutable and uniqued per parsed file,
// so within one file pointer equality is type equality; across files compare
// canonical() (one spelling per meaning: short form, `tile<4x8xf32>`,
// `tensor_view<?x64xf32, strides=[64,1]>`, identity dim_map omitted, element
// type names in MLIR case such as `f8E4M3FN`).

#include "ir/Arena.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tilelens::ir {

constexpr int64_t kDynamic = INT64_MIN; // `?` in a shape or stride list
// Largest dimension either reader accepts: far beyond any real tensor, and small enough that a
// product of a few dimensions cannot overflow int64 in later size arithmetic.
constexpr int64_t kMaxDimension = int64_t(1) << 48;

enum class TypeKind
{
    Number,        // element type: i1 i4 i8 i16 i32 i64 f16 bf16 f32 tf32 f64 f8E4M3FN ...
    Pointer,       // ptr<elem>
    Tile,          // tile<4x8xelem>, elem = Number or Pointer
    TensorView,    // tensor_view<?x8xf32, strides=[8,1]>
    PartitionView, // partition_view<tile=(..), padding_value = P, tensor_view<..>, dim_map=[..]>
    StridedView,   // strided_view<tile=(..), traversal_strides=[..], ..>
    GatherScatterView, // gather_scatter_view<tile=(..), .., tensor_view<..>, sparse_dim = N>
    Token,             // token
    Function,          // (T, T) -> (T)   (generic form, function_type properties)
    Opaque,            // anything else; text kept normalized
};

struct Type
{
    TypeKind kind = TypeKind::Opaque;
    std::string_view name;         // Number: canonical element name; Opaque: normalized text
    const Type* element = nullptr; // Pointer: pointee; Tile/TensorView: element type
    Span<const int64_t> shape;     // Tile/TensorView shape (kDynamic = ?); views: tile=(...)
    Span<const int64_t> strides;   // TensorView strides; StridedView traversal_strides
    Span<const int64_t> dimMap;    // views; empty = identity
    std::string_view padding;      // views: zero | neg_zero | nan | pos_inf | neg_inf | "" (none)
    const Type* tensorView = nullptr; // views: the underlying tensor_view
    int64_t sparseDim = -1;           // GatherScatterView
    Span<const Type* const> inputs;   // Function
    Span<const Type* const> results;  // Function
    std::string_view canonicalText;   // filled by the uniquer

    std::string canonical() const { return std::string(canonicalText); }
    // Long form as required inside generic-form signatures: `!cuda_tile.tile<4xf32>`.
    std::string longForm() const;

    bool isInteger() const; // Number i1..i64
    bool isFloat() const;   // Number f16..f4E2M1FN
    int64_t rank() const { return int64_t(shape.size()); }
    int bitWidth() const; // Number types; 0 otherwise
};

} // namespace tilelens::ir
