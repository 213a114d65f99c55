#include "pipeline/StageResolver.h"

#include "pipeline/RunHistory.h"
#include "pipeline/RunMessages.h"
#include "pipeline/WorkspacePaths.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

namespace tilelens::pipeline {
namespace {

QString absoluteIn(const QString& base, const QString& path)
{
    if (path.isEmpty())
        return {};
    return QDir::cleanPath(QDir::isAbsolutePath(path) ? path : base + QLatin1Char('/') + path);
}

// Variables visible to placeholders, lowest priority first.
QMap<QString, QString> baseVariables(const StageSet& set, const QProcessEnvironment& env)
{
    QMap<QString, QString> vars;
    for (const QString& key : env.keys())
        vars.insert(key, env.value(key));
    if (!vars.contains(QStringLiteral("PYTHON")))
        vars.insert(QStringLiteral("PYTHON"), QStringLiteral("python3"));
    if (!vars.contains(QStringLiteral("CUTILE_KERNEL_OUT_ROOT")))
        vars.insert(QStringLiteral("CUTILE_KERNEL_OUT_ROOT"),
                    QFileInfo(set.kernelDir).absolutePath());
    for (auto it = set.env.begin(); it != set.env.end(); ++it)
        vars.insert(it.key(), it.value());
    vars.insert(QStringLiteral("WS"), set.kernelDir);
    vars.insert(QStringLiteral("KERNEL"), set.kernelName);
    return vars;
}

// A shell script keeps every ${NAME} as a reference to the environment variable NAME, so
// values (a kernel name, a directory name) reach /bin/sh as data and never as script text.
// Outside quotes the reference is double-quoted (no word splitting); inside single quotes the
// quote is closed around it, so the value still appears there as it did when it was pasted.
QString shellScriptWithEnvReferences(const QString& script, const QMap<QString, QString>& vars,
                                     QStringList* referenced, QStringList* missing)
{
    enum class Quote
    {
        None,
        Single,
        Double
    };
    static const QRegularExpression ref(QStringLiteral("\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}"));
    Quote quote = Quote::None;
    QString out;
    out.reserve(script.size() + 16);
    for (qsizetype i = 0; i < script.size(); ++i) {
        const QChar c = script.at(i);
        if (c == QLatin1Char('\\') && quote != Quote::Single && i + 1 < script.size()) {
            out += c;
            out += script.at(++i); // an escaped character, e.g. \$ stays literal
            continue;
        }
        if (c == QLatin1Char('$')) {
            const auto m = ref.match(script, i, QRegularExpression::NormalMatch,
                                     QRegularExpression::AnchorAtOffsetMatchOption);
            if (m.hasMatch()) {
                const QString name = m.captured(1);
                if (!vars.contains(name)) {
                    if (missing && !missing->contains(name))
                        missing->append(name);
                } else if (referenced && !referenced->contains(name)) {
                    referenced->append(name);
                }
                const QString envRef = QStringLiteral("${%1}").arg(name);
                if (quote == Quote::Double)
                    out += envRef;
                else if (quote == Quote::Single)
                    out += QStringLiteral("'\"%1\"'").arg(envRef);
                else
                    out += QStringLiteral("\"%1\"").arg(envRef);
                i += m.capturedLength() - 1;
                continue;
            }
        }
        if (c == QLatin1Char('\'') && quote != Quote::Double)
            quote = quote == Quote::Single ? Quote::None : Quote::Single;
        else if (c == QLatin1Char('"') && quote != Quote::Single)
            quote = quote == Quote::Double ? Quote::None : Quote::Double;
        out += c;
    }
    return out;
}

bool isLexicallyInside(const QString& kernelDir, const QString& path)
{
    const QString root = QDir::cleanPath(kernelDir);
    const QString p = QDir::cleanPath(path);
    return p == root || p.startsWith(root == QLatin1String("/") ? root : root + QLatin1Char('/'));
}

// The first path the stage would write (or TileLens would write for it) outside the
// workspace, or a working directory that leaves it, as a sentence; empty when every one
// stays inside (issue 14, S3; issue 32).
QString leavesWorkspace(const QString& kernelDir, const StageSpec& spec, const ResolvedStage& r)
{
    struct Written
    {
        const char* field;
        QString asWritten;
        QString absolute;
    };
    std::vector<Written> paths = {
        {"log_copy", spec.logCopy, r.logCopy},
        {"verdict_file", spec.verdictFile, r.verdictFile},
        {"the run records", QStringLiteral(".tilelens"), historyDir(kernelDir)}};
    for (qsizetype i = 0; i < r.outputs.size(); ++i)
        paths.push_back({"outputs", spec.outputs.value(i), r.outputs.at(i)});
    // A working directory written inside the workspace must stay inside once its links are
    // resolved (issue 32: a `sub` swapped for a link ran `rm -f ./*` outside). One declared
    // outside ($TILEGYM_PATH) runs where trust saw it resolve (TrustCoverage).
    if (isLexicallyInside(kernelDir, r.cwd) && !isInsideWorkspace(kernelDir, r.cwd))
        return QStringLiteral("cwd \"%1\" resolves to %2, outside the workspace %3; refused: a "
                              "working directory inside the workspace stays inside it")
            .arg(spec.cwd.isEmpty() ? QStringLiteral(".") : spec.cwd, r.physicalCwd,
                 physicalPath(kernelDir));
    for (const Written& w : paths) {
        QString where;
        if (w.absolute.isEmpty() || isInsideWorkspace(kernelDir, w.absolute, &where))
            continue;
        return QStringLiteral("%1 \"%2\" resolves to %3, outside the workspace %4; refused: a "
                              "stage writes only inside its workspace")
            .arg(QLatin1String(w.field), w.asWritten, where, physicalPath(kernelDir));
    }
    return {};
}

} // namespace

QString expandVariables(const QString& text, const QMap<QString, QString>& vars,
                        QStringList* missing)
{
    static const QRegularExpression re(QStringLiteral("\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}"));
    QString out;
    qsizetype last = 0;
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        out += QStringView(text).mid(last, m.capturedStart() - last);
        const QString name = m.captured(1);
        const auto found = vars.constFind(name);
        if (found == vars.constEnd()) {
            if (missing && !missing->contains(name))
                missing->append(name);
            out += m.captured(0); // kept visible: "${TILEGYM_PATH}" says more than ""
        } else {
            out += found.value();
        }
        last = m.capturedEnd();
    }
    out += QStringView(text).mid(last);
    return out;
}

QString shellQuote(const QString& arg)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (safe.match(arg).hasMatch())
        return arg;
    QString q = arg;
    q.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

bool gpuAvailable()
{
    if (qEnvironmentVariable("TILELENS_ASSUME_GPU") == QLatin1String("1"))
        return true;
    if (qEnvironmentVariable("TILELENS_ASSUME_GPU") == QLatin1String("0"))
        return false;
    return QFileInfo::exists(QStringLiteral("/dev/nvidiactl"));
}

QProcessEnvironment ResolvedStage::environment(const QProcessEnvironment& base) const
{
    QProcessEnvironment env = base;
    for (const QString& name : envRemoved)
        env.remove(name);
    for (auto it = envChanges.begin(); it != envChanges.end(); ++it)
        env.insert(it.key(), it.value());
    return env;
}

QString ResolvedStage::describe() const
{
    // Everything the trust digest covers that changes what runs or where it writes.
    QString text;
    if (launcher.isSlurm()) {
        text += QStringLiteral("launcher: slurm (%1").arg(launcher.mode);
        if (!launcher.partition.isEmpty())
            text += QStringLiteral(", partition ") + launcher.partition;
        if (!launcher.gres.isEmpty())
            text += QStringLiteral(", gres ") + launcher.gres;
        if (!launcher.timeLimit.isEmpty())
            text += QStringLiteral(", time ") + launcher.timeLimit;
        for (const QString& a : launcher.extraArgs)
            text += QLatin1Char(' ') + shellQuote(a);
        text += QStringLiteral(")\n");
    }
    text += physicalCwd.isEmpty() || physicalCwd == cwd
                ? QStringLiteral("cwd: %1\n").arg(cwd)
                : QStringLiteral("cwd: %1 (resolves to %2)\n").arg(cwd, physicalCwd);
    for (auto it = envChanges.begin(); it != envChanges.end(); ++it)
        text += QStringLiteral("env: %1=%2\n").arg(it.key(), shellQuote(it.value()));
    for (const QString& name : envRemoved)
        text += QStringLiteral("env: unset %1\n").arg(name);
    text += QStringLiteral("argv:");
    for (const QString& a : argv)
        text += QLatin1Char(' ') + shellQuote(a);
    text += QLatin1Char('\n');
    text += timeoutMs > 0 ? QStringLiteral("timeout: %1 s\n").arg(timeoutMs / 1000)
                          : QStringLiteral("timeout: none\n");
    if (!logCopy.isEmpty())
        text += QStringLiteral("writes the log to: %1\n").arg(logCopy);
    for (const QString& out : outputs)
        text += QStringLiteral("outputs: %1\n").arg(out);
    if (kind == StageKind::External) {
        text += QStringLiteral("verdict: %1").arg(QLatin1String(verdictSourceName(verdictSource)));
        if (verdictSource == VerdictSource::File)
            text += QLatin1Char(' ') + verdictFile;
        if (verdictSource == VerdictSource::ExitCode || verdictSource == VerdictSource::Pytest)
            text += QStringLiteral(" (%1 / %2)").arg(passVerdict, failVerdict);
        text += QLatin1Char('\n');
    }
    return text;
}

ResolvedStage resolveStage(const StageSet& set, const StageSpec& spec,
                           const QProcessEnvironment& base)
{
    ResolvedStage r;
    r.stageId = spec.id;
    r.kind = spec.kind;
    r.builtin = spec.builtin;
    r.verdictSource = spec.verdictSource;
    r.passVerdict = spec.passVerdict;
    r.failVerdict = spec.failVerdict;
    r.launcher = spec.launcher;
    r.timeoutMs = spec.timeoutSec > 0 ? spec.timeoutSec * 1000 : 0;

    QMap<QString, QString> vars = baseVariables(set, base);
    QStringList missing;

    // Workspace-level env first, then the stage's own; both may refer to other variables.
    QMap<QString, QString> changes;
    if (!base.contains(QStringLiteral("CUTILE_KERNEL_OUT_ROOT")) &&
        !set.env.contains(QStringLiteral("CUTILE_KERNEL_OUT_ROOT")))
        changes.insert(QStringLiteral("CUTILE_KERNEL_OUT_ROOT"),
                       vars.value(QStringLiteral("CUTILE_KERNEL_OUT_ROOT")));
    for (auto it = set.env.begin(); it != set.env.end(); ++it)
        changes.insert(it.key(), expandVariables(it.value(), vars, &missing));
    for (auto it = spec.env.begin(); it != spec.env.end(); ++it) {
        const QString value = expandVariables(it.value(), vars, &missing);
        changes.insert(it.key(), value);
        vars.insert(it.key(), value);
    }
    r.envChanges = changes;
    r.envRemoved = spec.unsetEnv;
    for (const QString& name : spec.unsetEnv)
        vars.remove(name);

    if (spec.shell && !spec.argv.isEmpty()) {
        // Never pasted as text (issue 14, S1/S2): the script reads the values from its env.
        QStringList referenced;
        const QString script =
            shellScriptWithEnvReferences(spec.argv.first(), vars, &referenced, &missing);
        for (const QString& name : referenced) {
            const QString value = vars.value(name);
            if (!r.envChanges.contains(name) && (!base.contains(name) || base.value(name) != value))
                r.envChanges.insert(name, value);
        }
        r.argv = QStringList{QStringLiteral("/bin/sh"), QStringLiteral("-c"), script};
    } else {
        for (const QString& a : spec.argv) // each element stays one argument, whatever it holds
            r.argv << expandVariables(a, vars, &missing);
    }
    r.cwd =
        absoluteIn(set.kernelDir,
                   spec.cwd.isEmpty() ? set.kernelDir : expandVariables(spec.cwd, vars, &missing));
    r.physicalCwd = physicalPath(r.cwd);
    for (const QString& in : spec.inputs)
        r.inputs << absoluteIn(set.kernelDir, expandVariables(in, vars, nullptr));
    for (const QString& out : spec.outputs)
        r.outputs << absoluteIn(set.kernelDir, expandVariables(out, vars, nullptr));
    r.logCopy = absoluteIn(set.kernelDir, expandVariables(spec.logCopy, vars, &missing));
    r.verdictFile = absoluteIn(set.kernelDir, expandVariables(spec.verdictFile, vars, &missing));
    for (const QString& name : spec.requiredEnv)
        if (!vars.contains(name) || vars.value(name).isEmpty())
            if (!missing.contains(name))
                missing << name;

    // Why it cannot run, most fundamental reason first.
    if (!spec.disabledReason.isEmpty()) {
        r.reason = spec.disabledReason;
        return r;
    }
    r.reason = leavesWorkspace(set.kernelDir, spec, r);
    if (!r.reason.isEmpty())
        return r;
    if (spec.kind == StageKind::Builtin) {
        r.runnable = true; // the registry check happens in the runner (BuiltinStageRegistry)
        return r;
    }
    // On a CPU-only machine "needs a GPU" is the reason that matters, whatever else is missing.
    if (spec.requiresGpu && !r.launcher.isSlurm() && !gpuAvailable()) {
        r.reason = runmsg::text(runmsg::kNeedsGpu);
        return r;
    }
    if (!missing.isEmpty()) {
        r.reason = runmsg::text(runmsg::kNeedsEnv).arg(missing.join(QStringLiteral(", ")));
        return r;
    }
    if (r.argv.isEmpty() || r.argv.first().isEmpty()) {
        r.reason = runmsg::text(runmsg::kNoCommand);
        return r;
    }
    if (r.launcher.isSlurm()) {
        const QString tool = r.launcher.mode == QLatin1String("sbatch") ? QStringLiteral("sbatch")
                                                                        : QStringLiteral("srun");
        if (QStandardPaths::findExecutable(
                tool, base.value(QStringLiteral("PATH")).split(QLatin1Char(':')))
                .isEmpty()) {
            r.reason = runmsg::text(runmsg::kSlurmNeedsTool).arg(tool);
            return r;
        }
    } else {
        if (!QFileInfo(r.cwd).isDir()) {
            r.reason = runmsg::text(runmsg::kNoWorkingDirectory).arg(r.cwd);
            return r;
        }
        const QString program = r.argv.first();
        if (program.contains(QLatin1Char('/'))) {
            const QFileInfo fi(absoluteIn(r.cwd, program));
            if (!fi.isFile() || !fi.isExecutable()) {
                r.reason = runmsg::text(runmsg::kNotExecutable).arg(fi.filePath());
                return r;
            }
        } else {
            const QString path = r.environment(base).value(QStringLiteral("PATH"));
            if (QStandardPaths::findExecutable(program, path.split(QLatin1Char(':'))).isEmpty()) {
                r.reason = runmsg::text(runmsg::kNotOnPath).arg(program);
                return r;
            }
        }
    }
    r.runnable = true;
    return r;
}

} // namespace tilelens::pipeline
