// `tilelens-cli diff --format sarif`: SARIF 2.1.0 (OASIS), so that CI systems
// can annotate a pull request. One result per divergence; the generated IR is
// the primary location (that is the file a port changes), the reference IR and
// further sites of a grouped finding are related locations.

#include "common/JsonWrite.h"
#include "common/UriReference.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"

#include <map>
#include <nlohmann/json.hpp>

namespace tilelens::diff {

namespace {

using json = nlohmann::ordered_json;

json physicalLocation(const std::string& uri, int uriIndex, const OpSite& site)
{
    json loc = {{"artifactLocation", {{"uri", uri}, {"index", uriIndex}}}};
    if (site.line > 0) { // bytecode sites have no line; the file alone is still a location
        json region = {{"startLine", site.line}};
        if (site.column > 0)
            region["startColumn"] = site.column;
        loc["region"] = region;
    }
    return loc;
}

// Message text of a related location: which side, and which op.
std::string sideText(const char* side, const OpSite& site)
{
    return std::string(side) + " IR: " + site.op;
}

std::string firstSentence(const std::string& text)
{
    const auto end = text.find(". ");
    return end == std::string::npos ? text : text.substr(0, end + 1);
}

json ruleDescriptor(const std::string& id, const Rule* rule)
{
    const std::string description =
        rule && !rule->description.empty()
            ? rule->description
            : std::string("difference the rule set does not classify (" + id + ")");
    const std::string summary = firstSentence(description);
    json r = {{"id", id}, {"shortDescription", {{"text", summary}}}};
    if (summary != description)
        r["fullDescription"] = {{"text", description}};
    std::string help = description;
    if (rule && !rule->checklist.empty())
        help += " (TileGym IR-diff checklist item " + rule->checklist + ")";
    r["help"] = {{"text", help}};
    if (rule) {
        r["defaultConfiguration"] = {{"level", sarifLevel(rule->severity)}};
        json props = {{"severity", severityName(rule->severity)},
                      {"owner", ownerName(rule->owner)}};
        if (!rule->checklist.empty())
            props["checklist"] = rule->checklist;
        r["properties"] = props;
    }
    return r;
}

} // namespace

const char* sarifLevel(Severity s)
{
    switch (s) {
    case Severity::Critical:
        return "error";
    case Severity::Warn:
        return "warning";
    default:
        return "note";
    }
}

nlohmann::ordered_json toSarif(const DiffResult& r, const RuleSet& rules)
{
    const std::string refUri = uriReference(r.referencePath);
    const std::string genUri = uriReference(r.generatedPath);
    enum
    {
        RefArtifact = 0,
        GenArtifact = 1
    };

    // Rules in the order results first use them; ruleIndex points into this list.
    std::map<std::string, int> ruleIndex;
    json ruleList = json::array();
    json results = json::array();
    for (const auto& d : r.divergences) {
        auto [it, added] = ruleIndex.emplace(d.rule, int(ruleList.size()));
        if (added)
            ruleList.push_back(ruleDescriptor(d.rule, rules.find(d.rule)));

        std::string text = d.message;
        if (!d.proof.empty())
            text += "\nProof: " + d.proof;
        if (!d.counterexample.empty())
            text += "\nCounterexample: " + d.counterexample;
        if (d.unproven())
            text += "\nUnproven: " + unprovenText(d);

        json result = {{"ruleId", d.rule},
                       {"ruleIndex", it->second},
                       {"level", sarifLevel(d.severity)},
                       {"message", {{"text", text}}}};
        json locations = json::array();
        json related = json::array();
        int relatedId = 0;
        auto addRelated = [&](const char* side, const std::string& uri, int index,
                              const OpSite& site) {
            json rel = physicalLocation(uri, index, site);
            related.push_back({{"id", ++relatedId},
                               {"physicalLocation", rel},
                               {"message", {{"text", sideText(side, site)}}}});
        };
        if (d.generated) {
            locations.push_back(
                {{"physicalLocation", physicalLocation(genUri, GenArtifact, *d.generated)},
                 {"message", {{"text", sideText("generated", *d.generated)}}}});
            if (d.reference)
                addRelated("reference", refUri, RefArtifact, *d.reference);
        } else if (d.reference) { // the op is absent from the generated IR
            locations.push_back(
                {{"physicalLocation", physicalLocation(refUri, RefArtifact, *d.reference)},
                 {"message", {{"text", sideText("reference", *d.reference)}}}});
        }
        // Further places of a grouped finding (the first site is the primary one above).
        for (size_t i = 1; i < d.sites.size(); ++i) {
            if (d.sites[i].generated)
                addRelated("generated", genUri, GenArtifact, *d.sites[i].generated);
            if (d.sites[i].reference)
                addRelated("reference", refUri, RefArtifact, *d.sites[i].reference);
        }
        if (!locations.empty())
            result["locations"] = locations;
        if (!related.empty())
            result["relatedLocations"] = related;
        json props = {{"id", d.id},
                      {"severity", severityName(d.severity)},
                      {"kind", diffKindName(d.kind)},
                      {"owner", ownerName(d.owner)}};
        if (!d.function.empty())
            props["function"] = d.function;
        if (!d.proof.empty())
            props["proof"] = d.proof;
        if (!d.counterexample.empty())
            props["counterexample"] = d.counterexample;
        if (d.unproven())
            props["unproven"] = true;
        if (d.unproven() && !d.unprovenReason.empty())
            props["unproven_reason"] = d.unprovenReason;
        result["properties"] = props;
        results.push_back(std::move(result));
    }

    json counts = json::object();
    for (int s = 0; s < kSeverityCount; ++s)
        counts[severityName(Severity(s))] = r.counts[size_t(s)];
    json driver = {{"name", "tilelens-cli"},
                   {"semanticVersion", TILELENS_VERSION},
                   {"informationUri", "https://github.com/tilelens/tilelens"},
                   {"rules", ruleList}};
    json run = {
        {"tool", {{"driver", driver}}},
        {"artifacts",
         json::array(
             {{{"location", {{"uri", refUri}}}, {"roles", json::array({"analysisTarget"})}},
              {{"location", {{"uri", genUri}}}, {"roles", json::array({"analysisTarget"})}}})},
        {"results", results},
        {"properties", {{"verdict", verdictName(r.verdict)}, {"counts", counts}}}};
    if (r.count(Severity::Critical) > 0)
        run["properties"]["criticals"] = {{"with_counterexample", criticalsWithCounterexample(r)},
                                          {"unproven", r.unprovenCriticals()}};
    return {{"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
                        "sarif-schema-2.1.0.json"},
            {"version", "2.1.0"},
            {"runs", json::array({run})}};
}

std::string writeSarifReport(const DiffResult& r, const RuleSet& rules)
{
    return jsonText(toSarif(r, rules)) + "\n";
}

} // namespace tilelens::diff
