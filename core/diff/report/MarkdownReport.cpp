#include "common/PrintableText.h"
#include "diff/EntryNames.h"
#include "diff/ReportWriters.h"
#include "diff/RuleSet.h"
#include "ir/OpId.h"

#include <algorithm>
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
         {"entry-cga-occupancy", "entry-cga-occupancy-extra", "entry-cga-occupancy-missing"}},
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
        {"C-FTZ", "flush_to_zero / rounding<approx> per op (FTZ)", {"ftz-approx", "rounding-mode"}},
        {"C-ASSUME",
         "assume div_by on pointers and scalars",
         {"scalar-assume-div-by-in-gen", "assume-div-by-hint", "missing-pointer-assume-raw",
          "missing-pointer-assume-view", "missing-assume", "extra-assume"}},
    };
    return items;
}

// ---- escaping: every text of an input (names, paths, messages quoting them) is written through
// mdText or mdCode, so that an entry named `<img src=x onerror=...>` or `[x](javascript:...)`
// reads as the text it is. The IR's own angle brackets (tile<4xf32>, rounding<approx>) stay.

bool isAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool isAlnum(char c)
{
    return isAlpha(c) || (c >= '0' && c <= '9');
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Words the IR writes alone in angle brackets (element types, rounding modes): `<f32>` and
// `rounding<approx>` are tags to CommonMark, but inert ones (an unknown element, no attribute).
bool isIrBracketWord(std::string_view w)
{
    static const std::set<std::string_view> words = {
        "i1",       "i4",     "i8",        "i16",      "i32",   "i64",    "f16",
        "bf16",     "f32",    "tf32",      "f64",      "index", "approx", "full",
        "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN", "zero"};
    return words.count(w) > 0;
}

// Whether a renderer reads markup (raw HTML or an autolink, CommonMark §6.5-6.6) at t[at] == '<'.
// What the text cannot decide (it ends inside a tag) counts as markup: the next piece of the
// line could finish it.
bool opensMarkup(std::string_view t, size_t at)
{
    const size_t n = t.size();
    size_t i = at + 1;
    if (i >= n)
        return false;
    if (t[i] == '/' || t[i] == '!') // closing tag, comment, declaration, CDATA
        return true;
    if (t[i] == '?') // a processing instruction needs its `?>` (tile<?x?xf32> has none)
        return t.find("?>", i) != std::string_view::npos;
    if (!isAlpha(t[i]))
        return false; // tile<4xf32>, <-, <...>
    // An autolink <scheme:...> or <user@host>: no space, '<' or '>' up to its '>'.
    size_t k = i;
    bool email = false;
    while (k < n && t[k] != '>' && t[k] != '<' && !isSpace(t[k]) && uint8_t(t[k]) > 0x20) {
        email = email || t[k] == '@';
        ++k;
    }
    size_t scheme = i;
    while (scheme < n &&
           (isAlnum(t[scheme]) || t[scheme] == '+' || t[scheme] == '.' || t[scheme] == '-'))
        ++scheme;
    const bool uri = scheme < n && t[scheme] == ':' && scheme - i >= 2 && scheme - i <= 32;
    if ((uri || email) && (k >= n || t[k] == '>'))
        return true;
    // An open tag: name, attributes, optional '/', '>'.
    k = i;
    while (k < n && (isAlnum(t[k]) || t[k] == '-'))
        ++k;
    const std::string_view tag = t.substr(i, k - i);
    bool attributes = false;
    for (;;) {
        const size_t spaceStart = k;
        while (k < n && isSpace(t[k]))
            ++k;
        if (k >= n)
            return true;
        if (t[k] == '>')
            return attributes || !isIrBracketWord(tag);
        if (t[k] == '/')
            return k + 1 >= n || t[k + 1] == '>';
        if (k == spaceStart || !(isAlpha(t[k]) || t[k] == '_' || t[k] == ':'))
            return false; // <i32: 1>, <ptr<f16>>: text
        while (k < n && (isAlnum(t[k]) || t[k] == '_' || t[k] == '.' || t[k] == ':' || t[k] == '-'))
            ++k;
        attributes = true;
        size_t value = k;
        while (value < n && isSpace(t[value]))
            ++value;
        if (value >= n)
            return true;
        if (t[value] != '=')
            continue;
        for (++value; value < n && isSpace(t[value]);)
            ++value;
        if (value >= n)
            return true;
        if (t[value] == '"' || t[value] == '\'') {
            const size_t close = t.find(t[value], value + 1);
            if (close == std::string_view::npos)
                return true;
            k = close + 1;
        } else {
            k = value;
            while (k < n && !isSpace(t[k]) &&
                   std::string_view("\"'=<>`").find(t[k]) == std::string_view::npos)
                ++k;
            if (k == value)
                return false;
        }
    }
}

// One piece of input-derived text outside code: shown (no control character) and with the
// characters that would make markup of it escaped: '\\', '&', '~', a backtick that does not
// close inside the text, a '<' that opens HTML or an autolink, a ']' that opens a link or image
// destination.
size_t backtickRun(const std::string& s, size_t at)
{
    size_t end = at;
    while (end < s.size() && s[end] == '`')
        ++end;
    return end - at;
}

// The end of the code span that `length` backticks at `open` start (CommonMark: up to the next
// run of the same length), or npos when they start none.
size_t codeSpanEnd(const std::string& s, size_t open, size_t length)
{
    for (size_t i = open + length; i < s.size();) {
        const size_t run = backtickRun(s, i);
        if (run == length)
            return i + run;
        i += std::max<size_t>(run, 1);
    }
    return std::string::npos;
}

std::string mdText(const std::string& text)
{
    const std::string shown = printableText(text);
    std::string out;
    out.reserve(shown.size());
    for (size_t i = 0; i < shown.size(); ++i) {
        const char c = shown[i];
        if (c == '`') {
            // A code span that closes inside this text (the proofs' `less_than`) is literal and
            // stays; a backtick that would pair with one of the report's own is escaped.
            const size_t run = backtickRun(shown, i);
            const size_t end = codeSpanEnd(shown, i, run);
            if (end != std::string::npos)
                out.append(shown, i, end - i);
            else
                for (size_t k = 0; k < run; ++k)
                    out += "\\`";
            i = (end != std::string::npos ? end : i + run) - 1;
        } else if (c == '\\' || c == '~' ||
                   (c == ']' && i + 1 < shown.size() && shown[i + 1] == '('))
            out += '\\', out += c;
        else if (c == '&')
            out += "&amp;";
        else if (c == '<' && opensMarkup(shown, i))
            out += "&lt;";
        else
            out += c;
    }
    return out;
}

// A table cell's or code span's text as before: '|' would end the cell, a line break the row.
std::string plainCell(std::string s)
{
    for (char& c : s)
        if (c == '|' || c == '\n')
            c = c == '|' ? '/' : ' ';
    return s.empty() ? std::string("-") : s;
}

std::string cell(const std::string& s)
{
    return mdText(plainCell(s));
}

// A code span holding `text` whatever it holds: its fence is one backtick longer than the
// longest run inside, and padded with spaces where the text starts or ends with one.
std::string mdCode(const std::string& text)
{
    const std::string shown = printableText(text);
    size_t longest = 0, run = 0;
    for (char c : shown) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(longest + 1, '`');
    const bool pad = !shown.empty() && (shown.front() == '`' || shown.back() == '`' ||
                                        (shown.front() == ' ' && shown.back() == ' '));
    return fence + (pad ? " " : "") + shown + (pad ? " " : "") + fence;
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

// The two files compared and what compared them.
void inputsSection(std::string& o, const DiffResult& r)
{
    o += "## Inputs\n\n";
    o += "- Reference IR: " + mdCode(r.referencePath) + "\n";
    o += "- Generated IR: " + mdCode(r.generatedPath) + "\n";
    o += "- Produced by `tilelens-cli diff` (semantic diff; verdict semantics of diff_ir.sh)\n\n";
}

// Each entry pair with its op counts.
void validationSection(std::string& o, const DiffResult& r)
{
    o += "## IR Validation\n\n";
    o += "Both inputs parsed as Tile IR (`cuda_tile.module`).\n\n";
    for (const auto& f : r.functions)
        o += "- entry " + mdCode(plainCell(f.reference)) + " <-> " +
             mdCode(plainCell(f.generated)) + ": " + std::to_string(f.refOps) + " / " +
             std::to_string(f.genOps) + " ops, " + std::to_string(f.matchedOps) + " matched\n";
    o += "\n";
}

// The counts by severity and the probes of validate_diff_report.sh: assume div_by, FTZ,
// strides.
void automatedDiffSection(std::string& o, const DiffResult& r)
{
    o += "## Automated Diff\n\n";
    o += "Step 1 input: automated structural diff (diff_ir-compatible op counts below). ";
    o += "Divergences: ";
    for (int s = 0; s < kSeverityCount; ++s)
        o += std::string(s ? ", " : "") + severityName(Severity(s)) + " " +
             std::to_string(r.counts[size_t(s)]) +
             (Severity(s) == Severity::Critical ? criticalEvidence(r) : std::string());
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
        if ((d.reference && ir::opIdOf(d.reference->op) == ir::OpId::Assume) ||
            (d.generated && ir::opIdOf(d.generated->op) == ir::OpId::Assume))
            ++assumeDiffs;
    o += "- assume div_by differences: " + std::to_string(assumeDiffs) + "\n";
    o += "- flush_to_zero (FTZ) ops: reference " + std::to_string(ftzRef) + ", generated " +
         std::to_string(ftzGen) + "\n";
    o += "- strides=[...] layout differences: " +
         (stridesRef == "-" ? std::string("none")
                            : mdText(stridesRef) + " vs " + mdText(stridesGen)) +
         "\n\n";
}

// Step 1: the op count table.
void structuralSection(std::string& o, const DiffResult& r)
{
    o += "## Structural Comparison\n\n";
    o += "Step 1: op count comparison (structural comparison table).\n\n";
    o += "| Op | Reference | Generated | Match |\n|---|---|---|---|\n";
    for (const auto& row : r.summary)
        o += "| " + cell(row.metric) + " | " + cell(row.refValue) + " | " + cell(row.genValue) +
             " | " + (row.status == "MATCH" ? "MATCH" : "DIFFERS") + " |\n";
    o += "\n";
}

// Step 2: the checklist items that held, then each divergence that is not noise.
void checklistSection(std::string& o, const DiffResult& r)
{
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
        o += "| " + mdText(d.id + (d.checklistItem.empty() ? "" : " " + d.checklistItem)) + " | " +
             cell(d.message) + " | " + cell(value(d.reference, d.refValue)) + " | " +
             cell(value(d.generated, d.genValue)) + " | " + statusWord(d) + " | " +
             severityWord(d.severity) + " | " + action + " |\n";
    }
    if (r.count(Severity::Noise) > 0)
        o += "\n" + std::to_string(r.count(Severity::Noise)) +
             " noise difference(s) (dead or duplicated pure ops, extra assume bounded) are "
             "SEMANTIC_EQUIV and not listed.\n";
    o += "\n";
}

// Step 3: the root cause of each difference, counted and listed.
void rootCauseSection(std::string& o, const DiffResult& r)
{
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
                o += "- " + mdText(d.id) + " (" + rootCauseName(d.rootCause) + ", owner " +
                     ownerName(d.owner) + ", rule " + mdCode(d.rule) + "): " + mdText(d.message) +
                     (d.proof.empty() ? "" : " Proof: " + mdText(d.proof) + ".") +
                     (d.counterexample.empty()
                          ? ""
                          : " Counterexample: " + mdText(d.counterexample) + ".") +
                     (d.unproven() ? " Unproven: " + mdText(unprovenText(d)) + "." : "") + "\n";
    }
    o += "\n";
}

// Step 4: what each difference that matters may change.
void impactSection(std::string& o, const DiffResult& r)
{
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
        o += "| " + mdText(d.id) + " " + cell(d.message) + " | " +
             (crit && !hint ? "may change results" : "none expected") + " | " +
             (hint || d.severity == Severity::Warn ? "possible"
              : crit                               ? "possible"
                                                   : "none expected") +
             " | " + (crit ? "yes" : "no") + " |\n";
    }
    if (!anyImpact)
        o += "| none | none | none | no |\n";
    o += "\n";
}

// Step 5: the verdict and what to do about it.
void verdictSection(std::string& o, const DiffResult& r)
{
    o += "## Verdict\n\n";
    o += "Step 5: " + std::string(verdictName(r.verdict)) + "\n\n";
    if (r.verdict == Verdict::FailFixable) {
        o += std::string("owner: ") + ownerName(fixOwner(r)) + "\n\n";
        o += "### Action Items\n\n";
        int n = 0;
        for (const auto& d : r.divergences)
            if (d.severity == Severity::Critical)
                o += std::to_string(++n) + ". Fix " + mdText(d.id) + " (" + ownerName(d.owner) +
                     (d.owner == Owner::Kernel ? ", Agent B" : ", Agent D") +
                     "): " + mdText(d.message) + "\n";
    } else if (r.verdict == Verdict::PassWithNotes) {
        o += "### Known Gaps Accepted / Notes\n\n";
        for (const auto& d : r.divergences)
            if (d.severity != Severity::Noise)
                o += "- " + mdText(d.id) + " (" + severityName(d.severity) +
                     "): " + mdText(d.message) + "\n";
    } else {
        o += "No semantic divergence; no action needed.\n";
    }
}

} // namespace

std::string markdownText(const std::string& text)
{
    return mdText(text);
}

std::string writeMarkdownReport(const DiffResult& r, const std::string& kernelName)
{
    std::string kernel = kernelName;
    if (kernel.empty())
        kernel = !r.functions.empty() && !r.functions[0].reference.empty()
                     ? demangleEntryName(r.functions[0].reference).base
                     : std::string("kernel");
    std::string o;
    o += std::string("VERDICT: ") + verdictName(r.verdict) + "\n\n";
    o += "# IR Diff Report: " + mdText(kernel) + "\n\n";
    inputsSection(o, r);
    validationSection(o, r);
    automatedDiffSection(o, r);
    structuralSection(o, r);
    checklistSection(o, r);
    rootCauseSection(o, r);
    impactSection(o, r);
    verdictSection(o, r);
    return o;
}

} // namespace tilelens::diff
