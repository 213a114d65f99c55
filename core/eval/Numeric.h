#pragma once
// Element formats of Tile IR and their exact arithmetic helpers: integers are
// kept as int64 holding the value sign-extended from its width (i1 as 0/1),
// floats as double holding a value that is exactly representable in the
// element format (every op rounds its result back with roundTo).

#include <cstdint>
#include <string_view>

namespace tilelens::eval {

enum class Elem : uint8_t
{
    I1,
    I4,
    I8,
    I16,
    I32,
    I64,
    F16,
    BF16,
    F32,
    TF32,
    F64,
    F8E4M3FN,
    F8E5M2,
    F8E8M0FNU,
    F4E2M1FN,
    Ptr,
    None, // not a number type
};

enum class Rounding : uint8_t
{
    NearestEven,
    Zero,
    NegativeInf,
    PositiveInf,
};

Elem elemFromName(std::string_view canonicalName); // "f32", "bf16", "f8E4M3FN"...; None if unknown
const char* elemName(Elem e);
bool isIntElem(Elem e);
bool isFloatElem(Elem e);
int intBits(Elem e);      // 1..64 for integers, 64 for pointers
int storageBytes(Elem e); // bytes of one element in memory (tf32 in 4, i1 in 1)
// True for the float formats whose rounding this module implements exactly.
bool isModelledFloat(Elem e);

// Rounds x to the nearest value of format `e` in mode `r`; with ftz, results
// (and nothing else) below the smallest normal become a zero of the same sign.
// Overflow follows IEEE: inf (or the largest finite for modes toward zero);
// f8E4M3FN has no inf and gives NaN.
double roundTo(double x, Elem e, Rounding r = Rounding::NearestEven, bool ftz = false);
// A denormal input of format e flushed to a signed zero (f32 and narrower with ftz).
double flushDenormal(double x, Elem e);
double smallestNormal(Elem e);
double largestFinite(Elem e);

// Integer helpers: `bits` is the element width.
int64_t wrapInt(uint64_t v, int bits);    // two's complement wrap to canonical form
uint64_t toUnsigned(int64_t v, int bits); // the bit pattern as an unsigned value
int64_t toSigned(int64_t v, int bits);    // i1 true = -1, otherwise identity
int64_t minSigned(int bits);
int64_t maxSigned(int bits);

// Distance in units in the last place of format e between two finite values
// (counts representable values between them); INT64_MAX when either is NaN/inf.
int64_t ulpDistance(double a, double b, Elem e);

} // namespace tilelens::eval
