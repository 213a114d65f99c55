#include "common/BytePath.h"

#include "common/PrintableText.h"

#include <QFile>
#include <cstdio>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <unistd.h>

namespace tilelens {
namespace {

constexpr char32_t kEscapeBase = 0x10FE00; // byte b (0x80..0xFF) <-> U+10FE00 + b
constexpr char32_t kFirstEscape = kEscapeBase + 0x80;
constexpr char32_t kLastEscape = kEscapeBase + 0xFF;

bool isEscape(char32_t cp)
{
    return cp >= kFirstEscape && cp <= kLastEscape;
}

// The escaped byte at `at` of UTF-8 text (F4 8F BA|BB 80..BF), or -1.
int escapedByteAt(std::string_view s, size_t at)
{
    if (at + 4 > s.size() || static_cast<unsigned char>(s[at]) != 0xF4 ||
        static_cast<unsigned char>(s[at + 1]) != 0x8F)
        return -1;
    const auto b2 = static_cast<unsigned char>(s[at + 2]);
    const auto b3 = static_cast<unsigned char>(s[at + 3]);
    if ((b2 != 0xBA && b2 != 0xBB) || (b3 & 0xC0) != 0x80)
        return -1;
    return 0x80 + ((b2 - 0xBA) << 6) + (b3 & 0x3F);
}

// /proc/self/fd/N opened by qtPath() -> the path it stands for.
std::mutex& heldMutex()
{
    static std::mutex m;
    return m;
}
std::map<int, QString>& heldPaths()
{
    static std::map<int, QString> held;
    return held;
}

QString procName(int fd)
{
    return QStringLiteral("/proc/self/fd/%1").arg(fd);
}

int holdPath(const QByteArray& native, const QString& original)
{
    const int fd = ::open(native.constData(), O_PATH | O_CLOEXEC);
    if (fd >= 0) {
        const std::lock_guard<std::mutex> lock(heldMutex());
        heldPaths()[fd] = original;
    }
    return fd;
}

} // namespace

QString decodeArgument(QByteArrayView bytes)
{
    const std::string_view s(bytes.data(), size_t(bytes.size()));
    std::string utf8;
    utf8.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        char32_t cp = 0;
        const int len = utf8SequenceAt(s, i, cp);
        if (len > 0 && !isEscape(cp)) {
            utf8.append(s.substr(i, size_t(len)));
            i += size_t(len);
            continue;
        }
        appendUtf8(utf8, kEscapeBase + static_cast<unsigned char>(s[i]));
        ++i;
    }
    return QString::fromStdString(utf8);
}

std::string nativePath(std::string_view utf8)
{
    std::string out;
    out.reserve(utf8.size());
    for (size_t i = 0; i < utf8.size();) {
        if (const int b = escapedByteAt(utf8, i); b >= 0) {
            out += char(b);
            i += 4;
        } else {
            out += utf8[i++];
        }
    }
    return out;
}

QByteArray nativePath(const QString& path)
{
    const std::string native = nativePath(path.toStdString());
    return QByteArray(native.data(), qsizetype(native.size()));
}

bool hasEscapedBytes(std::string_view utf8)
{
    for (size_t i = utf8.find('\xF4'); i != std::string_view::npos; i = utf8.find('\xF4', i + 1))
        if (escapedByteAt(utf8, i) >= 0)
            return true;
    return false;
}

bool hasEscapedBytes(const QString& path)
{
    for (qsizetype i = 0; i + 1 < path.size(); ++i)
        if (QChar::isHighSurrogate(path.at(i).unicode()) &&
            isEscape(QChar::surrogateToUcs4(path.at(i), path.at(i + 1))))
            return true;
    return false;
}

std::string displayPath(std::string_view utf8)
{
    if (utf8.rfind("/proc/self/fd/", 0) == 0)
        return displayPath(QString::fromUtf8(utf8.data(), qsizetype(utf8.size()))).toStdString();
    if (!hasEscapedBytes(utf8))
        return std::string(utf8);
    std::string out;
    for (size_t i = 0; i < utf8.size();) {
        if (const int b = escapedByteAt(utf8, i); b >= 0) {
            char hex[16];
            std::snprintf(hex, sizeof hex, "\\x%02x", unsigned(b) & 0xFFu);
            out += hex;
            i += 4;
        } else {
            out += utf8[i++];
        }
    }
    return out;
}

QString displayPath(const QString& path)
{
    if (path.startsWith(QLatin1String("/proc/self/fd/"))) {
        const qsizetype end = path.indexOf(QLatin1Char('/'), 14);
        bool ok = false;
        const int fd = path.mid(14, end < 0 ? -1 : end - 14).toInt(&ok);
        const std::lock_guard<std::mutex> lock(heldMutex());
        const auto held = heldPaths().find(fd);
        if (ok && held != heldPaths().end())
            return QString::fromStdString(displayPath(held->second.toStdString())) +
                   (end < 0 ? QString() : path.mid(end));
    }
    if (!hasEscapedBytes(path))
        return path;
    return QString::fromStdString(displayPath(path.toStdString()));
}

QString qtPath(const QString& path)
{
    if (!hasEscapedBytes(path))
        return path;
    if (const int fd = holdPath(nativePath(path), path); fd >= 0)
        return procName(fd);
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    const QString last = path.mid(slash + 1);
    if (hasEscapedBytes(last) || last.isEmpty())
        return path;
    const QString folder = slash < 0    ? QStringLiteral(".")
                           : slash == 0 ? QStringLiteral("/")
                                        : path.left(slash);
    if (const int fd = holdPath(nativePath(folder), folder); fd >= 0)
        return procName(fd) + QLatin1Char('/') + last;
    return path;
}

} // namespace tilelens
