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
#include "pipeline/StageSet.h"
#include "pipeline/TrustReport.h"

#include <QCommandLineParser>

namespace tilelens::cli {
namespace {

using namespace tilelens::pipeline;

struct TrustOptions
{
    QCommandLineOption revoke{
        QStringLiteral("revoke"),
        QStringLiteral("Record \"do not trust\" instead (what the prompt's refusal records).")};
    QCommandLineOption status{QStringLiteral("status"),
                              QStringLiteral("Show the commands and the stored state only.")};
    QCommandLineOption json{QStringLiteral("json"),
                            QStringLiteral("Print tilelens.trust-decision/1 JSON on stdout.")};

    void declare(QCommandLineParser& parser) const
    {
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
        for (const QCommandLineOption* o : {&revoke, &status, &json})
            parser.addOption(*o);
    }
};

// The stages of \a dir; false, said on stderr, when it cannot run stages or its tilelens.json
// is invalid.
bool loadTrustedStages(const QString& dir, StageSet& set)
{
    if (!isStageDirectory(dir))
        return false;
    set = loadStageSet(dir);
    bool broken = false;
    for (const auto& d : set.diagnostics) {
        printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
        broken |= d.severity == Severity::Error;
    }
    if (broken)
        printErr(
            QStringLiteral("tilelens-cli trust: tilelens.json is invalid; nothing recorded\n"));
    return !broken;
}

int trustWorkspace(const QStringList& args)
{
    QCommandLineParser parser;
    const TrustOptions opt;
    opt.declare(parser);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::WithHelp))
        return *code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1 || (parser.isSet(opt.revoke) && parser.isSet(opt.status))) {
        printErr(QStringLiteral("tilelens-cli trust: expected one KERNEL_DIR (and not both "
                                "--revoke and --status)\n\n") +
                 parser.helpText());
        return ExitInputError;
    }
    StageSet set;
    if (!loadTrustedStages(pos.first(), set))
        return ExitInputError;
    const TrustAction action = parser.isSet(opt.status)   ? TrustAction::Status
                               : parser.isSet(opt.revoke) ? TrustAction::Revoke
                                                          : TrustAction::Trust;
    TrustStore store;
    const TrustOutcome outcome = applyTrust(store, set, action);
    if (outcome.failed) {
        printErr(QStringLiteral("tilelens-cli trust: %1\n").arg(outcome.error));
        return ExitInputError;
    }
    if (parser.isSet(opt.json))
        printOut(trustDecisionJson(store, set, action, outcome.note));
    else
        printOut(trustDecisionText(store, set));
    if (!outcome.note.isEmpty())
        printErr(QStringLiteral("tilelens-cli trust: %1\n").arg(outcome.note));
    return outcome.refused ? ExitInputError : ExitOk;
}

CliCommandRegistration reg({QStringLiteral("trust"),
                            QStringLiteral("show a workspace's commands and record trust"),
                            &trustWorkspace});

} // namespace
} // namespace tilelens::cli
