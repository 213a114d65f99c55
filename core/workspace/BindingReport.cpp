#include "workspace/BindingReport.h"

#include "workspace/AbiSarif.h"

#include <QDir>
#include <nlohmann/json.hpp>

namespace tilelens::ws {
namespace {

using Json = nlohmann::ordered_json;

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

Json chainErrorsJson(const QDir& root, const std::vector<LaunchChain>& chains)
{
    Json errors = Json::array();
    for (const LaunchChain& c : chains)
        for (size_t i = 0; i < c.errors.size(); ++i)
            errors.push_back(
                {{"file",
                  root.relativeFilePath(QString::fromStdString(c.errorFiles[i])).toStdString()},
                 {"line", c.errors[i].line},
                 {"column", c.errors[i].column},
                 {"message", c.errors[i].message}});
    return errors;
}

} // namespace

BindingReport bindingReport(const Workspace& w, const std::string& wanted)
{
    BindingReport out;
    out.root = w.root;
    for (const Kernel& k : w.kernels) {
        if (k.rustKernel.isEmpty())
            continue;
        const bool wholeOp = wanted.empty() || k.name.toStdString() == wanted;
        out.chains.push_back(readLaunchChain(k, wholeOp ? std::string() : wanted));
        if (out.chains.back().entries.empty())
            out.chains.pop_back();
    }
    for (const LaunchChain& c : out.chains) {
        out.reports.emplace_back();
        for (const EntryChain& e : c.entries) {
            EntryReport r;
            r.chain = &e;
            r.binding = deriveBinding(e);
            r.findings = checkAbi(e, r.binding);
            for (const AbiFinding& f : r.findings) {
                out.critical = out.critical || f.severity == "critical";
                out.warn = out.warn || f.severity == "warn";
            }
            out.unbound = out.unbound || !r.binding.complete;
            out.reports.back().push_back(std::move(r));
        }
    }
    return out;
}

std::string bindingReportJson(const BindingReport& report, const std::string& path)
{
    const QDir root(report.root);
    Json entries = Json::array();
    for (size_t i = 0; i < report.chains.size(); ++i)
        for (const EntryReport& r : report.reports[i])
            entries.push_back(entryJson(root, report.chains[i], r));
    const Json out = {{"schema", "tilelens.binding/1"},
                      {"path", path},
                      {"entries", entries},
                      {"errors", chainErrorsJson(root, report.chains)}};
    return out.dump(2) + "\n";
}

std::string bindingReportText(const BindingReport& report)
{
    const QDir root(report.root);
    std::string text;
    for (size_t i = 0; i < report.chains.size(); ++i) {
        const LaunchChain& chain = report.chains[i];
        for (const EntryReport& r : report.reports[i])
            text += entryText(root, chain, r) + "\n";
        for (size_t k = 0; k < chain.errors.size(); ++k)
            text +=
                root.relativeFilePath(QString::fromStdString(chain.errorFiles[k])).toStdString() +
                ":" + std::to_string(chain.errors[k].line) + ":" +
                std::to_string(chain.errors[k].column) +
                ": note: not read: " + chain.errors[k].message + "\n";
    }
    return text;
}

std::string bindingReportSarif(const BindingReport& report)
{
    std::vector<AbiFinding> all;
    for (const auto& rs : report.reports)
        for (const EntryReport& r : rs)
            all.insert(all.end(), r.findings.begin(), r.findings.end());
    return writeAbiSarif(all, report.root.toStdString());
}

} // namespace tilelens::ws
