// Replays every input the fuzzers found (tests/data/fuzz-regressions/<target>/) through the
// same code the fuzz target runs, in the ordinary (and the asan) build: each once crashed,
// hung or tripped a sanitizer, and must now be read without any of that.

#include "TestPaths.h"
#include "targets/FuzzTargets.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>

namespace {

QString regressionsDir()
{
    return tilelens::test::testDataDir() + QStringLiteral("/fuzz-regressions");
}

} // namespace

TEST(FuzzRegressions, EveryFolderNamesATarget)
{
    QStringList known;
    for (const auto& t : tilelens::fuzz::fuzzTargets())
        known << QString::fromLatin1(t.name);
    const QStringList folders =
        QDir(regressionsDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString& f : folders)
        EXPECT_TRUE(known.contains(f)) << f.toStdString() << " is not a fuzz target";
}

TEST(FuzzRegressions, FoundInputsAreReadWithoutCrashing)
{
    size_t replayed = 0;
    for (const auto& t : tilelens::fuzz::fuzzTargets()) {
        const QDir dir(regressionsDir() + QLatin1Char('/') + QString::fromLatin1(t.name));
        for (const QString& name : dir.entryList(QDir::Files, QDir::Name)) {
            if (name == QLatin1String("README.md"))
                continue;
            QFile f(dir.filePath(name));
            ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << name.toStdString();
            const QByteArray bytes = f.readAll();
            SCOPED_TRACE(std::string(t.name) + "/" + name.toStdString());
            t.run(std::string_view(bytes.constData(), size_t(bytes.size())));
            ++replayed;
        }
    }
    // Every target also gets the corpus-free inputs that once broke it before fuzzing
    // (numbers outside double range, deep nesting), so the replay is never empty.
    EXPECT_GE(replayed, tilelens::fuzz::fuzzTargets().size());
}
