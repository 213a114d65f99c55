// `tilelens-cli eval REF GEN [--json] [--seed N] [--inputs random|edge|all]
//  [--binding FILE] [--ref-entry NAME] [--gen-entry NAME] [--ulp N] [--rtol X]`
// Runs both kernels on the CPU interpreter with the same inputs and compares
// every array. Exit 0 same, 1 different, 3 input error or unsupported.

#include "CliRegistry.h"
#include "diff/EntryNames.h"
#include "eval/Differential.h"
#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/Parser.h"
#include "ir/Region.h"
#include "ir/bytecode/IrFileLoader.h"
#include "workspace/DerivedBinding.h"

#include <QCommandLineParser>
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
    eval::EvalOptions options;
    bool ok = false;
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
        parsed[i] = ir::loadIrFile(files[i].toStdString());
        if (!parsed[i].ok()) {
            for (const Diagnostic& d : parsed[i].diagnostics)
                printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
            return inputError(QStringLiteral("%1 does not parse").arg(files[i]));
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
        printOut(QString::fromStdString(j.dump(2)) + QLatin1Char('\n'));
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
