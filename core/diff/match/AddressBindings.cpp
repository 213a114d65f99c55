#include "diff/match/AddressBindings.h"

#include "diff/semantics/Normalizer.h"
#include "ir/OpInfo.h"

#include <algorithm>
#include <unordered_set>

namespace tilelens::diff {

namespace {

// Above these counts the search (one normalization per candidate) is not tried.
constexpr size_t kMaxArgs = 6;
constexpr size_t kMaxConstants = 6;

bool isScalarInt(const GValue& v)
{
    return v.typeText == "tile<i32>" || v.typeText == "tile<i64>";
}

bool isMemoryOp(const GOp& o)
{
    return ir::opInfo(o.id).has(ir::OpTrait(ir::ReadsMemory | ir::WritesMemory));
}

// Canonical hashes of the pointer operands of live loads, stores and atomics.
std::vector<uint64_t> addressHashes(const GFunction& f)
{
    std::vector<uint64_t> out;
    for (const GOp& o : f.ops) {
        if (!o.live || o.duplicateOf >= 0 || !isMemoryOp(o) || o.operands.empty())
            continue;
        const GValue& p = f.canonValue(o.operands[0]);
        if (p.typeText.find("ptr<") != std::string_view::npos)
            out.push_back(p.hash);
    }
    return out;
}

// Which of G's addresses (by position in addressHashes(G)) equal a reference address.
std::vector<bool> matchedAddresses(const std::unordered_set<uint64_t>& ref, const GFunction& G)
{
    std::vector<bool> out;
    for (uint64_t h : addressHashes(G))
        out.push_back(ref.count(h) > 0);
    return out;
}

size_t countOf(const std::vector<bool>& v)
{
    return size_t(std::count(v.begin(), v.end(), true));
}

void renormalize(GFunction& G, const std::vector<std::pair<int, int64_t>>& binding)
{
    G.specialisedArgs = binding;
    std::sort(G.specialisedArgs.begin(), G.specialisedArgs.end());
    resetNormalForm(G);
    normalizeGraph(G);
}

} // namespace

void bindArgsByAddresses(const GFunction& R, GFunction& G, const std::vector<int64_t>& constants,
                         const std::function<bool()>& consistent)
{
    if (R.regions.empty() || G.regions.empty())
        return;
    std::vector<int> args;
    for (int a : G.regions[0].args)
        if (isScalarInt(G.values[size_t(a)]))
            args.push_back(a);
    std::vector<int64_t> values;
    for (int64_t c : constants)
        if (std::find(values.begin(), values.end(), c) == values.end())
            values.push_back(c);
    if (args.empty() || values.empty() || args.size() > kMaxArgs || values.size() > kMaxConstants)
        return;
    const std::vector<uint64_t> refList = addressHashes(R);
    const std::unordered_set<uint64_t> ref(refList.begin(), refList.end());
    std::vector<std::pair<int, int64_t>> chosen = G.specialisedArgs;
    std::vector<bool> best = matchedAddresses(ref, G);
    // Every address already equal: no binding can be confirmed.
    if (countOf(best) == best.size())
        return;
    bool current = true; // G is normalized under `chosen`
    for (int a : args) {
        if (std::any_of(chosen.begin(), chosen.end(), [&](const auto& b) { return b.first == a; }))
            continue;
        for (int64_t c : values) {
            auto trial = chosen;
            trial.emplace_back(a, c);
            renormalize(G, trial);
            current = false;
            const std::vector<bool> now = matchedAddresses(ref, G);
            // Confirmed: more addresses equal, and none that was equal lost.
            bool keeps = now.size() == best.size() && countOf(now) > countOf(best);
            for (size_t k = 0; keeps && k < now.size(); ++k)
                keeps = !best[k] || now[k];
            keeps = keeps && consistent();
            if (keeps) {
                chosen = std::move(trial);
                best = now;
                current = true;
                break;
            }
        }
    }
    if (!current)
        renormalize(G, chosen);
}

} // namespace tilelens::diff
