// BytePath (issue 32): argv bytes <-> QString without loss, whatever the bytes, and readFile
// opening the name as given.

#include "common/BytePath.h"

#include "common/FileReader.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace tilelens;

TEST(BytePath, EveryByteStringRoundTrips)
{
    QRandomGenerator rng(32);
    for (int round = 0; round < 5000; ++round) {
        QByteArray bytes;
        const int n = int(rng.bounded(12));
        for (int i = 0; i < n; ++i) // weighted towards the bytes that make UTF-8 sequences
            bytes += char(rng.bounded(4) == 0 ? rng.bounded(1, 128) : rng.bounded(128, 256));
        if (round % 7 == 0)
            bytes += "\xF4\x8F\xBA\x80"; // a real U+10FE80, one of the escape code points
        const QString decoded = decodeArgument(bytes);
        EXPECT_EQ(nativePath(decoded), bytes) << bytes.toHex().toStdString();
        EXPECT_EQ(nativePath(decoded.toStdString()), bytes.toStdString());
        EXPECT_EQ(hasEscapedBytes(decoded),
                  decoded != QString::fromUtf8(bytes) || bytes.contains("\xF4\x8F\xBA\x80"));
    }
}

TEST(BytePath, ValidUtf8IsUnchanged)
{
    const QByteArray text = "r\xC3\xA9sum\xC3\xA9/\xE6\x97\xA5\xE6\x9C\xAC.mlir";
    EXPECT_EQ(decodeArgument(text), QString::fromUtf8(text));
    EXPECT_FALSE(hasEscapedBytes(decodeArgument(text)));
    EXPECT_EQ(qtPath(QString::fromUtf8(text)), QString::fromUtf8(text));
    EXPECT_EQ(displayPath(QString::fromUtf8(text)), QString::fromUtf8(text));
}

TEST(BytePath, MessagesShowTheBytesEscaped)
{
    // Overlong, surrogate, beyond U+10FFFF and a lone continuation byte: none is UTF-8.
    const QString p = decodeArgument("a\xFF\xC0\xAF\xED\xA0\x80\xF4\x90\x80\x80\x80z");
    EXPECT_EQ(displayPath(p),
              QStringLiteral("a\\xff\\xc0\\xaf\\xed\\xa0\\x80\\xf4\\x90\\x80\\x80\\x80z"));
}

TEST(BytePath, ReadFileOpensTheNameAsGiven)
{
    QTemporaryDir tmp;
    const QByteArray name = QFile::encodeName(tmp.path()) + "/r\xff.mlir";
    const int fd = ::open(name.constData(), O_WRONLY | O_CREAT, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::write(fd, "text", 4), 4);
    ::close(fd);
    Diagnostics diags;
    const auto contents = readFile(decodeArgument(name).toStdString(), diags);
    ASSERT_TRUE(contents) << (diags.empty() ? "" : diags.front().format());
    EXPECT_EQ(contents->bytes, "text");
    // Qt's file classes reach it through qtPath.
    EXPECT_TRUE(QFileInfo(qtPath(decodeArgument(name))).isFile());
    EXPECT_EQ(displayPath(qtPath(decodeArgument(name))),
              tmp.path() + QStringLiteral("/r\\xff.mlir"));
    ::unlink(name.constData());

    EXPECT_FALSE(readFile(decodeArgument(name).toStdString(), diags));
    EXPECT_EQ(diags.back().place.file, (tmp.path() + QStringLiteral("/r\\xff.mlir")).toStdString());
}
