#include "pair/Rules.h"

#include "common/FileReader.h"
#include "diff/RuleSet.h"

namespace tilelens::pair {

std::optional<diff::RuleSet> readRulesFile(const std::string& path, Diagnostics& diags)
{
    auto contents = readFile(path, diags, kMaxRulesFileBytes);
    if (!contents)
        return std::nullopt;
    return diff::RuleSet::fromJson(contents->bytes, path, diags);
}

std::shared_ptr<const diff::RuleSet> loadRules(const std::string& path, Diagnostics& diags)
{
    if (path.empty())
        return std::shared_ptr<const diff::RuleSet>(&diff::RuleSet::defaults(),
                                                    [](const diff::RuleSet*) {});
    auto extra = readRulesFile(path, diags);
    if (!extra)
        return nullptr;
    auto rules = std::make_shared<diff::RuleSet>(diff::RuleSet::defaults());
    rules->merge(*extra);
    return rules;
}

} // namespace tilelens::pair
