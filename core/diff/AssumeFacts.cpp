#include "diff/AssumeFacts.h"

#include <algorithm>
#include <map>
#include <string>

namespace tilelens::diff {

namespace {

struct Fact
{
    std::string_view text; // "div_by<16>"
    int op = -1;           // first assume stating it
};

// kind ("div_by") -> facts of that kind, by canonical value.
using FactsByKind = std::map<std::string_view, std::vector<Fact>>;

std::string_view kindOf(std::string_view text)
{
    const size_t lt = text.find('<');
    return lt == std::string_view::npos ? text : text.substr(0, lt);
}

// The facts of one function by canonical value. Only values that some assume
// constrains get a map (a map per value of a 100k-op module cost more than
// the comparison).
struct FunctionFacts
{
    std::vector<int> slot;                            // value -> index in `byValue`, else -1
    std::vector<std::pair<int, FactsByKind>> byValue; // in increasing value order

    const FactsByKind* of(int value) const
    {
        const int i = slot[size_t(value)];
        return i >= 0 ? &byValue[size_t(i)].second : nullptr;
    }
};

FunctionFacts collect(const GFunction& f)
{
    FunctionFacts out;
    out.slot.assign(f.values.size(), -1);
    for (size_t id = 0; id < f.ops.size(); ++id) {
        const GOp& o = f.ops[id];
        if (!o.assume || o.attrs.empty())
            continue;
        std::string_view text;
        for (const auto& a : o.attrs)
            if (a.name == "assumption")
                text = a.value;
        if (text.empty())
            continue;
        const int value = f.values[size_t(o.operands[0])].canon;
        int& slot = out.slot[size_t(value)];
        if (slot < 0) {
            slot = int(out.byValue.size());
            out.byValue.emplace_back(value, FactsByKind());
        }
        auto& facts = out.byValue[size_t(slot)].second[kindOf(text)];
        bool seen = false;
        for (const Fact& x : facts)
            seen = seen || x.text == text;
        if (!seen)
            facts.push_back({text, int(id)});
    }
    std::sort(out.byValue.begin(), out.byValue.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 0; i < out.byValue.size(); ++i)
        out.slot[size_t(out.byValue[i].first)] = int(i);
    return out;
}

std::string joined(const std::vector<Fact>& facts)
{
    std::string s;
    for (const Fact& f : facts)
        s.append(s.empty() ? "" : " ").append(f.text);
    return s;
}

bool sameTexts(const std::vector<Fact>& a, const std::vector<Fact>& b)
{
    if (a.size() != b.size())
        return false;
    for (const Fact& x : a) {
        bool found = false;
        for (const Fact& y : b)
            found = found || x.text == y.text;
        if (!found)
            return false;
    }
    return true;
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
    const auto rf = collect(R);
    const auto gf = collect(G);
    static const FactsByKind none;
    auto emit = [&](const std::vector<Fact>* a, const std::vector<Fact>* b) {
        if (a && b) {
            if (sameTexts(*a, *b))
                return;
            auto d = makeDifference(DiffKind::AttributeChanged, R, a->front().op, G, b->front().op);
            d.attribute = "assumption";
            d.refValue = joined(*a);
            d.genValue = joined(*b);
            out.push_back(d);
        } else if (a) {
            for (const Fact& x : *a) {
                auto d = makeDifference(DiffKind::OpMissing, R, x.op, G, -1);
                d.attribute = "assumption";
                d.refValue = std::string(x.text);
                out.push_back(d);
            }
        } else if (b) {
            for (const Fact& x : *b) {
                auto d = makeDifference(DiffKind::OpExtra, R, -1, G, x.op);
                d.attribute = "assumption";
                d.genValue = std::string(x.text);
                out.push_back(d);
            }
        }
    };
    for (const auto& [v, facts] : rf.byValue) {
        const int g = m.refValToGen[size_t(v)];
        const FactsByKind* found = g >= 0 ? gf.of(g) : nullptr;
        const FactsByKind& theirs = found ? *found : none;
        for (const auto& [kind, list] : facts) {
            auto it = theirs.find(kind);
            emit(&list, it == theirs.end() ? nullptr : &it->second);
        }
    }
    for (const auto& [v, facts] : gf.byValue) {
        const int r = m.genValToRef[size_t(v)];
        const FactsByKind* found = r >= 0 ? rf.of(r) : nullptr;
        const FactsByKind& theirs = found ? *found : none;
        for (const auto& [kind, list] : facts)
            if (!theirs.count(kind))
                emit(nullptr, &list);
    }
}

} // namespace tilelens::diff
