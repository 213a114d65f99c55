#include "workspace/LaunchNames.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace tilelens::ws {

std::vector<std::string> rawTokens(const std::string& name)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : name) {
        if (c == '_' || c == '$') {
            if (!cur.empty())
                out.push_back(cur);
            cur.clear();
            continue;
        }
        cur += char(std::tolower(static_cast<unsigned char>(c)));
    }
    if (!cur.empty())
        out.push_back(cur);
    return out;
}

// Tokens that carry meaning, with synonyms folded: `in_ptr` and `input` are both
// {input}; `BM`, `TILE_M`, `TILE_SIZE_M` are all {tile, m}; `BLOCK_SIZE` is {tile}.
std::vector<std::string> meaningTokens(const std::string& name)
{
    static const std::set<std::string> noise = {"ptr",   "t",    "tensor", "desc", "d",    "dp",
                                                "local", "flat", "contig", "rt",   "size", "total",
                                                "c2",    "a2",   "b2",     "x2"};
    static const std::map<std::string, std::vector<std::string>> synonyms = {
        {"in", {"input"}},     {"inp", {"input"}},    {"x", {"input"}},       {"out", {"output"}},
        {"o", {"output"}},     {"y", {"output"}},     {"block", {"tile"}},    {"bm", {"tile", "m"}},
        {"bn", {"tile", "n"}}, {"bk", {"tile", "k"}}, {"tm", {"tile", "m"}},  {"tn", {"tile", "n"}},
        {"tk", {"tile", "k"}}, {"ctas", {"cta"}},     {"strides", {"stride"}}};
    std::vector<std::string> out;
    for (const std::string& t : rawTokens(name)) {
        if (noise.count(t))
            continue;
        auto s = synonyms.find(t);
        if (s != synonyms.end())
            out.insert(out.end(), s->second.begin(), s->second.end());
        else
            out.push_back(t);
    }
    return out;
}

int nameScore(const std::string& a, const std::string& b)
{
    std::vector<std::string> x = meaningTokens(a), y = meaningTokens(b);
    if (x.empty() || y.empty())
        return 0;
    if (x == y)
        return 100;
    std::multiset<std::string> xs(x.begin(), x.end());
    int common = 0;
    for (const std::string& t : y) {
        auto it = xs.find(t);
        if (it != xs.end()) {
            ++common;
            xs.erase(it);
        }
    }
    const int score = int(100 * common / std::max(x.size(), y.size()));
    return score >= 50 ? score : 0;
}

// Greedy pairing of `a` with `b` by name (best score first), then by position.
std::vector<int> pairByName(const std::vector<std::string>& a, const std::vector<std::string>& b,
                            bool positional)
{
    std::vector<int> out(a.size(), -1);
    std::vector<bool> used(b.size(), false);
    struct Cand
    {
        int score;
        size_t i, j;
    };
    std::vector<Cand> cands;
    for (size_t i = 0; i < a.size(); ++i)
        for (size_t j = 0; j < b.size(); ++j)
            if (const int s = nameScore(a[i], b[j]))
                cands.push_back({s, i, j});
    std::stable_sort(cands.begin(), cands.end(),
                     [](const Cand& x, const Cand& y) { return x.score > y.score; });
    for (const Cand& c : cands)
        if (out[c.i] < 0 && !used[c.j]) {
            out[c.i] = int(c.j);
            used[c.j] = true;
        }
    if (positional) {
        size_t j = 0;
        for (size_t i = 0; i < a.size(); ++i) {
            if (out[i] >= 0)
                continue;
            while (j < b.size() && used[j])
                ++j;
            if (j < b.size()) {
                out[i] = int(j);
                used[j] = true;
            }
        }
    }
    return out;
}

} // namespace tilelens::ws
