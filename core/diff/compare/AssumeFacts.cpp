#include "diff/compare/AssumeFacts.h"

#include <algorithm>
#include <string>

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
// each (value, kind) group in op order without repeated texts. (A map per
// constrained value cost more than the comparison itself.)
std::vector<Fact> collect(const GFunction& f)
{
    std::vector<Fact> out;
    for (size_t id = 0; id < f.ops.size(); ++id) {
        const GOp& o = f.ops[id];
        if (!o.assume || o.attrs.empty())
            continue;
        std::string_view text;
        for (const auto& a : o.attrs)
            if (a.name == "assumption")
                text = a.value;
        if (!text.empty())
            out.push_back({f.values[size_t(o.operands[0])].canon, kindOf(text), text, int(id)});
    }
    std::stable_sort(out.begin(), out.end(), before);
    size_t kept = 0;
    for (size_t i = 0, group = 0; i < out.size(); ++i) {
        if (i > 0 && before(out[i - 1], out[i]))
            group = kept;
        bool seen = false;
        for (size_t k = group; k < kept && !seen; ++k)
            seen = out[k].text == out[i].text;
        if (!seen)
            out[kept++] = out[i];
    }
    out.resize(kept);
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

Group find(const std::vector<Fact>& facts, int value, std::string_view kind)
{
    if (value < 0)
        return {};
    Fact key;
    key.value = value;
    key.kind = kind;
    const auto [b, e] = std::equal_range(facts.begin(), facts.end(), key, before);
    return {facts.data() + (b - facts.begin()), facts.data() + (e - facts.begin())};
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
    const std::vector<Fact> rf = collect(R);
    const std::vector<Fact> gf = collect(G);
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
    forEachGroup(rf, [&](Group a) {
        emit(a, find(gf, m.refValToGen[size_t(a.begin->value)], a.begin->kind));
    });
    forEachGroup(gf, [&](Group b) {
        if (find(rf, m.genValToRef[size_t(b.begin->value)], b.begin->kind).empty())
            emit(Group(), b);
    });
}

} // namespace tilelens::diff
