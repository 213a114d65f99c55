// Issue 14, S1/S2: values (the kernel name from analysis.json, the directory
// name) reach a shell stage through its environment, never as script text, so
// hostile names execute nothing; argv stages get each expansion as one whole
// argument. Existing specs that write ${KERNEL} in a shell string keep working.

#include "PipelineTestSupport.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRunnerThread.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tilelens::pipeline;
using tilelens::test::RunCollector;

namespace {

const QString kHostileKernel = QStringLiteral("softmax; touch PWNED #");

// A workspace under `name` whose analysis.json names the kernel `kernel`.
class HostileWorkspace
{
public:
    HostileWorkspace(const QString& name, const QString& kernel, const QByteArray& stages)
    {
        tilelens::test::ensureCoreApp();
        m_dir = m_tmp.path() + QLatin1Char('/') + name;
        QDir().mkpath(m_dir + QStringLiteral("/reference"));
        write(QStringLiteral("reference/analysis.json"),
              QJsonDocument(QJsonObject{{QStringLiteral("kernel_name"), kernel}}).toJson());
        write(QStringLiteral("tilelens.json"), "{\"stages\": " + stages + "}");
    }
    const QString& dir() const { return m_dir; }
    QString root() const { return m_tmp.path(); }

    // Every file named PWNED* anywhere under the temporary root.
    QStringList pwned() const
    {
        QStringList found;
        QDirIterator it(m_tmp.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString f = it.next();
            if (QFileInfo(f).fileName().startsWith(QStringLiteral("PWNED")))
                found << f;
        }
        return found;
    }

    StageRun run(const QString& stage)
    {
        StageRunnerThread worker;
        RunCollector events(worker.runner());
        StageRequest req = StageRequest::make(m_dir, stage);
        req.trustOverride = true;
        worker.request(req);
        StageRun r = events.waitFinished(req.runId);
        output = events.output.value(req.runId);
        return r;
    }

    QByteArray output;

private:
    void write(const QString& rel, const QByteArray& data)
    {
        QFile f(m_dir + QLatin1Char('/') + rel);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(data);
    }
    QTemporaryDir m_tmp;
    QString m_dir;
};

const QByteArray kShellStages = R"({
  "say": {"shell": true, "argv": ["echo building ${KERNEL} in ${WS}; echo \"dq=${KERNEL}\"; echo 'sq=${KERNEL}'"]}
})";

} // namespace

TEST(StageInjection, KernelNameIsDataNotScript)
{
    HostileWorkspace ws(QStringLiteral("w"), kHostileKernel, kShellStages);
    const ResolvedStage r =
        resolveStage(loadStageSet(ws.dir()), *loadStageSet(ws.dir()).find(QStringLiteral("say")));
    ASSERT_TRUE(r.runnable) << r.reason.toStdString();
    ASSERT_EQ(r.argv.size(), 3);
    EXPECT_FALSE(r.argv[2].contains(QStringLiteral("PWNED"))) << r.argv[2].toStdString();
    EXPECT_EQ(r.envChanges.value(QStringLiteral("KERNEL")), kHostileKernel);
    EXPECT_EQ(r.envChanges.value(QStringLiteral("WS")), ws.dir());

    const StageRun run = ws.run(QStringLiteral("say"));
    EXPECT_EQ(run.status, RunStatus::Exited);
    EXPECT_EQ(run.exitCode, 0) << ws.output.toStdString();
    EXPECT_TRUE(ws.pwned().isEmpty()) << ws.pwned().join(QLatin1Char(' ')).toStdString();
    // The old ${KERNEL} specs still print the value, in every quoting context.
    const QByteArray expected = "building " + kHostileKernel.toUtf8() + " in " + ws.dir().toUtf8() +
                                "\ndq=" + kHostileKernel.toUtf8() +
                                "\nsq=" + kHostileKernel.toUtf8() + "\n";
    EXPECT_EQ(ws.output, expected);
}

TEST(StageInjection, DirectoryNamesWithSubstitutionsOrQuotesRunNothing)
{
    for (const QString& name :
         {QStringLiteral("w$(touch PWNED3)"), QStringLiteral("w`touch PWNED4`"),
          QStringLiteral("w'q\"x $HOME")}) {
        HostileWorkspace ws(name, QStringLiteral("softmax"), kShellStages);
        const StageRun run = ws.run(QStringLiteral("say"));
        EXPECT_EQ(run.exitCode, 0) << name.toStdString() << ": " << ws.output.toStdString();
        EXPECT_TRUE(ws.pwned().isEmpty()) << name.toStdString();
        EXPECT_TRUE(ws.output.startsWith("building softmax in " + ws.dir().toUtf8() + "\n"))
            << ws.output.toStdString();
    }
}

TEST(StageInjection, ArgvStagesGetEachExpansionAsOneArgument)
{
    HostileWorkspace ws(QStringLiteral("w $(touch PWNED5)"), kHostileKernel,
                        R"({"args": {"argv": ["printf", "<%s>", "${KERNEL}", "x${WS}y"]}})");
    const StageRun run = ws.run(QStringLiteral("args"));
    EXPECT_EQ(run.exitCode, 0);
    EXPECT_EQ(ws.output, "<" + kHostileKernel.toUtf8() + "><x" + ws.dir().toUtf8() + "y>");
    EXPECT_TRUE(ws.pwned().isEmpty());
}

TEST(StageInjection, EscapedDollarAndShellVariablesStayTheScripts)
{
    StageSet set;
    set.kernelDir = QStringLiteral("/ws");
    set.kernelName = QStringLiteral("k");
    StageSpec st;
    st.id = QStringLiteral("s");
    st.shell = true;
    st.argv = {QStringLiteral("x=1; echo \\${KERNEL} $x \"${KERNEL}\" '${KERNEL}' ${KERNEL}")};
    const ResolvedStage r = resolveStage(set, st, QProcessEnvironment());
    ASSERT_EQ(r.argv.size(), 3);
    EXPECT_EQ(r.argv[2], QStringLiteral("x=1; echo \\${KERNEL} $x \"${KERNEL}\" ''\"${KERNEL}\"'' "
                                        "\"${KERNEL}\""));
}
