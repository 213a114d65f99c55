#pragma once
// The immutable outcome of comparing two Tile IR modules: per-function aligned
// rows for the side-by-side view, classified divergences, counts, verdict and
// the diff_ir.sh-style summary table. Produced by diff::compare(), consumed by
// the GUI, the CLI and the report writers.

#include "common/Side.h"
#include "diff/DiffVocabulary.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilelens::diff {

// One side of a divergence or row: where the op is in its file.
struct OpSite
{
    int line = 0;   // 1-based, 0 = unknown (e.g. bytecode)
    int column = 0; // 1-based, 0 = unknown
    std::string op; // op name without dialect prefix ("exp2"), or "entry" for a function
};

// The values a rule's message template was filled with, so that a translated
// template can be filled with the very same values (the GUI; the CLI stays English).
struct MessageFields
{
    std::string op; // {op}: the reference op's name, else the generated one's
    std::string refOp;
    std::string genOp;
    std::string attribute;
    std::string refValue;
    std::string genValue;
    std::string value; // {value}: the value of the side the op is on
    std::string operand;
    std::string kind;
    std::string function;
};

// Another place of a grouped finding (same rule, same difference).
struct DivergenceSite
{
    std::optional<OpSite> reference;
    std::optional<OpSite> generated;
};

struct Divergence
{
    std::string id; // "D1", "D2", ... in report order
    Severity severity = Severity::Critical;
    std::string rule; // id of the rule that classified it ("fallback-semantic" if none)
    DiffKind kind = DiffKind::OpChanged;
    Owner owner = Owner::Kernel;
    RootCause rootCause = RootCause::UserCode;
    std::string checklistItem; // "M7", "EQ1", ... empty if the rule names none
    std::string message;
    std::optional<OpSite> reference; // nullopt: op absent on this side
    std::optional<OpSite> generated;
    std::string function;  // reference function name (generated name if only there)
    std::string attribute; // attribute, hint or type facet involved, if any
    std::string refValue;  // normalized value text on each side, if any
    std::string genValue;
    // Why it cannot change a result (equivalent / harmless findings), in words.
    std::string proof;
    // An input on which the two sides' results differ: "x = 2 -> reference 1, generated 2".
    std::string counterexample;
    // Every place of a finding grouped by root cause, the primary one first
    // (empty: the finding has one place, `reference` / `generated`).
    std::vector<DivergenceSite> sites;
    // `message` is `messageTemplate` filled with `messageFields`, then followed by
    // "; N op(s) using its result differ only through it" when downstreamOps > 0
    // and " (N sites)" for a grouped finding.
    std::string messageTemplate;
    MessageFields messageFields;
    int downstreamOps = 0;

    // A critical finding without a counterexample: the two sides could not be matched, but
    // no input that makes them differ was found either, so a reviewer reads it as "could not
    // match", not as "proven different" (issue 30 item 2). Derived, so it cannot go stale
    // when a counterexample is attached or the severity is changed by a rule.
    bool unproven() const { return severity == Severity::Critical && counterexample.empty(); }
    // What else is known of an unproven finding, said after the mark: a CPU run of both sides
    // found the outputs equal on its binding, or refutes nothing (crosscheck::withCpuRun).
    std::string unprovenReason;
};

// One row of the side-by-side view: a reference op and/or a generated op.
struct AlignedRow
{
    std::optional<OpSite> reference; // nullopt = filler
    std::optional<OpSite> generated; // nullopt = filler
    int depth = 0;                   // region nesting depth, 0 = function body
    std::vector<std::string> divergenceIds;
};

// What one generated entry argument was compared as: the reference argument it stands for
// (paired by position or by role, ArgumentRoles.h; -1: none), or the reference's specialised
// constant it was bound to (ArgSpecialisation.h, AddressBindings.h). A CPU run without a binding
// file binds the pair by these (crosscheck/PairBinding.h).
struct ArgumentTie
{
    int referenceArgument = -1;
    std::optional<int64_t> intConstant;
    std::optional<uint64_t> floatBits; // IEEE double bits of the reference's float constant
};

struct FunctionDiff
{
    std::string reference; // entry name as written ("" when unmatched)
    std::string generated;
    int refOps = 0; // ops in the function as written (dead and duplicated ones included)
    int genOps = 0;
    int matchedOps = 0;
    std::vector<AlignedRow> rows;
    // One per generated entry argument, when both entries are there (no report writes them).
    std::vector<ArgumentTie> generatedArguments;
};

// One line of the diff_ir.sh-like summary table.
struct SummaryRow
{
    std::string section; // "ops", "hints", "tile shapes", ...
    std::string metric;  // "load_view_tko", "occupancy", ...
    std::string refValue;
    std::string genValue;
    std::string status; // MATCH, DIFFERS, MISSING, EXTRA
};

struct DiffResult
{
    std::string referencePath; // as given by the user
    std::string generatedPath;
    Verdict verdict = Verdict::Pass;
    std::array<int, kSeverityCount> counts{}; // indexed by Severity
    std::vector<FunctionDiff> functions;
    std::vector<Divergence> divergences;
    std::map<std::string, std::pair<int, int>> opCounts; // op name -> (reference, generated)
    std::vector<SummaryRow> summary;
    // Why the SMT check was not asked (empty: it was, where a difference needed it).
    std::string solverSkipped;
    // The steps the SMT check spent over every function pair (SolverBudget::stepsSpent); in
    // no report, for tests and benchmarks.
    uint64_t solverSteps = 0;

    int count(Severity s) const { return counts[static_cast<size_t>(s)]; }
    // The criticals that are unproven (Divergence::unproven); the others carry a counterexample.
    int unprovenCriticals() const;
    const Divergence* findDivergence(const std::string& id) const;

    // Sorts divergences by place, numbers them D1..Dn, links rows to them,
    // recounts severities and recomputes the verdict.
    void finalize();
};

// One side of a divergence, a grouped site or a row, indexed by side (the fields stay named:
// they are the JSON's `reference` / `generated` objects).
inline const std::optional<OpSite>& site(const Divergence& d, Side s)
{
    return s == Side::Reference ? d.reference : d.generated;
}
inline const std::optional<OpSite>& site(const DivergenceSite& d, Side s)
{
    return s == Side::Reference ? d.reference : d.generated;
}
inline const std::optional<OpSite>& site(const AlignedRow& r, Side s)
{
    return s == Side::Reference ? r.reference : r.generated;
}

// Any critical -> FAIL_FIXABLE; otherwise anything but noise -> PASS_WITH_NOTES; else PASS.
Verdict verdictFor(const std::array<int, kSeverityCount>& counts);

} // namespace tilelens::diff
