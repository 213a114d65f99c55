#pragma once
// TileLens's own files inside a workspace or a checkout (.tilelens/pairings.json,
// runs.jsonl, logs/, profiles/, the built-in stages' reports) are written only
// through this helper (issue 32). Below the root, every directory is opened one
// component at a time with O_NOFOLLOW | O_DIRECTORY and the file itself with
// O_NOFOLLOW, and the write goes through the descriptors so opened: a symbolic
// link anywhere between the root and the file (dangling or not, planted before
// the check or swapped in after it) makes the write fail with an error naming
// the link, and nothing is created or changed outside the root. The root itself
// is the user's choice and may be reached through links.
//
// OwnedLock serialises a read-modify-write of one file between processes (flock,
// released by the kernel when its holder dies, so a crash leaves no stale lock).

#include <QByteArray>
#include <QString>
#include <chrono>
#include <optional>

namespace tilelens {

class OwnedDir
{
public:
    // Opens root/relativeDir ("" for the root itself), creating missing directories.
    // nullopt with `error` set when a component is a symbolic link, not a directory, or
    // cannot be opened or created; `relativeDir` may not hold "." or ".." components.
    static std::optional<OwnedDir> open(const QString& root, const QString& relativeDir,
                                        QString* error);

    OwnedDir(OwnedDir&& other) noexcept;
    OwnedDir& operator=(OwnedDir&& other) noexcept;
    OwnedDir(const OwnedDir&) = delete;
    OwnedDir& operator=(const OwnedDir&) = delete;
    ~OwnedDir();

    int fd() const { return m_fd; }
    const QString& path() const { return m_path; } // root/relativeDir, for messages
    QString filePath(const QString& name) const;   // path()/name, for messages
    // "/proc/self/fd/N": the held directory itself, for APIs that take a path (Linux).
    QString heldPath() const;

    // Replaces `name` atomically (a temporary file beside it, fsync, rename), keeping the
    // permissions of the file it replaces. Refuses a symbolic link at `name`.
    bool replaceFile(const QString& name, const QByteArray& data, QString* error) const;
    // Opens `name` for reading and appending (O_RDWR | O_APPEND), creating it when missing;
    // -1 with `error` set when it is a link or not a regular file. The caller closes it.
    int openForAppend(const QString& name, QString* error) const;

    enum class ReadStatus
    {
        Read,
        Absent,
        Failed, // a link, not a regular file, too large, or unreadable: see error
    };
    struct ReadResult
    {
        ReadStatus status = ReadStatus::Failed;
        QByteArray bytes;
        QString error;
    };
    ReadResult readFile(const QString& name, qint64 maxBytes) const;

private:
    OwnedDir(int fd, QString path) : m_fd(fd), m_path(std::move(path)) {}
    int m_fd = -1;
    QString m_path;
};

class OwnedLock
{
public:
    // Takes an exclusive lock on `name` in `dir` (created when missing), waiting up to
    // `timeout` for another holder; nullopt with `error` set on a timeout or an I/O error.
    static std::optional<OwnedLock> acquire(const OwnedDir& dir, const QString& name,
                                            std::chrono::milliseconds timeout, QString* error);

    OwnedLock(OwnedLock&& other) noexcept;
    OwnedLock& operator=(OwnedLock&& other) noexcept;
    OwnedLock(const OwnedLock&) = delete;
    OwnedLock& operator=(const OwnedLock&) = delete;
    ~OwnedLock(); // releases the lock

private:
    explicit OwnedLock(int fd) : m_fd(fd) {}
    int m_fd = -1;
};

// How long a read-modify-write of a .tilelens file waits for another process.
constexpr std::chrono::milliseconds kOwnedLockTimeout{10000};

// `path` relative to `root` when it lies in root's .tilelens folder (compared as written,
// `.` and `..` cleaned), else empty: such a path is TileLens's own and goes through OwnedDir.
QString tileLensRelativePath(const QString& root, const QString& path);

// root/relativePath written atomically through OwnedDir (directories created).
bool writeOwnedFile(const QString& root, const QString& relativePath, const QByteArray& data,
                    QString* error);

} // namespace tilelens
