// `tilelens-cli eval REF GEN [--json] [--seed N] [--inputs random|edge|all]
//  [--binding FILE] [--ref-entry NAME] [--gen-entry NAME] [--ulp N] [--rtol X]
//  [--max-cases N] [--max-input-elements N] [--max-live-elements N] [--max-work N]
//  [--timeout SECONDS]`
// Runs both kernels on the CPU interpreter with the same inputs and compares
// every array (crosscheck::evaluateFiles). Exit 0 same, 1 different, 3 input error,
// unsupported or a budget ran out.

#include "CliRegistry.h"
#include "crosscheck/FileEval.h"
#include "workspace/DerivedBinding.h"

#include <QCommandLineParser>
#include <chrono>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

// A budget option (docs/cli.md, "Budgets") and the EvalOptions field it sets.
struct BudgetOption
{
    QCommandLineOption option;
    uint64_t eval::EvalOptions::*value;
};

QCommandLineOption budget(const char* name, const char* what, uint64_t defaultValue)
{
    return QCommandLineOption(
        QString::fromLatin1(name),
        QStringLiteral("%1 (default %2).").arg(QString::fromLatin1(what)).arg(defaultValue),
        QStringLiteral("N"));
}

// The options of `eval` and how they set eval::EvalOptions.
struct EvalArgs
{
    const eval::EvalOptions defaults{};
    QCommandLineOption json{QStringLiteral("json"),
                            QStringLiteral("Print one JSON object (tilelens.eval/1).")};
    QCommandLineOption seed{QStringLiteral("seed"),
                            QStringLiteral("Seed of the random inputs (default 1)."),
                            QStringLiteral("N"), QStringLiteral("1")};
    QCommandLineOption inputs{QStringLiteral("inputs"),
                              QStringLiteral("random, edge or all (default all)."),
                              QStringLiteral("kind"), QStringLiteral("all")};
    QCommandLineOption binding{
        QStringLiteral("binding"),
        QStringLiteral("Binding file (tilelens.eval-binding/1): logical arrays, dims, "
                       "parameters and grid of each side."),
        QStringLiteral("FILE")};
    QCommandLineOption refEntry{QStringLiteral("ref-entry"),
                                QStringLiteral("Entry of REF when it has several."),
                                QStringLiteral("NAME")};
    QCommandLineOption genEntry{QStringLiteral("gen-entry"),
                                QStringLiteral("Entry of GEN when it has several."),
                                QStringLiteral("NAME")};
    QCommandLineOption ulp{
        QStringLiteral("ulp"),
        QStringLiteral("Float tolerance in units in the last place (default 2)."),
        QStringLiteral("N"), QStringLiteral("2")};
    QCommandLineOption rtol{QStringLiteral("rtol"),
                            QStringLiteral("Relative float tolerance (default 0)."),
                            QStringLiteral("X"), QStringLiteral("0")};
    const BudgetOption budgets[4] = {
        {budget("max-cases", "Cases to run at most: dims values times kinds of input",
                defaults.maxCases),
         &eval::EvalOptions::maxCases},
        {budget("max-input-elements", "Elements of all input arrays of one case",
                defaults.maxInputElements),
         &eval::EvalOptions::maxInputElements},
        {budget("max-live-elements", "Elements of the tiles one side holds at once",
                defaults.maxLiveElements),
         &eval::EvalOptions::maxLiveElements},
        {budget("max-work",
                "Work of one side's run: executed ops, the elements they produce, mma products",
                defaults.maxWork),
         &eval::EvalOptions::maxWork},
    };
    QCommandLineOption timeout{
        QStringLiteral("timeout"),
        QStringLiteral("Wall time of the whole run in seconds, 0 for none (default %1).")
            .arg(defaults.timeoutSeconds),
        QStringLiteral("SECONDS")};

    void declare(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QStringLiteral(
            "Run a reference and a generated Tile IR kernel on the CPU interpreter with the same "
            "inputs and compare every output: same (exit 0), different with the first "
            "counterexample (exit 1), unsupported or input error (exit 3)."));
        parser.addHelpOption();
        for (const auto* o : {&json, &seed, &inputs, &binding, &refEntry, &genEntry, &ulp, &rtol})
            parser.addOption(*o);
        for (const BudgetOption& b : budgets)
            parser.addOption(b.option);
        parser.addOption(timeout);
        parser.addPositionalArgument(QStringLiteral("REF"),
                                     QStringLiteral("Reference Tile IR file."));
        parser.addPositionalArgument(QStringLiteral("GEN"),
                                     QStringLiteral("Generated Tile IR file."));
    }

    // The budgets and the timeout into \a o; the sentence of a bad value, else empty.
    QString readBudgets(const QCommandLineParser& parser, eval::EvalOptions& o) const
    {
        bool ok = false;
        for (const BudgetOption& b : budgets)
            if (parser.isSet(b.option)) {
                o.*b.value = parser.value(b.option).toULongLong(&ok);
                if (!ok || o.*b.value == 0)
                    return QStringLiteral("--%1 must be a positive integer")
                        .arg(b.option.names().constFirst());
            }
        if (parser.isSet(timeout)) {
            o.timeoutSeconds = parser.value(timeout).toDouble(&ok);
            if (!ok || !(o.timeoutSeconds >= 0) || o.timeoutSeconds > 1e9)
                return QStringLiteral("--timeout must be a number of seconds (0 for none)");
        }
        // One wall-time budget for every entry pair.
        if (o.timeoutSeconds > 0)
            o.deadline = std::chrono::steady_clock::now() +
                         std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(o.timeoutSeconds));
        return {};
    }

    // The seed, the tolerances and the kind of inputs into \a o; as readBudgets().
    QString readRun(const QCommandLineParser& parser, eval::EvalOptions& o) const
    {
        bool ok = false;
        o.seed = parser.value(seed).toULongLong(&ok);
        if (!ok)
            return QStringLiteral("--seed must be a non-negative integer");
        o.maxUlp = parser.value(ulp).toLongLong(&ok);
        if (!ok || o.maxUlp < 0)
            return QStringLiteral("--ulp must be a non-negative integer");
        o.rtol = parser.value(rtol).toDouble(&ok);
        if (!ok || o.rtol < 0)
            return QStringLiteral("--rtol must be a non-negative number");
        const QString kind = parser.value(inputs);
        if (kind == QLatin1String("random"))
            o.inputs = eval::InputKind::Random;
        else if (kind == QLatin1String("edge"))
            o.inputs = eval::InputKind::Edge;
        else if (kind == QLatin1String("all"))
            o.inputs = eval::InputKind::All;
        else
            return QStringLiteral("--inputs must be random, edge or all, not '%1'").arg(kind);
        return {};
    }
};

int inputError(const QString& m)
{
    printErr(QStringLiteral("tilelens-cli eval: ") + m + QLatin1Char('\n'));
    return ExitInputError;
}

int runEval(const QStringList& args)
{
    QCommandLineParser parser;
    const EvalArgs opt;
    opt.declare(parser);
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 2)
        return inputError(QStringLiteral("expects two files, REF and GEN"));
    crosscheck::FileEvalRequest request;
    request.options = opt.defaults;
    if (QString bad = opt.readBudgets(parser, request.options); !bad.isEmpty())
        return inputError(bad);
    if (QString bad = opt.readRun(parser, request.options); !bad.isEmpty())
        return inputError(bad);
    request.files = {files[0].toStdString(), files[1].toStdString()};
    request.entries = {parser.value(opt.refEntry).toStdString(),
                       parser.value(opt.genEntry).toStdString()};
    if (parser.isSet(opt.binding))
        request.bindingFile = parser.value(opt.binding).toStdString();
    request.provider = [&request](const ir::Function& ref, const ir::Function& gen,
                                  std::string& why) {
        return ws::derivedBindingForIrPair(request.files[0], request.files[1], ref, gen, &why);
    };
    const crosscheck::FileEval run = crosscheck::evaluateFiles(request);
    if (run.inputError()) {
        for (const Diagnostic& d : run.diagnostics)
            printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
        return inputError(QString::fromStdString(run.error));
    }
    if (parser.isSet(opt.json))
        printOutUtf8(crosscheck::fileEvalJson(run));
    else
        printOut(QString::fromStdString(crosscheck::fileEvalText(run)));
    if (run.decided().verdict == "same")
        return ExitOk;
    return run.decided().verdict == "different" ? ExitFail : ExitInputError;
}

CliCommandRegistration reg({QStringLiteral("eval"),
                            QStringLiteral("run reference and generated IR on the CPU and compare "
                                           "their outputs (same / different / unsupported)"),
                            &runEval});

} // namespace
