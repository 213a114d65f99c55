#pragma once
// Classification rules as data (resources/rules/default.json, schema
// `tilelens.rules/1`). A rule matches a raw difference by its kind, op names,
// attribute/facet names, operand index, value patterns and optionally a named
// recognizer implemented in C++; the first matching rule (highest priority,
// then file order) gives severity, owner, root cause and message.

#include "common/Diagnostic.h"
#include "diff/DiffVocabulary.h"

#include <optional>
#include <string>
#include <vector>

namespace tilelens::diff {

struct RuleMatch
{
    std::vector<DiffKind> kinds;         // empty = any kind
    std::vector<std::string> ops;        // op names on either side; empty = any
    std::vector<std::string> attributes; // attribute, hint or type facet; empty = any
    std::vector<int> operandIndices;     // operand_changed only; empty = any
    std::string refValue;                // glob ('*' wildcard) on the reference value; empty = any
    std::string genValue;
};

struct Rule
{
    std::string id;
    std::string checklist; // checklist item it implements ("M7"), may be empty
    std::string description;
    RuleMatch match;
    std::string recognizer; // named C++ pattern that must confirm the match; empty = none
    Severity severity = Severity::Critical;
    Owner owner = Owner::Kernel;
    RootCause rootCause = RootCause::UserCode;
    std::string message; // template: {value} {op} {ref_op} {gen_op} {attribute} {ref_value}
                         // {gen_value} {operand} {kind} {function}
    int priority = 0;
    std::string origin; // file the rule came from
};

class RuleSet
{
public:
    // The compiled-in default rules (resources/rules/default.json).
    static const RuleSet& defaults();

    // Parses and validates a rule file's text (pair::readRulesFile reads the file). Syntax
    // errors carry file:line:col, schema errors a JSON pointer; returns nullopt when any error
    // was found.
    static std::optional<RuleSet> fromJson(const std::string& text, const std::string& fileName,
                                           Diagnostics& diags);

    // Rules of `other` replace rules with the same id in place; new ids are
    // placed before the existing ones, so user rules win ties.
    void merge(const RuleSet& other);

    // Rules in evaluation order (priority descending, then position).
    const std::vector<Rule>& rules() const { return m_rules; }
    const Rule* find(const std::string& id) const;

    // Names of the recognizers rule files may refer to.
    static const std::vector<std::string>& knownRecognizers();

private:
    void sortByPriority();
    std::vector<Rule> m_rules;
};

// '*' matches any run of characters; everything else literally.
bool globMatch(const std::string& pattern, const std::string& text);

} // namespace tilelens::diff
