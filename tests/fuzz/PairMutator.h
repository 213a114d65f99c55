#pragma once
// A libFuzzer mutator for IR pairs (two texts joined by a \x01 byte, or one text diffed with
// itself), shared by the pair targets.
//
// Byte mutations of an IR pair rarely survive the parser and the verifier, and the differ and
// the interpreter only see IR that verifies. Half of the mutations are therefore porting
// mistakes written at the token level, on the generated side (after the \x01): a word
// replaced by another of its group (a predicate, a signedness, a rounding mode, an op of the
// same signature), a flush_to_zero dropped, an integer literal changed, or two operand names
// swapped; the other half are libFuzzer's own.

#include <cstddef>
#include <cstdint>
#include <string_view>

// LLVMFuzzerCustomMutator's contract: mutates data[0, size) in place within maxSize bytes and
// returns the new size.
size_t mutateIrPair(uint8_t* data, size_t size, size_t maxSize, unsigned int seed);

// The libFuzzer entry points of a pair target: run(bytes) on each input, this mutator.
#define TILELENS_PAIR_FUZZ_TARGET(run)                                                             \
    extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)                        \
    {                                                                                              \
        run(std::string_view(reinterpret_cast<const char*>(data), size));                          \
        return 0;                                                                                  \
    }                                                                                              \
    extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t maxSize,          \
                                              unsigned int seed)                                   \
    {                                                                                              \
        return mutateIrPair(data, size, maxSize, seed);                                            \
    }
