#include "pipeline/SlurmLauncher.h"
#include "pipeline/StageOutputParser.h"

#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens::pipeline;

TEST(StageOutputParser, PytestProgressAcrossChunkBoundaries)
{
    StageOutputParser p;
    EXPECT_FALSE(p.feed("platform linux -- Python 3.12\ncollecting ... collected 36 items / 34 "
                        "deselected / 2 sel"));
    EXPECT_EQ(p.total(), 0);
    EXPECT_TRUE(p.feed("ected\n"));
    EXPECT_EQ(p.total(), 2);
    EXPECT_FALSE(p.feed("tests/ops/test_x.py::T::test_perf[cutile_rs-1] PAS"));
    EXPECT_TRUE(p.feed("SED [ 50%]\n"));
    EXPECT_EQ(p.percent(), 50);
    EXPECT_EQ(p.done(), 1);
    p.feed("tests/ops/test_x.py::T::test_perf[cutile_rs-2] FAILED                    "
           "[100%]\nVERDICT: FAIL\n");
    EXPECT_EQ(p.percent(), 100);
    EXPECT_EQ(p.done(), 2);
    EXPECT_EQ(p.lastVerdict(), QStringLiteral("FAIL"));
    StageOutputParser q;
    q.feed("collected 7 items\n");
    EXPECT_EQ(q.total(), 7);
}

TEST(StageOutputParser, HugeLinesStayBounded)
{
    StageOutputParser p;
    const QByteArray blob(10 * 1024 * 1024, 'x');
    p.feed(blob);
    p.feed(blob);
    p.feed("\nVERDICT: DONE\n");
    EXPECT_EQ(p.lastVerdict(), QStringLiteral("DONE"));
}

TEST(StageOutputParser, VerdictFromReportFile)
{
    QTemporaryDir tmp;
    QFile f(tmp.filePath(QStringLiteral("correctness.md")));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("VERDICT: ALL_PASS\n# Agent D Report\n");
    f.close();
    EXPECT_EQ(verdictFromFile(f.fileName()), QStringLiteral("ALL_PASS"));
    EXPECT_TRUE(verdictFromFile(tmp.filePath(QStringLiteral("missing.md"))).isEmpty());
    EXPECT_EQ(verdictWord("VERDICT: PASS_WITH_NOTES (0 workaround op(s))"),
              QStringLiteral("PASS_WITH_NOTES"));
}

TEST(SlurmLauncher, SrunStreamsAndCarriesTheGres)
{
    ResolvedStage st;
    st.stageId = QStringLiteral("D");
    st.argv = {QStringLiteral("python3"), QStringLiteral("-m"), QStringLiteral("pytest"),
               QStringLiteral("-k"), QStringLiteral("test_op and cutile_rs")};
    st.cwd = QStringLiteral("/tg");
    st.launcher.kind = QStringLiteral("slurm");
    st.launcher.gres = QStringLiteral("gpu:1");
    st.launcher.partition = QStringLiteral("h200");
    st.launcher.timeLimit = QStringLiteral("00:30:00");
    const LaunchCommand c =
        buildLaunchCommand(st, QStringLiteral("r1"), QStringLiteral("/ws/.tilelens/logs"));
    EXPECT_EQ(c.program, QStringLiteral("srun"));
    EXPECT_EQ(c.jobName, QStringLiteral("tilelens-D-r1"));
    EXPECT_TRUE(c.arguments.contains(QStringLiteral("--gres=gpu:1")));
    EXPECT_TRUE(c.arguments.contains(QStringLiteral("--partition=h200")));
    EXPECT_TRUE(c.arguments.contains(QStringLiteral("--time=00:30:00")));
    EXPECT_TRUE(c.arguments.contains(QStringLiteral("--chdir=/tg")));
    EXPECT_TRUE(c.arguments.contains(QStringLiteral("--unbuffered")));
    EXPECT_EQ(c.arguments.mid(c.arguments.size() - 5), st.argv); // the command itself, unquoted
    EXPECT_TRUE(c.outputFile.isEmpty());
}

TEST(SlurmLauncher, SbatchWaitsAndQuotesTheWrappedCommand)
{
    ResolvedStage st;
    st.stageId = QStringLiteral("my stage");
    st.argv = {QStringLiteral("echo"), QStringLiteral("it's")};
    st.cwd = QStringLiteral("/ws");
    st.launcher.kind = QStringLiteral("slurm");
    st.launcher.mode = QStringLiteral("sbatch");
    const LaunchCommand c =
        buildLaunchCommand(st, QStringLiteral("r2"), QStringLiteral("/ws/.tilelens/logs"));
    EXPECT_EQ(c.program, QStringLiteral("sbatch"));
    EXPECT_EQ(c.jobName, QStringLiteral("tilelens-my_stage-r2"));
    EXPECT_TRUE(c.arguments.contains(QStringLiteral("--wait")));
    EXPECT_EQ(c.outputFile, QStringLiteral("/ws/.tilelens/logs/slurm-r2.out"));
    EXPECT_EQ(c.arguments.last(), QStringLiteral("--wrap=exec echo 'it'\\''s'"));
    EXPECT_EQ(scancelArguments(c.jobName),
              QStringList{QStringLiteral("--name=tilelens-my_stage-r2")});
    EXPECT_TRUE(squeueStateArguments(c.jobName).contains(QStringLiteral("--format=%T")));

    st.launcher.kind = QStringLiteral("local");
    const LaunchCommand local = buildLaunchCommand(st, QStringLiteral("r3"), QString());
    EXPECT_EQ(local.program, QStringLiteral("echo"));
    EXPECT_EQ(local.arguments, QStringList{QStringLiteral("it's")});
}
