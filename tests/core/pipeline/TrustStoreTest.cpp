#include "pipeline/TrustStore.h"

#include "PipelineTestSupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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
