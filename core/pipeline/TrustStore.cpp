#include "pipeline/TrustStore.h"

#include "pipeline/StageResolver.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

namespace tilelens::pipeline {
namespace {

QJsonObject readStore(const QString& file)
{
    QFile f(file);
    if (f.size() > 16 * 1024 * 1024 || !f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

bool writeStore(const QString& file, const QJsonObject& o, QString* error)
{
    QDir().mkpath(QFileInfo(file).absolutePath());
    QSaveFile f(file);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(file, f.errorString());
        return false;
    }
    f.write(QJsonDocument(o).toJson(QJsonDocument::Indented));
    if (!f.commit()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(file, f.errorString());
        return false;
    }
    return true;
}

bool workspaceOptsOut(const StageSet& set)
{
    if (set.configFile.isEmpty())
        return false;
    QFile f(set.configFile);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QJsonValue v =
        QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("trust"));
    return v.isBool() && !v.toBool();
}

} // namespace

const char* trustStateName(TrustState s)
{
    switch (s) {
    case TrustState::Unknown:
        return "unknown";
    case TrustState::Trusted:
        return "trusted";
    case TrustState::Denied:
        return "denied";
    case TrustState::Changed:
        return "changed";
    }
    return "unknown";
}

TrustStore::TrustStore(QString filePath) : m_file(std::move(filePath)) {}

QString TrustStore::defaultPath()
{
    const QString env = qEnvironmentVariable("TILELENS_TRUST_FILE");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
           QStringLiteral("/tilelens/trust.json");
}

QString TrustStore::canonicalWorkspace(const QString& kernelDir)
{
    const QString canon = QFileInfo(kernelDir).canonicalFilePath();
    return canon.isEmpty() ? QDir::cleanPath(QFileInfo(kernelDir).absoluteFilePath()) : canon;
}

QString TrustStore::commandsDigest(const StageSet& set)
{
    // Every field that decides what runs, where it writes or reads its verdict, and with what
    // environment (issue 14, S3: log_copy, unset_env, timeout_s, outputs and verdict_file were
    // missing), of every stage; names and counts keep the encoding unambiguous.
    QCryptographicHash h(QCryptographicHash::Sha256);
    auto add = [&h](const QString& s) {
        h.addData(s.toUtf8());
        h.addData(QByteArrayView("\0", 1));
    };
    auto field = [&](const char* name, const QString& value) {
        add(QLatin1String(name));
        add(value);
    };
    auto list = [&](const char* name, const QStringList& values) {
        field(name, QString::number(values.size()));
        for (const QString& v : values)
            add(v);
    };
    auto map = [&](const char* name, const QMap<QString, QString>& values) {
        field(name, QString::number(values.size()));
        for (auto it = values.begin(); it != values.end(); ++it) {
            add(it.key());
            add(it.value());
        }
    };
    add(QStringLiteral("tilelens.trust-digest/2"));
    field("kernel_name", set.kernelName);
    map("env", set.env);
    QMap<QString, QString> caps;
    for (auto it = set.caps.begin(); it != set.caps.end(); ++it)
        caps.insert(it.key(), QString::number(it.value()));
    map("caps", caps);
    for (const auto& st : set.stages) {
        field("stage", st.id);
        field("title", st.title);
        field("kind", st.kind == StageKind::Builtin ? QStringLiteral("builtin")
                                                    : QStringLiteral("external"));
        field("builtin", st.builtin);
        list("argv", st.argv);
        field("shell", st.shell ? QStringLiteral("1") : QStringLiteral("0"));
        map("stage_env", st.env);
        list("unset_env", st.unsetEnv);
        field("cwd", st.cwd);
        field("timeout_s", QString::number(st.timeoutSec));
        list("inputs", st.inputs);
        list("outputs", st.outputs);
        field("log_copy", st.logCopy);
        field("verdict", QLatin1String(verdictSourceName(st.verdictSource)));
        field("verdict_file", st.verdictFile);
        field("pass_verdict", st.passVerdict);
        field("fail_verdict", st.failVerdict);
        list("requires_env", st.requiredEnv);
        field("requires_gpu", st.requiresGpu ? QStringLiteral("1") : QStringLiteral("0"));
        field("disabled", st.disabledReason);
        field("launcher", st.launcher.kind);
        field("mode", st.launcher.mode);
        field("partition", st.launcher.partition);
        field("gres", st.launcher.gres);
        field("time", st.launcher.timeLimit);
        list("extra_args", st.launcher.extraArgs);
    }
    return QString::fromLatin1(h.result().toHex());
}

QString TrustStore::describeCommands(const StageSet& set)
{
    QString text =
        QStringLiteral("Workspace %1 declares these commands%2:\n")
            .arg(canonicalWorkspace(set.kernelDir),
                 set.configFile.isEmpty() ? QString()
                                          : QStringLiteral(" (with %1)").arg(set.configFile));
    for (const auto& st : set.stages) {
        if (st.kind != StageKind::External || !st.disabledReason.isEmpty())
            continue;
        const ResolvedStage r = resolveStage(set, st);
        text += QStringLiteral("\n[%1] %2%3\n")
                    .arg(st.id, st.title,
                         r.runnable ? QString()
                                    : QStringLiteral("  (not runnable here: %1)").arg(r.reason));
        for (const QString& line : r.describe().split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            text += QStringLiteral("  ") + line + QLatin1Char('\n');
    }
    return text;
}

bool TrustStore::needsTrust(const StageSet& set)
{
    for (const auto& st : set.stages)
        if (st.kind == StageKind::External && st.disabledReason.isEmpty())
            return true;
    return false;
}

TrustState TrustStore::state(const StageSet& set) const
{
    if (workspaceOptsOut(set))
        return TrustState::Denied;
    const QString path = canonicalWorkspace(set.kernelDir);
    const QJsonObject store = readStore(m_file);
    for (const auto& root : store.value(QStringLiteral("trusted_roots")).toArray()) {
        const QString prefix = QDir::cleanPath(root.toString());
        if (!prefix.isEmpty() && (path == prefix || path.startsWith(prefix + QLatin1Char('/'))))
            return TrustState::Trusted;
    }
    const QString digest = commandsDigest(set);
    for (const auto& entry : store.value(QStringLiteral("workspaces")).toArray()) {
        const QJsonObject e = entry.toObject();
        if (e.value(QStringLiteral("path")).toString() != path)
            continue;
        if (e.value(QStringLiteral("digest")).toString() != digest)
            return TrustState::Changed;
        return e.value(QStringLiteral("trusted")).toBool() ? TrustState::Trusted
                                                           : TrustState::Denied;
    }
    return TrustState::Unknown;
}

bool TrustStore::decide(const StageSet& set, bool trusted, QString* error)
{
    const QString path = canonicalWorkspace(set.kernelDir);
    QJsonObject store = readStore(m_file);
    QJsonArray kept;
    for (const auto& entry : store.value(QStringLiteral("workspaces")).toArray())
        if (entry.toObject().value(QStringLiteral("path")).toString() != path)
            kept.append(entry);
    QJsonObject e;
    e.insert(QStringLiteral("path"), path);
    e.insert(QStringLiteral("digest"), commandsDigest(set));
    e.insert(QStringLiteral("trusted"), trusted);
    e.insert(QStringLiteral("decided"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    kept.append(e);
    store.insert(QStringLiteral("schema"), QStringLiteral("tilelens.trust/1"));
    store.insert(QStringLiteral("workspaces"), kept);
    return writeStore(m_file, store, error);
}

bool TrustStore::forget(const QString& kernelDir, QString* error)
{
    const QString path = canonicalWorkspace(kernelDir);
    QJsonObject store = readStore(m_file);
    QJsonArray kept;
    for (const auto& entry : store.value(QStringLiteral("workspaces")).toArray())
        if (entry.toObject().value(QStringLiteral("path")).toString() != path)
            kept.append(entry);
    store.insert(QStringLiteral("workspaces"), kept);
    return writeStore(m_file, store, error);
}

} // namespace tilelens::pipeline
