#include "diff/compare/AssumeFacts.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

namespace tilelens::diff {

namespace {

// One fact an assume states about a (canonical) value.
struct Fact
{
    int value = -1;
    std::string_view kind; // "div_by"
    std::string_view text; // "div_by<16>"
    int op = -1;           // first assume stating it
};

std::string_view kindOf(std::string_view text)
{
    const size_t lt = text.find('<');
    return lt == std::string_view::npos ? text : text.substr(0, lt);
}

bool before(const Fact& a, const Fact& b)
{
    return a.value != b.value ? a.value < b.value : a.kind < b.kind;
}

// The facts of one function in one flat array, sorted by value and kind,
// each (value, kind) group in op order without repeated texts, and where each
// value's facts start. Value ids are dense, so the facts are placed by a
// counting sort by value, then by kind within a value (a few facts each), and
// a value's facts are found by its index instead of a binary search.
struct Facts
{
    std::vector<Fact> list;
    std::vector<uint32_t> start; // by value id: its facts are list[start[v] .. start[v + 1])
};

// Orders one value's facts by kind, keeping op order within a kind (stable).
void sortByKind(Fact* begin, Fact* end)
{
    for (Fact* i = begin + 1; i < end; ++i)
        for (Fact* k = i; k > begin && k[0].kind < k[-1].kind; --k)
            std::swap(k[0], k[-1]);
}

// Where each value's facts start in `list` (sorted by value): start[v] .. start[v + 1].
std::vector<uint32_t> starts(const std::vector<Fact>& list, size_t values)
{
    std::vector<uint32_t> start(values + 1, 0);
    for (const Fact& x : list)
        ++start[size_t(x.value) + 1];
    for (size_t v = 1; v < start.size(); ++v)
        start[v] += start[v - 1];
    return start;
}

Facts collect(const GFunction& f)
{
    Facts out;
    std::vector<Fact> written; // in op order
    for (size_t id = 0; id < f.ops.size(); ++id) {
        const GOp& o = f.ops[id];
        if (!o.assume || o.attrs.empty())
            continue;
        std::string_view text;
        for (const auto& a : o.attrs)
            if (a.name == "assumption")
                text = a.value;
        const int value = f.values[size_t(o.operands[0])].canon;
        if (!text.empty() && value >= 0)
            written.push_back({value, kindOf(text), text, int(id)});
    }
    if (written.empty())
        return out;
    // A counting sort by value (stable: op order within a value).
    out.start = starts(written, f.values.size());
    out.list.resize(written.size());
    {
        std::vector<uint32_t> next(out.start.begin(), out.start.end() - 1);
        for (const Fact& x : written)
            out.list[next[size_t(x.value)]++] = x;
    }
    // Each value's facts by kind; a text repeated within a (value, kind) group is dropped.
    size_t kept = 0;
    for (size_t i = 0, j = 0; i < out.list.size(); i = j) {
        for (j = i + 1; j < out.list.size() && out.list[j].value == out.list[i].value;)
            ++j;
        sortByKind(out.list.data() + i, out.list.data() + j);
        for (size_t k = i, group = kept; k < j; ++k) {
            if (k > i && out.list[k - 1].kind < out.list[k].kind)
                group = kept;
            bool seen = false;
            for (size_t e = group; e < kept && !seen; ++e)
                seen = out.list[e].text == out.list[k].text;
            if (!seen)
                out.list[kept++] = out.list[k];
        }
    }
    if (kept < out.list.size()) {
        out.list.resize(kept);
        out.start = starts(out.list, f.values.size());
    }
    return out;
}

// The facts of one (value, kind) group: [begin, end).
struct Group
{
    const Fact* begin = nullptr;
    const Fact* end = nullptr;
    bool empty() const { return begin == end; }
    size_t size() const { return size_t(end - begin); }
};

Group find(const Facts& facts, int value, std::string_view kind)
{
    if (value < 0 || size_t(value) + 1 >= facts.start.size())
        return {};
    const Fact* const data = facts.list.data();
    const Fact* b = data + facts.start[size_t(value)];
    const Fact* const e = data + facts.start[size_t(value) + 1];
    while (b != e && b->kind != kind)
        ++b;
    const Fact* g = b;
    while (g != e && g->kind == kind)
        ++g;
    return {b, g};
}

// Calls fn(group) for each (value, kind) group in order.
template <typename Fn> void forEachGroup(const std::vector<Fact>& facts, Fn&& fn)
{
    for (size_t i = 0, j = 0; i < facts.size(); i = j) {
        for (j = i + 1; j < facts.size() && !before(facts[i], facts[j]);)
            ++j;
        fn(Group{facts.data() + i, facts.data() + j});
    }
}

std::string joined(Group g)
{
    std::string s;
    for (const Fact* f = g.begin; f != g.end; ++f)
        s.append(s.empty() ? "" : " ").append(f->text);
    return s;
}

bool sameTexts(Group a, Group b)
{
    if (a.size() != b.size())
        return false;
    for (const Fact* x = a.begin; x != a.end; ++x) {
        bool found = false;
        for (const Fact* y = b.begin; y != b.end; ++y)
            found = found || x->text == y->text;
        if (!found)
            return false;
    }
    return true;
}

// The N of "div_by<N>" (and of "div_by<N, M>"), 0 if none.
int64_t divisor(std::string_view text)
{
    const size_t lt = text.find('<');
    if (kindOf(text) != "div_by" || lt == std::string_view::npos)
        return 0;
    int64_t n = 0;
    for (size_t i = lt + 1; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
        n = n * 10 + (text[i] - '0');
    return n;
}

// The generated side claims a larger divisor than the reference of a value it
// computes (a pointer plus a row offset): no launcher chooses that, and a
// false claim lets the compiler miscompile. Entry arguments are launch hints.
bool strongerOnComputedValue(const GFunction& G, Group a, Group b)
{
    if (a.size() != 1 || b.size() != 1)
        return false;
    const int64_t r = divisor(a.begin->text), g = divisor(b.begin->text);
    if (r <= 0 || g <= r)
        return false;
    const GValue& v = G.values[size_t(b.begin->value)];
    return v.def >= 0;
}

} // namespace

RawDifference makeDifference(DiffKind kind, const GFunction& R, int r, const GFunction& G, int g)
{
    RawDifference d;
    d.kind = kind;
    d.refOp = r;
    d.genOp = g;
    if (r >= 0) {
        d.refOpName = std::string(R.ops[size_t(r)].name);
        d.refLine = R.ops[size_t(r)].line;
        d.refColumn = R.ops[size_t(r)].column;
    }
    if (g >= 0) {
        d.genOpName = std::string(G.ops[size_t(g)].name);
        d.genLine = G.ops[size_t(g)].line;
        d.genColumn = G.ops[size_t(g)].column;
    }
    return d;
}

void compareAssumeFacts(const GFunction& R, const GFunction& G, const OpMatching& m,
                        std::vector<RawDifference>& out)
{
    const Facts rf = collect(R);
    const Facts gf = collect(G);
    auto emit = [&](Group a, Group b) {
        if (!a.empty() && !b.empty()) {
            if (sameTexts(a, b))
                return;
            auto d = makeDifference(DiffKind::AttributeChanged, R, a.begin->op, G, b.begin->op);
            d.attribute =
                strongerOnComputedValue(G, a, b) ? "assumption on a computed value" : "assumption";
            d.refValue = joined(a);
            d.genValue = joined(b);
            out.push_back(d);
        } else if (!a.empty()) {
            for (const Fact* x = a.begin; x != a.end; ++x) {
                auto d = makeDifference(DiffKind::OpMissing, R, x->op, G, -1);
                d.attribute = "assumption";
                d.refValue = std::string(x->text);
                out.push_back(d);
            }
        } else if (!b.empty()) {
            for (const Fact* x = b.begin; x != b.end; ++x) {
                auto d = makeDifference(DiffKind::OpExtra, R, -1, G, x->op);
                d.attribute = "assumption";
                d.genValue = std::string(x->text);
                out.push_back(d);
            }
        }
    };
    forEachGroup(rf.list, [&](Group a) {
        emit(a, find(gf, m.refValToGen[size_t(a.begin->value)], a.begin->kind));
    });
    forEachGroup(gf.list, [&](Group b) {
        if (find(rf, m.genValToRef[size_t(b.begin->value)], b.begin->kind).empty())
            emit(Group(), b);
    });
}

} // namespace tilelens::diff
