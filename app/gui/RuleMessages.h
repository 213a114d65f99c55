#pragma once
// The rule message templates lupdate extracts (RuleMessages.cpp, generated from
// resources/rules/*.json by tests/translations/rule_messages.py).

#include <vector>

namespace tilelens::gui {

// Every template of the default rules plus the fallback one, in English; the
// translation context is "RuleMessage".
const std::vector<const char*>& ruleMessageTemplates();

} // namespace tilelens::gui
