#pragma once
// Reads a whole file into memory with a size limit, reporting problems as a
// Diagnostic rather than throwing. Used by every reader in core.

#include "common/CancelToken.h"
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

// `path` may hold escaped bytes (BytePath.h): the file of those exact bytes is opened, and
// a message names it with the bytes shown as \xHH. `cancel` is polled between 64 KiB chunks
// (a FIFO can be slow): a cancelled token throws Cancelled.
std::optional<FileContents> readFile(const std::string& path, Diagnostics& diags,
                                     int64_t maxBytes = kDefaultMaxFileBytes,
                                     const CancelToken& cancel = {});

// Human-readable size, e.g. "2.0 GiB".
std::string formatByteSize(int64_t bytes);

} // namespace tilelens
