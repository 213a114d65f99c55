#pragma once
// Helpers for the pair tests: fixture texts and files written into a temporary folder.

#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <memory>
#include <string>

namespace tilelens::pair::test {

inline std::string readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

inline QString dataPath(const char* relative)
{
    return tilelens::test::testDataDir() + QLatin1Char('/') + QString::fromUtf8(relative);
}

// The softmax fixture of the diff tests, and the same with one edit applied.
inline std::string softmax()
{
    return readText(dataPath("diff/softmax_persistent_256x2048_f32.mlir"));
}

inline std::string edited(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos)
        text.replace(at, from.size(), to);
    return text;
}

inline std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& bytes)
{
    const QString path = dir.filePath(QString::fromUtf8(name));
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes.data(), qint64(bytes.size()));
    return path.toStdString();
}

inline std::shared_ptr<const std::string> shared(std::string text)
{
    return std::make_shared<const std::string>(std::move(text));
}

} // namespace tilelens::pair::test
