// OwnedDir / OwnedLock (issue 32): TileLens's own writes below a workspace never go through a
// symbolic link, wherever it sits and whenever it appears; the lock serialises writers.

#include "common/OwnedFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tilelens;

namespace {

QByteArray contents(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

bool isEmptyDir(const QString& path)
{
    return QDir(path).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System |
                              QDir::NoDotAndDotDot);
}

} // namespace

TEST(OwnedFiles, WritesCreateTheFoldersAndReplaceAtomically)
{
    QTemporaryDir tmp;
    const QString ws = tmp.filePath(QStringLiteral("ws"));
    QDir().mkpath(ws);
    QString error;
    ASSERT_TRUE(writeOwnedFile(ws, QStringLiteral(".tilelens/a/b.json"), "one", &error))
        << error.toStdString();
    EXPECT_EQ(contents(ws + QStringLiteral("/.tilelens/a/b.json")), "one");
    ::chmod(QFile::encodeName(ws + QStringLiteral("/.tilelens/a/b.json")).constData(), 0600);
    ASSERT_TRUE(writeOwnedFile(ws, QStringLiteral(".tilelens/a/b.json"), "two", &error));
    EXPECT_EQ(contents(ws + QStringLiteral("/.tilelens/a/b.json")), "two");
    EXPECT_EQ(QFileInfo(ws + QStringLiteral("/.tilelens/a/b.json")).permissions() & 0x7777,
              QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser);
    // No temporary file is left behind.
    EXPECT_EQ(
        QDir(ws + QStringLiteral("/.tilelens/a")).entryList(QDir::Files | QDir::Hidden).size(), 1);
}

TEST(OwnedFiles, ALinkAnywhereBelowTheRootIsRefused)
{
    QTemporaryDir tmp;
    const QString ws = tmp.filePath(QStringLiteral("ws"));
    const QString outside = tmp.filePath(QStringLiteral("outside"));
    QDir().mkpath(ws);
    QDir().mkpath(outside);
    QString error;

    // The folder is a link.
    ASSERT_TRUE(QFile::link(outside, ws + QStringLiteral("/.tilelens")));
    EXPECT_FALSE(writeOwnedFile(ws, QStringLiteral(".tilelens/runs.jsonl"), "x", &error));
    EXPECT_TRUE(error.contains(ws + QStringLiteral("/.tilelens is a symbolic link (to ") + outside +
                               QLatin1Char(')')))
        << error.toStdString();
    EXPECT_TRUE(isEmptyDir(outside));
    QFile::remove(ws + QStringLiteral("/.tilelens"));

    // A deeper folder is a link; a folder that does not exist yet is created, not the link's.
    QDir().mkpath(ws + QStringLiteral("/.tilelens"));
    ASSERT_TRUE(
        QFile::link(outside + QStringLiteral("/logs"), ws + QStringLiteral("/.tilelens/logs")));
    EXPECT_FALSE(OwnedDir::open(ws, QStringLiteral(".tilelens/logs"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("logs is a symbolic link"))) << error.toStdString();
    EXPECT_TRUE(isEmptyDir(outside));

    // The file is a dangling link: neither replaced nor appended to, its target not created.
    const auto dir = OwnedDir::open(ws, QStringLiteral(".tilelens"), &error);
    ASSERT_TRUE(dir);
    ASSERT_TRUE(QFile::link(outside + QStringLiteral("/made"),
                            ws + QStringLiteral("/.tilelens/runs.jsonl")));
    EXPECT_FALSE(dir->replaceFile(QStringLiteral("runs.jsonl"), "x", &error));
    EXPECT_EQ(dir->openForAppend(QStringLiteral("runs.jsonl"), &error), -1);
    EXPECT_TRUE(error.contains(QStringLiteral("runs.jsonl is a symbolic link")));
    EXPECT_EQ(dir->readFile(QStringLiteral("runs.jsonl"), 1024).status,
              OwnedDir::ReadStatus::Failed);
    EXPECT_TRUE(isEmptyDir(outside));

    // Names that leave the folder are refused.
    EXPECT_FALSE(OwnedDir::open(ws, QStringLiteral(".tilelens/../.."), &error));
    EXPECT_FALSE(dir->replaceFile(QStringLiteral("../x"), "x", &error));
}

// The check happens when the file is opened, through the descriptors held: a folder swapped
// for a link after OwnedDir::open() is not followed.
TEST(OwnedFiles, AFolderSwappedForALinkAfterTheCheckIsNotFollowed)
{
    QTemporaryDir tmp;
    const QString ws = tmp.filePath(QStringLiteral("ws"));
    const QString outside = tmp.filePath(QStringLiteral("outside"));
    QDir().mkpath(ws + QStringLiteral("/.tilelens/logs"));
    QDir().mkpath(outside);
    QString error;
    const auto logs = OwnedDir::open(ws, QStringLiteral(".tilelens/logs"), &error);
    ASSERT_TRUE(logs);
    ASSERT_TRUE(QDir().rename(ws + QStringLiteral("/.tilelens/logs"),
                              ws + QStringLiteral("/.tilelens/moved")));
    ASSERT_TRUE(QFile::link(outside, ws + QStringLiteral("/.tilelens/logs")));
    const int fd = logs->openForAppend(QStringLiteral("run.log"), &error);
    ASSERT_GE(fd, 0) << error.toStdString();
    ::close(fd);
    EXPECT_TRUE(logs->replaceFile(QStringLiteral("r.json"), "{}", &error));
    EXPECT_TRUE(isEmptyDir(outside));
    EXPECT_TRUE(QFileInfo::exists(ws + QStringLiteral("/.tilelens/moved/run.log")));
}

TEST(OwnedFiles, ReadTellsAnAbsentFileFromAnUnreadableOne)
{
    QTemporaryDir tmp;
    QString error;
    const auto dir = OwnedDir::open(tmp.path(), QString(), &error);
    ASSERT_TRUE(dir);
    EXPECT_EQ(dir->readFile(QStringLiteral("none"), 10).status, OwnedDir::ReadStatus::Absent);
    ASSERT_TRUE(dir->replaceFile(QStringLiteral("f"), "0123456789abc", &error));
    const auto big = dir->readFile(QStringLiteral("f"), 10);
    EXPECT_EQ(big.status, OwnedDir::ReadStatus::Failed);
    EXPECT_TRUE(big.error.contains(QStringLiteral("too large")));
    const auto ok = dir->readFile(QStringLiteral("f"), 100);
    EXPECT_EQ(ok.status, OwnedDir::ReadStatus::Read);
    EXPECT_EQ(ok.bytes, "0123456789abc");
    // A FIFO is refused without blocking.
    ASSERT_EQ(::mkfifo(QFile::encodeName(tmp.filePath(QStringLiteral("p"))).constData(), 0600), 0);
    EXPECT_EQ(dir->readFile(QStringLiteral("p"), 100).status, OwnedDir::ReadStatus::Failed);
    EXPECT_EQ(dir->openForAppend(QStringLiteral("p"), &error), -1);
}

TEST(OwnedFiles, ALockIsExclusiveUntilReleased)
{
    QTemporaryDir tmp;
    QString error;
    const auto dir = OwnedDir::open(tmp.path(), QString(), &error);
    ASSERT_TRUE(dir);
    {
        const auto held = OwnedLock::acquire(*dir, QStringLiteral("x.lock"),
                                             std::chrono::milliseconds(0), &error);
        ASSERT_TRUE(held);
        // flock locks belong to the open file description: a second open in the same process
        // contends like another process would.
        const auto second = OwnedLock::acquire(*dir, QStringLiteral("x.lock"),
                                               std::chrono::milliseconds(50), &error);
        EXPECT_FALSE(second);
        EXPECT_TRUE(error.contains(QStringLiteral("held by another TileLens process")))
            << error.toStdString();
    }
    EXPECT_TRUE(
        OwnedLock::acquire(*dir, QStringLiteral("x.lock"), std::chrono::milliseconds(0), &error));
}
