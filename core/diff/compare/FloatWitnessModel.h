#pragma once
// The float witness's tile model (FloatWitness.h): one scalar per lane of a tile, the inputs
// it reads, and what the evaluation knows of a condition; the type and attribute readers the
// evaluation and the search share.

#include "diff/graph/Internal.h"
#include "diff/graph/OpGraph.h"
#include "eval/Numeric.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tilelens::diff::witness {

using eval::Elem;
using eval::Rounding;

constexpr int kMaxNodes = 4096;                 // values evaluated per input, all probes together
constexpr int64_t kMaxNodesPerFinding = 200000; // values evaluated for one finding, in all
constexpr size_t kMaxLeaves = 6;                // inputs of one comparison
constexpr size_t kMaxAssignments = 600;         // input combinations tried
constexpr double kApproxMove = 1.0 / 1024; // beyond any approximate op's error (tanh.approx 2^-11)
constexpr double kApproxRelative = 1.0 / 64;
constexpr int64_t kMaxReduced = int64_t(1) << 20;
constexpr int64_t kReducedPerNode = 16; // reduced elements checked per node of the budget

// One lane of a uniform tile: a float (exactly representable in `e`) or an integer (canonical
// form of eval/Numeric.h).
struct Num
{
    double f = 0;
    int64_t i = 0;
    Elem e = Elem::None;
    bool approx = false;  // computed through an approximate op
    bool perLane = false; // read by a masked load: not every element need be equal
    // An integer tile whose elements differ (an iota and what adds to it): each lies in
    // [lo, hi]; only ops that keep such a range exact read it.
    bool ranged = false;
    int64_t lo = 0, hi = 0;
    // Depends on an integer argument, the block id, a mask decided by them, a loop's result or
    // its induction variable: the witness text names those (Evaluator::extraNotes).
    bool extended = false;
    bool isFloat() const { return eval::isFloatElem(e); }
};

// The values an entry's integer argument takes in a witness, tried in turn: multiples of the
// usual div_by hints, small first; the large ones make a mask comparing a tile's indices with
// it true everywhere. Every integer argument takes the same one.
constexpr int64_t kIntegerArguments[] = {16, 256, 512, 1024, 2048, 4096, 65536};

// "tile<128x64xf32>" -> F32; None for pointers, tokens and views.
Elem elemOfType(std::string_view t);

// Dimensions of a tile type ("tile<128x64xf32>" -> {128, 64}).
std::vector<int64_t> dimsOfType(std::string_view t);

// A float literal as the graph spells it: "1.5", "-inf", "0xFF800000" (bits of `e`).
std::optional<double> floatLiteral(std::string_view text, Elem e);

// The shortest text that reads back as `n` in its element type.
std::string numText(const Num& n);

bool isUnsignedOp(const GOp& o);

bool isTranscendental(OpId n);

// Loads whose two sides read the same memory where the matching pairs them.
bool isLoad(OpId n);

// A view's tile may reach past the tensor's extent (an extent not a known multiple of the
// tile, a dim_map): its lanes there hold the padding value (or nothing), not the loaded one.
bool tileMayReachPast(std::string_view viewType);

struct Leaf
{
    int refValue = -1;
    std::string name;
    Elem e = Elem::None;
    bool tile = false; // more than one element: "(every element)"
    // A view load's tile whose last dimension is even and reads distinct memory along it: it
    // may hold two values alternating along that dimension (lane 0 at even positions, lane 1
    // at odd ones).
    bool patternable = false;
};

// A partition view whose tile's last dimension walks the tensor's last dimension with stride 1
// (no dim_map): the elements along it are distinct memory, so any content is a real one.
// Its other strides are even (or given at run time, where an even one may be chosen): an
// element's address has the parity of its position along the last dimension, so two positions
// of the tile that share memory share their lane too.
bool lastStrideOne(std::string_view viewType);

// Two numbers are the same lane content: NaN equals NaN, -0 differs from +0.
bool sameNum(const Num& a, const Num& b);

// The last dimension of a tile type where it is even (an alternating pattern fits), else 0.
int64_t evenLastDim(std::string_view type);

// Significand bits of a float format (24 for f32), from its rounding.
int precisionOf(Elem e);

// The exponent of the lowest set bit of a finite non-zero x (x is a multiple of 2^result).
int lowestBitExponent(double x);

// How often a for runs from `lower` to `upper` by `step` (> 0), its bounds `bits`-bit integers
// compared as the loop compares them (eval/Interpreter.cpp: unsignedCmp, and an induction
// variable that wraps ends it): 0, 1, or 2 for two or more.
int tripsUpToTwo(int64_t lower, int64_t upper, int64_t step, int bits, bool unsignedCmp);

bool comparesUnsigned(const GOp& loop);

// What the evaluator knows of a condition at its inputs.
enum class Known
{
    Yes,
    No,
    Unsure
};

} // namespace tilelens::diff::witness
