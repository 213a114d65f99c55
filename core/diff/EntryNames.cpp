#include "diff/EntryNames.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

namespace tilelens::diff {

namespace {

std::string trimUnderscores(std::string s)
{
    size_t b = 0, e = s.size();
    while (b < e && s[b] == '_')
        ++b;
    while (e > b && s[e - 1] == '_')
        --e;
    return s.substr(b, e - b);
}

std::string lower(std::string s)
{
    for (char& c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Position of the `_K<letter><digits>` calling-convention marker ending in `_` or the end.
size_t mangleMarker(const std::string& s)
{
    for (size_t i = 0; i + 3 < s.size() + 1; ++i) {
        if (s[i] != '_' || i + 2 >= s.size() || s[i + 1] != 'K' ||
            !std::isalpha(static_cast<unsigned char>(s[i + 2])))
            continue;
        size_t j = i + 3;
        const size_t digits = j;
        while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])))
            ++j;
        if (j > digits && (j == s.size() || s[j] == '_') && i > 0)
            return i;
    }
    return std::string::npos;
}

} // namespace

EntryName demangleEntryName(const std::string& symbol)
{
    EntryName n;
    std::string s = symbol;
    const size_t k = mangleMarker(s);
    if (k != std::string::npos) {
        for (size_t i = s.find("_I", k); i != std::string::npos; i = s.find("_I", i + 1)) {
            size_t j = i + 2;
            if (j < s.size() && s[j] == '-')
                ++j;
            const size_t digits = j;
            while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])))
                ++j;
            if (j > digits && (j == s.size() || s[j] == '_'))
                n.constants.push_back(s.substr(i + 2, j - i - 2));
        }
        for (size_t i = s.find("_F", k); i != std::string::npos; i = s.find("_F", i + 1)) {
            const size_t end = i + 2 + 16;
            if (end > s.size() || (end < s.size() && s[end] != '_'))
                continue;
            uint64_t bits = 0;
            const auto r = std::from_chars(s.data() + i + 2, s.data() + end, bits, 16);
            if (r.ec == std::errc() && r.ptr == s.data() + end)
                n.floatConstants.push_back(bits);
        }
        s = s.substr(0, k);
        n.mangled = true;
    }
    // Op-named alias `{k}__<real fn>`: the real function follows the first "__"
    // that is not at the start.
    const std::string trimmed = trimUnderscores(s);
    const size_t dbl = trimmed.find("__");
    if (dbl != std::string::npos && dbl > 0) {
        n.alias = lower(trimmed.substr(0, dbl));
        s = trimmed.substr(dbl + 2);
    }
    n.base = lower(trimUnderscores(s));
    return n;
}

std::vector<std::pair<int, int>> matchEntryNames(const std::vector<std::string>& ref,
                                                 const std::vector<std::string>& gen,
                                                 const std::vector<int>& refOpCounts,
                                                 const std::vector<int>& genOpCounts)
{
    std::vector<EntryName> rn, gn;
    for (const auto& s : ref)
        rn.push_back(demangleEntryName(s));
    for (const auto& s : gen)
        gn.push_back(demangleEntryName(s));
    return matchEntryNames(ref, gen, rn, gn, refOpCounts, genOpCounts);
}

std::vector<std::pair<int, int>>
matchEntryNames(const std::vector<std::string>& ref, const std::vector<std::string>& gen,
                const std::vector<EntryName>& rn, const std::vector<EntryName>& gn,
                const std::vector<int>& refOpCounts, const std::vector<int>& genOpCounts)
{
    std::vector<int> refTo(ref.size(), -1), genTo(gen.size(), -1);
    auto pass = [&](auto&& same) {
        for (size_t i = 0; i < ref.size(); ++i) {
            if (refTo[i] >= 0)
                continue;
            for (size_t j = 0; j < gen.size(); ++j) {
                if (genTo[j] >= 0 || !same(i, j))
                    continue;
                refTo[i] = int(j);
                genTo[j] = int(i);
                break;
            }
        }
    };
    pass([&](size_t i, size_t j) { return ref[i] == gen[j]; });
    pass([&](size_t i, size_t j) { return rn[i].base == gn[j].base; });
    pass([&](size_t i, size_t j) {
        const std::string& a = rn[i].base;
        const std::string& b = gn[j].base;
        return !a.empty() && !b.empty() &&
               (a.find(b) != std::string::npos || b.find(a) != std::string::npos ||
                (!rn[i].alias.empty() && b.find(rn[i].alias) != std::string::npos));
    });
    // Structure: pair what is left by closest op count.
    while (true) {
        int bi = -1, bj = -1, best = 0;
        for (size_t i = 0; i < ref.size(); ++i) {
            if (refTo[i] >= 0)
                continue;
            for (size_t j = 0; j < gen.size(); ++j) {
                if (genTo[j] >= 0)
                    continue;
                const int a = i < refOpCounts.size() ? refOpCounts[i] : 0;
                const int b = j < genOpCounts.size() ? genOpCounts[j] : 0;
                const int d = std::abs(a - b);
                if (bi < 0 || d < best) {
                    bi = int(i);
                    bj = int(j);
                    best = d;
                }
            }
        }
        if (bi < 0)
            break;
        refTo[size_t(bi)] = bj;
        genTo[size_t(bj)] = bi;
    }
    std::vector<std::pair<int, int>> out;
    for (size_t i = 0; i < ref.size(); ++i)
        out.emplace_back(int(i), refTo[i]);
    for (size_t j = 0; j < gen.size(); ++j)
        if (genTo[j] < 0)
            out.emplace_back(-1, int(j));
    return out;
}

} // namespace tilelens::diff
