#include "diff/DiffResult.h"

#include <algorithm>
#include <tuple>

namespace tilelens::diff {

Verdict verdictFor(const std::array<int, kSeverityCount>& counts)
{
    if (counts[static_cast<size_t>(Severity::Critical)] > 0)
        return Verdict::FailFixable;
    for (int s = 0; s < kSeverityCount; ++s)
        if (static_cast<Severity>(s) != Severity::Noise && counts[static_cast<size_t>(s)] > 0)
            return Verdict::PassWithNotes;
    return Verdict::Pass;
}

int DiffResult::unprovenCriticals() const
{
    return static_cast<int>(std::count_if(divergences.begin(), divergences.end(),
                                          [](const Divergence& d) { return d.unproven(); }));
}

const Divergence* DiffResult::findDivergence(const std::string& id) const
{
    for (const auto& d : divergences)
        if (d.id == id)
            return &d;
    return nullptr;
}

void DiffResult::finalize()
{
    // Stable order: by reference line (absent sides last), then generated line.
    auto key = [](const Divergence& d) {
        const int rl = d.reference ? d.reference->line : 1 << 30;
        const int gl = d.generated ? d.generated->line : 1 << 30;
        return std::make_tuple(d.reference ? 0 : 1, rl, gl, static_cast<int>(d.severity));
    };
    // Rows refer to divergences by their old ids; renumber both together.
    std::stable_sort(divergences.begin(), divergences.end(),
                     [&](const Divergence& a, const Divergence& b) { return key(a) < key(b); });
    std::map<std::string, std::string> renamed;
    for (size_t i = 0; i < divergences.size(); ++i) {
        const std::string fresh = "D" + std::to_string(i + 1);
        renamed[divergences[i].id] = fresh;
        divergences[i].id = fresh;
    }
    for (auto& f : functions)
        for (auto& row : f.rows)
            for (auto& id : row.divergenceIds) {
                auto it = renamed.find(id);
                if (it != renamed.end())
                    id = it->second;
            }
    counts.fill(0);
    for (const auto& d : divergences)
        ++counts[static_cast<size_t>(d.severity)];
    verdict = verdictFor(counts);
}

} // namespace tilelens::diff
