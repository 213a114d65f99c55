#pragma once
// Words shared by the differ, the rule files and every report: severities,
// owners, root-cause categories and kinds of difference. Each enum has a
// stable lower-case spelling that appears in JSON and rule files.

#include <optional>
#include <string>

namespace tilelens::diff {

// Ordered from most to least serious; the verdict depends only on these.
enum class Severity
{
    Critical,
    Warn,
    Info,
    Equivalent,
    Noise,
    KnownGap
};
constexpr int kSeverityCount = 6;

enum class Owner
{
    Kernel,
    Host
};

// TileGym's root-cause vocabulary (port-workspace.md §4.3).
enum class RootCause
{
    UserCode,
    DslLimitation,
    CompilerBug,
    SemanticEquiv
};

// What kind of difference the comparison found, before classification.
enum class DiffKind
{
    OpMissing,        // in reference only
    OpExtra,          // in generated only
    OpChanged,        // matched ops with different names
    OperandChanged,   // operand i is fed by a value that does not correspond
    AttributeChanged, // both sides carry it with different values
    AttributeMissing, // reference carries it, generated does not
    AttributeExtra,   // generated carries it, reference does not
    TypeChanged,      // a result type facet differs (shape, element type, strides, ...)
    HintChanged,      // optimization hint with different values
    HintMissing,
    HintExtra,
    OrderChanged, // side-effecting ops in a different relative order
    DeadOp,       // pure op whose results are unused, present on one side only
    DuplicateOp,  // pure op identical to an earlier one (CSE would merge it)
    FunctionMissing,
    FunctionExtra,
    DebugInfoMissing, // reference carries source locations, generated none
    TypePropagated,   // a type change that follows from a type change of an operand
};
constexpr int kDiffKindCount = 18;

const char* severityName(Severity s);
const char* ownerName(Owner o);
const char* rootCauseName(RootCause c);
const char* diffKindName(DiffKind k);

std::optional<Severity> parseSeverity(const std::string& word);
std::optional<Owner> parseOwner(const std::string& word);
std::optional<RootCause> parseRootCause(const std::string& word);
std::optional<DiffKind> parseDiffKind(const std::string& word);

// Default class of a kind when no rule covers it: a semantic change is
// critical, a hint change a warning, removable clutter noise.
Severity defaultSeverity(DiffKind k);

enum class Verdict
{
    Pass,
    PassWithNotes,
    FailFixable
};
const char* verdictName(Verdict v); // PASS, PASS_WITH_NOTES, FAIL_FIXABLE
int verdictExitCode(Verdict v);     // 0, 2, 1 (diff_ir.sh's codes)

} // namespace tilelens::diff
