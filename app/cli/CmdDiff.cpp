// tilelens-cli diff REF GEN [--rules FILE] [--format text|json|markdown|sarif|html] [-o OUT]
// Semantic Tile IR diff with TileGym's checklist as rules. Exit codes follow
// diff_ir.sh: 0 PASS, 2 PASS_WITH_NOTES, 1 FAIL_FIXABLE; 3 usage or input error.
// --eval [--binding FILE] then runs both entries on the CPU interpreter and checks
// the divergences against the outcome (core/crosscheck); a run that refutes the
// verdict is a differ bug: said on stderr, exit 1. Without --eval, unproven criticals get a
// quick CPU search on the given (--binding) or derived binding (--cpu-search-budget).

#include "CliRegistry.h"
#include "common/BytePath.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"
#include "pair/DiffReport.h"
#include "pair/PairAnalysis.h"
#include "pair/Rules.h"

#include <QCommandLineParser>
#include <QSaveFile>

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

struct DiffOptions
{
    QCommandLineOption rules{
        QStringLiteral("rules"),
        QStringLiteral("Rule file (tilelens.rules/1) adding or overriding rules."),
        QStringLiteral("FILE")};
    QCommandLineOption format{
        QStringLiteral("format"),
        QStringLiteral("Output format: text (default), json, markdown, sarif (SARIF 2.1.0) or\n"
                       "html (one self-contained page)."),
        QStringLiteral("FORMAT"), QStringLiteral("text")};
    QCommandLineOption out{{QStringLiteral("o"), QStringLiteral("output")},
                           QStringLiteral("Write the report to OUT instead of stdout."),
                           QStringLiteral("OUT")};
    QCommandLineOption kernel{
        QStringLiteral("kernel"),
        QStringLiteral("Kernel name for the markdown and html titles (default: from the entry)."),
        QStringLiteral("NAME")};
    QCommandLineOption eval{
        QStringLiteral("eval"),
        QStringLiteral("Then run both entries on the CPU interpreter: attach a counterexample to\n"
                       "the critical divergences on the path to a differing output, confirm or\n"
                       "refute the equivalent ones (a refuted one is a differ bug: exit 1).")};
    QCommandLineOption binding{
        QStringLiteral("binding"),
        QStringLiteral("Binding file (tilelens.eval-binding/1) of the CPU runs: --eval's, and\n"
                       "without --eval the quick search of unproven criticals; default: the\n"
                       "binding derived from the port's launch chain (--eval: else a guess)."),
        QStringLiteral("FILE")};
    QCommandLineOption cpuSearchBudget{
        QStringLiteral("cpu-search-budget"),
        QStringLiteral("Without --eval: wall seconds of the quick CPU search for the unproven\n"
                       "criticals' counterexamples (default 1; 0 turns it off)."),
        QStringLiteral("SECONDS")};

    void declare(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QStringLiteral(
            "Compare reference and generated Tile IR semantically and classify every divergence "
            "with\nTileGym's IR-diff checklist. Exit codes: 0 PASS, 2 PASS_WITH_NOTES, 1 "
            "FAIL_FIXABLE,\n3 usage or input error."));
        parser.addHelpOption();
        parser.addPositionalArgument(QStringLiteral("REF"),
                                     QStringLiteral("Reference IR (cuTile Python)."));
        parser.addPositionalArgument(QStringLiteral("GEN"),
                                     QStringLiteral("Generated IR (cuTile Rust)."));
        for (const QCommandLineOption* o :
             {&eval, &binding, &cpuSearchBudget, &rules, &format, &out, &kernel})
            parser.addOption(*o);
    }
};

// What the CPU run says beside the report: a refuted verdict (a differ bug), or why it
// decided nothing.
void printCheckNote(const crosscheck::CrossCheck& check)
{
    const QString summary = QString::fromStdString(check.summary);
    if (check.differBug)
        printErr(QStringLiteral("tilelens-cli diff: error: %1\n  counterexample: %2\n")
                     .arg(summary, QString::fromStdString(check.counterexample)));
    else if (!check.ran() || check.inconclusive ||
             (check.eval.verdict != "same" && check.eval.verdict != "different"))
        printErr(QStringLiteral("tilelens-cli diff: note: CPU run %1\n").arg(summary));
}

// The report to -o OUT (then the verdict line on stdout) or to stdout; false when OUT cannot
// be written.
bool writeReport(const QString& outPath, const std::string& text, pair::DiffFormat format,
                 const DiffResult& result)
{
    if (!outPath.isEmpty()) {
        QSaveFile out(qtPath(outPath)); // byte-exact name (BytePath.h)
        if (!out.open(QIODevice::WriteOnly) ||
            out.write(text.data(), qint64(text.size())) != qint64(text.size()) || !out.commit()) {
            printErr(QStringLiteral("%1: error: cannot write the report: %2\n")
                         .arg(outPath, out.errorString()));
            return false;
        }
        printOut(QString::fromStdString(verdictLine(result)) + QLatin1Char('\n'));
    } else if (format == pair::DiffFormat::Html) {
        printOutDocument(text); // escaped by the page itself; IR lines keep their tabs
    } else {
        printOutUtf8(text);
    }
    return true;
}

// The built-in rules merged with --rules FILE (none: the built-in ones); null, said on stderr,
// when either cannot be read.
std::shared_ptr<const RuleSet> loadDiffRules(const QString& rulesFile)
{
    if (RuleSet::defaults().rules().empty()) {
        printErr(QStringLiteral("tilelens-cli diff: the built-in default rules failed to load\n"));
        return nullptr;
    }
    Diagnostics diags;
    std::shared_ptr<const RuleSet> rules = pair::loadRules(rulesFile.toStdString(), diags);
    if (!rules)
        printDiagnostics(diags);
    return rules;
}

// The quick CPU search of a plain diff: its budget and the binding file read (none: derived);
// false, said on stderr, for a bad budget or a binding file that cannot be read. No search
// (nullopt) for a budget of 0.
bool readCpuSearch(const QCommandLineParser& parser, const DiffOptions& opt,
                   std::optional<pair::CpuSearchRequest>& search)
{
    pair::CpuSearchRequest request;
    if (parser.isSet(opt.cpuSearchBudget)) {
        bool ok = false;
        request.budgetSeconds = parser.value(opt.cpuSearchBudget).toDouble(&ok);
        if (!ok || !(request.budgetSeconds >= 0) || request.budgetSeconds > 1e6) {
            printErr(QStringLiteral("tilelens-cli diff: --cpu-search-budget must be a number of "
                                    "seconds (0 turns the search off), not '%1'\n")
                         .arg(parser.value(opt.cpuSearchBudget)));
            return false;
        }
    }
    if (parser.isSet(opt.binding)) {
        auto binding = std::make_shared<eval::Binding>();
        std::string error;
        if (!eval::loadBinding(parser.value(opt.binding).toStdString(), *binding, error)) {
            printErr(QStringLiteral("tilelens-cli diff: binding: %1\n")
                         .arg(QString::fromStdString(error)));
            return false;
        }
        request.binding = std::move(binding);
    }
    if (request.budgetSeconds > 0)
        search = std::move(request);
    return true;
}

int runDiff(const QStringList& args)
{
    QCommandLineParser parser;
    const DiffOptions opt;
    opt.declare(parser);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::WithHelp))
        return *code;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        printErr(QStringLiteral("tilelens-cli diff: expected REF and GEN, got %1 argument(s)\n%2")
                     .arg(pos.size())
                     .arg(parser.helpText()));
        return ExitInputError;
    }
    const auto format = pair::diffFormatNamed(parser.value(opt.format).toStdString());
    if (!format) {
        printErr(
            QStringLiteral("tilelens-cli diff: unknown format '%1' (expected %2)\n")
                .arg(parser.value(opt.format), QString::fromStdString(pair::diffFormatList())));
        return ExitInputError;
    }
    if (parser.isSet(opt.cpuSearchBudget) && parser.isSet(opt.eval)) {
        printErr(QStringLiteral("tilelens-cli diff: --cpu-search-budget is without --eval (--eval "
                                "runs the full check)\n"));
        return ExitInputError;
    }
    std::optional<pair::CpuSearchRequest> cpuSearch;
    if (!parser.isSet(opt.eval) && !readCpuSearch(parser, opt, cpuSearch))
        return ExitInputError;
    const std::shared_ptr<const RuleSet> rules = loadDiffRules(parser.value(opt.rules));
    if (!rules)
        return ExitInputError;
    // Each side is read once (a FIFO cannot be read twice) and verified entry by entry; a side
    // that does not verify ends the diff (exit 3). Only the HTML page shows the two sides (row
    // by row, text IR only); only --eval runs the models.
    const bool html = *format == pair::DiffFormat::Html;
    pair::PairRequest request;
    request.sides = {{pos[0].toStdString(), nullptr}, {pos[1].toStdString(), nullptr}};
    request.rules = rules;
    request.alignedRows = request.keepText = html;
    request.keepModels = parser.isSet(opt.eval);
    request.cpuSearch = cpuSearch;
    const pair::PairAnalysis analysis = pair::analysePair(request);
    if (!analysis.compared()) {
        printRefusal(analysis.sides.reference());
        printRefusal(analysis.sides.generated());
        return ExitInputError;
    }
    std::optional<crosscheck::CrossCheck> check;
    if (parser.isSet(opt.eval)) {
        check = pair::crossCheckPort(analysis, parser.value(opt.binding).toStdString(), {});
        printCheckNote(*check);
    }
    const std::string text =
        pair::diffReport(analysis, *rules, *format, parser.value(opt.kernel).toStdString(),
                         check ? &*check : nullptr);
    if (!writeReport(parser.value(opt.out), text, *format, *analysis.result))
        return ExitInputError;
    if (check && check->differBug)
        return ExitFail;
    return verdictExitCode(analysis.result->verdict);
}

CliCommandRegistration
    reg({QStringLiteral("diff"),
         QStringLiteral("semantic IR diff with TileGym checklist rules (exit 0/2/1/3)"), &runDiff});

} // namespace
} // namespace tilelens::cli
