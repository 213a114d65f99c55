#include "CliRunner.h"
#include "TestPaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString perfData(const char* name)
{
    return tilelens::test::testDataDir() + QStringLiteral("/perf/") + QString::fromLatin1(name);
}

QString example(const char* name)
{
    return tilelens::test::examplesDir() + QLatin1Char('/') + QString::fromLatin1(name);
}

} // namespace

TEST(CliPerf, ExampleKernelDirIsDone)
{
    const auto r = runCli({QStringLiteral("perf"), example("matmul")});
    EXPECT_EQ(r.exitCode, 0) << r.out.toStdString() << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("geomean_ratio=1.0154")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("95% interval: [")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("VERDICT: DONE")));
    const auto s = runCli({QStringLiteral("perf"), example("softmax")});
    EXPECT_EQ(s.exitCode, 1);
    EXPECT_TRUE(s.out.contains(QStringLiteral("Severity: MILD_GAP")));
}

TEST(CliPerf, FilesWithMissingAndExtraConfigs)
{
    const auto r = runCli({QStringLiteral("perf"), QStringLiteral("--baseline"),
                           perfData("baseline_cutile.txt"), QStringLiteral("--candidate"),
                           perfData("candidate_cutile_rs.txt")});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(r.out.contains(QStringLiteral("geomean_ratio=1.0323")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("Severity: MISSING_DATA")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("matched: 3 of 4 baseline configs")));
}

TEST(CliPerf, JsonOutputAndBestOfRuns)
{
    QTemporaryDir dir;
    // A second, faster run of the candidate: best of 2 takes its medians.
    QFile in(perfData("candidate_cutile_rs.txt"));
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    QByteArray faster = in.readAll();
    faster.replace("'median': 0.0440", "'median': 0.0400");
    QFile out(dir.filePath(QStringLiteral("run2.txt")));
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(faster);
    out.close();
    const auto r =
        runCli({QStringLiteral("perf"), QStringLiteral("--json"), QStringLiteral("--baseline"),
                perfData("baseline_cutile.txt"), QStringLiteral("--candidate"),
                perfData("candidate_cutile_rs.txt"), out.fileName()});
    EXPECT_EQ(r.exitCode, 1); // still one baseline config without a candidate
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    EXPECT_EQ(o.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.perf/1"));
    EXPECT_NEAR(o.value(QStringLiteral("geomean_ratio")).toDouble(), 1.0, 1e-12);
    EXPECT_EQ(o.value(QStringLiteral("candidate")).toArray().size(), 2);
    const QJsonObject first = o.value(QStringLiteral("rows")).toArray().at(0).toObject();
    EXPECT_NEAR(first.value(QStringLiteral("candidate_ms")).toDouble(), 0.04, 1e-12);
    EXPECT_TRUE(o.value(QStringLiteral("interval")).isObject());
}

TEST(CliPerf, InputErrors)
{
    EXPECT_EQ(runCli({QStringLiteral("perf")}).exitCode, 3);
    EXPECT_EQ(runCli({QStringLiteral("perf"), QStringLiteral("--baseline"),
                      perfData("baseline_cutile.txt")})
                  .exitCode,
              3);
    EXPECT_EQ(runCli({QStringLiteral("perf"), QStringLiteral("--baseline"),
                      QStringLiteral("/nonexistent.txt"), QStringLiteral("--candidate"),
                      perfData("candidate_cutile_rs.txt")})
                  .exitCode,
              3);
    QTemporaryDir dir;
    EXPECT_EQ(runCli({QStringLiteral("perf"), dir.path()}).exitCode, 3);
    EXPECT_EQ(runCli({QStringLiteral("perf"), QStringLiteral("--bogus")}).exitCode, 3);
}
