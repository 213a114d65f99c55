#include "pipeline/TrustStore.h"

#include "common/OwnedFiles.h"
#include "pipeline/StageResolver.h"
#include "pipeline/TrustCoverage.h"

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
#include <functional>

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

// The read-modify-write of the store, under trust.json.lock beside it: two `trust` runs (or
// the GUI and an agent) at once would otherwise lose one of the decisions.
bool editStore(const QString& file, const std::function<void(QJsonObject&)>& edit, QString* error)
{
    const QFileInfo info(file);
    QDir().mkpath(info.absolutePath());
    const auto dir = OwnedDir::open(info.absolutePath(), QString(), error);
    if (!dir)
        return false;
    const auto lock = OwnedLock::acquire(*dir, info.fileName() + QStringLiteral(".lock"),
                                         kOwnedLockTimeout, error);
    if (!lock)
        return false;
    QJsonObject store = readStore(file);
    edit(store);
    return writeStore(file, store, error);
}

QJsonObject storedDecision(const QString& file, const QString& workspace)
{
    for (const auto& entry : readStore(file).value(QStringLiteral("workspaces")).toArray())
        if (entry.toObject().value(QStringLiteral("path")).toString() == workspace)
            return entry.toObject();
    return {};
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

QString TrustStore::declarationsDigest(const StageSet& set)
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

QString TrustStore::commandsDigest(const StageSet& set, const QProcessEnvironment& base)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(QByteArrayView("tilelens.trust-digest/3\0", 24));
    h.addData(declarationsDigest(set).toLatin1());
    h.addData(QJsonDocument(coverageJson(trustCoverage(set, base))).toJson(QJsonDocument::Compact));
    return QString::fromLatin1(h.result().toHex());
}

QString TrustStore::coverageNote()
{
    return QStringLiteral(
        "Trusting covers exactly what is listed: each command, its environment, where it runs "
        "(symbolic links resolved), the paths it writes, and the content of the workspace files "
        "its command names (\"covers\" lines). It does not cover the files those scripts read, "
        "source or import, files and programs outside the workspace, or what the commands "
        "download: a change there does not ask again.\n");
}

QString TrustStore::describeCommands(const StageSet& set, const QProcessEnvironment& base)
{
    QString text =
        QStringLiteral("Workspace %1 declares these commands%2:\n")
            .arg(canonicalWorkspace(set.kernelDir),
                 set.configFile.isEmpty() ? QString()
                                          : QStringLiteral(" (with %1)").arg(set.configFile));
    for (const auto& st : set.stages) {
        if (st.kind != StageKind::External || !st.disabledReason.isEmpty())
            continue;
        const ResolvedStage r = resolveStage(set, st, base);
        text += QStringLiteral("\n[%1] %2%3\n")
                    .arg(st.id, st.title,
                         r.runnable ? QString()
                                    : QStringLiteral("  (not runnable here: %1)").arg(r.reason));
        for (const QString& line : r.describe().split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            text += QStringLiteral("  ") + line + QLatin1Char('\n');
        for (const QString& file : namedWorkspaceFiles(set.kernelDir, r, base))
            text += QStringLiteral("  covers: %1\n").arg(file);
    }
    return text + QLatin1Char('\n') + coverageNote();
}

bool TrustStore::needsTrust(const StageSet& set)
{
    for (const auto& st : set.stages)
        if (st.kind == StageKind::External && st.disabledReason.isEmpty())
            return true;
    return false;
}

TrustState TrustStore::state(const StageSet& set, const QProcessEnvironment& base) const
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
    const QJsonObject e = storedDecision(m_file, path);
    if (e.isEmpty())
        return TrustState::Unknown;
    if (e.value(QStringLiteral("digest")).toString() != commandsDigest(set, base))
        return TrustState::Changed;
    return e.value(QStringLiteral("trusted")).toBool() ? TrustState::Trusted : TrustState::Denied;
}

QString TrustStore::changeReason(const StageSet& set, const QProcessEnvironment& base) const
{
    if (state(set, base) != TrustState::Changed)
        return {};
    const QJsonObject e = storedDecision(m_file, canonicalWorkspace(set.kernelDir));
    const QString declarations = declarationsDigest(set);
    if (!e.contains(QStringLiteral("covers"))) { // decided by a TileLens before issue 32
        return e.value(QStringLiteral("digest")).toString() == declarations
                   ? QStringLiteral("the decision was taken by an earlier TileLens, whose trust "
                                    "did not cover where the stages run or the workspace scripts "
                                    "they name; review them and trust again")
                   : QStringLiteral("the commands in tilelens.json changed since the workspace "
                                    "was trusted");
    }
    if (e.value(QStringLiteral("declarations")).toString() != declarations)
        return QStringLiteral("the commands in tilelens.json changed since the workspace was "
                              "trusted");
    const QString change =
        coverageChange(e.value(QStringLiteral("covers")).toObject(), trustCoverage(set, base));
    return change.isEmpty() ? QStringLiteral("what the stages run changed since the workspace "
                                             "was trusted")
                            : change;
}

bool TrustStore::decide(const StageSet& set, bool trusted, QString* error,
                        const QProcessEnvironment& base)
{
    const QString path = canonicalWorkspace(set.kernelDir);
    const std::vector<StageCoverage> coverage = trustCoverage(set, base);
    QJsonObject e;
    e.insert(QStringLiteral("path"), path);
    e.insert(QStringLiteral("digest"), commandsDigest(set, base));
    e.insert(QStringLiteral("declarations"), declarationsDigest(set));
    e.insert(QStringLiteral("covers"), coverageJson(coverage));
    e.insert(QStringLiteral("trusted"), trusted);
    e.insert(QStringLiteral("decided"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    return editStore(
        m_file,
        [&](QJsonObject& store) {
            QJsonArray kept;
            for (const auto& entry : store.value(QStringLiteral("workspaces")).toArray())
                if (entry.toObject().value(QStringLiteral("path")).toString() != path)
                    kept.append(entry);
            kept.append(e);
            store.insert(QStringLiteral("schema"), QStringLiteral("tilelens.trust/1"));
            store.insert(QStringLiteral("workspaces"), kept);
        },
        error);
}

bool TrustStore::forget(const QString& kernelDir, QString* error)
{
    const QString path = canonicalWorkspace(kernelDir);
    return editStore(
        m_file,
        [&](QJsonObject& store) {
            QJsonArray kept;
            for (const auto& entry : store.value(QStringLiteral("workspaces")).toArray())
                if (entry.toObject().value(QStringLiteral("path")).toString() != path)
                    kept.append(entry);
            store.insert(QStringLiteral("workspaces"), kept);
        },
        error);
}

} // namespace tilelens::pipeline
