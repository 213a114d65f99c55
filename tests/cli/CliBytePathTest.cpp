// Issue 32: a file whose name is not valid UTF-8 (`r\xff.mlir`) opens as given for every
// command that takes paths; argv went through QString and the name came out as
// "No such file or directory". Messages show the name with the byte escaped (\xff).

#include "CliRunner.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCliBytes;

// Copies `from` (a file) to the byte name `to`.
bool copyToBytes(const QString& from, const QByteArray& to)
{
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly))
        return false;
    const QByteArray data = in.readAll();
    const int fd = ::open(to.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return false;
    const bool ok = ::write(fd, data.constData(), size_t(data.size())) == ssize_t(data.size());
    ::close(fd);
    return ok;
}

// Copies a folder tree to the byte name `to` (its content keeps UTF-8 names).
bool copyTreeToBytes(const QString& from, const QByteArray& to)
{
    if (::mkdir(to.constData(), 0755) != 0)
        return false;
    for (const QFileInfo& fi : QDir(from).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot)) {
        const QByteArray target = to + '/' + QFile::encodeName(fi.fileName());
        if (fi.isDir() ? !copyTreeToBytes(fi.filePath(), target)
                       : !copyToBytes(fi.filePath(), target))
            return false;
    }
    return true;
}

// Removes what the tests made under `dir` (QTemporaryDir cannot: Qt cannot name the files).
void removeTreeBytes(const QByteArray& dir)
{
    if (DIR* d = ::opendir(dir.constData())) {
        while (const dirent* e = ::readdir(d)) {
            const QByteArray name(e->d_name);
            if (name == "." || name == "..")
                continue;
            const QByteArray path = dir + '/' + name;
            struct stat st
            {
            };
            if (::lstat(path.constData(), &st) == 0 && S_ISDIR(st.st_mode))
                removeTreeBytes(path);
            else
                ::unlink(path.constData());
        }
        ::closedir(d);
    }
    ::rmdir(dir.constData());
}

// A temporary folder removed with everything in it, whatever the names.
struct ByteTemporaryDir
{
    QTemporaryDir tmp;
    QByteArray path() const { return QFile::encodeName(tmp.path()); }
    ~ByteTemporaryDir() { removeTreeBytes(path()); }
};

QString irFile()
{
    return tilelens::test::testDataDir() +
           QStringLiteral("/diff/softmax_persistent_256x2048_f32.mlir");
}

} // namespace

TEST(CliBytePath, FilesWhoseNamesAreNotUtf8OpenAsGiven)
{
    ByteTemporaryDir tmp;
    const QByteArray ref = tmp.path() + "/r\xff.mlir";
    const QByteArray gen = tmp.path() + "/g\xe9n\xc0\xaf.mlir"; // Latin-1, overlong
    ASSERT_TRUE(copyToBytes(irFile(), ref));
    ASSERT_TRUE(copyToBytes(irFile(), gen));

    CliResult r = runCliBytes({"parse", ref});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();

    r = runCliBytes({"diff", ref, gen});
    EXPECT_NE(r.exitCode, 3) << r.err.toStdString();
    EXPECT_FALSE(r.err.contains(QStringLiteral("cannot open"))) << r.err.toStdString();

    r = runCliBytes({"eval", "--inputs", "random", ref, gen});
    EXPECT_FALSE(r.err.contains(QStringLiteral("cannot open"))) << r.err.toStdString();
    EXPECT_FALSE(r.err.contains(QStringLiteral("No such file"))) << r.err.toStdString();

    // A name that is absent is reported with its byte escaped.
    r = runCliBytes({"parse", tmp.path() + "/absent\xff.mlir"});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("absent\\xff.mlir"))) << r.err.toStdString();
}

TEST(CliBytePath, DirectoriesWhoseNamesAreNotUtf8OpenAsGiven)
{
    ByteTemporaryDir tmp;
    const QByteArray checkout = tmp.path() + "/tg\xfe";
    ASSERT_TRUE(copyTreeToBytes(
        tilelens::test::testDataDir() + QStringLiteral("/workspace/checkout"), checkout));
    CliResult r = runCliBytes({"kernels", "--json", checkout});
    EXPECT_EQ(r.exitCode, 2) << r.err.toStdString(); // as for the UTF-8 copy: orphan unpaired
    EXPECT_TRUE(r.out.contains(QStringLiteral("non_persistent_gemm_kernel")))
        << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("tg\\\\xfe"))) << r.out.toStdString(); // JSON of \xfe

    const QByteArray kernel = tmp.path() + "/k\xfe";
    ASSERT_TRUE(
        copyTreeToBytes(tilelens::test::examplesDir() + QStringLiteral("/softmax"), kernel));
    r = runCliBytes({"validate", kernel});
    EXPECT_NE(r.exitCode, 3) << r.err.toStdString();

    // `run` gives the directory to stages as ${WS}, a string: refused, saying why.
    r = runCliBytes({"run", kernel, "validate"});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("k\\xfe: error: a kernel directory whose name is "
                                              "not valid UTF-8")))
        << r.err.toStdString();
}
