#include "diff/EntryNames.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"

#include <map>
#include <set>

namespace tilelens::diff {

namespace {

// Checklist items of port-workspace.md §7.1 that the IR can show, with the rules implementing them.
struct ChecklistItem
{
    const char* id;
    const char* text;
    std::vector<std::string> rules;
};

const std::vector<ChecklistItem>& checklist()
{
    static const std::vector<ChecklistItem> items = {
        {"M1",
         "entry optimization_hints num_cta_in_cga / occupancy",
         {"entry-cga-occupancy", "entry-cga-occupancy-missing"}},
        {"M2", "tensor_view strides=[...] (unit stride kept)", {"tensor-view-strides"}},
        {"M3", "MMA accumulator dtype", {"mma-accumulator-dtype"}},
        {"M4", "ftof before f16/bf16 store of an f32 accumulator", {"ftof-before-store"}},
        {"M5", "mmaf operand types", {"mma-operands"}},
        {"M6",
         "number of token-creating ops",
         {"token-op-count", "root-token-op", "root-token-operand", "token-operand"}},
        {"M7", "for loop steps and bounds", {"loop-step", "loop-bounds"}},
        {"M8", "partition tile shapes tile=(...)", {"partition-tile-shape"}},
        {"M9", "partition padding values", {"partition-padding", "gather-padding"}},
        {"M10", "maxf/minf without rounding attribute", {"maxf-minf-no-rounding"}},
        {"C-FTZ", "flush_to_zero / rounding<approx> per op (FTZ)", {"ftz-approx"}},
        {"C-ASSUME",
         "assume div_by on pointers and scalars",
         {"scalar-assume-div-by-in-gen", "assume-div-by-hint", "missing-pointer-assume-raw",
          "missing-pointer-assume-view", "missing-assume", "extra-assume"}},
    };
    return items;
}

std::string cell(std::string s)
{
    for (char& c : s)
        if (c == '|' || c == '\n')
            c = c == '|' ? '/' : ' ';
    return s.empty() ? std::string("-") : s;
}

const char* statusWord(const Divergence& d)
{
    switch (d.severity) {
    case Severity::Equivalent:
    case Severity::Noise:
        return "SEMANTIC_EQUIV";
    default:
        break;
    }
    switch (d.kind) {
    case DiffKind::OpMissing:
    case DiffKind::AttributeMissing:
    case DiffKind::HintMissing:
    case DiffKind::FunctionMissing:
    case DiffKind::DebugInfoMissing:
        return "MISSING";
    case DiffKind::OpExtra:
    case DiffKind::AttributeExtra:
    case DiffKind::HintExtra:
    case DiffKind::FunctionExtra:
        return "EXTRA";
    default:
        return "DIFFERS";
    }
}

const char* severityWord(Severity s)
{
    switch (s) {
    case Severity::Critical:
        return "CRITICAL";
    case Severity::Warn:
        return "WARN";
    default:
        return "INFO";
    }
}

std::string place(const std::optional<OpSite>& s)
{
    return s ? s->op + " (line " + std::to_string(s->line) + ")" : std::string("absent");
}

std::string value(const std::optional<OpSite>& s, const std::string& v)
{
    if (!s)
        return "absent";
    return v.empty() ? place(s) : v + " @ line " + std::to_string(s->line);
}

} // namespace

std::string writeMarkdownReport(const DiffResult& r, const std::string& kernelName)
{
    std::string kernel = kernelName;
    if (kernel.empty())
        kernel = !r.functions.empty() && !r.functions[0].reference.empty()
                     ? demangleEntryName(r.functions[0].reference).base
                     : std::string("kernel");
    std::string o;
    o += std::string("VERDICT: ") + verdictName(r.verdict) + "\n\n";
    o += "# IR Diff Report: " + kernel + "\n\n";

    o += "## Inputs\n\n";
    o += "- Reference IR: `" + r.referencePath + "`\n";
    o += "- Generated IR: `" + r.generatedPath + "`\n";
    o += "- Produced by `tilelens-cli diff` (semantic diff; verdict semantics of diff_ir.sh)\n\n";

    o += "## IR Validation\n\n";
    o += "Both inputs parsed as Tile IR (`cuda_tile.module`).\n\n";
    for (const auto& f : r.functions)
        o += "- entry `" + cell(f.reference) + "` <-> `" + cell(f.generated) +
             "`: " + std::to_string(f.refOps) + " / " + std::to_string(f.genOps) + " ops, " +
             std::to_string(f.matchedOps) + " matched\n";
    o += "\n";

    o += "## Automated Diff\n\n";
    o += "Step 1 input: automated structural diff (diff_ir-compatible op counts below). ";
    o += "Divergences: ";
    for (int s = 0; s < kSeverityCount; ++s)
        o += std::string(s ? ", " : "") + severityName(Severity(s)) + " " +
             std::to_string(r.counts[size_t(s)]);
    o += ".\n\n";
    // Probes of validate_diff_report.sh: assume div_by, FTZ, strides.
    int ftzRef = 0, ftzGen = 0;
    std::string stridesRef = "-", stridesGen = "-";
    for (const auto& row : r.summary) {
        if (row.metric.find("flush_to_zero") != std::string::npos) {
            ftzRef += std::stoi(row.refValue);
            ftzGen += std::stoi(row.genValue);
        }
        if (row.metric.rfind("strides=[", 0) == 0 && row.status != "MATCH")
            stridesRef = row.metric + " x" + row.refValue,
            stridesGen = row.metric + " x" + row.genValue;
    }
    int assumeDiffs = 0;
    for (const auto& d : r.divergences)
        if ((d.reference && d.reference->op == "assume") ||
            (d.generated && d.generated->op == "assume"))
            ++assumeDiffs;
    o += "- assume div_by differences: " + std::to_string(assumeDiffs) + "\n";
    o += "- flush_to_zero (FTZ) ops: reference " + std::to_string(ftzRef) + ", generated " +
         std::to_string(ftzGen) + "\n";
    o += "- strides=[...] layout differences: " +
         (stridesRef == "-" ? std::string("none") : stridesRef + " vs " + stridesGen) + "\n\n";

    o += "## Structural Comparison\n\n";
    o += "Step 1: op count comparison (structural comparison table).\n\n";
    o += "| Op | Reference | Generated | Match |\n|---|---|---|---|\n";
    for (const auto& row : r.summary)
        o += "| " + cell(row.metric) + " | " + cell(row.refValue) + " | " + cell(row.genValue) +
             " | " + (row.status == "MATCH" ? "MATCH" : "DIFFERS") + " |\n";
    o += "\n";

    o += "## Checklist Diff\n\n";
    o += "Step 2: item-by-item checklist.\n\n";
    o += "| # | Item | Reference value | Generated value | Status | Severity | Action |\n";
    o += "|---|---|---|---|---|---|---|\n";
    std::set<std::string> firedRules;
    for (const auto& d : r.divergences)
        firedRules.insert(d.rule);
    for (const auto& item : checklist()) {
        bool fired = false;
        for (const auto& rule : item.rules)
            fired = fired || firedRules.count(rule);
        if (!fired)
            o += std::string("| ") + item.id + " | " + item.text +
                 " | equal | equal | MATCH | INFO | none |\n";
    }
    for (const auto& d : r.divergences) {
        if (d.severity == Severity::Noise)
            continue;
        const std::string action = d.severity == Severity::Critical
                                       ? "fix (" + std::string(ownerName(d.owner)) + ")"
                                   : d.severity == Severity::Warn ? "review"
                                                                  : "none";
        o += "| " + d.id + (d.checklistItem.empty() ? "" : " " + d.checklistItem) + " | " +
             cell(d.message) + " | " + cell(value(d.reference, d.refValue)) + " | " +
             cell(value(d.generated, d.genValue)) + " | " + statusWord(d) + " | " +
             severityWord(d.severity) + " | " + action + " |\n";
    }
    if (r.count(Severity::Noise) > 0)
        o += "\n" + std::to_string(r.count(Severity::Noise)) +
             " noise difference(s) (dead or duplicated pure ops, extra assume bounded) are "
             "SEMANTIC_EQUIV and not listed.\n";
    o += "\n";

    o += "## Root Cause Analysis\n\n";
    o += "Step 3: root cause per difference.\n\n";
    std::map<std::string, int> causes;
    for (const auto& d : r.divergences)
        if (d.severity != Severity::Noise)
            ++causes[rootCauseName(d.rootCause)];
    if (causes.empty()) {
        o += "No semantic difference: nothing to attribute (categories user_code, dsl_limitation, "
             "compiler_bug, "
             "semantic_equiv all 0).\n";
    } else {
        for (const auto& [c, n] : causes)
            o += "- " + c + ": " + std::to_string(n) + "\n";
        o += "\n";
        for (const auto& d : r.divergences)
            if (d.severity != Severity::Noise)
                o +=
                    "- " + d.id + " (" + rootCauseName(d.rootCause) + ", owner " +
                    ownerName(d.owner) + ", rule `" + d.rule + "`): " + d.message +
                    (d.proof.empty() ? "" : " Proof: " + d.proof + ".") +
                    (d.counterexample.empty() ? "" : " Counterexample: " + d.counterexample + ".") +
                    "\n";
    }
    o += "\n";

    o += "## Impact Assessment\n\n";
    o += "Step 4: impact on correctness and performance.\n\n";
    o +=
        "| Difference | Correctness impact | Performance impact | Blocking? |\n|---|---|---|---|\n";
    bool anyImpact = false;
    for (const auto& d : r.divergences) {
        if (d.severity == Severity::Noise || d.severity == Severity::Equivalent)
            continue;
        anyImpact = true;
        const bool crit = d.severity == Severity::Critical;
        const bool hint = d.kind == DiffKind::HintChanged || d.kind == DiffKind::HintMissing ||
                          d.kind == DiffKind::HintExtra;
        o += "| " + d.id + " " + cell(d.message) + " | " +
             (crit && !hint ? "may change results" : "none expected") + " | " +
             (hint || d.severity == Severity::Warn ? "possible"
              : crit                               ? "possible"
                                                   : "none expected") +
             " | " + (crit ? "yes" : "no") + " |\n";
    }
    if (!anyImpact)
        o += "| none | none | none | no |\n";
    o += "\n";

    o += "## Verdict\n\n";
    o += "Step 5: " + std::string(verdictName(r.verdict)) + "\n\n";
    if (r.verdict == Verdict::FailFixable) {
        o += std::string("owner: ") + ownerName(fixOwner(r)) + "\n\n";
        o += "### Action Items\n\n";
        int n = 0;
        for (const auto& d : r.divergences)
            if (d.severity == Severity::Critical)
                o += std::to_string(++n) + ". Fix " + d.id + " (" + ownerName(d.owner) +
                     (d.owner == Owner::Kernel ? ", Agent B" : ", Agent D") + "): " + d.message +
                     "\n";
    } else if (r.verdict == Verdict::PassWithNotes) {
        o += "### Known Gaps Accepted / Notes\n\n";
        for (const auto& d : r.divergences)
            if (d.severity != Severity::Noise)
                o += "- " + d.id + " (" + severityName(d.severity) + "): " + d.message + "\n";
    } else {
        o += "No semantic divergence; no action needed.\n";
    }
    return o;
}

} // namespace tilelens::diff
