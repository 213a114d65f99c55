// libFuzzer entry point of the 'run_history' target (see targets/FuzzTargets.h).
#include "targets/FuzzTargets.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    tilelens::fuzz::runHistory(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
