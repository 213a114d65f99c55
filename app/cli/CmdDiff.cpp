// tilelens-cli diff REF GEN [--rules FILE] [--format text|json|markdown|sarif|html] [-o OUT]
// Semantic Tile IR diff with TileGym's checklist as rules. Exit codes follow
// diff_ir.sh: 0 PASS, 2 PASS_WITH_NOTES, 1 FAIL_FIXABLE; 3 usage or input error.
// --eval [--binding FILE] then runs both entries on the CPU interpreter and checks
// the divergences against the outcome (core/crosscheck); a run that refutes the
// verdict is a differ bug: said on stderr, exit 1.

#include "CliRegistry.h"
#include "common/BytePath.h"
#include "common/JsonWrite.h"
#include "crosscheck/DiffCrossCheck.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"
#include "pair/CrossCheck.h"
#include "pair/HtmlExport.h"
#include "pair/PairAnalysis.h"
#include "pair/Rules.h"
#include "workspace/DerivedBinding.h"

#include <QCommandLineParser>
#include <QSaveFile>
#include <nlohmann/json.hpp>

namespace tilelens::cli {
namespace {

using namespace tilelens::diff;

void printDiagnostics(const Diagnostics& diags)
{
    for (const Diagnostic& d : diags)
        printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
}

// Why a side was not compared: its located errors, and for IR that parses but does not
// verify, a line that says so.
void printRefusal(const pair::PairSide& s)
{
    printDiagnostics(s.diagnostics);
    if (s.verifierErrors > 0)
        printErr(QStringLiteral("%1: error: does not verify (%2); the diff compares only IR "
                                "that verifies\n")
                     .arg(QString::fromStdString(s.path), errorCount(s.verifierErrors)));
}

int runDiff(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compare reference and generated Tile IR semantically and classify every divergence with\n"
        "TileGym's IR-diff checklist. Exit codes: 0 PASS, 2 PASS_WITH_NOTES, 1 FAIL_FIXABLE,\n"
        "3 usage or input error."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("REF"),
                                 QStringLiteral("Reference IR (cuTile Python)."));
    parser.addPositionalArgument(QStringLiteral("GEN"),
                                 QStringLiteral("Generated IR (cuTile Rust)."));
    const QCommandLineOption rulesOpt(
        QStringLiteral("rules"),
        QStringLiteral("Rule file (tilelens.rules/1) adding or overriding rules."),
        QStringLiteral("FILE"));
    const QCommandLineOption formatOpt(
        QStringLiteral("format"),
        QStringLiteral("Output format: text (default), json, markdown, sarif (SARIF 2.1.0) or\n"
                       "html (one self-contained page)."),
        QStringLiteral("FORMAT"), QStringLiteral("text"));
    const QCommandLineOption outOpt({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write the report to OUT instead of stdout."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption kernelOpt(
        QStringLiteral("kernel"),
        QStringLiteral("Kernel name for the markdown and html titles (default: from the entry)."),
        QStringLiteral("NAME"));
    const QCommandLineOption evalOpt(
        QStringLiteral("eval"),
        QStringLiteral("Then run both entries on the CPU interpreter: attach a counterexample to\n"
                       "the critical divergences on the path to a differing output, confirm or\n"
                       "refute the equivalent ones (a refuted one is a differ bug: exit 1)."));
    const QCommandLineOption bindingOpt(
        QStringLiteral("binding"),
        QStringLiteral("With --eval: binding file (tilelens.eval-binding/1); default: bind by\n"
                       "position from the reference's mangled entry name."),
        QStringLiteral("FILE"));
    parser.addOption(evalOpt);
    parser.addOption(bindingOpt);
    parser.addOption(rulesOpt);
    parser.addOption(formatOpt);
    parser.addOption(outOpt);
    parser.addOption(kernelOpt);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::WithHelp))
        return *code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        printErr(QStringLiteral("tilelens-cli diff: expected REF and GEN, got %1 argument(s)\n%2")
                     .arg(pos.size())
                     .arg(parser.helpText()));
        return ExitInputError;
    }
    const QString format = parser.value(formatOpt);
    static const QStringList formats = {QStringLiteral("text"), QStringLiteral("json"),
                                        QStringLiteral("markdown"), QStringLiteral("sarif"),
                                        QStringLiteral("html")};
    if (!formats.contains(format)) {
        printErr(QStringLiteral("tilelens-cli diff: unknown format '%1' (expected %2)\n")
                     .arg(format, formats.join(QStringLiteral(", "))));
        return ExitInputError;
    }

    if (parser.isSet(bindingOpt) && !parser.isSet(evalOpt)) {
        printErr(QStringLiteral("tilelens-cli diff: --binding needs --eval\n"));
        return ExitInputError;
    }

    if (RuleSet::defaults().rules().empty()) {
        printErr(QStringLiteral("tilelens-cli diff: the built-in default rules failed to load\n"));
        return ExitInputError;
    }
    Diagnostics diags;
    const std::shared_ptr<const RuleSet> rules =
        pair::loadRules(parser.isSet(rulesOpt) ? parser.value(rulesOpt).toStdString() : "", diags);
    if (!rules) {
        printDiagnostics(diags);
        return ExitInputError;
    }

    // Each side is read once (a FIFO cannot be read twice) and verified entry by entry before
    // its graphs are built; a side that does not verify ends the diff (exit 3). Only the HTML
    // page shows the two sides (row by row, text IR only); only --eval runs the models.
    const bool html = format == QLatin1String("html");
    pair::PairRequest request;
    request.sides = {{pos[0].toStdString(), nullptr}, {pos[1].toStdString(), nullptr}};
    request.rules = rules;
    request.alignedRows = html;
    request.keepText = html;
    request.keepModels = parser.isSet(evalOpt);
    const pair::PairAnalysis analysis = pair::analysePair(request);
    const pair::PairSide& ref = analysis.sides.reference();
    const pair::PairSide& gen = analysis.sides.generated();
    if (!analysis.compared()) {
        printRefusal(ref);
        printRefusal(gen);
        return ExitInputError;
    }
    const DiffResult& result = *analysis.result;

    std::optional<crosscheck::CrossCheck> check;
    if (parser.isSet(evalOpt)) {
        // Without --binding, each entry pair binds through the port's launch chain when one is
        // found (workspace/DerivedBinding.h), else by default.
        const std::string refPath = pos[0].toStdString(), genPath = pos[1].toStdString();
        check =
            pair::crossCheck(analysis, parser.value(bindingOpt).toStdString(), {},
                             [&](const ir::Function& r, const ir::Function& g, std::string& why) {
                                 return ws::derivedBindingForIrPair(refPath, genPath, r, g, &why);
                             });
        const QString summary = QString::fromStdString(check->summary);
        if (check->differBug)
            printErr(QStringLiteral("tilelens-cli diff: error: %1\n  counterexample: %2\n")
                         .arg(summary, QString::fromStdString(check->counterexample)));
        else if (!check->ran() || check->inconclusive ||
                 (check->eval.verdict != "same" && check->eval.verdict != "different"))
            printErr(QStringLiteral("tilelens-cli diff: note: CPU run %1\n").arg(summary));
    }

    // The reports say what the run adds: its counterexample on the criticals it was attached
    // to (no longer unproven), why the others have none.
    const DiffResult shown = check ? crosscheck::withCpuRun(result, *check) : DiffResult();
    const DiffResult& reported = check ? shown : result;
    std::string text;
    if (format == QLatin1String("json")) {
        text = writeJsonReport(reported);
        if (check) {
            nlohmann::json j = nlohmann::json::parse(text);
            crosscheck::addToDiffJson(j, *check);
            text = jsonText(j) + "\n";
        }
    } else if (format == QLatin1String("sarif")) {
        text = writeSarifReport(reported, *rules);
    } else if (format == QLatin1String("html")) {
        text = pair::htmlPage(analysis, parser.value(kernelOpt).toStdString());
    } else {
        const bool markdown = format == QLatin1String("markdown");
        text = markdown ? writeMarkdownReport(reported, parser.value(kernelOpt).toStdString())
                        : writeTextReport(reported);
        if (check)
            text += crosscheck::crossCheckText(*check, markdown ? crosscheck::ReportFormat::Markdown
                                                                : crosscheck::ReportFormat::Text);
    }

    if (parser.isSet(outOpt)) {
        QSaveFile out(qtPath(parser.value(outOpt))); // byte-exact name (BytePath.h)
        if (!out.open(QIODevice::WriteOnly) ||
            out.write(text.data(), qint64(text.size())) != qint64(text.size()) || !out.commit()) {
            printErr(QStringLiteral("%1: error: cannot write the report: %2\n")
                         .arg(parser.value(outOpt), out.errorString()));
            return ExitInputError;
        }
        printOut(QString::fromStdString(verdictLine(result)) + QLatin1Char('\n'));
    } else if (format == QLatin1String("html")) {
        printOutDocument(text); // escaped by the page itself; IR lines keep their tabs
    } else {
        printOutUtf8(text);
    }
    if (check && check->differBug)
        return ExitFail;
    return verdictExitCode(result.verdict);
}

CliCommandRegistration
    reg({QStringLiteral("diff"),
         QStringLiteral("semantic IR diff with TileGym checklist rules (exit 0/2/1/3)"), &runDiff});

} // namespace
} // namespace tilelens::cli
