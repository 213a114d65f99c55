// Fuzz targets for diff --rules files (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "diff/RuleSet.h"

namespace tilelens::fuzz {

void rules(std::string_view bytes)
{
    Diagnostics diags;
    if (auto parsed = diff::RuleSet::fromJson(std::string(bytes), "rules.json", diags)) {
        diff::RuleSet merged = diff::RuleSet::defaults();
        merged.merge(*parsed);
    }
}

} // namespace tilelens::fuzz
