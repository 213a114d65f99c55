// Hostile inputs reach every command as located errors: JSON numbers outside double range,
// deep nesting, FIFOs and devices. None may abort, hang or read without bound.

#include "CliRunner.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <csignal>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace {

using tilelens::test::CliResult;
using tilelens::test::runCli;

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    QString path = dir.filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    return path;
}

QString diffFixture()
{
    return tilelens::test::testDataDir() +
           QStringLiteral("/diff/softmax_persistent_256x2048_f32.mlir");
}

} // namespace

TEST(CliHostileInput, ValidateLocatesAnOutOfRangeNumberInsteadOfAborting)
{
    QTemporaryDir dir;
    const QString analysis = writeFile(dir, QStringLiteral("reference/analysis.json"),
                                       "{\"kernel_name\":\"softmax\",\"x\":1e400}");
    const CliResult r = runCli({QStringLiteral("validate"), QStringLiteral("--scope"),
                                QStringLiteral("analysis"), dir.path()});
    // A malformed analysis.json is a validation FAIL (validate_analysis.sh parity), not a crash.
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(analysis + QStringLiteral(":1:30: invalid JSON: number overflow "
                                                         "parsing '1e400'")))
        << r.out.toStdString();
}

TEST(CliHostileInput, PerfExitsThreeWithThePlaceOfAnOutOfRangeNumber)
{
    QTemporaryDir dir;
    const QString profile = writeFile(dir, QStringLiteral("p.json"),
                                      "{\"schema\":\"tilelens.profile/1\",\n \"configs\": 1e400}");
    const CliResult r = runCli({QStringLiteral("perf"), QStringLiteral("--baseline"), profile,
                                QStringLiteral("--candidate"), profile});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(profile + QStringLiteral(":2:13: error: invalid JSON: number "
                                                        "overflow parsing '1e400'")))
        << r.err.toStdString();
}

TEST(CliHostileInput, DiffRulesExitsThreeWithThePlaceOfAnOutOfRangeNumber)
{
    QTemporaryDir dir;
    const QString rules = writeFile(dir, QStringLiteral("r.json"),
                                    "{\"schema\":\"tilelens.rules/1\",\n\"rules\":[1e400]}");
    const CliResult r = runCli(
        {QStringLiteral("diff"), diffFixture(), diffFixture(), QStringLiteral("--rules"), rules});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(rules + QStringLiteral(":2:10: error: invalid JSON: number "
                                                      "overflow parsing '1e400'")))
        << r.err.toStdString();
}

TEST(CliHostileInput, DeeplyNestedAnalysisIsRefusedWithItsPlace)
{
    QTemporaryDir dir;
    writeFile(dir, QStringLiteral("reference/analysis.json"),
              QByteArray(100000, '[') + QByteArray(100000, ']'));
    const CliResult r = runCli({QStringLiteral("validate"), QStringLiteral("--scope"),
                                QStringLiteral("analysis"), dir.path()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(r.out.contains(QStringLiteral(":1:257: invalid JSON: nested more than 256 levels")))
        << r.out.toStdString();
}

TEST(CliHostileInput, ParseReadsAFifoOnce)
{
    // `cat x.mlir > f.mlir & tilelens-cli parse f.mlir` hung: the file was opened twice.
    QTemporaryDir dir;
    const std::string fifo = dir.filePath(QStringLiteral("f.mlir")).toStdString();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    QFile in(diffFixture());
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    const QByteArray text = in.readAll();
    std::signal(SIGPIPE, SIG_IGN);
    std::thread writer([&] {
        const int fd = ::open(fifo.c_str(), O_WRONLY);
        if (fd < 0)
            return;
        for (qsizetype done = 0; done < text.size();) {
            const ssize_t n = ::write(fd, text.constData() + done, size_t(text.size() - done));
            if (n <= 0)
                break;
            done += n;
        }
        ::close(fd);
    });
    const CliResult r =
        runCli({QStringLiteral("parse"), QString::fromStdString(fifo)}, QString(), 20000);
    writer.join();
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    const CliResult plain = runCli({QStringLiteral("parse"), diffFixture()});
    EXPECT_EQ(r.out.section(QLatin1Char(':'), 1), plain.out.section(QLatin1Char(':'), 1));
}

TEST(CliHostileInput, ParseRefusesADeviceUnread)
{
    const CliResult r = runCli({QStringLiteral("parse"), QStringLiteral("/dev/zero")});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(
        r.err.contains(QStringLiteral("/dev/zero: error: expected a file but this is a device")))
        << r.err.toStdString();
}
