// `tilelens-cli validate [--scope analysis|kernel|all] [--json] [--tilegym DIR] [--verbose]
// KERNEL_DIR` analysis: validate_analysis.sh parity; kernel: the file and content checks of
// validate_kernel.sh that need no GPU or cargo. Exit 0 PASS, 1 FAIL, 3 input error.

#include "CliRegistry.h"
#include "common/BytePath.h"
#include "workspace/ValidationReport.h"

#include <QCommandLineParser>
#include <QFileInfo>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

struct ValidateOptions
{
    QCommandLineOption scope{QStringLiteral("scope"),
                             QStringLiteral("What to check: analysis, kernel or all (default)."),
                             QStringLiteral("scope"), QStringLiteral("all")};
    QCommandLineOption json{QStringLiteral("json"),
                            QStringLiteral("Print one JSON object on stdout.")};
    QCommandLineOption tilegym{
        QStringLiteral("tilegym"),
        QStringLiteral("TileGym checkout for the in-tree checks (default: $TILEGYM_PATH)."),
        QStringLiteral("dir")};
    QCommandLineOption verbose{QStringLiteral("verbose"),
                               QStringLiteral("Also print the OK: lines.")};

    void declare(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QStringLiteral(
            "Validate a TileGym kernel working directory: analysis.json (validate_analysis.sh "
            "parity) and the files and contents validate_kernel.sh checks without a GPU or "
            "cargo.\nExit codes: 0 PASS, 1 FAIL, 3 usage or input error."));
        parser.addHelpOption();
        for (const QCommandLineOption* o : {&scope, &json, &tilegym, &verbose})
            parser.addOption(*o);
        parser.addPositionalArgument(
            QStringLiteral("KERNEL_DIR"),
            QStringLiteral("Kernel working directory ($CUTILE_KERNEL_OUT_ROOT/<kernel>), or its "
                           "reference/analysis.json."));
    }
};

int runValidate(const QStringList& args)
{
    QCommandLineParser parser;
    const ValidateOptions opt;
    opt.declare(parser);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printErr(QStringLiteral("tilelens-cli validate: expected exactly one KERNEL_DIR\n") +
                 parser.helpText());
        return ExitInputError;
    }
    const auto scope = ws::validationScopeNamed(parser.value(opt.scope));
    if (!scope) {
        printErr(QStringLiteral(
                     "tilelens-cli validate: --scope must be analysis, kernel or all, not '%1'\n")
                     .arg(parser.value(opt.scope)));
        return ExitInputError;
    }
    const QString dir = ws::validationTarget(positional.first());
    if (!QFileInfo(dir).isDir()) {
        printErr(QStringLiteral("tilelens-cli validate: %1: no such kernel directory\n")
                     .arg(displayPath(positional.first())));
        return ExitInputError;
    }
    QString error;
    const QString tilegym = ws::validationCheckout(
        parser.isSet(opt.tilegym) ? std::optional(parser.value(opt.tilegym)) : std::nullopt,
        &error);
    if (!error.isEmpty()) {
        printErr(QStringLiteral("tilelens-cli validate: %1\n").arg(error));
        return ExitInputError;
    }
    const std::vector<ws::ValidationResult> results = ws::validateScopes(dir, *scope, tilegym);
    if (parser.isSet(opt.json))
        printOutUtf8(ws::validationJson(results, dir));
    else
        printOut(ws::validationText(results, parser.isSet(opt.verbose)));
    bool inputError = false, failed = false;
    for (const ws::ValidationResult& r : results) {
        inputError = inputError || r.inputError;
        failed = failed || !r.passed();
    }
    return inputError ? ExitInputError : failed ? ExitFail : ExitOk;
}

CliCommandRegistration
    reg({QStringLiteral("validate"),
         QStringLiteral("check a kernel working directory (analysis.json, files, reports)"),
         &runValidate});

} // namespace
