// tilelens-cli trust [--revoke] [--status] [--json] KERNEL_DIR
// Shows exactly what the workspace's external stages would run (every field the
// trust digest covers) and records the same decision the GUI's trust prompt
// records, in the same TrustStore (TILELENS_TRUST_FILE, default
// ~/.config/tilelens/trust.json). `run` without --trust then runs only what was
// approved; any change to a covered field, to where a stage's working directory
// resolves or to a workspace script a stage runs asks again (TrustCoverage.h).
//
// Exit codes: 0 recorded (or, with --status, shown); 3 usage or input error, an
// invalid tilelens.json, a workspace that opts out ("trust": false), or a trust
// file that cannot be written.

#include "CliRegistry.h"
#include "common/BytePath.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageSet.h"
#include "pipeline/TrustCoverage.h"
#include "pipeline/TrustStore.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tilelens::cli {
namespace {

using namespace tilelens::pipeline;

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

int trustWorkspace(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Show exactly what the external stages of KERNEL_DIR would run (command, shell, "
        "environment,\nworking directory, timeout, launcher, the paths they write and how "
        "their verdict is read)\nand record the trust decision the desktop app's prompt "
        "records, in the same trust file\n(TILELENS_TRUST_FILE, default "
        "~/.config/tilelens/trust.json). `tilelens-cli run` without\n--trust then runs them; "
        "any change to what they run asks again.\n"
        "Exit codes: 0 recorded (or shown with --status), 3 usage or input error, an invalid\n"
        "tilelens.json, a workspace that opts out (\"trust\": false), or an unwritable trust "
        "file."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("KERNEL_DIR"),
                                 QStringLiteral("Kernel working directory ($WS)."));
    const QCommandLineOption revokeOpt(
        QStringLiteral("revoke"),
        QStringLiteral("Record \"do not trust\" instead (what the prompt's refusal records)."));
    const QCommandLineOption statusOpt(
        QStringLiteral("status"), QStringLiteral("Show the commands and the stored state only."));
    const QCommandLineOption jsonOpt(
        QStringLiteral("json"), QStringLiteral("Print tilelens.trust-decision/1 JSON on stdout."));
    for (const auto& o : {revokeOpt, statusOpt, jsonOpt})
        parser.addOption(o);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::WithHelp))
        return *code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1 || (parser.isSet(revokeOpt) && parser.isSet(statusOpt))) {
        printErr(QStringLiteral("tilelens-cli trust: expected one KERNEL_DIR (and not both "
                                "--revoke and --status)\n\n") +
                 parser.helpText());
        return ExitInputError;
    }
    const QString dir = pos.first();
    if (hasEscapedBytes(dir)) { // its stages get it as ${WS}, a string: it must be UTF-8
        printErr(QStringLiteral("%1: error: a kernel directory whose name is not valid UTF-8 "
                                "cannot run stages (they get it as ${WS}); rename it\n")
                     .arg(displayPath(dir)));
        return ExitInputError;
    }
    if (!QFileInfo(dir).isDir()) {
        printErr(QStringLiteral("%1: error: not a directory\n").arg(dir));
        return ExitInputError;
    }
    const StageSet set = loadStageSet(dir);
    bool broken = false;
    for (const auto& d : set.diagnostics) {
        printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
        broken |= d.severity == Severity::Error;
    }
    if (broken) {
        printErr(
            QStringLiteral("tilelens-cli trust: tilelens.json is invalid; nothing recorded\n"));
        return ExitInputError;
    }

    TrustStore store;
    const bool statusOnly = parser.isSet(statusOpt);
    const bool trusted = !parser.isSet(revokeOpt);
    int code = ExitOk;
    QString note;
    if (!statusOnly && !TrustStore::needsTrust(set)) {
        note = QStringLiteral("nothing to trust: this workspace runs only built-in stages");
    } else if (!statusOnly) {
        QString error;
        if (!store.decide(set, trusted, &error)) {
            printErr(QStringLiteral("tilelens-cli trust: %1\n").arg(error));
            return ExitInputError;
        }
        if (trusted && store.state(set) != TrustState::Trusted) {
            note = QStringLiteral("the workspace's tilelens.json says \"trust\": false, which "
                                  "no decision overrides");
            code = ExitInputError;
        }
    }
    const TrustState state = store.state(set);

    if (parser.isSet(jsonOpt)) {
        QJsonArray stages;
        for (const auto& st : set.stages)
            if (st.kind == StageKind::External && st.disabledReason.isEmpty())
                stages.append(stageJson(set, st));
        QJsonObject o{
            {QStringLiteral("schema"), QStringLiteral("tilelens.trust-decision/1")},
            {QStringLiteral("workspace"), TrustStore::canonicalWorkspace(set.kernelDir)},
            {QStringLiteral("config"), set.configFile},
            {QStringLiteral("kernel_name"), set.kernelName},
            {QStringLiteral("trust_file"), store.filePath()},
            {QStringLiteral("digest"), TrustStore::commandsDigest(set)},
            {QStringLiteral("recorded"),
             statusOnly || !TrustStore::needsTrust(set) ? QJsonValue() : QJsonValue(trusted)},
            {QStringLiteral("state"), QString::fromLatin1(trustStateName(state))},
            {QStringLiteral("change_reason"), store.changeReason(set)},
            {QStringLiteral("not_covered"), TrustStore::coverageNote().trimmed()},
            {QStringLiteral("note"), note},
            {QStringLiteral("stages"), stages},
        };
        printOut(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
    } else {
        printOut(TrustStore::describeCommands(set));
        printOut(QStringLiteral("\nstate: %1 (trust file %2)\n")
                     .arg(QString::fromLatin1(trustStateName(state)), store.filePath()));
        if (const QString why = store.changeReason(set); !why.isEmpty())
            printOut(QStringLiteral("changed: %1\n").arg(why));
    }
    if (!note.isEmpty())
        printErr(QStringLiteral("tilelens-cli trust: %1\n").arg(note));
    return code;
}

CliCommandRegistration reg({QStringLiteral("trust"),
                            QStringLiteral("show a workspace's commands and record trust"),
                            &trustWorkspace});

} // namespace
} // namespace tilelens::cli
