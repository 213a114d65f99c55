// `tilelens-cli parse [--json] [--split] [--emit custom|generic] [--no-verify] FILE...`
// Parses and verifies Tile IR text or bytecode; exit 0 when all pass, 3 when any fails.

#include "CliRegistry.h"
#include "common/FileReader.h"
#include "common/JsonWrite.h"
#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "ir/bytecode/BytecodeReader.h"
#include "ir/bytecode/IrFileLoader.h"

#include <QCommandLineParser>
#include <nlohmann/json.hpp>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

nlohmann::json diagnosticJson(const Diagnostic& d)
{
    return {{"severity", severityWord(d.severity)},
            {"line", d.place.line},
            {"column", d.place.column},
            {"message", d.message}};
}

int runParse(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Parse Tile IR: text (custom, generic or cutile-ir syntax) or bytecode (.tileirbc)."));
    parser.addHelpOption();
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     QStringLiteral("Print one JSON object on stdout."));
    const QCommandLineOption splitOpt(
        QStringLiteral("split"),
        QStringLiteral("Treat lines '// -----' as separators of independent inputs."));
    const QCommandLineOption emitOpt(
        QStringLiteral("emit"),
        QStringLiteral("Print the parsed module as 'custom' or 'generic' syntax."),
        QStringLiteral("style"));
    const QCommandLineOption noVerifyOpt(
        QStringLiteral("no-verify"),
        QStringLiteral(
            "Report syntax errors only, not the verifier's (types, attributes, shapes)."));
    parser.addOption(jsonOpt);
    parser.addOption(splitOpt);
    parser.addOption(emitOpt);
    parser.addOption(noVerifyOpt);
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("Tile IR text or bytecode files."),
                                 QStringLiteral("FILE..."));
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        printErr(QStringLiteral("tilelens-cli parse: no FILE given\n") + parser.helpText());
        return ExitInputError;
    }
    bool emit = parser.isSet(emitOpt);
    ir::PrintStyle style = ir::PrintStyle::Custom;
    if (emit) {
        const QString s = parser.value(emitOpt);
        if (s == QLatin1String("generic"))
            style = ir::PrintStyle::Generic;
        else if (s != QLatin1String("custom")) {
            printErr(QStringLiteral(
                         "tilelens-cli parse: --emit must be 'custom' or 'generic', not '%1'\n")
                         .arg(s));
            return ExitInputError;
        }
    }
    const bool json = parser.isSet(jsonOpt);
    const bool split = parser.isSet(splitOpt);

    bool allOk = true;
    nlohmann::json out = {{"schema", "tilelens.parse/1"}, {"files", nlohmann::json::array()}};
    for (const QString& file : files) {
        const std::string path = file.toStdString();
        std::vector<ir::ParseResult> results;
        // Read once, then decide: a FIFO cannot be opened a second time.
        Diagnostics readDiags;
        const auto contents = readFile(path, readDiags, ir::kMaxParseBytes);
        const bool bytecode = contents && ir::isBytecode(contents->bytes);
        if (!contents) {
            results.emplace_back();
            results.back().diagnostics = std::move(readDiags);
        } else if (split && !bytecode) {
            results = ir::parseFileContentsSplit(contents->bytes, path);
        } else {
            results.push_back(ir::loadIrContents(contents->bytes, path)); // text or .tileirbc
        }
        // What parsed is verified: its errors are the input's errors too.
        if (!parser.isSet(noVerifyOpt))
            for (ir::ParseResult& r : results)
                if (r.ok())
                    ir::verifyParseResult(r, path);
        bool ok = true;
        size_t ops = 0;
        nlohmann::json functions = nlohmann::json::array();
        nlohmann::json diags = nlohmann::json::array();
        std::string syntax = "empty";
        for (size_t c = 0; c < results.size(); ++c) {
            const ir::ParseResult& r = results[c];
            ok = ok && r.ok();
            ops += r.opCount();
            if (r.syntax != ir::Syntax::Empty)
                syntax = (syntax == "empty" || syntax == ir::syntaxName(r.syntax))
                             ? ir::syntaxName(r.syntax)
                             : "mixed";
            else if (bytecode && r.ok())
                syntax = "bytecode";
            for (const Diagnostic& d : r.diagnostics) {
                diags.push_back(diagnosticJson(d));
                if (!json)
                    printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
            }
            for (const ir::Module* m : r.modules)
                for (const ir::Function* f : m->functions) {
                    nlohmann::json fj = {
                        {"name", std::string(f->name)},
                        {"kind", f->kind == ir::FunctionKind::Entry ? "entry" : "func"},
                        {"module", std::string(m->name)},
                        {"ops", f->opCount()},
                        {"line", f->range.beginLine}};
                    if (split)
                        fj["chunk"] = c;
                    functions.push_back(fj);
                }
            if (emit && r.ok() && !r.modules.empty()) {
                if (split && c > 0)
                    printOut(QStringLiteral("// -----\n"));
                printOut(QString::fromStdString(ir::printResult(r, style)));
            }
        }
        allOk = allOk && ok;
        nlohmann::json fileJson = {{"path", path},           {"ok", ok},
                                   {"syntax", syntax},       {"op_count", ops},
                                   {"functions", functions}, {"diagnostics", diags}};
        if (split)
            fileJson["chunks"] = results.size();
        out["files"].push_back(fileJson);
        if (!json && !emit)
            printOut(
                QStringLiteral("%1: %2 (%3 syntax, %4 functions, %5 ops%6)\n")
                    .arg(file, ok ? QStringLiteral("ok") : QStringLiteral("FAILED"),
                         QString::fromStdString(syntax))
                    .arg(functions.size())
                    .arg(ops)
                    .arg(split ? QStringLiteral(", %1 chunks").arg(results.size()) : QString()));
    }
    if (json)
        printOutUtf8(jsonText(out) + "\n");
    return allOk ? ExitOk : ExitInputError;
}

CliCommandRegistration
    reg({QStringLiteral("parse"),
         QStringLiteral("parse Tile IR text or bytecode and report located errors"), &runParse});

} // namespace
