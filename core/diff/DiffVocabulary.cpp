#include "diff/DiffVocabulary.h"

namespace tilelens::diff {

namespace {
const char* const kSeverityNames[] = {"critical",   "warn",  "info",
                                      "equivalent", "noise", "known_gap"};
const char* const kOwnerNames[] = {"kernel", "host"};
const char* const kRootCauseNames[] = {"user_code", "dsl_limitation", "compiler_bug",
                                       "semantic_equiv"};
const char* const kDiffKindNames[] = {"op_missing",      "op_extra",           "op_changed",
                                      "operand_changed", "attribute_changed",  "attribute_missing",
                                      "attribute_extra", "type_changed",       "hint_changed",
                                      "hint_missing",    "hint_extra",         "order_changed",
                                      "dead_op",         "duplicate_op",       "function_missing",
                                      "function_extra",  "debug_info_missing", "type_propagated"};
static_assert(sizeof(kDiffKindNames) / sizeof(kDiffKindNames[0]) == kDiffKindCount, "kind names");
static_assert(sizeof(kSeverityNames) / sizeof(kSeverityNames[0]) == kSeverityCount,
              "severity names");

template <typename E, size_t N>
std::optional<E> lookup(const char* const (&names)[N], const std::string& word)
{
    for (size_t i = 0; i < N; ++i)
        if (word == names[i])
            return static_cast<E>(i);
    return std::nullopt;
}
} // namespace

const char* severityName(Severity s)
{
    return kSeverityNames[static_cast<int>(s)];
}
const char* ownerName(Owner o)
{
    return kOwnerNames[static_cast<int>(o)];
}
const char* rootCauseName(RootCause c)
{
    return kRootCauseNames[static_cast<int>(c)];
}
const char* diffKindName(DiffKind k)
{
    return kDiffKindNames[static_cast<int>(k)];
}

std::optional<Severity> parseSeverity(const std::string& w)
{
    return lookup<Severity>(kSeverityNames, w);
}
std::optional<Owner> parseOwner(const std::string& w)
{
    return lookup<Owner>(kOwnerNames, w);
}
std::optional<RootCause> parseRootCause(const std::string& w)
{
    return lookup<RootCause>(kRootCauseNames, w);
}
std::optional<DiffKind> parseDiffKind(const std::string& w)
{
    return lookup<DiffKind>(kDiffKindNames, w);
}

Severity defaultSeverity(DiffKind k)
{
    switch (k) {
    case DiffKind::HintChanged:
    case DiffKind::HintMissing:
    case DiffKind::OrderChanged:
        return Severity::Warn;
    case DiffKind::HintExtra:
        return Severity::Info;
    case DiffKind::DeadOp:
    case DiffKind::DuplicateOp:
        return Severity::Noise;
    case DiffKind::DebugInfoMissing:
        return Severity::KnownGap;
    case DiffKind::TypePropagated:
        return Severity::Info;
    default:
        return Severity::Critical;
    }
}

const char* verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return "PASS";
    case Verdict::PassWithNotes:
        return "PASS_WITH_NOTES";
    case Verdict::FailFixable:
        return "FAIL_FIXABLE";
    }
    return "FAIL_FIXABLE";
}

int verdictExitCode(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return 0;
    case Verdict::PassWithNotes:
        return 2;
    case Verdict::FailFixable:
        return 1;
    }
    return 1;
}

} // namespace tilelens::diff
