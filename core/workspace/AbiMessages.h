#pragma once
// The English texts of the ABI findings (AbiCheck.h), as templates with
// %1..%n. The CLI, JSON and SARIF keep them in English; the GUI shows them
// translated (context "AbiRule": lupdate reads this file) from the finding's
// template and arguments.

#include <QtGlobal>

namespace tilelens::ws::abimsg {

inline constexpr const char* kPointer = QT_TRANSLATE_NOOP(
    "AbiRule", "%1 gets %2 where the reference passes %3 to its %4: the kernel reads or writes "
               "the wrong tensor");
inline constexpr const char* kStrideTensor = QT_TRANSLATE_NOOP(
    "AbiRule", "%1 gets %2, where the reference's tensor for it is %3: a stride of the wrong "
               "tensor addresses the wrong elements whenever their layouts differ");
inline constexpr const char* kStrideDim = QT_TRANSLATE_NOOP(
    "AbiRule", "%1 gets %2, where the reference's tensor for it gives %3: the stride of the wrong "
               "dimension addresses the wrong elements");
inline constexpr const char* kSize = QT_TRANSLATE_NOOP(
    "AbiRule", "%1 gets %2 = %3 where the reference passes %4 = %5 for the same call (%6): the "
               "kernel works on the wrong size");
inline constexpr const char* kDtypeArm = QT_TRANSLATE_NOOP(
    "AbiRule", "dtype dispatch: %1 tensors run the kernel instantiated for %2, which reads and "
               "writes them as %2");
inline constexpr const char* kDtypeGeneric = QT_TRANSLATE_NOOP(
    "AbiRule", "the kernel's element type generic is %1 whatever the dtype of %2: other dtypes "
               "are read and written as %1");
inline constexpr const char* kDtypeTensor = QT_TRANSLATE_NOOP(
    "AbiRule", "%1 gets a tensor of dtype %2 where the kernel reads %3 (the reference passes %4)");
inline constexpr const char* kGrid = QT_TRANSLATE_NOOP(
    "AbiRule", "grid %1 = %2 where the reference launches %3 for the same call (%4): blocks are "
               "missing or run past the tensors");
inline constexpr const char* kBlock = QT_TRANSLATE_NOOP(
    "AbiRule", "%1 = %2 does not cover the reference's tile %3 = %4 (%5): elements past it are "
               "never loaded or stored");
inline constexpr const char* kCopy = QT_TRANSLATE_NOOP(
    "AbiRule", "%1 copies %2 before the launch, where the reference passes it with its own "
               "strides: a copy on every call whose input is not contiguous");
inline constexpr const char* kAlloc = QT_TRANSLATE_NOOP(
    "AbiRule", "%1 allocates a tensor the reference does not (shape %2): memory and time on every "
               "call");
inline constexpr const char* kStream = QT_TRANSLATE_NOOP(
    "AbiRule", "the kernel is launched on %1, not on the caller's current stream: it is not "
               "ordered with the caller's work on that stream");
inline constexpr const char* kUnchecked = QT_TRANSLATE_NOOP(
    "AbiRule", "unchecked_accesses = true: %1 runs without cuTile Rust's partition bounds checks "
               "(tile indices are not asserted to be in range); an index past a tensor reads or "
               "writes out of bounds instead of stopping the kernel");

} // namespace tilelens::ws::abimsg
