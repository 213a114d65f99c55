#pragma once
// The rules both front ends classify a pair with: the built-in set (resources/rules/default.json)
// merged with a user's rules file (tilelens.rules/1), as `tilelens-cli diff --rules FILE` and the
// GUI's rules file take it.

#include "common/Diagnostic.h"

#include <memory>
#include <optional>
#include <string>

namespace tilelens::diff {
class RuleSet;
} // namespace tilelens::diff

namespace tilelens::pair {

// Largest rules file read (a rules file is a few KiB).
constexpr int64_t kMaxRulesFileBytes = int64_t(16) << 20;

// Reads and validates a rules file on its own. Syntax errors carry file:line:col, schema errors
// a JSON pointer; nullopt with the diagnostics when it cannot be read or any error was found.
std::optional<diff::RuleSet> readRulesFile(const std::string& path, Diagnostics& diags);

// Empty path: the built-in rules. Else the built-in rules merged with the file's (its rules
// replace those of the same id, new ids win ties). Null with located diagnostics when the file
// does not load.
std::shared_ptr<const diff::RuleSet> loadRules(const std::string& path, Diagnostics& diags);

} // namespace tilelens::pair
