// Issue 14, S3: every path a stage writes (log_copy, outputs, verdict_file,
// TileLens' own .tilelens records) stays inside the workspace after `..` and
// symbolic links are resolved; an escape is refused with a clear message, at
// resolve time and again when TileLens writes (a stage may plant a link).

#include "PipelineTestSupport.h"
#include "pipeline/BuiltinStage.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRunnerThread.h"
#include "pipeline/WorkspacePaths.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>

using namespace tilelens::pipeline;
using tilelens::test::RunCollector;
using tilelens::test::TempWorkspace;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(data);
}

ResolvedStage resolved(const TempWorkspace& ws, const char* stage)
{
    const StageSet set = loadStageSet(ws.dir());
    const StageSpec* spec = set.find(QString::fromLatin1(stage));
    EXPECT_NE(spec, nullptr) << stage;
    return spec ? resolveStage(set, *spec) : ResolvedStage{};
}

StageRun runStage(const TempWorkspace& ws, const QString& stage)
{
    StageRunnerThread worker;
    RunCollector events(worker.runner());
    StageRequest req = StageRequest::make(ws.dir(), stage);
    req.trustOverride = true;
    worker.request(req);
    return events.waitFinished(req.runId);
}

} // namespace

TEST(StageConfinement, PhysicalPathResolvesDotDotAndLinksFromTheRoot)
{
    QTemporaryDir tmp;
    const QString root = QFileInfo(tmp.path()).canonicalFilePath();
    QDir().mkpath(root + QStringLiteral("/ws/real"));
    QDir().mkpath(root + QStringLiteral("/outside"));
    QFile::link(root + QStringLiteral("/outside"), root + QStringLiteral("/ws/out"));
    QFile::link(QStringLiteral("../outside/new.txt"), root + QStringLiteral("/ws/dangling"));
    const QString ws = root + QStringLiteral("/ws");
    EXPECT_EQ(physicalPath(ws + QStringLiteral("/real/../x/y")), ws + QStringLiteral("/x/y"));
    EXPECT_EQ(physicalPath(ws + QStringLiteral("/out/a.txt")),
              root + QStringLiteral("/outside/a.txt"));
    EXPECT_EQ(physicalPath(ws + QStringLiteral("/dangling")),
              root + QStringLiteral("/outside/new.txt"));
    EXPECT_TRUE(isInsideWorkspace(ws, ws + QStringLiteral("/real/new/deeper.txt")));
    EXPECT_TRUE(isInsideWorkspace(ws, ws + QStringLiteral("/gen*/x.mlir")));
    EXPECT_FALSE(isInsideWorkspace(ws, ws + QStringLiteral("/../victim.txt")));
    EXPECT_FALSE(isInsideWorkspace(ws, ws + QStringLiteral("/out/a.txt")));
    EXPECT_FALSE(isInsideWorkspace(ws, ws + QStringLiteral("/dangling")));
    EXPECT_FALSE(isInsideWorkspace(ws, ws + QStringLiteral("/out/*.txt")));
    EXPECT_FALSE(isInsideWorkspace(ws, root + QStringLiteral("/wsx/a"))); // a prefix is not inside
}

TEST(StageConfinement, LogCopyOutsideTheWorkspaceIsRefusedAndNothingIsOverwritten)
{
    TempWorkspace ws;
    const QString victim = QFileInfo(ws.dir()).absolutePath() + QStringLiteral("/victim.txt");
    writeFile(victim, "precious\n");
    ws.writeConfig(R"({"stages": {"ok": {"argv": ["true"], "log_copy": "../victim.txt"}}})");
    const ResolvedStage r = resolved(ws, "ok");
    EXPECT_FALSE(r.runnable);
    EXPECT_TRUE(r.reason.contains(QStringLiteral("log_copy \"../victim.txt\"")))
        << r.reason.toStdString();
    EXPECT_TRUE(r.reason.contains(QStringLiteral("outside the workspace")));
    const StageRun run = runStage(ws, QStringLiteral("ok")); // even when trusted explicitly
    EXPECT_EQ(run.status, RunStatus::Rejected);
    EXPECT_EQ(readAll(victim), "precious\n");
}

TEST(StageConfinement, EveryWrittenPathIsCheckedThroughSymlinks)
{
    TempWorkspace ws;
    QTemporaryDir outside;
    ASSERT_TRUE(QFile::link(outside.path(), ws.path(QStringLiteral("linked"))));
    ws.writeConfig(R"({"stages": {
        "log": {"argv": ["true"], "log_copy": "linked/log.txt"},
        "out": {"argv": ["true"], "outputs": ["generated/a.mlir", "linked/*.mlir"]},
        "verdict": {"argv": ["true"], "verdict": "file", "verdict_file": "/etc/hostname"},
        "inside": {"argv": ["true"], "log_copy": "logs/./new/../log.txt", "outputs": ["gen/*"]}}})");
    EXPECT_TRUE(resolved(ws, "log").reason.contains(QStringLiteral("log_copy")));
    EXPECT_TRUE(resolved(ws, "out").reason.contains(QStringLiteral("outputs \"linked/*.mlir\"")));
    EXPECT_TRUE(resolved(ws, "verdict").reason.contains(QStringLiteral("verdict_file")));
    const ResolvedStage inside = resolved(ws, "inside");
    EXPECT_TRUE(inside.runnable) << inside.reason.toStdString();

    // TileLens' own records: a planted .tilelens link would send them elsewhere.
    ASSERT_TRUE(QFile::link(outside.path(), ws.path(QStringLiteral(".tilelens"))));
    EXPECT_TRUE(resolved(ws, "inside").reason.contains(QStringLiteral("the run records")));
    EXPECT_TRUE(resolved(ws, "C").reason.contains(QStringLiteral("outside the workspace")));
}

TEST(StageConfinement, ALinkPlantedByTheStageIsCaughtWhenTheLogIsCopied)
{
    TempWorkspace ws;
    QTemporaryDir outside;
    const QByteArray json = R"({"stages": {"plant": {"shell": true,
        "argv": ["ln -s '@OUT@' planted && echo planted"], "log_copy": "planted/log.txt"}}})";
    ws.writeConfig(QByteArray(json).replace("@OUT@", outside.path().toUtf8()));
    ASSERT_TRUE(resolved(ws, "plant").runnable); // nothing points outside yet
    const StageRun run = runStage(ws, QStringLiteral("plant"));
    EXPECT_EQ(run.status, RunStatus::Exited);
    EXPECT_TRUE(run.message.contains(QStringLiteral("refused to copy the log")))
        << run.message.toStdString();
    EXPECT_FALSE(QFile::exists(outside.path() + QStringLiteral("/log.txt")));
}

// Issue 32: TileLens's own records (runs.jsonl, the run's log) are written through OwnedDir:
// a link in .tilelens, dangling or not, planted before the run or by the stage during it, is
// refused when the file is opened and nothing is created outside the workspace, even for a
// built-in stage, which needs no trust.
TEST(StageConfinement, OwnRecordsAreNeverWrittenThroughALinkInTilelens)
{
    TempWorkspace ws;
    QTemporaryDir outside;
    const QString tl = ws.path(QStringLiteral(".tilelens"));
    QDir().mkpath(tl);
    const auto outsideIsEmpty = [&outside] {
        return QDir(outside.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    };

    BuiltinStageRegistry::add(QStringLiteral("validate"), [](const BuiltinContext&) {
        return BuiltinResult{0, QStringLiteral("PASS"), QString(), {}};
    });
    ASSERT_TRUE(QFile::link(outside.path() + QStringLiteral("/runs.jsonl"),
                            tl + QStringLiteral("/runs.jsonl")));
    StageRun run = runStage(ws, QStringLiteral("validate"));
    BuiltinStageRegistry::remove(QStringLiteral("validate"));
    EXPECT_EQ(run.status, RunStatus::FailedToStart);
    EXPECT_TRUE(run.message.contains(QStringLiteral("runs.jsonl is a symbolic link")))
        << run.message.toStdString();
    EXPECT_TRUE(outsideIsEmpty());
    QFile::remove(tl + QStringLiteral("/runs.jsonl"));

    ASSERT_TRUE(QFile::link(outside.path(), tl + QStringLiteral("/logs")));
    run = runStage(ws, QStringLiteral("ok"));
    EXPECT_EQ(run.status, RunStatus::FailedToStart);
    EXPECT_TRUE(run.message.contains(QStringLiteral("logs is a symbolic link")))
        << run.message.toStdString();
    EXPECT_TRUE(outsideIsEmpty());
    QFile::remove(tl + QStringLiteral("/logs"));

    // The stage swaps runs.jsonl for a link while it runs: the end record is refused. The
    // runner appends the start record once the process has started (it names the pid): the
    // stage waits for its own, or under load its swap could come first and the record then
    // recreates the file it removed (ln fails, nothing is swapped).
    const QByteArray json = R"({"stages": {"swap": {"shell": true,
        "argv": ["for i in $(seq 1000); do grep '\"start\"' .tilelens/runs.jsonl 2>/dev/null | grep -q swap && break; sleep 0.01; done; rm -f .tilelens/runs.jsonl && ln -s '@OUT@/end.jsonl' .tilelens/runs.jsonl"]}}})";
    ws.writeConfig(QByteArray(json).replace("@OUT@", outside.path().toUtf8()));
    run = runStage(ws, QStringLiteral("swap"));
    EXPECT_EQ(run.status, RunStatus::Exited);
    EXPECT_TRUE(run.message.contains(QStringLiteral("symbolic link"))) << run.message.toStdString();
    EXPECT_TRUE(outsideIsEmpty());
}
