// libFuzzer entry point of the 'eval_pair' target (see targets/FuzzTargets.h), with the IR
// pair mutator (PairMutator.h).
#include "PairMutator.h"
#include "targets/FuzzTargets.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    tilelens::fuzz::evalPair(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t maxSize,
                                          unsigned int seed)
{
    return mutateIrPair(data, size, maxSize, seed);
}
