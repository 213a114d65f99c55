// Issue 32: trust follows what runs. A trusted stage whose working directory is swapped for a
// link runs nowhere new without being asked again, and the workspace script a stage runs
// (`sh stage.sh`) is part of the digest, so a `git pull` that changes it revokes trust, with
// a message that says why. Old decisions (digest/2) are asked again, saying why.

#include "pipeline/TrustCoverage.h"

#include "PipelineTestSupport.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRunnerThread.h"
#include "pipeline/TrustStore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace tilelens::pipeline;
using tilelens::test::RunCollector;
using tilelens::test::TempWorkspace;

namespace {

void writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(data);
}

// A run as the GUI and `run` without --trust do it: the stored decision decides.
StageRun runTrusted(const TempWorkspace& ws, const QString& stage)
{
    StageRunnerThread worker;
    worker.configure([&ws](StageRunner& r) { r.setTrustStorePath(ws.trustFile()); });
    RunCollector events(worker.runner());
    const StageRequest req = StageRequest::make(ws.dir(), stage);
    worker.request(req);
    return events.waitFinished(req.runId);
}

} // namespace

TEST(TrustCoverage, AWorkingDirectorySwappedForALinkAfterTrustingRunsNothingOutside)
{
    TempWorkspace ws;
    QTemporaryDir outside;
    writeFile(outside.filePath(QStringLiteral("precious")), "keep me");
    QDir().mkpath(ws.path(QStringLiteral("sub")));
    writeFile(ws.path(QStringLiteral("sub/scratch")), "x");
    ws.writeConfig(R"({"stages": {"clean": {"argv": ["/bin/sh", "-c", "rm -f ./*"],
                                            "cwd": "sub"}}})");
    ws.trust();
    ASSERT_TRUE(TrustStore(ws.trustFile()).isTrusted(loadStageSet(ws.dir())));

    QDir(ws.path(QStringLiteral("sub"))).removeRecursively();
    ASSERT_TRUE(QFile::link(outside.path(), ws.path(QStringLiteral("sub"))));
    const StageRun run = runTrusted(ws, QStringLiteral("clean"));
    EXPECT_EQ(run.status, RunStatus::Rejected);
    EXPECT_TRUE(run.message.contains(QStringLiteral("outside the workspace")))
        << run.message.toStdString();
    EXPECT_TRUE(QFile::exists(outside.filePath(QStringLiteral("precious"))));
}

// A working directory declared outside the workspace (the TileGym checkout of stages A/D/E/F)
// runs where trust saw it resolve: a link swapped in there asks again, saying where it goes.
TEST(TrustCoverage, AWorkingDirectoryOutsideTheWorkspaceIsTrustedWhereItResolved)
{
    TempWorkspace ws;
    QTemporaryDir elsewhere;
    const QString checkout = elsewhere.filePath(QStringLiteral("tilegym"));
    const QString other = elsewhere.filePath(QStringLiteral("other"));
    QDir().mkpath(checkout);
    QDir().mkpath(other);
    ws.writeConfig(QByteArray(R"({"stages": {"t": {"argv": ["true"], "cwd": "@CO@"}}})")
                       .replace("@CO@", checkout.toUtf8()));
    ws.trust();
    TrustStore store(ws.trustFile());
    ASSERT_TRUE(store.isTrusted(loadStageSet(ws.dir())));
    QDir(checkout).removeRecursively();
    ASSERT_TRUE(QFile::link(other, checkout));
    const StageSet set = loadStageSet(ws.dir());
    EXPECT_EQ(store.state(set), TrustState::Changed);
    EXPECT_TRUE(store.changeReason(set).contains(QStringLiteral("stage t now runs in ") + other))
        << store.changeReason(set).toStdString();
    const StageRun run = runTrusted(ws, QStringLiteral("t"));
    EXPECT_EQ(run.status, RunStatus::Rejected);
    EXPECT_TRUE(run.message.contains(QStringLiteral("changed: stage t now runs in")))
        << run.message.toStdString();
}

TEST(TrustCoverage, AChangedWorkspaceScriptRevokesTrustAndSaysWhy)
{
    TempWorkspace ws;
    writeFile(ws.path(QStringLiteral("stage.sh")), "echo trusted code > ran.txt\n");
    ws.writeConfig(R"({"stages": {"s": {"argv": ["sh", "stage.sh"]}}})");
    ws.trust();
    EXPECT_EQ(runTrusted(ws, QStringLiteral("s")).status, RunStatus::Exited);
    ASSERT_TRUE(QFile::exists(ws.path(QStringLiteral("ran.txt"))));
    QFile::remove(ws.path(QStringLiteral("ran.txt")));

    // A `git pull` changes the script; tilelens.json stays as it was.
    writeFile(ws.path(QStringLiteral("stage.sh")), "echo new code > ran.txt\n");
    const StageSet set = loadStageSet(ws.dir());
    TrustStore store(ws.trustFile());
    EXPECT_EQ(store.state(set), TrustState::Changed);
    EXPECT_TRUE(store.changeReason(set).contains(QStringLiteral("stage s: ") +
                                                 ws.path(QStringLiteral("stage.sh")) +
                                                 QStringLiteral(" changed")))
        << store.changeReason(set).toStdString();
    const StageRun run = runTrusted(ws, QStringLiteral("s"));
    EXPECT_EQ(run.status, RunStatus::Rejected);
    EXPECT_TRUE(run.message.contains(QStringLiteral("stage.sh changed")))
        << run.message.toStdString();
    EXPECT_FALSE(QFile::exists(ws.path(QStringLiteral("ran.txt"))));

    // The prompt lists the covered script and says what is not covered.
    const QString text = TrustStore::describeCommands(set);
    EXPECT_TRUE(text.contains(QStringLiteral("covers: ") + ws.path(QStringLiteral("stage.sh"))))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("does not cover the files those scripts read")));
}

TEST(TrustCoverage, TheFilesACommandRunsAreCoveredNotTheDataItReads)
{
    TempWorkspace ws;
    QDir().mkpath(ws.path(QStringLiteral("tools/bin")));
    for (const char* f :
         {"stage.sh", "post.sh", "env.sh", "tools/x.py", "tools/bin/tool", "data.txt", "nested.sh"})
        writeFile(ws.path(QString::fromLatin1(f)), "#\n");
    QFile::setPermissions(ws.path(QStringLiteral("tools/bin/tool")),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    ws.writeConfig(R"({"env": {"PATH": "${WS}/tools/bin:/usr/bin:/bin"}, "stages": {
        "py": {"argv": ["python3", "-u", "tools/x.py", "data.txt"]},
        "mod": {"argv": ["python3", "-m", "pytest", "data.txt"]},
        "tool": {"argv": ["tool", "data.txt"]},
        "sh": {"shell": true,
               "argv": [". ./env.sh; FOO=1 sh \"${WS}/stage.sh\" data.txt && ./post.sh > data.txt; sh -c 'sh nested.sh'; cat data.txt"]}}})");
    const StageSet set = loadStageSet(ws.dir());
    const auto files = [&](const char* id) {
        QStringList out;
        for (const QString& f : namedWorkspaceFiles(
                 set.kernelDir, resolveStage(set, *set.find(QString::fromLatin1(id))),
                 QProcessEnvironment::systemEnvironment()))
            out << QDir(set.kernelDir).relativeFilePath(f);
        return out;
    };
    EXPECT_EQ(files("py"), QStringList{QStringLiteral("tools/x.py")});
    EXPECT_EQ(files("mod"), QStringList());
    EXPECT_EQ(files("tool"), QStringList{QStringLiteral("tools/bin/tool")});
    EXPECT_EQ(files("sh"), (QStringList{QStringLiteral("env.sh"), QStringLiteral("stage.sh"),
                                        QStringLiteral("post.sh"), QStringLiteral("nested.sh")}));
}

// A decision stored by a TileLens before issue 32 (digest of the declarations only) asks
// again, and says that it predates what trust covers now.
TEST(TrustCoverage, AnOlderDecisionIsAskedAgainWithTheReason)
{
    TempWorkspace ws;
    const StageSet set = loadStageSet(ws.dir());
    QJsonObject old{{QStringLiteral("path"), TrustStore::canonicalWorkspace(ws.dir())},
                    {QStringLiteral("digest"), TrustStore::declarationsDigest(set)},
                    {QStringLiteral("trusted"), true},
                    {QStringLiteral("decided"), QStringLiteral("2025-01-01T00:00:00Z")}};
    writeFile(
        ws.trustFile(),
        QJsonDocument(QJsonObject{{QStringLiteral("schema"), QStringLiteral("tilelens.trust/1")},
                                  {QStringLiteral("workspaces"), QJsonArray{old}}})
            .toJson());
    TrustStore store(ws.trustFile());
    EXPECT_EQ(store.state(set), TrustState::Changed);
    EXPECT_TRUE(store.changeReason(set).contains(QStringLiteral("earlier TileLens")))
        << store.changeReason(set).toStdString();
    ASSERT_TRUE(store.decide(set, true));
    EXPECT_EQ(store.state(set), TrustState::Trusted);
    EXPECT_TRUE(store.changeReason(set).isEmpty());
}
