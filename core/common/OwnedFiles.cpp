#include "common/OwnedFiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStringList>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace tilelens {
namespace {

QString errnoText(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

void closeFd(int fd)
{
    if (fd >= 0)
        ::close(fd);
}

int retryOpenAt(int dirFd, const QByteArray& name, int flags, mode_t mode = 0)
{
    int fd;
    do {
        fd = ::openat(dirFd, name.constData(), flags, mode);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

// A single path component TileLens chose: no separator, no "." or "..".
bool isPlainName(const QString& name)
{
    return !name.isEmpty() && !name.contains(QLatin1Char('/')) && name != QLatin1String(".") &&
           name != QLatin1String("..");
}

QString linkTarget(int dirFd, const QByteArray& name)
{
    char buf[PATH_MAX];
    const ssize_t n = ::readlinkat(dirFd, name.constData(), buf, sizeof buf);
    return n > 0 ? QFile::decodeName(QByteArray(buf, int(n))) : QStringLiteral("?");
}

QString linkRefusal(const QString& shown, const QString& target)
{
    return QStringLiteral("%1 is a symbolic link (to %2); refused: TileLens writes its own files "
                          "only inside the workspace or checkout, never through a link")
        .arg(shown, target);
}

// Why `name` in `dirFd` could not be opened (errno `err`), naming a link when it is one.
QString openFailure(int dirFd, const QByteArray& name, const QString& shown, int err)
{
    struct stat st
    {
    };
    if (::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
        if (S_ISLNK(st.st_mode))
            return linkRefusal(shown, linkTarget(dirFd, name));
        if (err == ENOTDIR && !S_ISDIR(st.st_mode))
            return QStringLiteral("%1 is not a directory").arg(shown);
    }
    return QStringLiteral("cannot open %1: %2").arg(shown, errnoText(err));
}

bool writeAll(int fd, const QByteArray& data)
{
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + done, size_t(data.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

// Opens `name` below `dirFd` with O_NOFOLLOW; a FIFO or a device is refused without blocking.
int openRegular(int dirFd, const QString& name, const QString& shown, int flags, QString* error)
{
    const QByteArray native = QFile::encodeName(name);
    const int fd = retryOpenAt(dirFd, native, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0666);
    if (fd < 0) {
        if (error)
            *error = openFailure(dirFd, native, shown, errno);
        return -1;
    }
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        if (error)
            *error = QStringLiteral("%1 is not a regular file").arg(shown);
        return -1;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

} // namespace

std::optional<OwnedDir> OwnedDir::open(const QString& root, const QString& relativeDir,
                                       QString* error)
{
    const auto fail = [error](const QString& message) -> std::optional<OwnedDir> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    int fd = retryOpenAt(AT_FDCWD, QFile::encodeName(root), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return fail(QStringLiteral("cannot open %1: %2").arg(root, errnoText(errno)));
    QString shown = root;
    for (const QString& part : relativeDir.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        shown += QLatin1Char('/') + part;
        if (!isPlainName(part)) {
            closeFd(fd);
            return fail(QStringLiteral("%1 leaves %2; refused").arg(shown, root));
        }
        const QByteArray native = QFile::encodeName(part);
        const int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
        int next = retryOpenAt(fd, native, flags);
        if (next < 0 && errno == ENOENT) {
            if (::mkdirat(fd, native.constData(), 0777) != 0 && errno != EEXIST) {
                const int err = errno;
                closeFd(fd);
                return fail(QStringLiteral("cannot create %1: %2").arg(shown, errnoText(err)));
            }
            next = retryOpenAt(fd, native, flags);
        }
        if (next < 0) {
            const QString message = openFailure(fd, native, shown, errno);
            closeFd(fd);
            return fail(message);
        }
        closeFd(fd);
        fd = next;
    }
    return OwnedDir(fd, shown);
}

OwnedDir::OwnedDir(OwnedDir&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)), m_path(std::move(other.m_path))
{
}

OwnedDir& OwnedDir::operator=(OwnedDir&& other) noexcept
{
    if (this != &other) {
        closeFd(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
        m_path = std::move(other.m_path);
    }
    return *this;
}

OwnedDir::~OwnedDir()
{
    closeFd(m_fd);
}

QString OwnedDir::filePath(const QString& name) const
{
    return m_path + QLatin1Char('/') + name;
}

QString OwnedDir::heldPath() const
{
    return QStringLiteral("/proc/self/fd/%1").arg(m_fd);
}

bool OwnedDir::replaceFile(const QString& name, const QByteArray& data, QString* error) const
{
    const auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    const QString shown = filePath(name);
    if (!isPlainName(name))
        return fail(QStringLiteral("%1 leaves %2; refused").arg(shown, m_path));
    const QByteArray native = QFile::encodeName(name);
    struct stat st
    {
    };
    mode_t mode = 0;
    if (::fstatat(m_fd, native.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
        // A rename would replace the link rather than follow it, but a link here means
        // something is redirecting TileLens's file: say so instead of quietly replacing it.
        if (S_ISLNK(st.st_mode))
            return fail(linkRefusal(shown, linkTarget(m_fd, native)));
        if (!S_ISREG(st.st_mode))
            return fail(QStringLiteral("%1 is not a regular file").arg(shown));
        mode = st.st_mode & 07777;
    }
    static std::atomic<unsigned> counter{0};
    const QByteArray temp = QFile::encodeName(QStringLiteral(".%1.tmp-%2-%3")
                                                  .arg(name)
                                                  .arg(QCoreApplication::applicationPid())
                                                  .arg(counter.fetch_add(1)));
    const int fd =
        retryOpenAt(m_fd, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0)
        return fail(QStringLiteral("cannot write %1: %2").arg(shown, errnoText(errno)));
    bool ok = writeAll(fd, data) && (mode == 0 || ::fchmod(fd, mode) == 0) && ::fsync(fd) == 0;
    int err = errno;
    ok = ::close(fd) == 0 && ok;
    if (ok && ::renameat(m_fd, temp.constData(), m_fd, native.constData()) != 0) {
        ok = false;
        err = errno;
    }
    if (!ok) {
        ::unlinkat(m_fd, temp.constData(), 0);
        return fail(QStringLiteral("cannot write %1: %2").arg(shown, errnoText(err)));
    }
    return true;
}

int OwnedDir::openForAppend(const QString& name, QString* error) const
{
    if (!isPlainName(name)) {
        if (error)
            *error = QStringLiteral("%1 leaves %2; refused").arg(filePath(name), m_path);
        return -1;
    }
    return openRegular(m_fd, name, filePath(name), O_RDWR | O_APPEND | O_CREAT, error);
}

OwnedDir::ReadResult OwnedDir::readFile(const QString& name, qint64 maxBytes) const
{
    ReadResult r;
    const QString shown = filePath(name);
    if (!isPlainName(name)) {
        r.error = QStringLiteral("%1 leaves %2; refused").arg(shown, m_path);
        return r;
    }
    struct stat st
    {
    };
    if (::fstatat(m_fd, QFile::encodeName(name).constData(), &st, AT_SYMLINK_NOFOLLOW) != 0 &&
        errno == ENOENT) {
        r.status = ReadStatus::Absent;
        return r;
    }
    const int fd = openRegular(m_fd, name, shown, O_RDONLY, &r.error);
    if (fd < 0)
        return r;
    char buf[65536];
    while (true) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            r.error = QStringLiteral("cannot read %1: %2").arg(shown, errnoText(errno));
            ::close(fd);
            return r;
        }
        if (n == 0)
            break;
        if (r.bytes.size() + n > maxBytes) {
            r.error =
                QStringLiteral("%1 is too large (more than %2 bytes)").arg(shown).arg(maxBytes);
            r.bytes.clear();
            ::close(fd);
            return r;
        }
        r.bytes.append(buf, qsizetype(n));
    }
    ::close(fd);
    r.status = ReadStatus::Read;
    return r;
}

std::optional<OwnedLock> OwnedLock::acquire(const OwnedDir& dir, const QString& name,
                                            std::chrono::milliseconds timeout, QString* error)
{
    const int fd = openRegular(dir.fd(), name, dir.filePath(name), O_RDWR | O_CREAT, error);
    if (fd < 0)
        return std::nullopt;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    auto pause = std::chrono::milliseconds(2);
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if ((errno != EWOULDBLOCK && errno != EINTR) ||
            std::chrono::steady_clock::now() >= deadline) {
            const int err = errno;
            ::close(fd);
            if (error)
                *error = err == EWOULDBLOCK
                             ? QStringLiteral("%1 is held by another TileLens process (waited %2 "
                                              "s); nothing was changed, try again once it is done")
                                   .arg(dir.filePath(name))
                                   .arg(double(timeout.count()) / 1000.0)
                             : QStringLiteral("cannot lock %1: %2")
                                   .arg(dir.filePath(name), errnoText(err));
            return std::nullopt;
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(50));
    }
    return OwnedLock(fd);
}

OwnedLock::OwnedLock(OwnedLock&& other) noexcept : m_fd(std::exchange(other.m_fd, -1)) {}

OwnedLock& OwnedLock::operator=(OwnedLock&& other) noexcept
{
    if (this != &other) {
        closeFd(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
    }
    return *this;
}

OwnedLock::~OwnedLock()
{
    closeFd(m_fd); // closing the only descriptor releases the flock
}

QString tileLensRelativePath(const QString& root, const QString& path)
{
    const QString base = QDir::cleanPath(QDir(root).absolutePath()) + QLatin1Char('/');
    const QString cleaned = QDir::cleanPath(QDir(root).absoluteFilePath(path));
    if (!cleaned.startsWith(base))
        return {};
    const QString rel = cleaned.mid(base.size());
    return rel == QLatin1String(".tilelens") || rel.startsWith(QLatin1String(".tilelens/"))
               ? rel
               : QString();
}

bool writeOwnedFile(const QString& root, const QString& relativePath, const QByteArray& data,
                    QString* error)
{
    const qsizetype slash = relativePath.lastIndexOf(QLatin1Char('/'));
    const auto dir = OwnedDir::open(root, slash < 0 ? QString() : relativePath.left(slash), error);
    return dir && dir->replaceFile(relativePath.mid(slash + 1), data, error);
}

} // namespace tilelens
