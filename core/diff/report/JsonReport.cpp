#include "common/JsonWrite.h"
#include "diff/ReportWriters.h"

#include <nlohmann/json.hpp>

namespace tilelens::diff {

namespace {

nlohmann::ordered_json siteJson(const std::optional<OpSite>& s)
{
    if (!s)
        return nullptr;
    return {{"line", s->line}, {"column", s->column}, {"op", s->op}};
}

} // namespace

nlohmann::ordered_json toJson(const DiffResult& r)
{
    using json = nlohmann::ordered_json;
    json counts = json::object();
    for (int s = 0; s < kSeverityCount; ++s)
        counts[severityName(Severity(s))] = r.counts[size_t(s)];
    json functions = json::array();
    for (const auto& f : r.functions)
        functions.push_back({{"reference", f.reference},
                             {"generated", f.generated},
                             {"ref_ops", f.refOps},
                             {"gen_ops", f.genOps},
                             {"matched_ops", f.matchedOps}});
    json divergences = json::array();
    for (const auto& d : r.divergences) {
        json j = {{"id", d.id},
                  {"severity", severityName(d.severity)},
                  {"rule", d.rule},
                  {"kind", diffKindName(d.kind)},
                  {"owner", ownerName(d.owner)},
                  {"message", d.message},
                  {"reference", siteJson(d.reference)},
                  {"generated", siteJson(d.generated)}};
        // Optional (additive to tilelens.diff/1): present only when known.
        if (!d.proof.empty())
            j["proof"] = d.proof;
        if (!d.counterexample.empty())
            j["counterexample"] = d.counterexample;
        if (d.unproven())
            j["unproven"] = true;
        if (d.unproven() && !d.unprovenReason.empty())
            j["unproven_reason"] = d.unprovenReason;
        if (!d.sites.empty()) {
            json sites = json::array();
            for (const auto& s : d.sites)
                sites.push_back(
                    {{"reference", siteJson(s.reference)}, {"generated", siteJson(s.generated)}});
            j["sites"] = sites;
        }
        divergences.push_back(std::move(j));
    }
    json opCounts = json::object();
    for (const auto& [name, c] : r.opCounts)
        opCounts[name] = json::array({c.first, c.second});
    json doc = json::object();
    doc["schema"] = "tilelens.diff/1";
    doc["reference"] = r.referencePath;
    doc["generated"] = r.generatedPath;
    doc["verdict"] = verdictName(r.verdict);
    doc["counts"] = counts;
    // Additive to tilelens.diff/1, present where there is a critical: how many are refuted by
    // a counterexample and how many are unproven (issue 30 item 2).
    if (r.count(Severity::Critical) > 0)
        doc["criticals"] = {{"with_counterexample", criticalsWithCounterexample(r)},
                            {"unproven", r.unprovenCriticals()}};
    doc["functions"] = functions;
    doc["divergences"] = divergences;
    doc["op_counts"] = opCounts;
    if (!r.solverSkipped.empty())
        doc["solver"] = r.solverSkipped;
    return doc;
}

std::string writeJsonReport(const DiffResult& r)
{
    return jsonText(toJson(r)) + "\n";
}

} // namespace tilelens::diff
