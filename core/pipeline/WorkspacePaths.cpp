#include "pipeline/WorkspacePaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>
#include <climits>
#include <unistd.h>

namespace tilelens::pipeline {
namespace {

// The raw target of a symbolic link, as stored (may be relative).
QString readLink(const QString& path)
{
    char buf[PATH_MAX];
    const ssize_t n = ::readlink(QFile::encodeName(path).constData(), buf, sizeof buf);
    return n > 0 ? QFile::decodeName(QByteArray(buf, int(n))) : QString();
}

} // namespace

QString physicalPath(const QString& absolutePath)
{
    // Walk from the root like the kernel does: `..` applies to the resolved directory.
    QStringList todo = QDir::cleanPath(absolutePath).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString current; // resolved so far, without symbolic links; empty = "/"
    int links = 0;
    while (!todo.isEmpty()) {
        const QString part = todo.takeFirst();
        if (part == QLatin1String("."))
            continue;
        if (part == QLatin1String("..")) {
            current.truncate(std::max<qsizetype>(0, current.lastIndexOf(QLatin1Char('/'))));
            continue;
        }
        const QString next = current + QLatin1Char('/') + part;
        if (QFileInfo(next).isSymLink()) {
            if (++links > 40)
                return {};
            const QString target = readLink(next);
            if (target.startsWith(QLatin1Char('/')))
                current.clear();
            todo = target.split(QLatin1Char('/'), Qt::SkipEmptyParts) + todo;
            continue;
        }
        current = next;
    }
    return current.isEmpty() ? QStringLiteral("/") : current;
}

bool isInsideWorkspace(const QString& kernelDir, const QString& absolutePath, QString* resolved)
{
    QString path = QDir::cleanPath(absolutePath);
    const qsizetype wildcard = path.indexOf(QRegularExpression(QStringLiteral("[*?\\[]")));
    if (wildcard >= 0) // judge the directory the glob starts from
        path = path.left(std::max<qsizetype>(0, path.lastIndexOf(QLatin1Char('/'), wildcard)));
    const QString physical = physicalPath(path);
    const QString root = physicalPath(QDir::cleanPath(kernelDir));
    if (resolved)
        *resolved = physical.isEmpty() ? path : physical;
    if (physical.isEmpty() || root.isEmpty())
        return false;
    return physical == root ||
           physical.startsWith(root == QLatin1String("/") ? root : root + QLatin1Char('/'));
}

} // namespace tilelens::pipeline
