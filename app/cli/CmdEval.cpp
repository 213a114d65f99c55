// `tilelens-cli eval REF GEN [--json] [--seed N] [--inputs random|edge|all]
//  [--binding FILE] [--ref-entry NAME] [--gen-entry NAME] [--ulp N] [--rtol X]`
// Runs both kernels on the CPU interpreter with the same inputs and compares
// every array. Exit 0 same, 1 different, 3 input error or unsupported.

#include "CliRegistry.h"
#include "eval/Differential.h"
#include "ir/Parser.h"
#include "ir/bytecode/IrFileLoader.h"

#include <QCommandLineParser>
#include <nlohmann/json.hpp>

using namespace tilelens;
using namespace tilelens::cli;

namespace {

const ir::Function* pickEntry(const ir::ParseResult& r, const QString& wanted, QString& error)
{
    std::vector<const ir::Function*> all;
    for (const ir::Module* m : r.modules)
        for (const ir::Function* f : m->functions)
            all.push_back(f);
    if (!wanted.isEmpty()) {
        for (const ir::Function* f : all)
            if (QString::fromUtf8(f->name.data(), int(f->name.size())) == wanted)
                return f;
        error = QStringLiteral("no entry named '%1'").arg(wanted);
        return nullptr;
    }
    if (all.size() != 1) {
        error =
            QStringLiteral("%1 entries; choose one with --ref-entry/--gen-entry").arg(all.size());
        return nullptr;
    }
    return all[0];
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
    const ir::Function* fn[2] = {nullptr, nullptr};
    for (int i = 0; i < 2; ++i) {
        parsed[i] = ir::loadIrFile(files[i].toStdString());
        if (!parsed[i].ok()) {
            for (const Diagnostic& d : parsed[i].diagnostics)
                printErr(QString::fromStdString(d.format()) + QLatin1Char('\n'));
            return inputError(QStringLiteral("%1 does not parse").arg(files[i]));
        }
        QString error;
        fn[i] = pickEntry(parsed[i], parser.value(i == 0 ? refEntryOpt : genEntryOpt), error);
        if (!fn[i])
            return inputError(files[i] + QStringLiteral(": ") + error);
    }
    eval::Binding binding;
    std::string error;
    const bool bound =
        parser.isSet(bindingOpt)
            ? eval::loadBinding(parser.value(bindingOpt).toStdString(), binding, error)
            : eval::defaultBinding(*fn[0], *fn[1], binding, error);
    if (!bound)
        return inputError(QString::fromStdString(error));
    const eval::EvalResult result = eval::evaluatePair(*fn[0], *fn[1], binding, options);
    if (parser.isSet(jsonOpt)) {
        nlohmann::json j = eval::evalResultJson(result);
        j["reference"] = {{"file", files[0].toStdString()}, {"entry", std::string(fn[0]->name)}};
        j["generated"] = {{"file", files[1].toStdString()}, {"entry", std::string(fn[1]->name)}};
        printOut(QString::fromStdString(j.dump(2)) + QLatin1Char('\n'));
    } else {
        printOut(QString::fromStdString(eval::evalResultText(result)));
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
