// tilelens-cli profile without a GPU: the profiled "command" is a shell line
// that writes record files itself, so the whole path (environment handed to
// the command, N runs, record directories, grouping, JSON, exit codes) runs in CI.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QDir>
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

QString recordFile()
{
    return tilelens::test::sourceDir() +
           QStringLiteral("/tests/core/perf/cupti/data/two_configs.jsonl");
}

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// A stand-in for a CUDA program: copies a record file where the library would
// write one and leaves the injection path it was given next to it.
QString fakeProgram()
{
    return QStringLiteral("cp '%1' \"$TILELENS_CUPTI_OUT/tilelens-cupti-$$.jsonl\" && "
                          "printf '%s' \"$CUDA_INJECTION64_PATH|$NVTX_INJECTION64_PATH\" > "
                          "\"$TILELENS_CUPTI_OUT/env.txt\"")
        .arg(recordFile());
}

} // namespace

TEST(CliProfile, RunsTheCommandNTimesAndWritesAProfile)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("prof"));
    const QString library = recordFile(); // any existing file: the fake program never loads it
    const auto r =
        runCli({QStringLiteral("profile"), QStringLiteral("--runs"), QStringLiteral("3"),
                QStringLiteral("--out"), out, QStringLiteral("--label"), QStringLiteral("demo"),
                QStringLiteral("--library"), library, QStringLiteral("--"), QStringLiteral("sh"),
                QStringLiteral("-c"), fakeProgram()});
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("grouped by nvtx")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("n=4096")));
    for (int i = 1; i <= 3; ++i) {
        QFile env(out + QStringLiteral("/run-%1/env.txt").arg(i));
        ASSERT_TRUE(env.open(QIODevice::ReadOnly)) << "run " << i;
        const QString abs = QFileInfo(library).absoluteFilePath();
        EXPECT_EQ(QString::fromUtf8(env.readAll()), abs + QLatin1Char('|') + abs);
    }
    const QJsonObject p = readJson(out + QStringLiteral("/profile.json"));
    EXPECT_EQ(p.value(QStringLiteral("schema")).toString(), QStringLiteral("tilelens.profile/1"));
    EXPECT_EQ(p.value(QStringLiteral("label")).toString(), QStringLiteral("demo"));
    EXPECT_EQ(p.value(QStringLiteral("runs")).toArray().size(), 3);
    const QJsonArray configs = p.value(QStringLiteral("configs")).toArray();
    ASSERT_EQ(configs.size(), 2);
    const QJsonObject first = configs.at(0).toObject();
    EXPECT_EQ(first.value(QStringLiteral("name")).toString(), QStringLiteral("n=1024"));
    // Iterations 840 ns and 600 ns: the lower median is 600 ns.
    EXPECT_DOUBLE_EQ(first.value(QStringLiteral("best_ms")).toDouble(), 0.0006);
    EXPECT_EQ(first.value(QStringLiteral("run_median_ms")).toArray().size(), 3);
    EXPECT_EQ(first.value(QStringLiteral("kernels"))
                  .toArray()
                  .at(0)
                  .toObject()
                  .value(QStringLiteral("demangled"))
                  .toString(),
              QStringLiteral("scale(float, float*, int)"));
}

TEST(CliProfile, WarmupRangesDropLeadingIterations)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("prof"));
    const auto r =
        runCli({QStringLiteral("profile"), QStringLiteral("--runs"), QStringLiteral("1"),
                QStringLiteral("--warmup-ranges"), QStringLiteral("1"), QStringLiteral("--out"),
                out, QStringLiteral("--library"), recordFile(), QStringLiteral("--"),
                QStringLiteral("sh"), QStringLiteral("-c"), fakeProgram()});
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QJsonArray configs =
        readJson(out + QStringLiteral("/profile.json")).value(QStringLiteral("configs")).toArray();
    ASSERT_EQ(configs.size(), 2);
    // n=1024 keeps its second iteration (600 ns); n=4096 had one iteration, now none.
    EXPECT_DOUBLE_EQ(configs.at(0).toObject().value(QStringLiteral("best_ms")).toDouble(), 0.0006);
    EXPECT_TRUE(configs.at(1).toObject().value(QStringLiteral("best_ms")).isNull());
}

TEST(CliProfile, RecordsModeReanalysesWithoutRunning)
{
    QTemporaryDir dir;
    for (int i = 1; i <= 2; ++i) {
        QDir().mkpath(dir.filePath(QStringLiteral("run-%1").arg(i)));
        ASSERT_TRUE(QFile::copy(
            recordFile(), dir.filePath(QStringLiteral("run-%1/tilelens-cupti-7.jsonl").arg(i))));
    }
    const QString json = dir.filePath(QStringLiteral("again.json"));
    const auto r =
        runCli({QStringLiteral("profile"), QStringLiteral("--records"), dir.path(),
                QStringLiteral("--label"), QStringLiteral("x"), QStringLiteral("-o"), json});
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QJsonObject p = readJson(json);
    EXPECT_EQ(p.value(QStringLiteral("runs")).toArray().size(), 2);
    EXPECT_EQ(p.value(QStringLiteral("configs")).toArray().size(), 2);
}

TEST(CliProfile, FailingCommandExitsOneButStillWritesTheProfile)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("prof"));
    const auto r = runCli({QStringLiteral("profile"), QStringLiteral("--runs"), QStringLiteral("1"),
                           QStringLiteral("--out"), out, QStringLiteral("--library"), recordFile(),
                           QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                           fakeProgram() + QStringLiteral("; exit 5")});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("exited with 5")));
    const QJsonObject p = readJson(out + QStringLiteral("/profile.json"));
    EXPECT_EQ(p.value(QStringLiteral("runs"))
                  .toArray()
                  .at(0)
                  .toObject()
                  .value(QStringLiteral("exit_code"))
                  .toInt(),
              5);
}

TEST(CliProfile, CommandWithoutKernelsIsAFailureWithAReason)
{
    QTemporaryDir dir;
    const auto r = runCli({QStringLiteral("profile"), QStringLiteral("--runs"), QStringLiteral("1"),
                           QStringLiteral("--out"), dir.filePath(QStringLiteral("p")),
                           QStringLiteral("--library"), recordFile(), QStringLiteral("--"),
                           QStringLiteral("true")});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("no CUPTI record file")));
    EXPECT_TRUE(r.err.contains(QStringLiteral("no kernel was measured")));
}

TEST(CliProfile, UsageErrorsExitThree)
{
    QTemporaryDir dir;
    const QString lib = recordFile();
    EXPECT_EQ(runCli({QStringLiteral("profile")}).exitCode, 3);
    EXPECT_EQ(
        runCli({QStringLiteral("profile"), QStringLiteral("--runs"), QStringLiteral("0"),
                QStringLiteral("--library"), lib, QStringLiteral("--"), QStringLiteral("true")})
            .exitCode,
        3);
    const auto noLib = runCli({QStringLiteral("profile"), QStringLiteral("--library"),
                               dir.filePath(QStringLiteral("missing.so")), QStringLiteral("--"),
                               QStringLiteral("true")});
    EXPECT_EQ(noLib.exitCode, 3);
    EXPECT_TRUE(noLib.err.contains(QStringLiteral("cannot find libtilelens_cupti.so")));
    const auto noStart =
        runCli({QStringLiteral("profile"), QStringLiteral("--out"),
                dir.filePath(QStringLiteral("p")), QStringLiteral("--library"), lib,
                QStringLiteral("--"), QStringLiteral("/nonexistent/program")});
    EXPECT_EQ(noStart.exitCode, 3);
    EXPECT_TRUE(noStart.err.contains(QStringLiteral("cannot start")));
    EXPECT_EQ(runCli({QStringLiteral("profile"), QStringLiteral("--records"),
                      dir.filePath(QStringLiteral("none"))})
                  .exitCode,
              3);
}

namespace {
// A record file with one range per configuration "n=<i>" whose kernel lasts durations[i] ns.
std::string recordsWith(const std::vector<int>& durations)
{
    std::string t = "{\"type\":\"header\",\"format\":\"tilelens.cupti\",\"version\":1,\"pid\":1}\n"
                    "{\"type\":\"name\",\"id\":1,\"name\":\"k\",\"demangled\":\"k\"}\n";
    long ts = 1000;
    for (size_t i = 0; i < durations.size(); ++i) {
        const std::string id = std::to_string(i + 1);
        t += "{\"type\":\"marker\",\"flag\":\"start\",\"id\":" + id +
             ",\"ts\":" + std::to_string(ts) + ",\"name\":\"n=" + std::to_string(i) + "\"}\n";
        t += "{\"type\":\"kernel\",\"name\":1,\"start\":" + std::to_string(ts + 10) +
             ",\"end\":" + std::to_string(ts + 10 + durations[i]) + "}\n";
        t += "{\"type\":\"marker\",\"flag\":\"end\",\"id\":" + id +
             ",\"ts\":" + std::to_string(ts + 100000) + "}\n";
        ts += 200000;
    }
    return t;
}

QString writeRun(const QTemporaryDir& dir, const QString& side, const std::string& text)
{
    const QString runDir = dir.filePath(side + QStringLiteral("/run-1"));
    QDir().mkpath(runDir);
    QFile f(runDir + QStringLiteral("/tilelens-cupti-1.jsonl"));
    if (f.open(QIODevice::WriteOnly))
        f.write(text.data(), qint64(text.size()));
    return dir.filePath(side);
}
} // namespace

// Pairs two profiles made with or without --label (unlabelled ones pair by role).
void expectTwoProfilesPair(bool labelled)
{
    QTemporaryDir dir;
    // Candidate is twice as fast on every configuration: geomean 0.5.
    const QString base = writeRun(dir, QStringLiteral("torch"), recordsWith({4000, 8000, 16000}));
    const QString cand = writeRun(dir, QStringLiteral("triton"), recordsWith({2000, 4000, 8000}));
    for (const auto& [records, label] :
         {std::pair{base, QStringLiteral("torch")}, std::pair{cand, QStringLiteral("triton")}}) {
        QStringList args = {QStringLiteral("profile"), QStringLiteral("--records"), records};
        if (labelled)
            args << QStringLiteral("--label") << label;
        ASSERT_EQ(runCli(args).exitCode, 0);
    }
    const auto r = runCli({QStringLiteral("perf"), QStringLiteral("--baseline"),
                           base + QStringLiteral("/profile.json"), QStringLiteral("--candidate"),
                           cand + QStringLiteral("/profile.json")});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("geomean_ratio=0.5000"))) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("VERDICT: DONE")));
}

TEST(CliProfile, TwoProfilesPairThroughPerf)
{
    expectTwoProfilesPair(true);
}

TEST(CliProfile, TwoUnlabelledProfilesPairByRole)
{
    expectTwoProfilesPair(false);
}
