#include "workspace/LaunchBinding.h"

#include "workspace/LaunchNames.h"

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>

namespace tilelens::ws {

using namespace launch;

namespace {

std::string tileIrDtype(const std::string& torch)
{
    static const std::map<std::string, std::string> m = {
        {"float32", "f32"},       {"float16", "f16"}, {"bfloat16", "bf16"},
        {"int32", "i32"},         {"int64", "i64"},   {"int8", "i8"},
        {"uint8", "i8"},          {"bool", "i1"},     {"float8_e4m3fn", "f8E4M3FN"},
        {"float8_e5m2", "f8E5M2"}};
    auto it = m.find(torch);
    return it == m.end() ? std::string() : it->second;
}

int64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return int64_t(x & 0x7fffffff);
}

} // namespace

std::string symbolName(const DerivedBinding& b, const SymNode& n)
{
    auto it = b.names.find(n.name);
    if (it != b.names.end())
        return it->second;
    if (n.op == SymOp::Tunable) {
        const size_t dot = n.name.find('.');
        return dot == std::string::npos ? n.name : n.name.substr(dot + 1);
    }
    return n.name;
}

std::string arrayOf(const DerivedBinding& b, const TensorRef& t)
{
    if (!t)
        return {};
    for (const DerivedArray& a : b.arrays)
        if (a.ref == t || a.port == t)
            return a.name;
    for (const DerivedArray& a : b.arrays)
        if ((a.ref && a.ref->storage == t->storage && a.ref->shape.size() == t->shape.size()) ||
            (a.port && a.port->storage == t->storage && a.port->shape.size() == t->shape.size()))
            return a.name;
    return {};
}

SymEnv sampleEnv(const EntryChain& e, const DerivedBinding& b, int sample,
                 const std::map<std::string, int64_t>& extra)
{
    SymEnv env;
    std::map<std::string, int64_t> divisors;
    for (const SideChain* s : {&e.port, &e.ref}) {
        for (const auto& [k, d] : s->path.divisibility)
            divisors[k] = std::max(divisors[k], d);
        for (const auto& [k, v] : s->path.assumptions)
            env.flags[k] = v;
    }
    for (const std::string& key : b.dimKeys) {
        int64_t v = 2 + mix(uint64_t(sample) * 7919 + std::hash<std::string>()(key)) % 399;
        auto d = divisors.find(key);
        if (d != divisors.end() && d->second > 0)
            v = (v + d->second - 1) / d->second * d->second;
        env.values[key] = v;
    }
    for (const auto& [k, v] : b.resolved)
        env.values[k] = v;
    for (const auto& [k, v] : extra)
        env.values[k] = v;
    // Sizes a guard makes equal take one value.
    for (const auto& [k, rep] : e.dimAlias) {
        auto it = env.values.find(rep);
        if (it == env.values.end())
            it =
                env.values
                    .emplace(rep,
                             2 + mix(uint64_t(sample) * 7919 + std::hash<std::string>()(rep)) % 399)
                    .first;
        env.values[k] = it->second;
    }
    return env;
}

std::vector<std::pair<Sym, Sym>> identifiedValues(const EntryChain& e)
{
    std::vector<std::pair<Sym, Sym>> out;
    std::vector<const ParamRow*> refConsts, gens;
    std::vector<std::string> refNames, portNames;
    for (const ParamRow& r : e.ref.params)
        if (r.constant && r.arg.kind == ArgValue::Kind::Int) {
            refConsts.push_back(&r);
            refNames.push_back(r.name);
        }
    for (const ParamRow& g : e.port.generics)
        if (g.arg.kind == ArgValue::Kind::Int) {
            gens.push_back(&g);
            portNames.push_back(g.name);
        }
    const std::vector<int> m = pairByName(portNames, refNames, false);
    for (size_t i = 0; i < gens.size(); ++i)
        if (m[i] >= 0)
            out.push_back(
                {partialEval(gens[i]->arg.value, e.port.path.assumptions),
                 partialEval(refConsts[size_t(m[i])]->arg.value, e.ref.path.assumptions)});
    for (const char* hint : {"num_ctas", "occupancy"}) {
        auto p = e.port.launch.hints.find(hint);
        auto r = e.ref.launch.hints.find(hint);
        if (p != e.port.launch.hints.end() && r != e.ref.launch.hints.end() &&
            p->second.kind == ArgValue::Kind::Int && r->second.kind == ArgValue::Kind::Int)
            out.push_back({p->second.value, r->second.value});
    }
    return out;
}

bool sameCall(const EntryChain& e, const DerivedBinding& b,
              const std::map<std::string, int64_t>& env, bool* gridsEqual)
{
    const SymEnv probe = sampleEnv(e, b, 0, env);
    for (const auto& [p, r] : identifiedValues(e)) {
        const auto a = evalSym(p, probe), c = evalSym(r, probe);
        // -1 / 0 ("auto") and 1 are the same hint.
        if (a && c && *a != *c && !(*a <= 1 && *c <= 1))
            return false;
    }
    if (gridsEqual) {
        *gridsEqual = true;
        auto comp = [](const std::vector<ArgValue>& g, size_t i,
                       const std::map<std::string, bool>& f) {
            if (i >= g.size())
                return symConst(1);
            return g[i].kind == ArgValue::Kind::Int ? partialEval(g[i].value, f)
                                                    : symOpaque(g[i].why);
        };
        for (int s = 0; s < 4 && *gridsEqual; ++s) {
            const SymEnv env2 = sampleEnv(e, b, s, env);
            for (size_t i = 0; i < 3 && *gridsEqual; ++i) {
                const auto x = evalSym(comp(e.port.launch.grid, i, e.port.path.assumptions), env2);
                const auto y = evalSym(comp(e.ref.launch.grid, i, e.ref.path.assumptions), env2);
                *gridsEqual = x && y && *x == *y;
            }
        }
    }
    return true;
}

bool DerivedBinding::toEval(eval::Binding& out, std::string& error) const
{
    if (!complete) {
        error = "the derived binding is incomplete: " + why;
        return false;
    }
    out = eval::Binding();
    out.source = "derived";
    out.dims = dims;
    for (const BindingFact& f : facts)
        out.facts.push_back(f.format());
    const auto nameOf = [&](const SymNode& n) { return symbolName(*this, n); };
    std::map<std::string, Sym> bySubst;
    for (const auto& [k, v] : resolved)
        bySubst[k] = symConst(v);
    std::string chosenDtype;
    for (const DerivedArray& a : arrays) {
        eval::ArrayBinding ab;
        ab.name = a.name;
        std::string dt = tileIrDtype(a.dtype);
        if (dt.empty())
            dt = "f16";
        ab.elem = eval::elemFromName(dt);
        for (const Sym& s : a.shape) {
            std::string text, why;
            if (!bindingText(substitute(s, bySubst), nameOf, text, &why)) {
                error = "array " + a.name + ": a size has no binding form (" + why + ")";
                return false;
            }
            ab.shape.push_back(text);
        }
        if (!a.rowMajor)
            for (const Sym& s : a.strides) {
                std::string text, why;
                if (!bindingText(substitute(s, bySubst), nameOf, text, &why)) {
                    error = "array " + a.name + ": a stride has no binding form (" + why + ")";
                    return false;
                }
                ab.strides.push_back(text);
            }
        const TensorRef& t = a.ref ? a.ref : a.port;
        if (t && !t->values.empty())
            for (int64_t v : t->values)
                ab.values.push_back(std::to_string(v));
        out.arrays.push_back(ab);
    }
    for (const Scalar& s : scalars) {
        eval::ScalarBinding sb;
        sb.name = s.name;
        sb.elem = eval::elemFromName(s.dtype);
        if (s.value)
            sb.value = std::to_string(*s.value);
        out.scalars.push_back(sb);
    }
    out.ref.params = refParams;
    out.gen.params = genParams;
    out.ref.grid = refGrid;
    out.gen.grid = genGrid;
    return true;
}

std::string BindingFact::format(const std::function<std::string(const launch::Loc&)>& place) const
{
    if (loc.file.empty())
        return text;
    return text + " (" + (place ? place(loc) : loc.file + ":" + std::to_string(loc.line)) + ")";
}

nlohmann::json
DerivedBinding::toJson(const std::function<std::string(const launch::Loc&)>& place) const
{
    eval::Binding b;
    std::string error;
    if (!toEval(b, error))
        return nullptr;
    nlohmann::ordered_json j;
    j["schema"] = "tilelens.eval-binding/1";
    nlohmann::ordered_json d = nlohmann::ordered_json::object();
    for (const auto& [name, values] : b.dims)
        d[name] = values;
    j["dims"] = d;
    nlohmann::ordered_json arrs = nlohmann::ordered_json::object();
    for (const eval::ArrayBinding& a : b.arrays) {
        nlohmann::ordered_json x;
        x["dtype"] = eval::elemName(a.elem);
        x["shape"] = a.shape;
        if (!a.strides.empty())
            x["strides"] = a.strides;
        if (!a.values.empty())
            x["values"] = a.values;
        arrs[a.name] = x;
    }
    j["arrays"] = arrs;
    if (!b.scalars.empty()) {
        nlohmann::ordered_json sc = nlohmann::ordered_json::object();
        for (const eval::ScalarBinding& s : b.scalars) {
            nlohmann::ordered_json x;
            x["dtype"] = eval::elemName(s.elem);
            if (!s.value.empty())
                x["value"] = std::stod(s.value);
            sc[s.name] = x;
        }
        j["scalars"] = sc;
    }
    j["ref"] = {{"params", b.ref.params}, {"grid", b.ref.grid}};
    j["gen"] = {{"params", b.gen.params}, {"grid", b.gen.grid}};
    nlohmann::json factTexts = nlohmann::json::array();
    for (const BindingFact& f : facts)
        factTexts.push_back(f.format(place));
    j["facts"] = factTexts;
    return nlohmann::json::parse(j.dump());
}

} // namespace tilelens::ws
