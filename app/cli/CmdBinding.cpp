// `tilelens-cli binding PATH [--kernel K] [--json] [--format text|json|sarif]`: the run binding
// derived from each port's launch chain (wrapper -> ffi.rs -> kernel.rs entry; the reference's
// ct.launch), with each item's source line, and the ABI findings of the chain.
// Exit 0: every entry bound, no finding above note; 2: a warn, or an entry not bound;
// 1: a critical finding; 3: input error (no such path, no port under it).

#include "CliRegistry.h"
#include "workspace/AbiCheck.h"
#include "workspace/AbiSarif.h"
#include "workspace/LaunchBinding.h"
#include "workspace/LaunchChain.h"
#include "workspace/Workspace.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <nlohmann/json.hpp>

using namespace tilelens;
using namespace tilelens::cli;
using namespace tilelens::ws;
using Json = nlohmann::ordered_json;

namespace {

struct EntryReport
{
    const EntryChain* chain = nullptr;
    DerivedBinding binding;
    std::vector<AbiFinding> findings;
};

std::string placeText(const QDir& root, const launch::Loc& loc)
{
    if (loc.file.empty())
        return "-";
    const std::string rel = root.relativeFilePath(QString::fromStdString(loc.file)).toStdString();
    return loc.line > 0 ? rel + ":" + std::to_string(loc.line) : rel;
}

Json placeJson(const QDir& root, const launch::Loc& loc)
{
    if (loc.file.empty())
        return nullptr;
    return Json{{"file", root.relativeFilePath(QString::fromStdString(loc.file)).toStdString()},
                {"line", loc.line}};
}

std::string padded(const std::string& s, size_t width)
{
    return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

std::string entryText(const QDir& root, const LaunchChain& chain, const EntryReport& r)
{
    const EntryChain& e = *r.chain;
    std::string out = chain.kernel + " / " + e.entry + "  <->  " +
                      (e.pythonKernel.empty() ? "(unpaired)" : e.pythonKernel) + "  (paired by " +
                      e.pairing + ")\n";
    for (const auto side : {BindingItem::Side::Reference, BindingItem::Side::Port}) {
        const SideChain& s = side == BindingItem::Side::Port ? e.port : e.ref;
        out += side == BindingItem::Side::Port ? "  port      " : "  reference ";
        if (!s.found) {
            out += "not derived: " + s.why + "\n";
            continue;
        }
        out += "launch at " + placeText(root, s.launch.loc) + "\n";
        for (const BindingItem& item : r.binding.items) {
            if (item.side != side)
                continue;
            std::string line = "    " + padded(item.what, 22) + "= " + item.expr;
            if (!item.inBinding && item.what.rfind("grid", 0) != 0)
                line += item.what.rfind("generic", 0) == 0 || item.what.rfind("hint", 0) == 0
                            ? ""
                            : "  [constant]";
            if (!item.derived)
                line += "  [not derived: " + item.why + "]";
            out += padded(line, 64) + "  " + placeText(root, item.loc) + "\n";
        }
    }
    if (r.binding.complete) {
        out += "  binding   ref " + std::to_string(r.binding.refParams.size()) + " / gen " +
               std::to_string(r.binding.genParams.size()) + " parameters; dims";
        for (const auto& [name, values] : r.binding.dims) {
            out += " " + name + "=";
            for (size_t i = 0; i < values.size(); ++i)
                out += (i ? "/" : "") + std::to_string(values[i]);
        }
        out += "\n";
    } else {
        out += "  binding   incomplete: " + r.binding.why + "\n";
    }
    for (const BindingFact& f : r.binding.facts)
        out += "    chosen: " + f.format([&](const launch::Loc& loc) {
            return placeText(root, loc);
        }) + "\n";
    for (const AbiFinding& f : r.findings)
        out += "  " + placeText(root, f.loc) + ": " + f.severity + ": " + f.rule + ": " +
               f.message + "\n";
    for (const launch::SourceNote& n : e.notes)
        out += "  " + placeText(root, n.loc) + ": note: " + n.message + "\n";
    return out;
}

Json entryJson(const QDir& root, const LaunchChain& chain, const EntryReport& r)
{
    const EntryChain& e = *r.chain;
    Json items = Json::array();
    for (const BindingItem& item : r.binding.items) {
        Json j = {{"side", item.side == BindingItem::Side::Port ? "port" : "reference"},
                  {"what", item.what},
                  {"expr", item.expr},
                  {"in_binding", item.inBinding},
                  {"derived", item.derived}};
        if (!item.derived)
            j["why"] = item.why;
        const Json place = placeJson(root, item.loc);
        j["file"] = place.is_null() ? Json(nullptr) : place["file"];
        j["line"] = place.is_null() ? Json(0) : place["line"];
        items.push_back(j);
    }
    Json findings = Json::array();
    for (const AbiFinding& f : r.findings) {
        const Json place = placeJson(root, f.loc);
        findings.push_back({{"rule", f.rule},
                            {"severity", f.severity},
                            {"file", place.is_null() ? Json(nullptr) : place["file"]},
                            {"line", f.loc.line},
                            {"message", f.message}});
    }
    Json notes = Json::array();
    for (const launch::SourceNote& n : e.notes) {
        const Json place = placeJson(root, n.loc);
        notes.push_back({{"file", place.is_null() ? Json(nullptr) : place["file"]},
                         {"line", n.loc.line},
                         {"message", n.message}});
    }
    const nlohmann::json binding =
        r.binding.toJson([&](const launch::Loc& loc) { return placeText(root, loc); });
    return {{"kernel", chain.kernel},
            {"entry", e.entry},
            {"python_kernel", e.pythonKernel.empty() ? Json(nullptr) : Json(e.pythonKernel)},
            {"pairing", e.pairing},
            {"binding", binding.is_null() ? Json(nullptr) : Json::parse(binding.dump())},
            {"incomplete", r.binding.complete ? Json(nullptr) : Json(r.binding.why)},
            {"items", items},
            {"findings", findings},
            {"notes", notes}};
}

int runBinding(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("The run binding derived from each port's launch chain (wrapper, ffi.rs, "
                       "kernel.rs entry; the reference's ct.launch), with its source lines and "
                       "the ABI findings."));
    parser.addHelpOption();
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     QStringLiteral("One JSON object (tilelens.binding/1)."));
    const QCommandLineOption formatOpt(QStringLiteral("format"),
                                       QStringLiteral("text (default), json or sarif."),
                                       QStringLiteral("FORMAT"), QStringLiteral("text"));
    const QCommandLineOption kernelOpt(QStringLiteral("kernel"),
                                       QStringLiteral("Only this op, Rust entry or Python kernel."),
                                       QStringLiteral("K"));
    parser.addOption(jsonOpt);
    parser.addOption(formatOpt);
    parser.addOption(kernelOpt);
    parser.addPositionalArgument(QStringLiteral("PATH"),
                                 QStringLiteral("TileGym checkout or kernel directory."));
    if (const auto code = parseCommandLine(parser, args, UsageOnError::ErrorOnly))
        return *code;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printErr(QStringLiteral("tilelens-cli binding: expected exactly one PATH\n"));
        return ExitInputError;
    }
    QString format = parser.value(formatOpt);
    if (parser.isSet(jsonOpt))
        format = QStringLiteral("json");
    if (format != QLatin1String("text") && format != QLatin1String("json") &&
        format != QLatin1String("sarif")) {
        printErr(QStringLiteral("tilelens-cli binding: unknown format '%1' (expected text, json, "
                                "sarif)\n")
                     .arg(format));
        return ExitInputError;
    }
    const QFileInfo info(positional.first());
    if (!info.isDir()) {
        printErr(QStringLiteral("%1: error: %2\n")
                     .arg(positional.first(), info.exists() ? QStringLiteral("not a directory")
                                                            : QStringLiteral("no such directory")));
        return ExitInputError;
    }
    const std::string wanted = parser.value(kernelOpt).toStdString();
    const Workspace w = discoverWorkspace(info.absoluteFilePath());
    const QDir root(w.root);
    std::vector<LaunchChain> chains;
    for (const Kernel& k : w.kernels) {
        if (k.rustKernel.isEmpty())
            continue;
        const bool wholeOp = wanted.empty() || k.name.toStdString() == wanted;
        chains.push_back(readLaunchChain(k, wholeOp ? std::string() : wanted));
        if (chains.back().entries.empty())
            chains.pop_back();
    }
    if (chains.empty()) {
        printErr(QStringLiteral("%1: error: %2\n")
                     .arg(positional.first(),
                          wanted.empty() ? QStringLiteral("no port (kernel.rs) found")
                                         : QStringLiteral("no port entry or kernel named '%1'")
                                               .arg(QString::fromStdString(wanted))));
        return ExitInputError;
    }
    std::vector<std::vector<EntryReport>> reports;
    bool critical = false, warn = false, unbound = false;
    for (const LaunchChain& c : chains) {
        reports.emplace_back();
        for (const EntryChain& e : c.entries) {
            EntryReport r;
            r.chain = &e;
            r.binding = deriveBinding(e);
            r.findings = checkAbi(e, r.binding);
            for (const AbiFinding& f : r.findings) {
                critical = critical || f.severity == "critical";
                warn = warn || f.severity == "warn";
            }
            unbound = unbound || !r.binding.complete;
            reports.back().push_back(std::move(r));
        }
    }
    if (format == QLatin1String("json")) {
        Json entries = Json::array();
        for (size_t i = 0; i < chains.size(); ++i)
            for (const EntryReport& r : reports[i])
                entries.push_back(entryJson(root, chains[i], r));
        Json errors = Json::array();
        for (const LaunchChain& c : chains)
            for (size_t i = 0; i < c.errors.size(); ++i)
                errors.push_back(
                    {{"file",
                      root.relativeFilePath(QString::fromStdString(c.errorFiles[i])).toStdString()},
                     {"line", c.errors[i].line},
                     {"column", c.errors[i].column},
                     {"message", c.errors[i].message}});
        const Json out = {{"schema", "tilelens.binding/1"},
                          {"path", info.absoluteFilePath().toStdString()},
                          {"entries", entries},
                          {"errors", errors}};
        printOutUtf8(out.dump(2) + "\n");
    } else if (format == QLatin1String("sarif")) {
        std::vector<AbiFinding> all;
        for (const auto& rs : reports)
            for (const EntryReport& r : rs)
                all.insert(all.end(), r.findings.begin(), r.findings.end());
        printOutUtf8(writeAbiSarif(all, w.root.toStdString()));
    } else {
        std::string text;
        for (size_t i = 0; i < chains.size(); ++i) {
            for (const EntryReport& r : reports[i])
                text += entryText(root, chains[i], r) + "\n";
            for (size_t k = 0; k < chains[i].errors.size(); ++k)
                text += root.relativeFilePath(QString::fromStdString(chains[i].errorFiles[k]))
                            .toStdString() +
                        ":" + std::to_string(chains[i].errors[k].line) + ":" +
                        std::to_string(chains[i].errors[k].column) +
                        ": note: not read: " + chains[i].errors[k].message + "\n";
        }
        printOutUtf8(text);
    }
    return critical ? ExitFail : (warn || unbound) ? ExitNotes : ExitOk;
}

CliCommandRegistration reg({QStringLiteral("binding"),
                            QStringLiteral("derive the run binding of each port from its launch "
                                           "chain, with ABI findings"),
                            &runBinding});

} // namespace
