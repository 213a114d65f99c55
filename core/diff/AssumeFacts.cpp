#include "diff/AssumeFacts.h"

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

std::vector<FactsByKind> collect(const GFunction& f)
{
    std::vector<FactsByKind> out(f.values.size());
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
        auto& facts = out[size_t(f.values[size_t(o.operands[0])].canon)][kindOf(text)];
        bool seen = false;
        for (const Fact& x : facts)
            seen = seen || x.text == text;
        if (!seen)
            facts.push_back({text, int(id)});
    }
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
    for (size_t v = 0; v < rf.size(); ++v) {
        if (rf[v].empty())
            continue;
        const int g = m.refValToGen[v];
        const FactsByKind& theirs = g >= 0 ? gf[size_t(g)] : none;
        for (const auto& [kind, facts] : rf[v]) {
            auto it = theirs.find(kind);
            emit(&facts, it == theirs.end() ? nullptr : &it->second);
        }
    }
    for (size_t v = 0; v < gf.size(); ++v) {
        if (gf[v].empty())
            continue;
        const int r = m.genValToRef[v];
        const FactsByKind& theirs = r >= 0 ? rf[size_t(r)] : none;
        for (const auto& [kind, facts] : gf[v])
            if (!theirs.count(kind))
                emit(nullptr, &facts);
    }
}

} // namespace tilelens::diff
