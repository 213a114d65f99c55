#pragma once
// The ops each rewrite of SemanticNormalizer::form() can apply to, by op id. Each rewrite
// tests its own set first, and form() enters only the rewrites whose set holds the op
// (one table of bits per op id, built at compile time from these sets): an op that no
// rewrite can apply to, such as a load or an exp, costs one table read instead of thirteen
// calls with their own tests. A rewrite that learns a new op adds it here, nowhere else.

#include "diff/graph/Internal.h"
#include "ir/OpId.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace tilelens::diff::rewrite_ops {

using ir::OpId;

constexpr bool among(OpId id, std::initializer_list<OpId> ids)
{
    for (OpId x : ids)
        if (x == id)
            return true;
    return false;
}

constexpr bool view(OpId n)
{
    return among(n, {OpId::MakeTensorView, OpId::MakePartitionView});
}

constexpr bool splat(OpId n)
{
    return among(n, {OpId::Constant, OpId::Reshape, OpId::Broadcast});
}

constexpr bool decided(OpId n)
{
    return n == OpId::Select;
}

// Integer ops of constants (and select on a constant condition).
constexpr bool constantFold(OpId n)
{
    return among(n, {OpId::Select, OpId::AddI, OpId::SubI, OpId::MulI, OpId::DivI, OpId::RemI,
                     OpId::MinI, OpId::MaxI, OpId::CmpI, OpId::ExtI, OpId::TruncI, OpId::AndI,
                     OpId::OrI, OpId::XOrI});
}

constexpr bool castFold(OpId n)
{
    return among(n, {OpId::IToF, OpId::FToF});
}

constexpr bool floatFold(OpId n)
{
    return among(n, {OpId::CmpF, OpId::AddF, OpId::SubF, OpId::MulF, OpId::DivF});
}

constexpr bool affine(OpId n)
{
    return among(n, {OpId::AddI, OpId::SubI});
}

constexpr bool division(OpId n)
{
    return n == OpId::DivI;
}

constexpr bool moduloFixup(OpId n)
{
    return n == OpId::Select;
}

constexpr bool minMax(OpId n)
{
    return among(n, {OpId::Select, OpId::MinI, OpId::MaxI});
}

// Lane-wise unary ops that commute with a reshape. Not the casts with a signedness (exti,
// trunci, itof, ftoi): their signedness is normalized by the fact-guarded forms.
constexpr bool laneWiseUnary(OpId n)
{
    return among(n, {OpId::FToF, OpId::NegF, OpId::Exp, OpId::Exp2, OpId::AbsF, OpId::Sqrt,
                     OpId::Rsqrt, OpId::TanH, OpId::Log, OpId::Log2, OpId::Sin, OpId::Cos,
                     OpId::Floor, OpId::Ceil, OpId::NegI, OpId::AbsI});
}

constexpr bool shapeChain(OpId n)
{
    return n == OpId::Reshape || laneWiseUnary(n);
}

// fma(a, b, +-0), a + (-b), x + 0.0.
constexpr bool zeroSum(OpId n)
{
    return n == OpId::Fma || n == OpId::AddF;
}

// Elementwise ops whose result on broadcast scalars is the broadcast of the scalar op.
constexpr bool lane(OpId n)
{
    return among(n, {OpId::AddI, OpId::SubI, OpId::MulI,   OpId::DivI,  OpId::RemI, OpId::MinI,
                     OpId::MaxI, OpId::AndI, OpId::OrI,    OpId::XOrI,  OpId::ShLI, OpId::ShRI,
                     OpId::CmpI, OpId::ExtI, OpId::TruncI, OpId::AddF,  OpId::SubF, OpId::MulF,
                     OpId::DivF, OpId::NegF, OpId::MaxF,   OpId::MinF,  OpId::CmpF, OpId::FToF,
                     OpId::IToF, OpId::FToI, OpId::Select, OpId::Offset});
}

// One bit per rewrite, in the order form() tries them.
enum Bit : uint16_t
{
    kView = 1u << 0,
    kSplat = 1u << 1,
    kDecided = 1u << 2,
    kConstantFold = 1u << 3,
    kCastFold = 1u << 4,
    kFloatFold = 1u << 5,
    kAffine = 1u << 6,
    kDivision = 1u << 7,
    kModuloFixup = 1u << 8,
    kMinMax = 1u << 9,
    kShapeChain = 1u << 10,
    kZeroSum = 1u << 11,
    kLane = 1u << 12,
};

constexpr uint16_t bitsOf(OpId n)
{
    return uint16_t((view(n) ? kView : 0) | (splat(n) ? kSplat : 0) | (decided(n) ? kDecided : 0) |
                    (constantFold(n) ? kConstantFold : 0) | (castFold(n) ? kCastFold : 0) |
                    (floatFold(n) ? kFloatFold : 0) | (affine(n) ? kAffine : 0) |
                    (division(n) ? kDivision : 0) | (moduloFixup(n) ? kModuloFixup : 0) |
                    (minMax(n) ? kMinMax : 0) | (shapeChain(n) ? kShapeChain : 0) |
                    (zeroSum(n) ? kZeroSum : 0) | (lane(n) ? kLane : 0));
}

constexpr std::array<uint16_t, ir::kOpIdCount> table()
{
    std::array<uint16_t, ir::kOpIdCount> t{};
    for (size_t i = 0; i < t.size(); ++i)
        t[i] = bitsOf(OpId(i));
    return t;
}

inline constexpr std::array<uint16_t, ir::kOpIdCount> kTable = table();

// The rewrites of form() that can apply to an op of id `n`.
constexpr uint16_t of(OpId n)
{
    return kTable[size_t(n)];
}

} // namespace tilelens::diff::rewrite_ops
