#pragma once
// A kernel working directory validated in one or both scopes (analysis.json as
// validate_analysis.sh, the files as validate_kernel.sh without a GPU or cargo) and the
// reports of it: what `tilelens-cli validate` and the built-in stage "validate" run.

#include "workspace/ValidationResult.h"

#include <optional>
#include <string>
#include <vector>

namespace tilelens::ws {

enum class ValidationScope : uint8_t
{
    Analysis,
    Kernel,
    All, // analysis, then kernel
};

// "analysis", "kernel" or "all".
std::optional<ValidationScope> validationScopeNamed(const QString& name);

// The kernel directory a path names: the path itself, or for .../reference/analysis.json the
// kernel directory above it (a name that is not UTF-8 opens as given: BytePath.h).
QString validationTarget(const QString& given);

// The TileGym checkout for the in-tree checks: \a given (--tilegym), else (none or empty)
// $TILEGYM_PATH. One that is no checkout (no src/tilegym) is an error when the option was
// given (\a error set, "" returned); otherwise a stale variable only disables those checks.
QString validationCheckout(const std::optional<QString>& given, QString* error);

std::vector<ValidationResult> validateScopes(const QString& dir, ValidationScope scope,
                                             const QString& tilegym);

// tilelens.validate/1 of \a results (verdict FAIL when any failed).
std::string validationJson(const std::vector<ValidationResult>& results, const QString& dir);
// Each scope's text (formatValidationText), headed "=== scope ===" when there are several.
QString validationText(const std::vector<ValidationResult>& results, bool withOk);

} // namespace tilelens::ws
