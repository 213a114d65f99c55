#pragma once
// Runtime values of the interpreter: dense tiles, tensor and partition views,
// tokens. Tiles are immutable once made and shared between SSA values
// (assume, yields and loop-carried values pass them without copying).

#include "eval/Numeric.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tilelens::eval {

// Counts a tile's elements in its run's total of live tile elements for as long as the tile
// exists (InterpreterOptions::maxLiveElements), wherever it is held: an SSA value, a loop's
// carried values, a caller's results. A copy of a tile is not counted.
class LiveCount
{
public:
    LiveCount() = default;
    LiveCount(std::shared_ptr<uint64_t> total, uint64_t elements);
    LiveCount(const LiveCount&) {}
    // A copy is not counted, so assigning one keeps this count (self-assignment included).
    // NOLINTNEXTLINE(bugprone-unhandled-self-assignment)
    LiveCount& operator=(const LiveCount&) { return *this; }
    LiveCount(LiveCount&& other) noexcept;
    LiveCount& operator=(LiveCount&& other) noexcept;
    ~LiveCount();

private:
    std::shared_ptr<uint64_t> m_total;
    uint64_t m_elements = 0;
};

struct Tile
{
    Elem elem = Elem::None;
    Elem pointee = Elem::None;  // element of a pointer tile
    std::vector<int64_t> shape; // empty = 0-d
    std::vector<int64_t>
        ints; // integers (canonical form, see Numeric.h) and pointers (byte addresses)
    std::vector<double> floats; // floats, exactly representable in elem
    LiveCount live;             // set for the tiles an interpreter run makes

    size_t size() const;
    bool isFloat() const { return isFloatElem(elem); }
    // A zero-filled tile of the given element and shape.
    static std::shared_ptr<Tile> make(Elem elem, std::vector<int64_t> shape,
                                      Elem pointee = Elem::None);
};

// Row-major strides of a shape (elements).
std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& shape);
// The same for a shape that comes from outside (a binding): false when a stride does not fit
// in int64 (a shape whose product overflows), instead of undefined behaviour.
bool checkedRowMajorStrides(const std::vector<int64_t>& shape, std::vector<int64_t>& strides);
// The multi-index of row-major element `flat` of `shape`.
std::vector<int64_t> unflattenIndex(const std::vector<int64_t>& shape, size_t flat);

struct TensorViewValue
{
    uint64_t base = 0; // byte address of element 0
    Elem elem = Elem::None;
    std::vector<int64_t> shape, strides; // elements
};

enum class Padding : uint8_t
{
    None, // reads outside the tensor are undefined (modelled as zero, see Interpreter.h)
    Zero,
    NegZero,
    NaN,
    PosInf,
    NegInf,
};

struct PartitionViewValue
{
    TensorViewValue tensor;
    std::vector<int64_t> tile;   // tile shape, in tile-dimension order
    std::vector<int64_t> dimMap; // tile dim i covers tensor dim dimMap[i]
    Padding padding = Padding::None;
};

struct RtValue
{
    std::shared_ptr<const Tile> tile;
    std::shared_ptr<const TensorViewValue> tensorView;
    std::shared_ptr<const PartitionViewValue> partitionView;
    bool token = false;
};

} // namespace tilelens::eval
