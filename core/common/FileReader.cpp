#include "common/FileReader.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

namespace tilelens {

std::string formatByteSize(int64_t bytes)
{
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = double(bytes);
    int u = 0;
    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
    return buf;
}

std::optional<FileContents> readFile(const std::string& path, Diagnostics& diags, int64_t maxBytes)
{
    auto fail = [&](std::string msg) {
        Diagnostic d;
        d.place.file = path;
        d.message = std::move(msg);
        diags.push_back(std::move(d));
        return std::nullopt;
    };
    struct stat st
    {
    };
    if (::stat(path.c_str(), &st) != 0)
        return fail(std::string("cannot open file: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        return fail("expected a file but this is a directory");
    if (int64_t(st.st_size) > maxBytes)
        return fail("file is too large (" + formatByteSize(st.st_size) + "; the limit is " +
                    formatByteSize(maxBytes) + ")");
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        return fail(std::string("cannot open file: ") + std::strerror(errno));
    FileContents out;
    out.bytes.resize(size_t(st.st_size));
    size_t got = st.st_size ? std::fread(out.bytes.data(), 1, out.bytes.size(), f) : 0;
    // Files whose stat size is 0 (pipes, /proc) are read incrementally up to the limit.
    if (st.st_size == 0) {
        char buf[65536];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
            if (int64_t(out.bytes.size() + n) > maxBytes) {
                std::fclose(f);
                return fail("file is too large (more than " + formatByteSize(maxBytes) + ")");
            }
            out.bytes.append(buf, n);
        }
        got = out.bytes.size();
    }
    bool readError = std::ferror(f) != 0;
    std::fclose(f);
    if (readError)
        return fail("read error while reading the file");
    out.bytes.resize(got);
    return out;
}

} // namespace tilelens
