#include "diff/SideBySide.h"

#include <algorithm>

namespace tilelens::diff {

std::vector<std::pair<int, int>> sideBySideAnchors(const DiffResult& result)
{
    // Matched rows as (reference line, generated line), by reference line.
    std::vector<std::pair<int, int>> matched;
    for (const FunctionDiff& f : result.functions)
        for (const AlignedRow& row : f.rows)
            if (row.reference && row.generated && row.reference->line > 0 &&
                row.generated->line > 0)
                matched.emplace_back(row.reference->line, row.generated->line);
    std::sort(matched.begin(), matched.end());
    // Longest run increasing on both sides (patience sorting).
    std::vector<int> tails; // index into matched, per run length
    std::vector<int> previous(matched.size(), -1);
    for (size_t i = 0; i < matched.size(); ++i) {
        const int gen = matched[i].second;
        const auto it = std::lower_bound(tails.begin(), tails.end(), gen, [&](int t, int g) {
            return matched[size_t(t)].second < g;
        });
        if (it != tails.begin())
            previous[i] = *(it - 1);
        if (it == tails.end())
            tails.push_back(static_cast<int>(i));
        else
            *it = static_cast<int>(i);
    }
    std::vector<std::pair<int, int>> run;
    for (int i = tails.empty() ? -1 : tails.back(); i >= 0; i = previous[size_t(i)])
        run.push_back(matched[size_t(i)]);
    std::reverse(run.begin(), run.end());
    std::vector<std::pair<int, int>> anchors;
    for (const auto& [r, g] : run)
        if (anchors.empty() || (r > anchors.back().first && g > anchors.back().second))
            anchors.emplace_back(r, g);
    return anchors;
}

} // namespace tilelens::diff
