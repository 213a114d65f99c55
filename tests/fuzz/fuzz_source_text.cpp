// libFuzzer entry point of the 'source_text' target (see targets/FuzzTargets.h).
#include "targets/FuzzTargets.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    tilelens::fuzz::sourceText(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
