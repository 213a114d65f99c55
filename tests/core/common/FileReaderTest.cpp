#include "common/FileReader.h"

#include <QTemporaryDir>
#include <csignal>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace tilelens;

namespace {

// Writes `bytes` into the FIFO at `path` from another thread (open blocks until a reader
// opens it); a write the reader stopped consuming fails with EPIPE instead of killing us.
std::thread fifoWriter(const std::string& path, std::string bytes)
{
    std::signal(SIGPIPE, SIG_IGN);
    return std::thread([path, bytes = std::move(bytes)] {
        const int fd = ::open(path.c_str(), O_WRONLY);
        if (fd < 0)
            return;
        size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
            if (n <= 0)
                break;
            done += size_t(n);
        }
        ::close(fd);
    });
}

} // namespace

TEST(FileReader, FifoIsReadOnceToTheEnd)
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("f.mlir")).toStdString();
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    std::string text;
    for (int i = 0; i < 20000; ++i) // several pipe buffers
        text += "line " + std::to_string(i) + "\n";
    std::thread writer = fifoWriter(path, text);
    Diagnostics diags;
    const auto contents = readFile(path, diags);
    writer.join();
    ASSERT_TRUE(contents) << (diags.empty() ? "" : diags[0].format());
    EXPECT_EQ(contents->bytes, text);
}

TEST(FileReader, FifoLimitIsAppliedWhileReading)
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("big")).toStdString();
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    std::thread writer = fifoWriter(path, std::string(1 << 20, 'x'));
    Diagnostics diags;
    EXPECT_FALSE(readFile(path, diags, 100000));
    writer.join();
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags[0].message, "file is too large (more than 97.7 KiB)");
}

TEST(FileReader, DevicesAreRefusedUnread)
{
    for (const char* device : {"/dev/zero", "/dev/urandom"}) {
        Diagnostics diags;
        EXPECT_FALSE(readFile(device, diags)) << device;
        ASSERT_EQ(diags.size(), 1u);
        EXPECT_EQ(diags[0].format(),
                  std::string(device) + ": error: expected a file but this is a device");
    }
}

TEST(FileReader, RegularFilesDirectoriesAndMissingFiles)
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("a.txt")).toStdString();
    FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_TRUE(f);
    std::fputs("hello", f);
    std::fclose(f);
    Diagnostics diags;
    const auto contents = readFile(path, diags);
    ASSERT_TRUE(contents);
    EXPECT_EQ(contents->bytes, "hello");
    EXPECT_FALSE(readFile(path, diags, 4));
    EXPECT_FALSE(readFile(dir.path().toStdString(), diags));
    EXPECT_FALSE(readFile(path + ".missing", diags));
    ASSERT_EQ(diags.size(), 3u);
    EXPECT_EQ(diags[0].message, "file is too large (5 B; the limit is 4 B)");
    EXPECT_EQ(diags[1].message, "expected a file but this is a directory");
    EXPECT_EQ(diags[2].message, "cannot open file: No such file or directory");
}

TEST(FileReader, ALargeFileIsReadWhole)
{
    // Over 4 MiB: its buffer holds whole 2 MiB pages, marked for huge pages
    // before the first byte is written; the bytes must come back unchanged.
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("large.txt")).toStdString();
    std::string expected;
    for (int i = 0; expected.size() < (size_t(5) << 20) + 123; ++i)
        expected += "    %v" + std::to_string(i) + "_r = addi %x, %x : tile<i32>\n";
    FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_TRUE(f);
    ASSERT_EQ(std::fwrite(expected.data(), 1, expected.size(), f), expected.size());
    std::fclose(f);
    Diagnostics diags;
    const auto contents = readFile(path, diags);
    ASSERT_TRUE(contents);
    EXPECT_TRUE(diags.empty());
    EXPECT_EQ(contents->bytes.size(), expected.size());
    EXPECT_TRUE(contents->bytes == expected);
}
