#include "common/PrintableText.h"
#include "diff/ReportWriters.h"

#include <cstdio>

namespace tilelens::diff {

namespace {

std::string pad(const std::string& s, size_t width)
{
    return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

// Every text of an input (names, paths, messages quoting them) is shown through this: a name
// from bytecode may hold ESC, CR or BEL, which would drive the terminal that shows the report.
std::string show(const std::string& text)
{
    return printableText(text);
}

std::string site(const std::string& path, const std::optional<OpSite>& s)
{
    if (!s)
        return "(absent)";
    return show(path) + ":" + std::to_string(s->line) + ":" + std::to_string(s->column) + " " +
           show(s->op);
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

int criticalsWithCounterexample(const DiffResult& r)
{
    int refuted = 0;
    for (const auto& d : r.divergences)
        if (d.severity == Severity::Critical && !d.counterexample.empty())
            ++refuted;
    return refuted;
}

std::string criticalEvidence(const DiffResult& r)
{
    if (r.count(Severity::Critical) == 0)
        return {};
    return " (" + std::to_string(criticalsWithCounterexample(r)) + " with counterexample, " +
           std::to_string(r.unprovenCriticals()) + " unproven)";
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
    out += "  reference: " + show(r.referencePath) + "\n";
    out += "  generated: " + show(r.generatedPath) + "\n\n";
    out += "Functions:\n";
    for (const auto& f : r.functions) {
        out += "  " + (f.reference.empty() ? std::string("(none)") : show(f.reference)) +
               "  <->  " + (f.generated.empty() ? std::string("(none)") : show(f.generated)) +
               "   ops " + std::to_string(f.refOps) + "/" + std::to_string(f.genOps) +
               ", matched " + std::to_string(f.matchedOps) + "\n";
    }
    out += "\n" + pad("Op", 20) + pad("Ref", 8) + pad("Gen", 8) + pad("Delta", 8) + "Verdict\n";
    std::string lastSection;
    for (const auto& row : r.summary) {
        if (numeric(row.refValue) && numeric(row.genValue)) {
            const long delta = std::stol(row.genValue) - std::stol(row.refValue);
            std::string ds = (delta > 0 ? "+" : "") + std::to_string(delta);
            out += pad(show(row.metric), 20) + pad(row.refValue, 8) + pad(row.genValue, 8) +
                   pad(ds, 8) + (delta == 0 ? "MATCH" : "DIFFERS") + "  [" + show(row.section) +
                   "]\n";
        } else {
            out += "[" + show(row.section) + "] " + show(row.metric) + ": " + show(row.status) +
                   "\n    ref: " + show(row.refValue) + "\n    gen: " + show(row.genValue) + "\n";
        }
    }
    out += "\nDivergences (" + std::to_string(r.divergences.size()) + "):\n";
    for (const auto& d : r.divergences) {
        out += show(d.id) + " " + severityName(d.severity) + " [" + show(d.rule) + "] " +
               site(r.referencePath, d.reference) + " | " + site(r.generatedPath, d.generated) +
               ": " + show(d.message) + "\n";
        for (size_t k = 1; k < d.sites.size(); ++k)
            out += "    also at " + site(r.referencePath, d.sites[k].reference) + " | " +
                   site(r.generatedPath, d.sites[k].generated) + "\n";
        if (!d.proof.empty())
            out += "    proof: " + show(d.proof) + "\n";
        if (!d.counterexample.empty())
            out += "    counterexample: " + show(d.counterexample) + "\n";
        if (d.unproven())
            out += "    unproven: " + show(unprovenText(d)) + "\n";
    }
    out += "\nCounts:";
    for (int s = 0; s < kSeverityCount; ++s)
        out += std::string(s ? "," : "") + " " + severityName(Severity(s)) + " " +
               std::to_string(r.counts[size_t(s)]) +
               (Severity(s) == Severity::Critical ? criticalEvidence(r) : std::string());
    out += "\n";
    for (const auto& d : r.divergences) {
        if (d.severity == Severity::Critical)
            out += "CRITICAL: " + show(d.message) + "\n";
        else if (d.severity == Severity::Warn)
            out += "WARN: " + show(d.message) + "\n";
    }
    out += verdictLine(r) + "\n";
    return out;
}

} // namespace tilelens::diff
