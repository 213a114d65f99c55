#pragma once
// Reads a whole file into memory with a size limit, reporting problems as a
// Diagnostic rather than throwing. Used by every reader in core.

#include "common/Diagnostic.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tilelens {

struct FileContents
{
    std::string bytes;
};

// Default limit: 1 GiB. A larger file is refused with a message naming its size.
constexpr int64_t kDefaultMaxFileBytes = int64_t(1) << 30;

std::optional<FileContents> readFile(const std::string& path, Diagnostics& diags,
                                     int64_t maxBytes = kDefaultMaxFileBytes);

// Human-readable size, e.g. "2.0 GiB".
std::string formatByteSize(int64_t bytes);

} // namespace tilelens
