// `tilelens-cli kernels [--json] [--pair K/E=F] [--forget K/E] PATH`: what discovery found in a
// TileGym checkout, a kernel-out root or a kernel directory, as the GUI lists it: kernels,
// variants, the Rust entry and Python @ct.kernel of each and their IR. --pair / --forget edit the
// hand pairings of a checkout (.tilelens/pairings.json) before listing.
// Exit 0 all variants paired, 2 some unpaired or problems found, 1 no kernel, 3 input error.

#include "CliRegistry.h"
#include "common/BytePath.h"
#include "common/JsonWrite.h"
#include "pair/VariantPair.h"
#include "workspace/CheckoutPorts.h"
#include "workspace/Workspace.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <nlohmann/json.hpp>

using namespace tilelens;
using namespace tilelens::cli;
using Json = nlohmann::ordered_json;

namespace {

struct Row
{
    QString kernel, variant, rustFile, entry, pythonFile, function, pairing, referenceIr,
        generatedIr;
    int rustLine = 0, pythonLine = 0;
};

QString relativeTo(const QDir& root, const QString& path)
{
    return path.isEmpty() ? QString() : root.relativeFilePath(path);
}

Json pathOrNull(const QString& path)
{
    return path.isEmpty() ? Json(nullptr) : Json(path.toStdString());
}

// The line of each entry of a kernel (the last of a name, as listed before): one look-up
// per variant instead of a pass over every entry (20k entries were quadratic).
QHash<QString, int> entryLines(const ws::Kernel& k)
{
    QHash<QString, int> lines;
    for (const ws::RustEntry& e : k.entries)
        lines.insert(e.name, e.line);
    return lines;
}

Row rowFor(const QDir& root, const ws::Kernel& k, const QHash<QString, int>& lines,
           const ws::Variant& v)
{
    Row r;
    r.kernel = k.name;
    r.variant = v.name;
    if (!v.rustEntries.isEmpty() && !k.rustKernel.isEmpty()) {
        r.rustFile = relativeTo(root, k.rustKernel);
        r.entry = v.rustEntries.front();
        r.rustLine = lines.value(r.entry, 0);
    }
    // The Python file and IR files the GUI's panes open (the same function decides).
    const pair::VariantPair vp = pair::variantPair(k, v);
    r.pythonFile = relativeTo(root, vp.pythonFile);
    r.function = vp.function;
    r.pythonLine = vp.pythonLine;
    r.pairing = !v.pairing.isEmpty()          ? v.pairing
                : k.analysisJson.isEmpty()    ? QStringLiteral("none")
                : !v.kernelFunction.isEmpty() ? QStringLiteral("analysis")
                                              : QStringLiteral("none");
    r.referenceIr = relativeTo(root, vp.referenceIr);
    r.generatedIr = relativeTo(root, vp.generatedIr);
    return r;
}

Json diagnosticJson(const QString& kernel, const Diagnostic& d, const QDir& root)
{
    Json j = {
        {"kernel", kernel.isEmpty() ? Json(nullptr) : Json(kernel.toStdString())},
        {"severity", severityWord(d.severity)},
        {"file", d.place.file.empty()
                     ? Json(nullptr)
                     : Json(relativeTo(root, QString::fromStdString(d.place.file)).toStdString())},
        {"line", d.place.line},
        {"column", d.place.column},
        {"message", d.message}};
    if (!d.jsonPointer.empty())
        j["pointer"] = d.jsonPointer;
    return j;
}

// "KERNEL/ENTRY=FUNCTION" (FUNCTION may be empty) or, for --forget, "KERNEL/ENTRY".
bool splitPairSpec(const QString& spec, bool withFunction, QString& kernel, QString& entry,
                   QString& function)
{
    const int slash = int(spec.indexOf(QLatin1Char('/')));
    const int eq = withFunction ? int(spec.indexOf(QLatin1Char('='))) : int(spec.size());
    if (slash <= 0 || eq < 0 || eq <= slash + 1)
        return false;
    kernel = spec.left(slash);
    entry = spec.mid(slash + 1, eq - slash - 1);
    function = withFunction ? spec.mid(eq + 1) : QString();
    return true;
}

int runKernels(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "List what TileLens finds in a TileGym checkout, a kernel-out root or a kernel directory: "
        "kernels, their variants, the Rust #[cutile::entry] and the Python @ct.kernel of each, "
        "and their reference/generated IR.\n"
        "Exit codes: 0 every variant paired, 2 some variant unpaired or problems found, 1 no "
        "kernel found, 3 usage or input error."));
    parser.addHelpOption();
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     QStringLiteral("Print one tilelens.kernels/1 JSON object."));
    const QCommandLineOption pairOpt(
        QStringLiteral("pair"),
        QStringLiteral("Pair a Rust entry with a Python function by hand in the checkout's "
                       ".tilelens/pairings.json (an empty FUNCTION leaves it unpaired)."),
        QStringLiteral("KERNEL/ENTRY=FUNCTION"));
    const QCommandLineOption forgetOpt(
        QStringLiteral("forget"),
        QStringLiteral("Drop the hand pairing of an entry (the automatic rules apply again)."),
        QStringLiteral("KERNEL/ENTRY"));
    parser.addOption(jsonOpt);
    parser.addOption(pairOpt);
    parser.addOption(forgetOpt);
    parser.addPositionalArgument(QStringLiteral("PATH"),
                                 QStringLiteral("TileGym checkout, kernel-out root or kernel "
                                                "directory."));
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printErr(QStringLiteral("tilelens-cli kernels: expected exactly one PATH\n"));
        return ExitInputError;
    }
    const QFileInfo info(qtPath(positional.first())); // byte-exact (BytePath.h)
    if (!info.isDir()) {
        printErr(QStringLiteral("%1: error: %2\n")
                     .arg(displayPath(positional.first()),
                          info.exists() ? QStringLiteral("not a directory")
                                        : QStringLiteral("no such directory")));
        return ExitInputError;
    }

    if (parser.isSet(pairOpt) || parser.isSet(forgetOpt)) {
        const QString checkout = ws::enclosingCheckout(info.absoluteFilePath());
        if (checkout.isEmpty()) {
            printErr(QStringLiteral("%1: error: not in a TileGym checkout (no src/tilegym); hand "
                                    "pairings are kept per checkout\n")
                         .arg(displayPath(positional.first())));
            return ExitInputError;
        }
        const auto edits = [&](const QCommandLineOption& opt, bool pair) -> bool {
            for (const QString& spec : parser.values(opt)) {
                QString kernel, entry, function, error;
                if (!splitPairSpec(spec, pair, kernel, entry, function)) {
                    printErr(QStringLiteral("tilelens-cli kernels: --%1 expects %2, not '%3'\n")
                                 .arg(opt.names().constFirst(), opt.valueName(), spec));
                    return false;
                }
                const bool ok =
                    pair ? ws::writeCheckoutPairing(checkout, kernel, entry, function, &error)
                         : ws::clearCheckoutPairing(checkout, kernel, entry, &error);
                if (!ok) {
                    printErr(QStringLiteral("tilelens-cli kernels: %1\n").arg(error));
                    return false;
                }
            }
            return true;
        };
        if (!edits(pairOpt, true) || !edits(forgetOpt, false))
            return ExitInputError;
    }

    const ws::Workspace w = ws::discoverWorkspace(info.absoluteFilePath());
    const QDir root(w.root);
    std::vector<Row> rows;
    bool unpaired = false;
    bool problems = false;
    Json kernels = Json::array();
    Json diagnostics = Json::array();
    for (const Diagnostic& d : w.diagnostics) {
        diagnostics.push_back(diagnosticJson(QString(), d, root));
        problems = problems || d.severity != Severity::Note;
    }
    for (const ws::Kernel& k : w.kernels) {
        Json variants = Json::array();
        const QHash<QString, int> lines = entryLines(k);
        for (const ws::Variant& v : k.variants) {
            const Row r = rowFor(root, k, lines, v);
            unpaired = unpaired || r.entry.isEmpty() || r.function.isEmpty();
            Json rust = r.entry.isEmpty() ? Json(nullptr)
                                          : Json{{"file", r.rustFile.toStdString()},
                                                 {"entry", r.entry.toStdString()},
                                                 {"line", r.rustLine}};
            // null only without a Python file; a file found with no function paired in it (a
            // folder with only reference/ and generated/) is named, its function and line null.
            Json python =
                r.pythonFile.isEmpty()
                    ? Json(nullptr)
                    : Json{{"file", r.pythonFile.toStdString()},
                           {"function",
                            r.function.isEmpty() ? Json(nullptr) : Json(r.function.toStdString())},
                           {"line", r.function.isEmpty() ? Json(nullptr) : Json(r.pythonLine)}};
            variants.push_back({{"name", r.variant.toStdString()},
                                {"rust", rust},
                                {"python", python},
                                {"pairing", r.pairing.toStdString()},
                                {"reference_ir", pathOrNull(r.referenceIr)},
                                {"generated_ir", pathOrNull(r.generatedIr)}});
            rows.push_back(r);
        }
        kernels.push_back({{"name", k.name.toStdString()},
                           {"dir", relativeTo(root, k.dir).toStdString()},
                           {"kind", k.checkoutPort ? "checkout" : "workdir"},
                           {"variants", variants}});
        for (const Diagnostic& d : k.diagnostics) {
            diagnostics.push_back(diagnosticJson(k.name, d, root));
            problems = problems || d.severity != Severity::Note;
        }
    }

    if (parser.isSet(jsonOpt)) {
        const Json out = {{"schema", "tilelens.kernels/1"},
                          {"root", displayPath(w.root).toStdString()},
                          {"checkout", pathOrNull(relativeTo(root, w.tilegymRoot))},
                          {"kernels", kernels},
                          {"diagnostics", diagnostics}};
        printOutUtf8(jsonText(out) + "\n");
    } else {
        QString text;
        QString last;
        for (const Row& r : rows) {
            if (r.kernel != last)
                text += r.kernel + QLatin1Char('\n');
            last = r.kernel;
            const QString rust =
                r.entry.isEmpty()
                    ? QStringLiteral("(no Rust entry)")
                    : QStringLiteral("%1 (%2:%3)").arg(r.entry, r.rustFile).arg(r.rustLine);
            const QString python =
                r.function.isEmpty()
                    ? QStringLiteral("(unpaired)")
                    : QStringLiteral("%1 (%2:%3)").arg(r.function, r.pythonFile).arg(r.pythonLine);
            text += QStringLiteral("  %1  <->  %2  [%3]\n").arg(rust, python, r.pairing);
            text += QStringLiteral("    IR: reference %1, generated %2\n")
                        .arg(r.referenceIr.isEmpty() ? QStringLiteral("-") : r.referenceIr,
                             r.generatedIr.isEmpty() ? QStringLiteral("-") : r.generatedIr);
        }
        for (const Diagnostic& d : w.diagnostics)
            text += QString::fromStdString(d.format()) + QLatin1Char('\n');
        for (const ws::Kernel& k : w.kernels)
            for (const Diagnostic& d : k.diagnostics)
                text += QStringLiteral("[%1] ").arg(k.name) + QString::fromStdString(d.format()) +
                        QLatin1Char('\n');
        printOut(text);
    }
    if (w.kernels.empty())
        return ExitFail;
    return unpaired || problems ? ExitNotes : ExitOk;
}

CliCommandRegistration
    reg({QStringLiteral("kernels"),
         QStringLiteral("list kernels, variants and their Rust/Python pairings found under a path"),
         &runKernels});

} // namespace
