// Stage defaults (port-workspace.md §3, §5, §6), tilelens.json overrides with
// located errors, placeholder resolution and staleness.

#include "pipeline/StageSet.h"

#include "PipelineTestSupport.h"
#include "pipeline/StageFreshness.h"
#include "pipeline/StageResolver.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>

using namespace tilelens::pipeline;
using tilelens::test::TempWorkspace;

namespace {

QProcessEnvironment tilegymEnv()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TILEGYM_PATH"), QDir::tempPath());
    env.insert(QStringLiteral("CUTILE_KERNEL_OUT_ROOT"), QDir::tempPath());
    env.insert(QStringLiteral("PYTHON"), QStringLiteral("/bin/true"));
    return env;
}

StageSet setFromJson(const QByteArray& json)
{
    StageSet set;
    set.kernelDir = QStringLiteral("/ws/softmax");
    set.kernelName = QStringLiteral("softmax");
    set.caps = defaultStageCaps();
    set.stages = defaultStageSpecs();
    applyStageConfig(set, json, QStringLiteral("tilelens.json"));
    return set;
}

} // namespace

TEST(StageSet, DefaultsCoverTileGymStagesAndBuiltins)
{
    const auto stages = defaultStageSpecs();
    QStringList ids;
    for (const auto& s : stages)
        ids << s.id;
    EXPECT_EQ(ids, (QStringList{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"),
                                QStringLiteral("D"), QStringLiteral("E"), QStringLiteral("F"),
                                QStringLiteral("validate"), QStringLiteral("perf")}));
    const auto caps = defaultStageCaps();
    EXPECT_EQ(caps.value(QStringLiteral("A")), 1);
    EXPECT_EQ(caps.value(QStringLiteral("B")), 2);
    EXPECT_EQ(caps.value(QStringLiteral("C")), 1);
    EXPECT_EQ(caps.value(QStringLiteral("D")), 2);
    EXPECT_EQ(caps.value(QStringLiteral("E")), 2);
    EXPECT_EQ(caps.value(QStringLiteral("F")), 1);
    EXPECT_EQ(stages[2].kind, StageKind::Builtin);
    EXPECT_EQ(stages[2].builtin, QStringLiteral("ir-diff"));
    EXPECT_TRUE(stages[2].outputs.contains(QStringLiteral("generated/diff_report.md")));
    EXPECT_FALSE(stages[5].disabledReason.isEmpty()); // F: no mechanical command
    EXPECT_TRUE(stages[1].shell); // B's translate loop needs a shell, and says so
    EXPECT_FALSE(stages[3].shell);
}

TEST(StageSet, ResolvesDocumentedCommandsAndEnvironment)
{
    const StageSet set = setFromJson("{}");
    qputenv("TILELENS_ASSUME_GPU", "1");
    const ResolvedStage d = resolveStage(set, *set.find(QStringLiteral("D")), tilegymEnv());
    const ResolvedStage e =
        resolveStage(set, *set.find(QStringLiteral("e"))); // lower-case letter accepted
    qunsetenv("TILELENS_ASSUME_GPU");
    EXPECT_TRUE(d.runnable) << d.reason.toStdString();
    EXPECT_EQ(d.argv, (QStringList{QStringLiteral("/bin/true"), QStringLiteral("-m"),
                                   QStringLiteral("pytest"), QStringLiteral("-v"),
                                   QStringLiteral("-x"), QStringLiteral("--timeout=60"),
                                   QStringLiteral("tests/ops/test_softmax.py"),
                                   QStringLiteral("-k"), QStringLiteral("test_op and cutile_rs")}));
    EXPECT_EQ(d.cwd, QDir::cleanPath(QDir::tempPath()));
    EXPECT_EQ(d.logCopy, QStringLiteral("/ws/softmax/correctness_cutile_rs.txt"));
    EXPECT_EQ(d.passVerdict, QStringLiteral("ALL_PASS"));
    EXPECT_TRUE(e.argv.contains(QStringLiteral("--print-record")));
    EXPECT_EQ(e.envChanges.value(QStringLiteral("CUPTI")), QStringLiteral("1"));
    EXPECT_EQ(e.envChanges.value(QStringLiteral("TILEIR_ENABLE_FTZ")), QStringLiteral("1"));
}

TEST(StageSet, MissingEnvironmentMakesStagesNotRunnableWithAReason)
{
    const StageSet set = setFromJson("{}");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("TILEGYM_PATH"));
    env.remove(QStringLiteral("CUDA_TILE_OPT_BIN"));
    qputenv("TILELENS_ASSUME_GPU", "0");
    const ResolvedStage noGpu = resolveStage(set, *set.find(QStringLiteral("D")), env);
    EXPECT_FALSE(noGpu.runnable);
    EXPECT_TRUE(noGpu.reason.contains(QStringLiteral("needs an NVIDIA GPU")))
        << noGpu.reason.toStdString();
    qputenv("TILELENS_ASSUME_GPU", "1");
    const ResolvedStage d = resolveStage(set, *set.find(QStringLiteral("D")), env);
    qunsetenv("TILELENS_ASSUME_GPU");
    EXPECT_FALSE(d.runnable);
    EXPECT_TRUE(d.reason.contains(QStringLiteral("TILEGYM_PATH"))) << d.reason.toStdString();
    EXPECT_EQ(d.cwd,
              QStringLiteral("/ws/softmax/${TILEGYM_PATH}")); // kept visible, not silently empty
    const ResolvedStage b = resolveStage(set, *set.find(QStringLiteral("B")), env);
    EXPECT_TRUE(b.reason.contains(QStringLiteral("CUDA_TILE_OPT_BIN")));
    const ResolvedStage f = resolveStage(set, *set.find(QStringLiteral("F")), env);
    EXPECT_TRUE(f.reason.contains(QStringLiteral("tilelens.json")));
}

TEST(StageSet, TilelensJsonOverridesAndAddsStages)
{
    const StageSet set = setFromJson(R"({
        "env": {"TILEGYM_PATH": "/opt/tg"},
        "caps": {"B": 3},
        "stages": {
            "D": {"argv": ["pytest", "-q"], "timeout_s": 90, "launcher": {"kind": "slurm", "gres": "gpu:1"}},
            "F": {"argv": ["echo", "investigate"]},
            "lint": {"title": "count IR lines", "argv": ["wc", "-l", "${WS}/generated/generated_canon.mlir"]},
            "C": {"builtin": "other-diff"}
        }})");
    EXPECT_TRUE(set.diagnostics.empty());
    EXPECT_EQ(set.caps.value(QStringLiteral("B")), 3);
    const StageSpec* d = set.find(QStringLiteral("D"));
    EXPECT_EQ(d->argv, (QStringList{QStringLiteral("pytest"), QStringLiteral("-q")}));
    EXPECT_EQ(d->timeoutSec, 90);
    EXPECT_EQ(d->verdictSource, VerdictSource::Pytest); // untouched fields keep their default
    EXPECT_TRUE(d->launcher.isSlurm());
    EXPECT_EQ(d->launcher.gres, QStringLiteral("gpu:1"));
    EXPECT_EQ(d->origin, QStringLiteral("tilelens.json"));
    EXPECT_TRUE(set.find(QStringLiteral("F"))->disabledReason.isEmpty());
    EXPECT_EQ(set.find(QStringLiteral("C"))->builtin, QStringLiteral("other-diff"));
    const ResolvedStage lint = resolveStage(set, *set.find(QStringLiteral("lint")));
    EXPECT_EQ(lint.argv.value(2), QStringLiteral("/ws/softmax/generated/generated_canon.mlir"));
    EXPECT_EQ(set.ids().last(), QStringLiteral("lint"));
}

TEST(StageSet, BadConfigIsReportedWithAPlace)
{
    const StageSet syntax =
        setFromJson("{\n  \"stages\": {\n    \"D\": {\"argv\": [\"x\",]}\n  }\n}");
    ASSERT_EQ(syntax.diagnostics.size(), 1u);
    EXPECT_EQ(syntax.diagnostics[0].place.line, 3);
    EXPECT_GT(syntax.diagnostics[0].place.column, 1);

    const StageSet types =
        setFromJson(R"({"stages": {"D": {"argv": "pytest", "timeout_s": -4, "verdict": "vibes",
                                                            "shell": "yes", "frobnicate": 1},
                                                      "bad id": {"argv": ["x"]}}, "caps": {"B": 1.5}})");
    QStringList pointers;
    for (const auto& d : types.diagnostics)
        pointers << QString::fromStdString(d.jsonPointer);
    EXPECT_TRUE(pointers.contains(QStringLiteral("/stages/D/argv")));
    EXPECT_TRUE(pointers.contains(QStringLiteral("/stages/D/timeout_s")));
    EXPECT_TRUE(pointers.contains(QStringLiteral("/stages/D/verdict")));
    EXPECT_TRUE(pointers.contains(QStringLiteral("/stages/D/shell")));
    EXPECT_TRUE(pointers.contains(QStringLiteral("/stages/D/frobnicate")));
    EXPECT_TRUE(pointers.contains(QStringLiteral("/stages/bad id")));
    EXPECT_TRUE(pointers.contains(QStringLiteral("/caps/B")));
    EXPECT_TRUE(hasErrors(types.diagnostics));
}

TEST(StageSet, LoadsFromDisk)
{
    TempWorkspace ws;
    const StageSet set = loadStageSet(ws.dir());
    EXPECT_EQ(set.kernelName, QStringLiteral("fakeop")); // analysis.json kernel_name
    EXPECT_TRUE(set.configFile.endsWith(QStringLiteral("/tilelens.json")));
    EXPECT_TRUE(set.diagnostics.empty());
    EXPECT_NE(set.find(QStringLiteral("sleep")), nullptr);
    const StageSet none = loadStageSet(ws.path(QStringLiteral("missing")));
    EXPECT_TRUE(hasErrors(none.diagnostics));
}

TEST(StageSet, ExpandVariablesAndQuote)
{
    QStringList missing;
    const QMap<QString, QString> vars{{QStringLiteral("A"), QStringLiteral("1")}};
    EXPECT_EQ(expandVariables(QStringLiteral("x${A}y${B}$A${"), vars, &missing),
              QStringLiteral("x1y${B}$A${"));
    EXPECT_EQ(missing, QStringList{QStringLiteral("B")});
    EXPECT_EQ(shellQuote(QStringLiteral("plain/path-1.txt")), QStringLiteral("plain/path-1.txt"));
    EXPECT_EQ(shellQuote(QStringLiteral("it's a b")), QStringLiteral("'it'\\''s a b'"));
}

TEST(StageFreshness, GlobsAreBoundedAndMatchComponents)
{
    TempWorkspace ws;
    QDir().mkpath(ws.path(QStringLiteral("generated")));
    for (const char* name : {"generated_a.mlir", "generated_b.mlir", "other.txt"}) {
        QFile f(ws.path(QStringLiteral("generated/") + QString::fromLatin1(name)));
        f.open(QIODevice::WriteOnly);
    }
    EXPECT_EQ(expandGlob(ws.path(QStringLiteral("generated/generated_*.mlir"))).size(), 2);
    EXPECT_EQ(expandGlob(ws.path(QStringLiteral("gen*/*.txt"))).size(), 1);
    EXPECT_EQ(expandGlob(ws.path(QStringLiteral("generated/*")), 2).size(), 2);
    EXPECT_TRUE(expandGlob(QStringLiteral("relative/*")).isEmpty());
    EXPECT_TRUE(isIrFile(QStringLiteral("x.tileirbc")));
    EXPECT_FALSE(isIrFile(QStringLiteral("x.md")));
}
