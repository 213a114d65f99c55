// tilelens-cli run --profile N: the stage runs N times through the stage
// runner with the CUPTI injection variables; the fake command
// (tests/core/pipeline/fake_cupti_command.sh) writes the records the library
// would, so no GPU is needed.

#include "CliRunner.h"
#include "FakeCupti.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <gtest/gtest.h>

TEST(CliRunProfile, StageERunsNTimesAndWritesTheProfile)
{
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("fakeop"));
    ASSERT_TRUE(QDir().mkpath(dir));
    QFile f(QDir(dir).filePath(QStringLiteral("tilelens.json")));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(tilelens::test::fakeCuptiStagesJson({{QStringLiteral("E"), 1000}}));
    f.close();
    const tilelens::test::CliResult r = tilelens::test::runCli(
        {QStringLiteral("run"), QStringLiteral("--trust"), QStringLiteral("--profile"),
         QStringLiteral("3"), QStringLiteral("--cupti-library"), tilelens::test::fakeCuptiCommand(),
         dir, QStringLiteral("E")});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(r.out.count(QStringLiteral("fake benchmark")), 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("profiled run 3/3 of stage E")))
        << r.err.toStdString();
    EXPECT_TRUE(QFileInfo(QDir(dir).filePath(QStringLiteral(".tilelens/profiles/E/profile.json")))
                    .isFile());
    const tilelens::test::CliResult bad = tilelens::test::runCli(
        {QStringLiteral("run"), QStringLiteral("--trust"), QStringLiteral("--profile"),
         QStringLiteral("0"), dir, QStringLiteral("E")});
    EXPECT_EQ(bad.exitCode, 3);
}
