// `tilelens-cli validate [--scope analysis|kernel|all] [--json] [--tilegym DIR] [--verbose]
// KERNEL_DIR` analysis: validate_analysis.sh parity; kernel: the file and content checks of
// validate_kernel.sh that need no GPU or cargo. Exit 0 PASS, 1 FAIL, 3 input error.

#include "CliRegistry.h"
#include "common/BytePath.h"
#include "common/JsonWrite.h"
#include "workspace/AnalysisValidator.h"
#include "workspace/KernelValidator.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <nlohmann/json.hpp>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

nlohmann::ordered_json messageJson(const Diagnostic& d)
{
    nlohmann::ordered_json j = {{"severity", d.severity == Severity::Error     ? "error"
                                             : d.severity == Severity::Warning ? "warning"
                                                                               : "ok"},
                                {"message", d.message}};
    if (!d.place.file.empty())
        j["file"] = d.place.file;
    if (d.place.line > 0) {
        j["line"] = d.place.line;
        j["column"] = d.place.column;
    }
    if (!d.jsonPointer.empty())
        j["pointer"] = d.jsonPointer;
    return j;
}

nlohmann::ordered_json resultJson(const ws::ValidationResult& r)
{
    nlohmann::ordered_json messages = nlohmann::ordered_json::array();
    for (const Diagnostic& d : r.messages) {
        if (d.severity != Severity::Note)
            messages.push_back(messageJson(d));
    }
    nlohmann::ordered_json summary = nlohmann::ordered_json::array();
    for (const QString& s : r.summary)
        summary.push_back(s.toStdString());
    return {{"scope", r.scope.toStdString()}, {"verdict", r.passed() ? "PASS" : "FAIL"},
            {"errors", r.errors()},           {"warnings", r.warnings()},
            {"messages", messages},           {"summary", summary}};
}

int runValidate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Validate a TileGym kernel working directory: analysis.json (validate_analysis.sh parity) "
        "and the files and contents validate_kernel.sh checks without a GPU or cargo.\n"
        "Exit codes: 0 PASS, 1 FAIL, 3 usage or input error."));
    parser.addHelpOption();
    const QCommandLineOption scopeOpt(
        QStringLiteral("scope"),
        QStringLiteral("What to check: analysis, kernel or all (default)."),
        QStringLiteral("scope"), QStringLiteral("all"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     QStringLiteral("Print one JSON object on stdout."));
    const QCommandLineOption tilegymOpt(
        QStringLiteral("tilegym"),
        QStringLiteral("TileGym checkout for the in-tree checks (default: $TILEGYM_PATH)."),
        QStringLiteral("dir"));
    const QCommandLineOption verboseOpt(QStringLiteral("verbose"),
                                        QStringLiteral("Also print the OK: lines."));
    parser.addOption(scopeOpt);
    parser.addOption(jsonOpt);
    parser.addOption(tilegymOpt);
    parser.addOption(verboseOpt);
    parser.addPositionalArgument(
        QStringLiteral("KERNEL_DIR"),
        QStringLiteral("Kernel working directory ($CUTILE_KERNEL_OUT_ROOT/<kernel>), or its "
                       "reference/analysis.json."));
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printErr(QStringLiteral("tilelens-cli validate: expected exactly one KERNEL_DIR\n") +
                 parser.helpText());
        return ExitInputError;
    }
    const QString scope = parser.value(scopeOpt);
    if (scope != QLatin1String("analysis") && scope != QLatin1String("kernel") &&
        scope != QLatin1String("all")) {
        printErr(QStringLiteral(
                     "tilelens-cli validate: --scope must be analysis, kernel or all, not '%1'\n")
                     .arg(scope));
        return ExitInputError;
    }
    // qtPath: a name that is not UTF-8 opens as given (BytePath.h).
    const QFileInfo given(positional.first());
    QString dir = qtPath(given.filePath());
    if (QFileInfo(dir).isFile() && given.fileName() == QLatin1String("analysis.json"))
        dir = qtPath(QFileInfo(given.absolutePath())
                         .absolutePath()); // .../reference/analysis.json -> kernel dir
    if (!QFileInfo(dir).isDir()) {
        printErr(QStringLiteral("tilelens-cli validate: %1: no such kernel directory\n")
                     .arg(displayPath(positional.first())));
        return ExitInputError;
    }
    QString tilegym = parser.value(tilegymOpt);
    if (tilegym.isEmpty())
        tilegym = qEnvironmentVariable("TILEGYM_PATH");
    if (!tilegym.isEmpty() &&
        !QFileInfo(QDir(tilegym).filePath(QStringLiteral("src/tilegym"))).isDir()) {
        if (parser.isSet(tilegymOpt)) {
            printErr(QStringLiteral(
                         "tilelens-cli validate: %1 is not a TileGym checkout (no src/tilegym)\n")
                         .arg(tilegym));
            return ExitInputError;
        }
        tilegym.clear(); // a stale environment variable only disables the in-tree checks
    }

    std::vector<ws::ValidationResult> results;
    if (scope != QLatin1String("kernel"))
        results.push_back(ws::validateAnalysis(dir));
    if (scope != QLatin1String("analysis"))
        results.push_back(ws::validateKernelDir(dir, tilegym));

    bool inputError = false, failed = false;
    for (const auto& r : results) {
        inputError = inputError || r.inputError;
        failed = failed || !r.passed();
    }
    const QString verdict = failed ? QStringLiteral("FAIL") : QStringLiteral("PASS");
    if (parser.isSet(jsonOpt)) {
        nlohmann::ordered_json scopes = nlohmann::ordered_json::array();
        for (const auto& r : results)
            scopes.push_back(resultJson(r));
        const nlohmann::ordered_json out = {
            {"schema", "tilelens.validate/1"},
            {"target", displayPath(QDir(dir).absolutePath()).toStdString()},
            {"verdict", verdict.toStdString()},
            {"scopes", scopes}};
        printOutUtf8(jsonText(out) + "\n");
    } else {
        for (size_t i = 0; i < results.size(); ++i) {
            if (results.size() > 1)
                printOut(QStringLiteral("=== %1 ===\n").arg(results[i].scope));
            printOut(ws::formatValidationText(results[i], parser.isSet(verboseOpt)));
            if (i + 1 < results.size())
                printOut(QStringLiteral("\n"));
        }
    }
    if (inputError)
        return ExitInputError;
    return failed ? ExitFail : ExitOk;
}

CliCommandRegistration
    reg({QStringLiteral("validate"),
         QStringLiteral("check a kernel working directory (analysis.json, files, reports)"),
         &runValidate});

} // namespace
