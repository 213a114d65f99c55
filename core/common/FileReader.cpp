#include "common/FileReader.h"

#include "common/BytePath.h"

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

constexpr size_t kHugePage = size_t(2) << 20;
// malloc's header before a chunk (16 bytes) and the string's NUL, rounded up.
constexpr size_t kChunkOverhead = 64;

// Capacity to reserve for a file of `size` bytes. From 2 MiB on, a whole number
// of huge pages less malloc's chunk header: the allocator then maps exactly that
// many 2 MiB pages, which Linux (6.7 on) places 2 MiB-aligned, so the buffer can
// be huge pages from its first byte to its last.
size_t bufferCapacity(size_t size)
{
    if (size + kChunkOverhead < kHugePage)
        return size;
    return (size + kChunkOverhead + kHugePage - 1) / kHugePage * kHugePage - kChunkOverhead;
}

// Marks a large, not yet touched buffer for transparent huge pages (the
// system's "madvise" mode): each 4 KiB page faults on its first write, and
// faults are slow under virtualization (~10 us each on our VMs). When the
// buffer's mapping starts on a 2 MiB boundary (see bufferCapacity) the whole
// mapping is marked; otherwise only the whole 2 MiB pages inside the buffer.
// The two 7 MB inputs of the 2x100k benchmark pair faulted 3,400 times with
// 4 KiB pages; marking the whole mapping instead of the inner pages took the
// whole diff from 2,792 to 2,606 minor faults (medians of 10 runs).
void adviseHugePages(const char* data, size_t capacity)
{
#ifdef TILELENS_ADVISE_HUGE_PAGES
    const uintptr_t start = reinterpret_cast<uintptr_t>(data);
    const uintptr_t mapping = start & ~uintptr_t(kHugePage - 1);
    uintptr_t begin = (start + kHugePage - 1) & ~uintptr_t(kHugePage - 1);
    uintptr_t end = (start + capacity) & ~uintptr_t(kHugePage - 1);
    // `data` just past a 2 MiB boundary (malloc's chunk header before it): the
    // allocation has its own aligned mapping, first and last huge page included.
    if (start - mapping < kChunkOverhead && capacity + kChunkOverhead >= kHugePage) {
        begin = mapping;
        end = (start + capacity + kHugePage - 1) & ~uintptr_t(kHugePage - 1);
    }
    if (end > begin)
        ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)capacity;
#endif
}

} // namespace

std::optional<FileContents> readFile(const std::string& path, Diagnostics& diags, int64_t maxBytes,
                                     const CancelToken& cancel)
{
    // The name as given, bytes that are not UTF-8 included (BytePath.h); shown escaped.
    const std::string native = nativePath(path);
    auto fail = [&](std::string msg) {
        Diagnostic d;
        d.place.file = displayPath(path);
        d.message = std::move(msg);
        diags.push_back(std::move(d));
        return std::nullopt;
    };
    // Devices are refused by name, before open: opening a tape or a terminal has side effects,
    // and /dev/zero or /dev/urandom would be read up to the size limit before being refused.
    struct stat st
    {
    };
    if (::stat(native.c_str(), &st) != 0)
        return fail(std::string("cannot open file: ") + std::strerror(errno));
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        return fail("expected a file but this is a device");
    // The file is opened exactly once and everything below works on that descriptor, so a
    // FIFO is read once by one reader (a second open would wait for another writer).
    Fd f;
    do {
        f.fd = ::open(native.c_str(), O_RDONLY | O_CLOEXEC);
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
        out.bytes.reserve(bufferCapacity(size_t(st.st_size)));
        adviseHugePages(out.bytes.data(), out.bytes.capacity());
    }
    // Pipes, sockets and files whose stat size is 0 (/proc) are streamed: the limit is applied
    // while reading, not after.
    char buf[65536];
    while (true) {
        cancel.throwIfCancelled();
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
