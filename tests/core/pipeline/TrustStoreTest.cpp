#include "pipeline/TrustStore.h"

#include "PipelineTestSupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <functional>
#include <gtest/gtest.h>

using namespace tilelens::pipeline;
using tilelens::test::TempWorkspace;

TEST(TrustStore, DecisionIsStoredPerCanonicalPathAndCommands)
{
    TempWorkspace ws;
    TrustStore store(ws.trustFile());
    const StageSet set = loadStageSet(ws.dir());
    EXPECT_TRUE(TrustStore::needsTrust(set));
    EXPECT_EQ(store.state(set), TrustState::Unknown);
    ASSERT_TRUE(store.decide(set, true));
    EXPECT_EQ(store.state(set), TrustState::Trusted);
    // The same directory through a non-canonical path is the same workspace.
    EXPECT_EQ(store.state(loadStageSet(ws.dir() + QStringLiteral("/../fakeop/."))),
              TrustState::Trusted);

    ws.writeConfig(R"({"stages": {"x": {"argv": ["rm", "-rf", "/tmp/nothing"]}}})");
    const StageSet edited = loadStageSet(ws.dir());
    EXPECT_EQ(store.state(edited), TrustState::Changed);
    ASSERT_TRUE(store.decide(edited, false));
    EXPECT_EQ(store.state(edited), TrustState::Denied);
    ASSERT_TRUE(store.forget(ws.dir()));
    EXPECT_EQ(store.state(edited), TrustState::Unknown);
}

TEST(TrustStore, TrustedRootsAndWorkspaceOptOut)
{
    TempWorkspace ws;
    QFile f(ws.trustFile());
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(QJsonObject{{QStringLiteral("trusted_roots"),
                                       QJsonArray{TrustStore::canonicalWorkspace(
                                           ws.dir() + QStringLiteral("/.."))}}})
                .toJson());
    f.close();
    TrustStore store(ws.trustFile());
    EXPECT_EQ(store.state(loadStageSet(ws.dir())), TrustState::Trusted);
    // A workspace can lower trust for itself, never raise it.
    QFile cfg(ws.path(QStringLiteral("tilelens.json")));
    cfg.open(QIODevice::ReadOnly);
    QJsonObject o = QJsonDocument::fromJson(cfg.readAll()).object();
    cfg.close();
    o.insert(QStringLiteral("trust"), false);
    ws.writeConfig(QJsonDocument(o).toJson());
    EXPECT_EQ(store.state(loadStageSet(ws.dir())), TrustState::Denied);
}

TEST(TrustStore, DescriptionShowsExactlyWhatRuns)
{
    TempWorkspace ws;
    const StageSet set = loadStageSet(ws.dir());
    const QString text = TrustStore::describeCommands(set);
    EXPECT_TRUE(text.contains(QStringLiteral("[touch]")));
    EXPECT_TRUE(text.contains(tilelens::test::fakeStageScript() +
                              QStringLiteral(" touch generated/generated_fake.mlir")));
    EXPECT_TRUE(text.contains(QStringLiteral("env: STAGE_MARK=kernel=fakeop")));
    EXPECT_TRUE(
        text.contains(QStringLiteral("argv: /bin/sh -c 'echo one; echo two | tr a-z A-Z'")));
    EXPECT_FALSE(text.contains(QStringLiteral("[C]"))); // built-ins need no trust
    EXPECT_FALSE(text.contains(QStringLiteral("[F]"))); // disabled stages cannot run
}

TEST(TrustStore, BuiltinOnlyWorkspaceNeedsNoTrust)
{
    StageSet set;
    set.kernelDir = QStringLiteral("/nowhere");
    for (auto& st : defaultStageSpecs())
        if (st.kind == StageKind::Builtin)
            set.stages.push_back(st);
    EXPECT_FALSE(TrustStore::needsTrust(set));
}

// Issue 14, S3: a change to any field that decides what runs, where it writes or with what
// environment asks again. One mutation per StageSpec field (and per workspace-level value).
TEST(TrustStore, DigestCoversEveryFieldOfEveryStage)
{
    StageSet base;
    base.kernelDir = QStringLiteral("/nowhere/ws");
    base.kernelName = QStringLiteral("softmax");
    StageSpec st;
    st.id = QStringLiteral("x");
    st.argv = {QStringLiteral("true")};
    base.stages = {st};
    using Mutation = std::function<void(StageSet&, StageSpec&)>;
    const std::vector<std::pair<const char*, Mutation>> mutations = {
        {"kernel_name", [](StageSet& s, StageSpec&) { s.kernelName = QStringLiteral("k2"); }},
        {"workspace env",
         [](StageSet& s, StageSpec&) { s.env.insert(QStringLiteral("A"), QStringLiteral("1")); }},
        {"caps", [](StageSet& s, StageSpec&) { s.caps.insert(QStringLiteral("x"), 3); }},
        {"id", [](StageSet&, StageSpec& t) { t.id = QStringLiteral("y"); }},
        {"title", [](StageSet&, StageSpec& t) { t.title = QStringLiteral("t"); }},
        {"kind", [](StageSet&, StageSpec& t) { t.kind = StageKind::Builtin; }},
        {"builtin", [](StageSet&, StageSpec& t) { t.builtin = QStringLiteral("perf"); }},
        {"argv", [](StageSet&, StageSpec& t) { t.argv << QStringLiteral("-v"); }},
        {"shell", [](StageSet&, StageSpec& t) { t.shell = true; }},
        {"env",
         [](StageSet&, StageSpec& t) { t.env.insert(QStringLiteral("B"), QStringLiteral("2")); }},
        {"unset_env", [](StageSet&, StageSpec& t) { t.unsetEnv << QStringLiteral("PATH"); }},
        {"cwd", [](StageSet&, StageSpec& t) { t.cwd = QStringLiteral("/tmp"); }},
        {"timeout_s", [](StageSet&, StageSpec& t) { t.timeoutSec = 5; }},
        {"inputs", [](StageSet&, StageSpec& t) { t.inputs << QStringLiteral("a"); }},
        {"outputs", [](StageSet&, StageSpec& t) { t.outputs << QStringLiteral("b"); }},
        {"log_copy", [](StageSet&, StageSpec& t) { t.logCopy = QStringLiteral("../victim"); }},
        {"verdict", [](StageSet&, StageSpec& t) { t.verdictSource = VerdictSource::LogLine; }},
        {"verdict_file", [](StageSet&, StageSpec& t) { t.verdictFile = QStringLiteral("v"); }},
        {"pass_verdict", [](StageSet&, StageSpec& t) { t.passVerdict = QStringLiteral("OK"); }},
        {"fail_verdict", [](StageSet&, StageSpec& t) { t.failVerdict = QStringLiteral("NO"); }},
        {"requires_env", [](StageSet&, StageSpec& t) { t.requiredEnv << QStringLiteral("X"); }},
        {"requires_gpu", [](StageSet&, StageSpec& t) { t.requiresGpu = true; }},
        {"disabled", [](StageSet&, StageSpec& t) { t.disabledReason = QStringLiteral("no"); }},
        {"launcher", [](StageSet&, StageSpec& t) { t.launcher.kind = QStringLiteral("slurm"); }},
        {"mode", [](StageSet&, StageSpec& t) { t.launcher.mode = QStringLiteral("sbatch"); }},
        {"partition", [](StageSet&, StageSpec& t) { t.launcher.partition = QStringLiteral("p"); }},
        {"gres", [](StageSet&, StageSpec& t) { t.launcher.gres = QStringLiteral("gpu:1"); }},
        {"time", [](StageSet&, StageSpec& t) { t.launcher.timeLimit = QStringLiteral("1:00"); }},
        {"extra_args",
         [](StageSet&, StageSpec& t) { t.launcher.extraArgs << QStringLiteral("-N2"); }},
    };
    const QString digest = TrustStore::commandsDigest(base);
    EXPECT_EQ(digest, TrustStore::commandsDigest(base)); // stable
    for (const auto& [name, mutate] : mutations) {
        StageSet changed = base;
        mutate(changed, changed.stages[0]);
        EXPECT_NE(TrustStore::commandsDigest(changed), digest) << name << " is not covered";
    }
}

// The reported case: a trusted workspace gains "log_copy": "../victim.txt".
TEST(TrustStore, AddingALogCopyRevokesTrust)
{
    TempWorkspace ws;
    TrustStore store(ws.trustFile());
    ASSERT_TRUE(store.decide(loadStageSet(ws.dir()), true));
    QFile cfg(ws.path(QStringLiteral("tilelens.json")));
    ASSERT_TRUE(cfg.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(cfg.readAll()).object();
    cfg.close();
    QJsonObject stages = o.value(QStringLiteral("stages")).toObject();
    QJsonObject ok = stages.value(QStringLiteral("ok")).toObject();
    ok.insert(QStringLiteral("log_copy"), QStringLiteral("../victim.txt"));
    stages.insert(QStringLiteral("ok"), ok);
    o.insert(QStringLiteral("stages"), stages);
    ws.writeConfig(QJsonDocument(o).toJson());
    EXPECT_EQ(store.state(loadStageSet(ws.dir())), TrustState::Changed);
}

TEST(TrustStore, DescriptionShowsWhereAStageWritesAndItsLimits)
{
    TempWorkspace ws;
    ws.writeConfig(R"({"stages": {"w": {"argv": ["true"], "log_copy": "logs/w.txt",
        "outputs": ["gen/*.mlir"], "verdict": "file", "verdict_file": "v.txt", "timeout_s": 7,
        "unset_env": ["HOME"]}}})");
    const QString text = TrustStore::describeCommands(loadStageSet(ws.dir()));
    EXPECT_TRUE(text.contains(QStringLiteral("writes the log to: ") +
                              ws.path(QStringLiteral("logs/w.txt"))))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("outputs: ") + ws.path(QStringLiteral("gen/*.mlir"))));
    EXPECT_TRUE(text.contains(QStringLiteral("verdict: file ") + ws.path(QStringLiteral("v.txt"))));
    EXPECT_TRUE(text.contains(QStringLiteral("timeout: 7 s")));
    EXPECT_TRUE(text.contains(QStringLiteral("env: unset HOME")));
}
