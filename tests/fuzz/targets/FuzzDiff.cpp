// Fuzz targets for diff --rules files (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "diff/RuleSet.h"

#include <cstdlib>

namespace tilelens::fuzz {

namespace {

// The glob matcher the linear one replaced (backtracking to the last '*'), on whole strings:
// the two must agree on every pattern and text.
bool backtrackingGlob(std::string_view p, std::string_view t)
{
    size_t pi = 0, ti = 0, star = std::string_view::npos, resume = 0;
    while (ti < t.size()) {
        if (pi < p.size() && p[pi] == '*') {
            star = pi++;
            resume = ti;
        } else if (pi < p.size() && p[pi] == t[ti]) {
            ++pi;
            ++ti;
        } else if (star != std::string_view::npos) {
            pi = star + 1;
            ti = ++resume;
        } else {
            return false;
        }
    }
    while (pi < p.size() && p[pi] == '*')
        ++pi;
    return pi == p.size();
}

} // namespace

void rules(std::string_view bytes)
{
    Diagnostics diags;
    if (auto parsed = diff::RuleSet::fromJson(std::string(bytes), "rules.json", diags)) {
        diff::RuleSet merged = diff::RuleSet::defaults();
        merged.merge(*parsed);
    }
    // The input's first line as a ref_value/gen_value pattern, the rest as the value it is
    // matched against (small inputs: the reference is quadratic).
    const size_t cut = bytes.find('\n');
    if (cut != std::string_view::npos && bytes.size() <= 4096) {
        const std::string pattern(bytes.substr(0, cut)), text(bytes.substr(cut + 1));
        if (diff::globMatch(pattern, text) != backtrackingGlob(pattern, text))
            std::abort();
    }
}

} // namespace tilelens::fuzz
