// Where tilelens-cli profile / run --profile and the app find libtilelens_cupti.so:
// the Debian package puts it in /usr/lib/<multiarch>/tilelens/, beside nothing else.

#include "pipeline/ProfiledRun.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

// Unsets TILELENS_CUPTI_LIBRARY for one test and restores it afterwards.
class NoLibraryOverride
{
public:
    NoLibraryOverride() : m_saved(qgetenv("TILELENS_CUPTI_LIBRARY"))
    {
        qunsetenv("TILELENS_CUPTI_LIBRARY");
    }
    ~NoLibraryOverride()
    {
        if (!m_saved.isEmpty())
            qputenv("TILELENS_CUPTI_LIBRARY", m_saved);
    }

private:
    QByteArray m_saved;
};

bool touch(const QString& path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly);
}

TEST(CuptiLibraryLocation, FoundInThePackagesPrivateMultiarchDirectory)
{
    ASSERT_STRNE(TILELENS_TEST_MULTIARCH, "") << "CMake knows no multiarch triplet here";
    NoLibraryOverride noOverride;
    QTemporaryDir root;
    ASSERT_TRUE(root.isValid());
    const QString bin = root.filePath(QStringLiteral("usr/bin"));
    ASSERT_TRUE(QDir().mkpath(bin));
    const QString library = root.filePath(
        QStringLiteral("usr/lib/" TILELENS_TEST_MULTIARCH "/tilelens/libtilelens_cupti.so"));
    ASSERT_TRUE(touch(library));
    EXPECT_EQ(tilelens::pipeline::findCuptiLibrary(bin), QFileInfo(library).absoluteFilePath());
}

TEST(CuptiLibraryLocation, TheEnvironmentWinsAndAMissingOneFindsNothing)
{
    NoLibraryOverride noOverride;
    QTemporaryDir root;
    ASSERT_TRUE(root.isValid());
    const QString bin = root.filePath(QStringLiteral("usr/bin"));
    ASSERT_TRUE(touch(root.filePath(
        QStringLiteral("usr/lib/" TILELENS_TEST_MULTIARCH "/tilelens/libtilelens_cupti.so"))));
    const QString other = root.filePath(QStringLiteral("elsewhere/libtilelens_cupti.so"));
    ASSERT_TRUE(touch(other));
    qputenv("TILELENS_CUPTI_LIBRARY", other.toUtf8());
    EXPECT_EQ(tilelens::pipeline::findCuptiLibrary(bin), QFileInfo(other).absoluteFilePath());
    qputenv("TILELENS_CUPTI_LIBRARY", root.filePath(QStringLiteral("gone.so")).toUtf8());
    EXPECT_EQ(tilelens::pipeline::findCuptiLibrary(bin), QString());
    qunsetenv("TILELENS_CUPTI_LIBRARY");
}

} // namespace
