#include "pipeline/StageSet.h"

#include "common/FileReader.h"
#include "pipeline/CheckoutIrStages.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace tilelens::pipeline {
namespace {

constexpr int64_t kMaxConfigBytes = 4 * 1024 * 1024;

// Reads one tilelens.json and reports problems with a JSON pointer.
class ConfigReader
{
public:
    ConfigReader(StageSet& set, QString fileName) : m_set(set), m_file(std::move(fileName)) {}

    void error(const QString& pointer, const QString& message, Severity sev = Severity::Error)
    {
        Diagnostic d;
        d.severity = sev;
        d.place.file = m_file.toStdString();
        d.jsonPointer = pointer.toStdString();
        d.message =
            (pointer.isEmpty() ? message : pointer + QStringLiteral(": ") + message).toStdString();
        m_set.diagnostics.push_back(d);
    }

    bool stringList(const QJsonValue& v, const QString& ptr, QStringList* out)
    {
        if (!v.isArray()) {
            error(ptr, QStringLiteral("expected a list of strings"));
            return false;
        }
        QStringList list;
        const QJsonArray arr = v.toArray();
        for (int i = 0; i < arr.size(); ++i) {
            if (!arr.at(i).isString()) {
                error(ptr + QStringLiteral("/%1").arg(i), QStringLiteral("expected a string"));
                return false;
            }
            list << arr.at(i).toString();
        }
        *out = list;
        return true;
    }

    bool string(const QJsonValue& v, const QString& ptr, QString* out)
    {
        if (!v.isString()) {
            error(ptr, QStringLiteral("expected a string"));
            return false;
        }
        *out = v.toString();
        return true;
    }

    bool stringMap(const QJsonValue& v, const QString& ptr, QMap<QString, QString>* out)
    {
        if (!v.isObject()) {
            error(ptr, QStringLiteral("expected an object of strings"));
            return false;
        }
        QMap<QString, QString> map;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!it.value().isString()) {
                error(ptr + QLatin1Char('/') + it.key(), QStringLiteral("expected a string"));
                return false;
            }
            map.insert(it.key(), it.value().toString());
        }
        *out = map;
        return true;
    }

    void launcher(const QJsonValue& v, const QString& ptr, LauncherSpec* l)
    {
        if (v.isString()) { // "launcher": "slurm"
            l->kind = v.toString();
        } else if (v.isObject()) {
            const QJsonObject o = v.toObject();
            for (auto it = o.begin(); it != o.end(); ++it) {
                const QString key = it.key();
                const QString p = ptr + QLatin1Char('/') + key;
                if (key == QLatin1String("kind"))
                    string(it.value(), p, &l->kind);
                else if (key == QLatin1String("mode"))
                    string(it.value(), p, &l->mode);
                else if (key == QLatin1String("partition"))
                    string(it.value(), p, &l->partition);
                else if (key == QLatin1String("gres"))
                    string(it.value(), p, &l->gres);
                else if (key == QLatin1String("time"))
                    string(it.value(), p, &l->timeLimit);
                else if (key == QLatin1String("extra_args"))
                    stringList(it.value(), p, &l->extraArgs);
                else
                    error(p, QStringLiteral("unknown launcher key (ignored)"), Severity::Warning);
            }
        } else {
            error(ptr, QStringLiteral("expected \"local\", \"slurm\" or an object"));
            return;
        }
        if (l->kind != QLatin1String("local") && l->kind != QLatin1String("slurm"))
            error(ptr, QStringLiteral("unknown launcher '%1' (known: local, slurm)").arg(l->kind));
        if (l->mode != QLatin1String("srun") && l->mode != QLatin1String("sbatch"))
            error(ptr,
                  QStringLiteral("unknown slurm mode '%1' (known: srun, sbatch)").arg(l->mode));
    }

    void stage(StageSpec& st, const QJsonObject& o, const QString& ptr)
    {
        st.origin = m_file;
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString key = it.key();
            const QJsonValue v = it.value();
            const QString p = ptr + QLatin1Char('/') + key;
            if (key == QLatin1String("argv")) {
                if (stringList(v, p, &st.argv)) {
                    st.kind = StageKind::External;
                    st.builtin.clear();
                    if (st.verdictSource == VerdictSource::Builtin)
                        st.verdictSource = VerdictSource::ExitCode;
                    if (st.argv.isEmpty())
                        error(p, QStringLiteral("argv is empty"));
                }
            } else if (key == QLatin1String("builtin")) {
                if (string(v, p, &st.builtin)) {
                    st.kind = StageKind::Builtin;
                    st.verdictSource = VerdictSource::Builtin;
                }
            } else if (key == QLatin1String("title"))
                string(v, p, &st.title);
            else if (key == QLatin1String("env"))
                stringMap(v, p, &st.env);
            else if (key == QLatin1String("unset_env"))
                stringList(v, p, &st.unsetEnv);
            else if (key == QLatin1String("cwd"))
                string(v, p, &st.cwd);
            else if (key == QLatin1String("inputs"))
                stringList(v, p, &st.inputs);
            else if (key == QLatin1String("outputs"))
                stringList(v, p, &st.outputs);
            else if (key == QLatin1String("log_copy"))
                string(v, p, &st.logCopy);
            else if (key == QLatin1String("verdict_file"))
                string(v, p, &st.verdictFile);
            else if (key == QLatin1String("pass_verdict"))
                string(v, p, &st.passVerdict);
            else if (key == QLatin1String("fail_verdict"))
                string(v, p, &st.failVerdict);
            else if (key == QLatin1String("requires_env"))
                stringList(v, p, &st.requiredEnv);
            else if (key == QLatin1String("launcher"))
                launcher(v, p, &st.launcher);
            else if (key == QLatin1String("shell") || key == QLatin1String("requires_gpu")) {
                if (!v.isBool())
                    error(p, QStringLiteral("expected true or false"));
                else
                    (key == QLatin1String("shell") ? st.shell : st.requiresGpu) = v.toBool();
            } else if (key == QLatin1String("timeout_s")) {
                const double t = v.toDouble(-1);
                if (!v.isDouble() || t < 0 || t > 7 * 24 * 3600)
                    error(p, QStringLiteral("expected a number of seconds between 0 and 604800"));
                else
                    st.timeoutSec = int(t);
            } else if (key == QLatin1String("verdict")) {
                QString text;
                if (string(v, p, &text) && !parseVerdictSource(text, &st.verdictSource))
                    error(p, QStringLiteral(
                                 "unknown verdict source '%1' (known: exit, pytest, log, file)")
                                 .arg(text));
            } else if (key == QLatin1String("disabled")) {
                if (v.isNull() || (v.isBool() && !v.toBool()))
                    st.disabledReason.clear();
                else
                    string(v, p, &st.disabledReason);
            } else {
                error(p, QStringLiteral("unknown stage key (ignored)"), Severity::Warning);
            }
        }
        if (st.shell && st.argv.size() != 1 && st.kind == StageKind::External)
            error(ptr + QStringLiteral("/argv"),
                  QStringLiteral("a shell stage takes exactly one script string in argv"));
        if (st.verdictSource == VerdictSource::File && st.verdictFile.isEmpty())
            error(ptr, QStringLiteral("verdict \"file\" needs verdict_file"));
        // An overriding argv makes a disabled default stage runnable.
        if (o.contains(QStringLiteral("argv")) && !o.contains(QStringLiteral("disabled")))
            st.disabledReason.clear();
        if (st.kind == StageKind::External && st.argv.isEmpty() && st.disabledReason.isEmpty())
            error(ptr, QStringLiteral("stage has neither argv nor builtin"));
    }

    void apply(const QByteArray& json)
    {
        QJsonParseError perr{};
        const QJsonDocument doc = QJsonDocument::fromJson(json, &perr);
        if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
            Diagnostic d;
            d.place.file = m_file.toStdString();
            if (perr.error != QJsonParseError::NoError) {
                const QByteArray head = json.left(perr.offset);
                d.place.line = int(head.count('\n')) + 1;
                d.place.column = int(perr.offset - (head.lastIndexOf('\n') + 1)) + 1;
                d.message = "invalid JSON: " + perr.errorString().toStdString();
            } else {
                d.message = "tilelens.json must hold one JSON object";
            }
            m_set.diagnostics.push_back(d);
            return;
        }
        const QJsonObject root = doc.object();
        for (auto it = root.begin(); it != root.end(); ++it) {
            const QString key = it.key();
            const QString p = QLatin1Char('/') + key;
            if (key == QLatin1String("env")) {
                stringMap(it.value(), p, &m_set.env);
            } else if (key == QLatin1String("caps")) {
                if (!it.value().isObject()) {
                    error(p, QStringLiteral("expected an object of integers"));
                    continue;
                }
                const QJsonObject caps = it.value().toObject();
                for (auto c = caps.begin(); c != caps.end(); ++c) {
                    const double n = c.value().toDouble(-1);
                    if (!c.value().isDouble() || n < 0 || n > 1000 || n != double(int(n)))
                        error(p + QLatin1Char('/') + c.key(),
                              QStringLiteral("expected an integer 0..1000"));
                    else
                        m_set.caps.insert(c.key(), int(n));
                }
            } else if (key == QLatin1String("stages")) {
                if (!it.value().isObject()) {
                    error(p, QStringLiteral("expected an object keyed by stage id"));
                    continue;
                }
                const QJsonObject stages = it.value().toObject();
                // Stages by id, for the workspace's entries that override a default one
                // (a scan per entry was quadratic: 20,000 stages took 6.6 s).
                QHash<QString, size_t> byId;
                for (size_t k = 0; k < m_set.stages.size(); ++k)
                    byId.insert(m_set.stages[k].id, k);
                for (auto s = stages.begin(); s != stages.end(); ++s) {
                    const QString id = s.key();
                    const QString sp = p + QLatin1Char('/') + id;
                    if (!s.value().isObject()) {
                        error(sp, QStringLiteral("expected an object"));
                        continue;
                    }
                    if (id.isEmpty() || id.contains(QLatin1Char('/')) ||
                        id.contains(QLatin1Char(' '))) {
                        error(sp,
                              QStringLiteral("stage ids must be non-empty without '/' or spaces"));
                        continue;
                    }
                    const auto existing = byId.constFind(id);
                    if (existing != byId.constEnd()) {
                        stage(m_set.stages[existing.value()], s.value().toObject(), sp);
                    } else {
                        StageSpec fresh;
                        fresh.id = id;
                        fresh.title = id;
                        stage(fresh, s.value().toObject(), sp);
                        byId.insert(id, m_set.stages.size());
                        m_set.stages.push_back(fresh);
                    }
                }
            } else if (key == QLatin1String("trust") || key == QLatin1String("schema") ||
                       key == QLatin1String("$comment")) {
                // read elsewhere (trust) or informational
            } else {
                // Other subsystems may keep their own settings in tilelens.json.
            }
        }
    }

private:
    StageSet& m_set;
    QString m_file;
};

QString kernelNameOf(const QDir& dir)
{
    QFile f(dir.filePath(QStringLiteral("reference/analysis.json")));
    if (f.size() < kMaxConfigBytes && f.open(QIODevice::ReadOnly)) {
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
        const QString name = doc.object().value(QStringLiteral("kernel_name")).toString();
        if (!name.isEmpty() && !name.contains(QLatin1Char('/')))
            return name;
    }
    return dir.dirName();
}

} // namespace

const StageSpec* StageSet::find(const QString& id) const
{
    for (const auto& st : stages)
        if (st.id == id)
            return &st;
    // Stage letters are accepted in lower case too ("tilelens-cli run DIR d").
    if (id.size() == 1)
        for (const auto& st : stages)
            if (st.id.size() == 1 && st.id.compare(id, Qt::CaseInsensitive) == 0)
                return &st;
    return nullptr;
}

QStringList StageSet::ids() const
{
    QStringList out;
    for (const auto& st : stages)
        out << st.id;
    return out;
}

void applyStageConfig(StageSet& set, const QByteArray& json, const QString& fileName)
{
    ConfigReader(set, fileName).apply(json);
}

StageSet loadStageSet(const QString& kernelDir)
{
    StageSet set;
    const QFileInfo info(kernelDir);
    const QDir dir(info.absoluteFilePath());
    set.kernelDir = QDir::cleanPath(info.absoluteFilePath());
    set.kernelName = kernelNameOf(dir);
    set.caps = defaultStageCaps();
    set.stages = defaultStageSpecs();
    if (ws::isTilegymCheckout(set.kernelDir)) // a checkout's landed ports: IR on demand
        set.stages = checkoutIrStageSpecs(set.kernelDir);
    if (!info.isDir()) {
        Diagnostic d;
        d.place.file = kernelDir.toStdString();
        d.message = "not a directory";
        set.diagnostics.push_back(d);
        return set;
    }
    const QString config = dir.filePath(QStringLiteral("tilelens.json"));
    if (QFileInfo::exists(config)) {
        set.configFile = config;
        Diagnostics readDiags;
        auto contents = readFile(config.toStdString(), readDiags, kMaxConfigBytes);
        set.diagnostics.insert(set.diagnostics.end(), readDiags.begin(), readDiags.end());
        if (contents)
            applyStageConfig(set, QByteArray::fromStdString(contents->bytes), config);
    }
    return set;
}

} // namespace tilelens::pipeline
