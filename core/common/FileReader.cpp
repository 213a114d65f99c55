#include "common/FileReader.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#define TILELENS_ADVISE_HUGE_PAGES 1
#include <sys/mman.h>
#endif

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

namespace {

// Closes the descriptor on every return path.
struct Fd
{
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

// read(2) retried on EINTR; -1 on error.
ssize_t readSome(int fd, char* buf, size_t n)
{
    ssize_t got;
    do {
        got = ::read(fd, buf, n);
    } while (got < 0 && errno == EINTR);
    return got;
}

// Marks the whole 2 MiB pages inside a large, not yet touched buffer for
// transparent huge pages (the system's "madvise" mode): each 4 KiB page faults
// on its first write, and faults are slow under virtualization. The two 7 MB
// inputs of the 2x100k benchmark pair fault 2,000 times less (of 3,400).
void adviseHugePages(const char* data, size_t size)
{
#ifdef TILELENS_ADVISE_HUGE_PAGES
    constexpr uintptr_t kHugePage = uintptr_t(2) << 20;
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
    const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + size) & ~(kHugePage - 1);
    if (end > begin)
        ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)size;
#endif
}

} // namespace

std::optional<FileContents> readFile(const std::string& path, Diagnostics& diags, int64_t maxBytes)
{
    auto fail = [&](std::string msg) {
        Diagnostic d;
        d.place.file = path;
        d.message = std::move(msg);
        diags.push_back(std::move(d));
        return std::nullopt;
    };
    // Devices are refused by name, before open: opening a tape or a terminal has side effects,
    // and /dev/zero or /dev/urandom would be read up to the size limit before being refused.
    struct stat st
    {
    };
    if (::stat(path.c_str(), &st) != 0)
        return fail(std::string("cannot open file: ") + std::strerror(errno));
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        return fail("expected a file but this is a device");
    // The file is opened exactly once and everything below works on that descriptor, so a
    // FIFO is read once by one reader (a second open would wait for another writer).
    Fd f;
    do {
        f.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    } while (f.fd < 0 && errno == EINTR);
    if (f.fd < 0)
        return fail(std::string("cannot open file: ") + std::strerror(errno));
    if (::fstat(f.fd, &st) != 0)
        return fail(std::string("cannot open file: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        return fail("expected a file but this is a directory");
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        return fail("expected a file but this is a device");
    const bool regular = S_ISREG(st.st_mode);
    if (regular && int64_t(st.st_size) > maxBytes)
        return fail("file is too large (" + formatByteSize(st.st_size) + "; the limit is " +
                    formatByteSize(maxBytes) + ")");
    FileContents out;
    if (regular) {
        out.bytes.reserve(size_t(st.st_size));
        adviseHugePages(out.bytes.data(), out.bytes.capacity());
    }
    // Pipes, sockets and files whose stat size is 0 (/proc) are streamed: the limit is applied
    // while reading, not after.
    char buf[65536];
    while (true) {
        const ssize_t n = readSome(f.fd, buf, sizeof buf);
        if (n < 0)
            return fail(std::string("read error while reading the file: ") + std::strerror(errno));
        if (n == 0)
            break;
        if (int64_t(out.bytes.size()) + n > maxBytes)
            return fail("file is too large (more than " + formatByteSize(maxBytes) + ")");
        out.bytes.append(buf, size_t(n));
    }
    return out;
}

} // namespace tilelens
