#include "CliRunner.h"

#include <gtest/gtest.h>

namespace {
using tilelens::test::CliResult;
using tilelens::test::runCli;
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
