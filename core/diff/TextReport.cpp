#include "diff/ReportWriters.h"

#include <cstdio>

namespace tilelens::diff {

namespace {

std::string pad(const std::string& s, size_t width)
{
    return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

std::string site(const std::string& path, const std::optional<OpSite>& s)
{
    if (!s)
        return "(absent)";
    return path + ":" + std::to_string(s->line) + ":" + std::to_string(s->column) + " " + s->op;
}

bool numeric(const std::string& s)
{
    if (s.empty())
        return false;
    for (char c : s)
        if (!(c >= '0' && c <= '9'))
            return false;
    return true;
}

} // namespace

std::string verdictLine(const DiffResult& r)
{
    const int notes = r.count(Severity::Warn) + r.count(Severity::Info) +
                      r.count(Severity::Equivalent) + r.count(Severity::KnownGap);
    switch (r.verdict) {
    case Verdict::FailFixable:
        return "VERDICT: FAIL_FIXABLE (" + std::to_string(r.count(Severity::Critical)) +
               " critical diff(s))";
    case Verdict::PassWithNotes:
        return "VERDICT: PASS_WITH_NOTES (0 workaround op(s), " + std::to_string(notes) +
               " note(s))";
    case Verdict::Pass:
        break;
    }
    return "VERDICT: PASS";
}

Owner fixOwner(const DiffResult& r)
{
    bool any = false;
    for (const auto& d : r.divergences) {
        if (d.severity != Severity::Critical)
            continue;
        any = true;
        if (d.owner == Owner::Kernel)
            return Owner::Kernel;
    }
    return any ? Owner::Host : Owner::Kernel;
}

std::string writeTextReport(const DiffResult& r)
{
    std::string out;
    out += "TileLens IR diff\n";
    out += "  reference: " + r.referencePath + "\n";
    out += "  generated: " + r.generatedPath + "\n\n";
    out += "Functions:\n";
    for (const auto& f : r.functions) {
        out += "  " + (f.reference.empty() ? std::string("(none)") : f.reference) + "  <->  " +
               (f.generated.empty() ? std::string("(none)") : f.generated) + "   ops " +
               std::to_string(f.refOps) + "/" + std::to_string(f.genOps) + ", matched " +
               std::to_string(f.matchedOps) + "\n";
    }
    out += "\n" + pad("Op", 20) + pad("Ref", 8) + pad("Gen", 8) + pad("Delta", 8) + "Verdict\n";
    std::string lastSection;
    for (const auto& row : r.summary) {
        if (numeric(row.refValue) && numeric(row.genValue)) {
            const long delta = std::stol(row.genValue) - std::stol(row.refValue);
            std::string ds = (delta > 0 ? "+" : "") + std::to_string(delta);
            out += pad(row.metric, 20) + pad(row.refValue, 8) + pad(row.genValue, 8) + pad(ds, 8) +
                   (delta == 0 ? "MATCH" : "DIFFERS") + "  [" + row.section + "]\n";
        } else {
            out += "[" + row.section + "] " + row.metric + ": " + row.status +
                   "\n    ref: " + row.refValue + "\n    gen: " + row.genValue + "\n";
        }
    }
    out += "\nDivergences (" + std::to_string(r.divergences.size()) + "):\n";
    for (const auto& d : r.divergences) {
        out += d.id + " " + severityName(d.severity) + " [" + d.rule + "] " +
               site(r.referencePath, d.reference) + " | " + site(r.generatedPath, d.generated) +
               ": " + d.message + "\n";
        for (size_t k = 1; k < d.sites.size(); ++k)
            out += "    also at " + site(r.referencePath, d.sites[k].reference) + " | " +
                   site(r.generatedPath, d.sites[k].generated) + "\n";
        if (!d.proof.empty())
            out += "    proof: " + d.proof + "\n";
        if (!d.counterexample.empty())
            out += "    counterexample: " + d.counterexample + "\n";
    }
    out += "\nCounts:";
    for (int s = 0; s < kSeverityCount; ++s)
        out += std::string(s ? "," : "") + " " + severityName(Severity(s)) + " " +
               std::to_string(r.counts[size_t(s)]);
    out += "\n";
    for (const auto& d : r.divergences) {
        if (d.severity == Severity::Critical)
            out += "CRITICAL: " + d.message + "\n";
        else if (d.severity == Severity::Warn)
            out += "WARN: " + d.message + "\n";
    }
    out += verdictLine(r) + "\n";
    return out;
}

} // namespace tilelens::diff
