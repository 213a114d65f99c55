// `tilelens-cli eval REF GEN [--json] [--seed N] [--inputs random|edge|all]
//  [--binding FILE] [--ref-entry NAME] [--gen-entry NAME] [--ulp N] [--rtol X]
//  [--max-cases N] [--max-input-elements N] [--max-live-elements N] [--max-work N]
//  [--timeout SECONDS]`
// Runs both kernels on the CPU interpreter with the same inputs and compares
// every array. Exit 0 same, 1 different, 3 input error, unsupported or a budget ran out.

#include "CliRegistry.h"
#include "common/JsonWrite.h"
#include "diff/EntryNames.h"
#include "eval/Differential.h"
#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/Parser.h"
#include "ir/Region.h"
#include "ir/bytecode/IrFileLoader.h"
#include "workspace/DerivedBinding.h"

#include <QCommandLineParser>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

std::vector<const ir::Function*> entriesOf(const ir::ParseResult& r)
{
    std::vector<const ir::Function*> all;
    for (const ir::Module* m : r.modules)
        for (const ir::Function* f : m->functions)
            all.push_back(f);
    return all;
}

const ir::Function* pickEntry(const std::vector<const ir::Function*>& all, const QString& wanted,
                              QString& error)
{
    for (const ir::Function* f : all)
        if (QString::fromUtf8(f->name.data(), int(f->name.size())) == wanted)
            return f;
    error = QStringLiteral("no entry named '%1'").arg(wanted);
    return nullptr;
}

int opCount(const ir::Block& b)
{
    int n = 0;
    for (const ir::Op* op : b.ops) {
        ++n;
        for (const ir::Region* r : op->regions)
            for (const ir::Block* nb : r->blocks)
                n += opCount(*nb);
    }
    return n;
}

// Entry pairs to run: the named ones, the only ones, else every pair the differ would
// make (diff::matchEntryNames: names, demangled bases, then op counts).
std::vector<std::pair<const ir::Function*, const ir::Function*>>
entryPairs(const std::vector<const ir::Function*> (&all)[2], const QString (&wanted)[2],
           QString& error)
{
    const ir::Function* picked[2] = {nullptr, nullptr};
    for (int i = 0; i < 2; ++i) {
        if (!wanted[i].isEmpty() && !(picked[i] = pickEntry(all[i], wanted[i], error)))
            return {};
        if (!picked[i] && all[i].size() == 1)
            picked[i] = all[i][0];
    }
    if (picked[0] && picked[1])
        return {{picked[0], picked[1]}};
    if (picked[0] || picked[1] || all[0].empty() || all[1].empty()) {
        error = QStringLiteral("%1 and %2 entries; choose with --ref-entry/--gen-entry")
                    .arg(all[0].size())
                    .arg(all[1].size());
        return {};
    }
    std::vector<std::string> names[2];
    std::vector<int> counts[2];
    for (int i = 0; i < 2; ++i)
        for (const ir::Function* f : all[i]) {
            names[i].emplace_back(f->name);
            counts[i].push_back(f->body && f->body->entryBlock() ? opCount(*f->body->entryBlock())
                                                                 : 0);
        }
    std::vector<std::pair<const ir::Function*, const ir::Function*>> pairs;
    for (const auto& [r, g] : diff::matchEntryNames(names[0], names[1], counts[0], counts[1]))
        if (r >= 0 && g >= 0)
            pairs.push_back({all[0][size_t(r)], all[1][size_t(g)]});
    if (pairs.empty())
        error = QStringLiteral("no entry of REF pairs with one of GEN; choose with "
                               "--ref-entry/--gen-entry");
    return pairs;
}

// The result that decides the verdict of several pairs: the first different one, else
// the first that could not run, else the first.
size_t decidingPair(const std::vector<eval::EvalResult>& results)
{
    for (const char* verdict : {"different", "unsupported", "error", "cancelled"})
        for (size_t i = 0; i < results.size(); ++i)
            if (results[i].verdict == verdict)
                return i;
    return 0;
}

// A budget option (docs/cli.md, "Budgets") and the EvalOptions field it sets.
struct BudgetOption
{
    QCommandLineOption option;
    uint64_t* value;
};

int runEval(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run a reference and a generated Tile IR kernel on the CPU interpreter with the same "
        "inputs and compare every output: same (exit 0), different with the first "
        "counterexample (exit 1), unsupported or input error (exit 3)."));
    parser.addHelpOption();
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     QStringLiteral("Print one JSON object (tilelens.eval/1)."));
    const QCommandLineOption seedOpt(QStringLiteral("seed"),
                                     QStringLiteral("Seed of the random inputs (default 1)."),
                                     QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption inputsOpt(QStringLiteral("inputs"),
                                       QStringLiteral("random, edge or all (default all)."),
                                       QStringLiteral("kind"), QStringLiteral("all"));
    const QCommandLineOption bindingOpt(
        QStringLiteral("binding"),
        QStringLiteral("Binding file (tilelens.eval-binding/1): logical arrays, dims, "
                       "parameters and grid of each side."),
        QStringLiteral("FILE"));
    const QCommandLineOption refEntryOpt(QStringLiteral("ref-entry"),
                                         QStringLiteral("Entry of REF when it has several."),
                                         QStringLiteral("NAME"));
    const QCommandLineOption genEntryOpt(QStringLiteral("gen-entry"),
                                         QStringLiteral("Entry of GEN when it has several."),
                                         QStringLiteral("NAME"));
    const QCommandLineOption ulpOpt(
        QStringLiteral("ulp"),
        QStringLiteral("Float tolerance in units in the last place (default 2)."),
        QStringLiteral("N"), QStringLiteral("2"));
    const QCommandLineOption rtolOpt(QStringLiteral("rtol"),
                                     QStringLiteral("Relative float tolerance (default 0)."),
                                     QStringLiteral("X"), QStringLiteral("0"));
    for (const auto* o : {&jsonOpt, &seedOpt, &inputsOpt, &bindingOpt, &refEntryOpt, &genEntryOpt,
                          &ulpOpt, &rtolOpt})
        parser.addOption(*o);
    eval::EvalOptions options;
    auto budget = [](const char* name, const char* what, uint64_t defaultValue) {
        return QCommandLineOption(
            QString::fromLatin1(name),
            QStringLiteral("%1 (default %2).").arg(QString::fromLatin1(what)).arg(defaultValue),
            QStringLiteral("N"));
    };
    const BudgetOption budgets[] = {
        {budget("max-cases", "Cases to run at most: dims values times kinds of input",
                options.maxCases),
         &options.maxCases},
        {budget("max-input-elements", "Elements of all input arrays of one case",
                options.maxInputElements),
         &options.maxInputElements},
        {budget("max-live-elements", "Elements of the tiles one side holds at once",
                options.maxLiveElements),
         &options.maxLiveElements},
        {budget("max-work",
                "Work of one side's run: executed ops, the elements they produce, mma products",
                options.maxWork),
         &options.maxWork},
    };
    for (const BudgetOption& b : budgets)
        parser.addOption(b.option);
    const QCommandLineOption timeoutOpt(
        QStringLiteral("timeout"),
        QStringLiteral("Wall time of the whole run in seconds, 0 for none (default %1).")
            .arg(options.timeoutSeconds),
        QStringLiteral("SECONDS"));
    parser.addOption(timeoutOpt);
    parser.addPositionalArgument(QStringLiteral("REF"), QStringLiteral("Reference Tile IR file."));
    parser.addPositionalArgument(QStringLiteral("GEN"), QStringLiteral("Generated Tile IR file."));
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList files = parser.positionalArguments();
    auto inputError = [](const QString& m) {
        printErr(QStringLiteral("tilelens-cli eval: ") + m + QLatin1Char('\n'));
        return ExitInputError;
    };
    if (files.size() != 2)
        return inputError(QStringLiteral("expects two files, REF and GEN"));
    bool ok = false;
    for (const BudgetOption& b : budgets)
        if (parser.isSet(b.option)) {
            *b.value = parser.value(b.option).toULongLong(&ok);
            if (!ok || *b.value == 0)
                return inputError(QStringLiteral("--%1 must be a positive integer")
                                      .arg(b.option.names().constFirst()));
        }
    if (parser.isSet(timeoutOpt)) {
        options.timeoutSeconds = parser.value(timeoutOpt).toDouble(&ok);
        if (!ok || !(options.timeoutSeconds >= 0) || options.timeoutSeconds > 1e9)
            return inputError(QStringLiteral("--timeout must be a number of seconds (0 for none)"));
    }
    // One wall-time budget for every entry pair.
    if (options.timeoutSeconds > 0)
        options.deadline = std::chrono::steady_clock::now() +
                           std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(options.timeoutSeconds));
    options.seed = parser.value(seedOpt).toULongLong(&ok);
    if (!ok)
        return inputError(QStringLiteral("--seed must be a non-negative integer"));
    options.maxUlp = parser.value(ulpOpt).toLongLong(&ok);
    if (!ok || options.maxUlp < 0)
        return inputError(QStringLiteral("--ulp must be a non-negative integer"));
    options.rtol = parser.value(rtolOpt).toDouble(&ok);
    if (!ok || options.rtol < 0)
        return inputError(QStringLiteral("--rtol must be a non-negative number"));
    const QString kind = parser.value(inputsOpt);
    if (kind == QLatin1String("random"))
        options.inputs = eval::InputKind::Random;
    else if (kind == QLatin1String("edge"))
        options.inputs = eval::InputKind::Edge;
    else if (kind == QLatin1String("all"))
        options.inputs = eval::InputKind::All;
    else
        return inputError(
            QStringLiteral("--inputs must be random, edge or all, not '%1'").arg(kind));

    ir::ParseResult parsed[2];
    std::vector<const ir::Function*> all[2];
    for (int i = 0; i < 2; ++i) {
        // The interpreter runs only IR that verifies: it reads tiles by the types it checks.
        size_t verifierErrors = 0;
        parsed[i] = ir::loadVerifiedIrFile(files[i].toStdString(), {}, &verifierErrors);
        if (!parsed[i].ok()) {
            for (const Diagnostic& d : parsed[i].diagnostics)
                printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
            return inputError(verifierErrors > 0
                                  ? QStringLiteral("%1 does not verify (%2); the "
                                                   "interpreter runs only IR that verifies")
                                        .arg(files[i], errorCount(verifierErrors))
                                  : QStringLiteral("%1 does not parse").arg(files[i]));
        }
        all[i] = entriesOf(parsed[i]);
    }
    QString pairError;
    const QString wanted[2] = {parser.value(refEntryOpt), parser.value(genEntryOpt)};
    const auto pairs = entryPairs(all, wanted, pairError);
    if (pairs.empty())
        return inputError(files[0] + QStringLiteral(", ") + files[1] + QStringLiteral(": ") +
                          pairError);
    std::optional<eval::Binding> file;
    std::string error;
    if (parser.isSet(bindingOpt)) {
        file.emplace();
        if (!eval::loadBinding(parser.value(bindingOpt).toStdString(), *file, error))
            return inputError(QString::fromStdString(error));
    }
    std::vector<eval::EvalResult> results;
    for (const auto& [ref, gen] : pairs) {
        eval::Binding binding;
        std::string derivedWhy;
        // One pair: the file binds it, fitting or not (a misfit is reported by the run).
        if (file && pairs.size() == 1)
            binding = *file;
        else if (auto derived = file ? std::nullopt
                                     : ws::derivedBindingForIrPair(files[0].toStdString(),
                                                                   files[1].toStdString(), *ref,
                                                                   *gen, &derivedWhy))
            binding = *derived; // the port's launch chain (no --binding)
        else if (!eval::bindingForPair(file ? &*file : nullptr, *ref, *gen, binding, error)) {
            if (!derivedWhy.empty())
                error += " (launch chain: " + derivedWhy + ")";
            if (pairs.size() == 1)
                return inputError(QString::fromStdString(error));
            eval::EvalResult unbound;
            unbound.verdict = "error";
            unbound.message = "binding: " + error;
            results.push_back(unbound);
            continue;
        }
        results.push_back(eval::evaluatePair(*ref, *gen, binding, options));
    }
    const size_t decider = decidingPair(results);
    const eval::EvalResult& result = results[decider];
    auto entryJson = [&](size_t i) {
        nlohmann::json j = eval::evalResultJson(results[i]);
        j["reference"] = {{"file", files[0].toStdString()},
                          {"entry", std::string(pairs[i].first->name)}};
        j["generated"] = {{"file", files[1].toStdString()},
                          {"entry", std::string(pairs[i].second->name)}};
        return j;
    };
    if (parser.isSet(jsonOpt)) {
        nlohmann::json j = entryJson(decider);
        j["entries"] = nlohmann::json::array();
        for (size_t i = 0; i < results.size(); ++i)
            j["entries"].push_back(entryJson(i));
        printOutUtf8(jsonText(j) + "\n");
    } else if (results.size() == 1) {
        printOut(QString::fromStdString(eval::evalResultText(result)));
    } else {
        std::string text = result.verdict + ": " + std::to_string(results.size()) +
                           " entry pairs, decided by " + std::string(pairs[decider].first->name) +
                           " / " + std::string(pairs[decider].second->name) + "\n";
        for (size_t i = 0; i < results.size(); ++i)
            text += "\nentry " + std::string(pairs[i].first->name) + " / " +
                    std::string(pairs[i].second->name) + ": " + eval::evalResultText(results[i]);
        printOut(QString::fromStdString(text));
    }
    if (result.verdict == "same")
        return ExitOk;
    if (result.verdict == "different")
        return ExitFail;
    return ExitInputError;
}

CliCommandRegistration reg({QStringLiteral("eval"),
                            QStringLiteral("run reference and generated IR on the CPU and compare "
                                           "their outputs (same / different / unsupported)"),
                            &runEval});

} // namespace
