#include <QProcess>
#include <gtest/gtest.h>

namespace {
struct CliResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

CliResult runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(TILELENS_CLI_PATH), args);
    p.waitForFinished(60000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}
} // namespace

TEST(CliVersion, PrintsNameAndVersion)
{
    const auto r = runCli({QStringLiteral("--version")});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.out.trimmed(), QStringLiteral("tilelens-cli " TILELENS_VERSION));
}

TEST(CliVersion, HelpListsUsageAndExitCodes)
{
    const auto r = runCli({QStringLiteral("--help")});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_TRUE(r.out.contains(QStringLiteral("Usage:")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("Exit codes")));
}

TEST(CliVersion, UnknownCommandIsUsageError)
{
    const auto r = runCli({QStringLiteral("frobnicate")});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_TRUE(r.err.contains(QStringLiteral("unknown command 'frobnicate'")));
}

TEST(CliVersion, NoArgumentsIsUsageError)
{
    const auto r = runCli({});
    EXPECT_EQ(r.exitCode, 3);
}
