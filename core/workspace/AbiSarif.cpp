#include "workspace/AbiSarif.h"

#include "common/UriReference.h"

#include <QDir>
#include <map>
#include <nlohmann/json.hpp>

namespace tilelens::ws {

namespace {

using json = nlohmann::ordered_json;

std::string relative(const std::string& root, const std::string& file)
{
    if (root.empty() || file.empty())
        return file;
    const QString rel =
        QDir(QString::fromStdString(root)).relativeFilePath(QString::fromStdString(file));
    return rel.startsWith(QLatin1String("..")) ? file : rel.toStdString();
}

const char* level(const std::string& severity)
{
    return severity == "critical" ? "error" : severity == "warn" ? "warning" : "note";
}

json location(const std::string& root, const launch::Loc& loc)
{
    json l = {{"artifactLocation", {{"uri", uriReference(relative(root, loc.file))}}}};
    if (loc.line > 0)
        l["region"] = {{"startLine", loc.line}};
    return l;
}

} // namespace

json abiSarif(const std::vector<AbiFinding>& findings, const std::string& root)
{
    std::map<std::string, int> ruleIndex;
    json rules = json::array();
    for (const AbiRuleInfo& r : abiRules()) {
        ruleIndex[r.id] = int(rules.size());
        rules.push_back({{"id", r.id},
                         {"shortDescription", {{"text", r.summary}}},
                         {"defaultConfiguration", {{"level", level(r.severity)}}},
                         {"properties", {{"severity", r.severity}}}});
    }
    json results = json::array();
    for (const AbiFinding& f : findings) {
        json result = {
            {"ruleId", f.rule}, {"level", level(f.severity)}, {"message", {{"text", f.message}}}};
        if (auto it = ruleIndex.find(f.rule); it != ruleIndex.end())
            result["ruleIndex"] = it->second;
        if (!f.loc.file.empty())
            result["locations"] = json::array({{{"physicalLocation", location(root, f.loc)}}});
        json related = json::array();
        for (const launch::Loc& r : f.related)
            if (!r.file.empty())
                related.push_back(
                    {{"id", int(related.size()) + 1}, {"physicalLocation", location(root, r)}});
        if (!related.empty())
            result["relatedLocations"] = related;
        result["properties"] = {{"severity", f.severity}, {"entry", f.entry}};
        results.push_back(std::move(result));
    }
    json driver = {{"name", "tilelens-cli"},
                   {"semanticVersion", TILELENS_VERSION},
                   {"informationUri", "https://github.com/tilelens/tilelens"},
                   {"rules", rules}};
    json run = {{"tool", {{"driver", driver}}}, {"results", results}};
    return {{"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
                        "sarif-schema-2.1.0.json"},
            {"version", "2.1.0"},
            {"runs", json::array({run})}};
}

std::string writeAbiSarif(const std::vector<AbiFinding>& findings, const std::string& root)
{
    return abiSarif(findings, root).dump(2) + "\n";
}

} // namespace tilelens::ws
