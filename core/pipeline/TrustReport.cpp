#include "pipeline/TrustReport.h"

#include "pipeline/StageResolver.h"
#include "pipeline/TrustCoverage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tilelens::pipeline {
namespace {

QJsonObject stageJson(const StageSet& set, const StageSpec& spec)
{
    const ResolvedStage r = resolveStage(set, spec);
    QJsonObject env;
    for (auto it = r.envChanges.begin(); it != r.envChanges.end(); ++it)
        env.insert(it.key(), it.value());
    QJsonObject launcher{{QStringLiteral("kind"), r.launcher.kind}};
    if (r.launcher.isSlurm()) {
        launcher.insert(QStringLiteral("mode"), r.launcher.mode);
        launcher.insert(QStringLiteral("partition"), r.launcher.partition);
        launcher.insert(QStringLiteral("gres"), r.launcher.gres);
        launcher.insert(QStringLiteral("time"), r.launcher.timeLimit);
        launcher.insert(QStringLiteral("extra_args"),
                        QJsonArray::fromStringList(r.launcher.extraArgs));
    }
    return QJsonObject{
        {QStringLiteral("id"), spec.id},
        {QStringLiteral("title"), spec.title},
        {QStringLiteral("runnable"), r.runnable},
        {QStringLiteral("reason"), r.reason},
        {QStringLiteral("launcher"), launcher},
        {QStringLiteral("cwd"), r.cwd},
        {QStringLiteral("argv"), QJsonArray::fromStringList(r.argv)},
        {QStringLiteral("env"), env},
        {QStringLiteral("env_removed"), QJsonArray::fromStringList(r.envRemoved)},
        {QStringLiteral("timeout_s"), r.timeoutMs / 1000},
        {QStringLiteral("log_copy"), r.logCopy},
        {QStringLiteral("outputs"), QJsonArray::fromStringList(r.outputs)},
        {QStringLiteral("verdict"), QString::fromLatin1(verdictSourceName(r.verdictSource))},
        {QStringLiteral("verdict_file"), r.verdictFile},
        {QStringLiteral("pass_verdict"), r.passVerdict},
        {QStringLiteral("fail_verdict"), r.failVerdict},
        {QStringLiteral("physical_cwd"), r.physicalCwd},
        {QStringLiteral("covers"),
         QJsonArray::fromStringList(
             namedWorkspaceFiles(set.kernelDir, r, QProcessEnvironment::systemEnvironment()))},
    };
}

} // namespace

TrustOutcome applyTrust(TrustStore& store, const StageSet& set, TrustAction action)
{
    TrustOutcome out;
    if (action == TrustAction::Status)
        return out;
    if (!TrustStore::needsTrust(set)) {
        out.note = QStringLiteral("nothing to trust: this workspace runs only built-in stages");
        return out;
    }
    const bool trusted = action == TrustAction::Trust;
    if (!store.decide(set, trusted, &out.error)) {
        out.failed = true;
        return out;
    }
    if (trusted && store.state(set) != TrustState::Trusted) {
        out.note = QStringLiteral("the workspace's tilelens.json says \"trust\": false, which "
                                  "no decision overrides");
        out.refused = true;
    }
    return out;
}

QString trustDecisionJson(const TrustStore& store, const StageSet& set, TrustAction action,
                          const QString& note)
{
    QJsonArray stages;
    for (const auto& st : set.stages)
        if (st.kind == StageKind::External && st.disabledReason.isEmpty())
            stages.append(stageJson(set, st));
    const bool recorded = action != TrustAction::Status && TrustStore::needsTrust(set);
    QJsonObject o{
        {QStringLiteral("schema"), QStringLiteral("tilelens.trust-decision/1")},
        {QStringLiteral("workspace"), TrustStore::canonicalWorkspace(set.kernelDir)},
        {QStringLiteral("config"), set.configFile},
        {QStringLiteral("kernel_name"), set.kernelName},
        {QStringLiteral("trust_file"), store.filePath()},
        {QStringLiteral("digest"), TrustStore::commandsDigest(set)},
        {QStringLiteral("recorded"),
         recorded ? QJsonValue(action == TrustAction::Trust) : QJsonValue()},
        {QStringLiteral("state"), QString::fromLatin1(trustStateName(store.state(set)))},
        {QStringLiteral("change_reason"), store.changeReason(set)},
        {QStringLiteral("not_covered"), TrustStore::coverageNote().trimmed()},
        {QStringLiteral("note"), note},
        {QStringLiteral("stages"), stages},
    };
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented));
}

QString trustDecisionText(const TrustStore& store, const StageSet& set)
{
    QString text = TrustStore::describeCommands(set);
    text += QStringLiteral("\nstate: %1 (trust file %2)\n")
                .arg(QString::fromLatin1(trustStateName(store.state(set))), store.filePath());
    if (const QString why = store.changeReason(set); !why.isEmpty())
        text += QStringLiteral("changed: %1\n").arg(why);
    return text;
}

} // namespace tilelens::pipeline
