// `tilelens-cli parse [--json] [--split] [--emit custom|generic] [--no-verify] FILE...`
// Parses and verifies Tile IR text or bytecode (ir::parseReport); exit 0 when all pass, 3 when
// any fails.

#include "CliRegistry.h"
#include "common/JsonWrite.h"
#include "ir/ParseReport.h"

#include <QCommandLineParser>
#include <nlohmann/json.hpp>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

struct ParseOptions
{
    QCommandLineOption json{QStringLiteral("json"),
                            QStringLiteral("Print one JSON object on stdout.")};
    QCommandLineOption split{
        QStringLiteral("split"),
        QStringLiteral("Treat lines '// -----' as separators of independent inputs.")};
    QCommandLineOption emit{
        QStringLiteral("emit"),
        QStringLiteral("Print the parsed module as 'custom' or 'generic' syntax."),
        QStringLiteral("style")};
    QCommandLineOption noVerify{
        QStringLiteral("no-verify"),
        QStringLiteral(
            "Report syntax errors only, not the verifier's (types, attributes, shapes).")};

    void declare(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QStringLiteral(
            "Parse Tile IR: text (custom, generic or cutile-ir syntax) or bytecode (.tileirbc)."));
        parser.addHelpOption();
        for (const QCommandLineOption* o : {&json, &split, &emit, &noVerify})
            parser.addOption(*o);
        parser.addPositionalArgument(QStringLiteral("FILE"),
                                     QStringLiteral("Tile IR text or bytecode files."),
                                     QStringLiteral("FILE..."));
    }
};

// --emit STYLE into \a options; false, said on stderr, for an unknown style.
bool readEmit(const QCommandLineParser& parser, const ParseOptions& opt,
              ir::ParseReportOptions& options)
{
    if (!parser.isSet(opt.emit))
        return true;
    const QString s = parser.value(opt.emit);
    if (s == QLatin1String("generic") || s == QLatin1String("custom")) {
        options.emit =
            s == QLatin1String("generic") ? ir::PrintStyle::Generic : ir::PrintStyle::Custom;
        return true;
    }
    printErr(QStringLiteral("tilelens-cli parse: --emit must be 'custom' or 'generic', not '%1'\n")
                 .arg(s));
    return false;
}

int runParse(const QStringList& args)
{
    QCommandLineParser parser;
    const ParseOptions opt;
    opt.declare(parser);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        printErr(QStringLiteral("tilelens-cli parse: no FILE given\n") + parser.helpText());
        return ExitInputError;
    }
    ir::ParseReportOptions options;
    if (!readEmit(parser, opt, options))
        return ExitInputError;
    options.split = parser.isSet(opt.split);
    options.verify = !parser.isSet(opt.noVerify);
    const bool json = parser.isSet(opt.json);

    bool allOk = true;
    nlohmann::json out = {{"schema", "tilelens.parse/1"}, {"files", nlohmann::json::array()}};
    for (const QString& file : files) {
        const std::string path = file.toStdString();
        const ir::FileParseReport report = ir::parseReport(path, options);
        allOk = allOk && report.ok;
        out["files"].push_back(report.json);
        for (const Diagnostic& d : report.diagnostics)
            if (!json)
                printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
        if (options.emit)
            printOut(QString::fromStdString(report.emitted)); // before the JSON with --json
        else if (!json)
            printOut(QString::fromStdString(ir::parseSummaryLine(path, report, options.split)));
    }
    if (json)
        printOutUtf8(jsonText(out) + "\n");
    return allOk ? ExitOk : ExitInputError;
}

CliCommandRegistration
    reg({QStringLiteral("parse"),
         QStringLiteral("parse Tile IR text or bytecode and report located errors"), &runParse});

} // namespace
