#pragma once
// Reads a whole file into memory with a size limit, reporting problems as a
// Diagnostic rather than throwing. Used by every reader in core.

#include "common/Diagnostic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tilelens {

struct FileContents
{
    std::string bytes;
};

// Default limit: 1 GiB. A larger file is refused with a message naming its size.
constexpr int64_t kDefaultMaxFileBytes = int64_t(1) << 30;

std::optional<FileContents> readFile(const std::string& path, Diagnostics& diags,
                                     int64_t maxBytes = kDefaultMaxFileBytes);

// A regular file of at least `minBytes` (and at most `maxBytes`) mapped
// read-only, so a large input is parsed from the page cache instead of being
// copied into fresh, zero-filled memory. Not ok() (callers then use readFile)
// when the file is smaller, not regular, cannot be mapped, or off Linux.
class MappedFile
{
public:
    MappedFile(const std::string& path, int64_t minBytes, int64_t maxBytes);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    bool ok() const { return m_data != nullptr; }
    std::string_view bytes() const { return std::string_view(m_data, m_size); }

private:
    const char* m_data = nullptr;
    size_t m_size = 0;
};

// Human-readable size, e.g. "2.0 GiB".
std::string formatByteSize(int64_t bytes);

} // namespace tilelens
