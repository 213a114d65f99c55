#pragma once
// Small facts about values and ops that the semantic normal form needs:
// integer widths and splat constant values read from the canonical spellings,
// signed value ranges with overflow-checked interval arithmetic, and which
// attributes only matter for negative operands (signedness).

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tilelens::diff {

// Exact intermediate of 64-bit range arithmetic (a GCC/Clang extension).
__extension__ typedef __int128 Wide;

// Bit width of an integer element type ("tile<4096xi64>" -> 64), 0 if none.
int intWidth(std::string_view typeText);
// Number of elements of a tile type's last dimension ("tile<128x64xi32>" -> 64), 0 if none.
int64_t lastDim(std::string_view typeText);
// True for a tile with one element (rank 0 or every dimension 1).
bool singleElement(std::string_view typeText);
// The rank-0 tile of a tile type's element ("tile<128x1xptr<f32>>" -> "tile<ptr<f32>>").
std::string scalarTypeOf(std::string_view typeText);
// hashText(scalarTypeOf(typeText)) without building the string (once per constant and lane op).
uint64_t scalarTypeHash(std::string_view typeText);

// The scalar part of a splat constant ("<i64: 1> : tile<4096xi64>" -> "<i64: 1>"), empty
// for a dense constant of several values.
std::string_view splatScalar(std::string_view constantValue);
// Its integer value, if it is an integer splat.
std::optional<int64_t> splatInt(std::string_view constantValue);
// A value as a finding names it: "argument 2", "constant <f32: 0.0> at line 14" or
// "addi at line 9" (its canonical twin's op when CSE merged it).
std::string describeValue(const GFunction& f, int value);

// Range arithmetic: an unknown range when the exact result could leave the
// signed w-bit range (then the op may wrap and no fact survives).
IntRange rangeAdd(IntRange a, IntRange b, int width);
IntRange rangeSub(IntRange a, IntRange b, int width);
IntRange rangeMul(IntRange a, IntRange b, int width);
IntRange rangeForWidth(IntRange r, int width); // known only if it fits in w bits
IntRange intersect(IntRange a, IntRange b);
IntRange unite(IntRange a, IntRange b);

// The range an `assume bounded<lo, hi>` states ("?": the 64-bit bound); false for
// another assumption.
bool parseBounded(std::string_view text, IntRange& out);

// Wraps v to a signed w-bit value.
int64_t wrapSigned(Wide v, int width);

// The attribute `name` of an op, or nullptr.
const GAttr* findAttr(const GOp& o, std::string_view name);

// Largest signed value of a w-bit integer.
int64_t maxSignedOf(int width);

// `signedness`, `signedness_lhs`, `signedness_rhs`, `unsignedCmp`.
bool isSignednessAttr(std::string_view name);

// Ops whose signedness attribute only matters for negative operands.
bool signSensitiveOp(OpId name);

} // namespace tilelens::diff
