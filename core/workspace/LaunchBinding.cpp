#include "workspace/LaunchBinding.h"

#include "workspace/LaunchNames.h"

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

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

bool isIdentifier(const std::string& s)
{
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

// Symbols of every kind used by a Sym, in first-seen order.
void keysInOrder(const Sym& s, std::vector<std::string>& order, std::set<std::string>& seen,
                 SymOp kind)
{
    if (!s)
        return;
    if (s->op == kind && seen.insert(s->name).second)
        order.push_back(s->name);
    for (const Sym& a : s->args)
        keysInOrder(a, order, seen, kind);
}

std::vector<const Sym*> symsOf(const ArgValue& a)
{
    std::vector<const Sym*> out;
    if (a.kind == ArgValue::Kind::Int && a.value)
        out.push_back(&a.value);
    return out;
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

DerivedBinding deriveBinding(const EntryChain& e, const Specialization* spec)
{
    DerivedBinding b;
    b.complete = true;
    auto incomplete = [&](const std::string& why) {
        if (b.complete)
            b.why = why;
        b.complete = false;
    };
    if (!e.port.found)
        incomplete("port side: " + e.port.why);
    if (!e.ref.found)
        incomplete("reference side: " + e.ref.why);
    if (!e.port.found || !e.ref.found)
        return b;

    // ---- resolve tunables and device properties
    std::map<std::string, int64_t> resolved;
    if (spec)
        for (const auto& [k, v] : spec->fixed)
            resolved[k] = v;
    auto pickConfig = [&](const ConfigGroup& g, size_t index) {
        if (index >= g.configs.size())
            return;
        for (const auto& [field, value] : g.configs[index]) {
            int64_t c = 0;
            const std::string key = g.key + "." + field;
            if (isConst(value, &c) && !resolved.count(key))
                resolved[key] = c;
        }
    };
    std::set<std::string> usedTunables;
    auto noteTunables = [&](const ArgValue& a) {
        for (const Sym* s : symsOf(a))
            collectKeys(*s, SymOp::Tunable, usedTunables);
    };
    for (const SideChain* s : {&e.port, &e.ref}) {
        for (const ParamRow& r : s->params)
            noteTunables(r.arg);
        for (const ParamRow& r : s->generics)
            noteTunables(r.arg);
        for (const ArgValue& g : s->launch.grid)
            noteTunables(g);
        for (const auto& [h, a] : s->launch.hints)
            noteTunables(a);
    }
    auto groupUsed = [&](const ConfigGroup& g) {
        for (const std::string& k : usedTunables)
            if (k.rfind(g.key + ".", 0) == 0)
                return true;
        return false;
    };
    for (const ConfigGroup& g : e.port.groups)
        if (groupUsed(g)) {
            bool fixedAny = false;
            for (const auto& [k, v] : resolved)
                fixedAny = fixedAny || k.rfind(g.key + ".", 0) == 0;
            pickConfig(g, 0);
            if (!fixedAny && !g.configs.empty())
                b.facts.push_back({"port: the first of " + std::to_string(g.configs.size()) +
                                       " autotune configurations",
                                   g.loc});
        }
    // The reference's configuration: the one that makes the same call as the port's.
    for (const ConfigGroup& g : e.ref.groups) {
        if (!groupUsed(g) || g.configs.empty())
            continue;
        bool fixedAny = false;
        for (const auto& [k, v] : resolved)
            fixedAny = fixedAny || k.rfind(g.key + ".", 0) == 0;
        if (fixedAny) {
            pickConfig(g, 0); // fields the specialisation leaves open
            continue;
        }
        DerivedBinding probe;
        probe.resolved = resolved;
        probe.resolved.emplace("NUM_SMS", 8);
        std::set<std::string> seen;
        for (const SideChain* s : {&e.port, &e.ref})
            for (const ArgValue& g : s->launch.grid)
                for (const Sym* sym : symsOf(g))
                    keysInOrder(*sym, probe.dimKeys, seen, SymOp::Dim);
        size_t chosen = 0;
        bool found = false;
        for (size_t i = 0; i < g.configs.size() && !found; ++i) {
            std::map<std::string, int64_t> env = probe.resolved;
            for (const auto& [field, value] : g.configs[i]) {
                int64_t c = 0;
                if (isConst(value, &c))
                    env[g.key + "." + field] = c;
            }
            bool grids = false;
            if (sameCall(e, probe, env, &grids) && grids) {
                chosen = i;
                found = true;
            }
        }
        pickConfig(g, chosen);
        b.facts.push_back(
            {found ? "reference: autotune configuration " + std::to_string(chosen + 1) + " of " +
                         std::to_string(g.configs.size()) + ", the one that makes the port's call"
                   : "reference: the first of " + std::to_string(g.configs.size()) +
                         " autotune configurations; none makes the port's call",
             g.loc});
    }
    if (!resolved.count("NUM_SMS")) {
        resolved["NUM_SMS"] = 8;
        bool used = false;
        for (const SideChain* s : {&e.port, &e.ref})
            for (const ArgValue& g : s->launch.grid)
                for (const Sym* sym : symsOf(g)) {
                    std::set<std::string> dev;
                    collectKeys(*sym, SymOp::Device, dev);
                    used = used || dev.count("NUM_SMS");
                }
        if (used)
            b.facts.push_back({"NUM_SMS = 8: the GPU's SM count is not in the sources; a CPU run "
                               "takes 8",
                               {}});
    }
    b.resolved = resolved;
    std::map<std::string, Sym> aliasSubst;
    for (const auto& [k, rep] : e.dimAlias)
        aliasSubst[k] = symDim(rep);
    const auto canon = [&](const Sym& s) { return substitute(s, aliasSubst); };
    const auto canonAll = [&](const std::vector<Sym>& v) {
        std::vector<Sym> out;
        out.reserve(v.size());
        for (const Sym& s : v)
            out.push_back(canon(s));
        return out;
    };

    // ---- arrays: the reference's tensors first, the port's matched to them
    auto identifierOf = [](const ArgValue& a, const std::string& fallback) {
        if (isIdentifier(a.text))
            return a.text;
        if (a.tensor && isIdentifier(a.tensor->root))
            return a.tensor->root;
        return fallback;
    };
    std::set<std::string> taken;
    auto uniqueName = [&](std::string n) {
        if (n.empty())
            n = "t";
        std::string u = n;
        for (int i = 2; taken.count(u) || u == "cdiv" || u == "min" || u == "max"; ++i)
            u = n + "_" + std::to_string(i);
        taken.insert(u);
        return u;
    };
    for (const ParamRow& r : e.ref.params)
        if ((r.arg.kind == ArgValue::Kind::Tensor || r.arg.kind == ArgValue::Kind::Pointer) &&
            r.arg.tensor && arrayOf(b, r.arg.tensor).empty()) {
            DerivedArray a;
            a.name = uniqueName(identifierOf(r.arg, r.name));
            a.ref = r.arg.tensor;
            a.shape = canonAll(r.arg.tensor->shape);
            a.strides = canonAll(r.arg.tensor->strides);
            a.dtype = r.arg.tensor->dtype;
            b.arrays.push_back(a);
        }
    // Numeric shape equality on a few samples (tunables as chosen).
    auto sameShape = [&](const TensorRef& x, const TensorRef& y) {
        if (x->shape.size() != y->shape.size())
            return false;
        std::vector<std::string> keys;
        std::set<std::string> seen;
        for (const TensorRef& t : {x, y})
            for (const Sym& s : t->shape)
                keysInOrder(s, keys, seen, SymOp::Dim);
        DerivedBinding probe;
        probe.dimKeys = keys;
        probe.resolved = resolved;
        for (int sample = 0; sample < 3; ++sample) {
            const SymEnv env = sampleEnv(e, probe, sample);
            for (size_t i = 0; i < x->shape.size(); ++i) {
                const auto a = evalSym(x->shape[i], env), c = evalSym(y->shape[i], env);
                if (!a || !c || *a != *c)
                    return false;
            }
        }
        return true;
    };
    for (const ParamRow& r : e.port.params) {
        if ((r.arg.kind != ArgValue::Kind::Tensor && r.arg.kind != ArgValue::Kind::Pointer) ||
            !r.arg.tensor)
            continue;
        const TensorRef& t = r.arg.tensor;
        if (!arrayOf(b, t).empty())
            continue;
        DerivedArray* match = nullptr;
        for (int pass = 0; pass < 2 && !match; ++pass)
            for (DerivedArray& a : b.arrays) {
                if (a.port || !a.ref)
                    continue;
                const bool sameRoot = a.ref->input && t->input && a.ref->root == t->root;
                const bool bothAlloc =
                    !a.ref->input && !t->input && (pass == 1 || a.ref->dtype == t->dtype);
                if ((sameRoot || bothAlloc) && sameShape(a.ref, t)) {
                    match = &a;
                    break;
                }
            }
        if (match) {
            match->port = t;
            continue;
        }
        DerivedArray a;
        a.name = uniqueName(isIdentifier(t->root) ? t->root : identifierOf(r.arg, r.name));
        a.port = t;
        a.shape = canonAll(t->shape);
        a.strides = canonAll(t->strides);
        a.dtype = t->dtype;
        b.arrays.push_back(a);
    }
    for (DerivedArray& a : b.arrays) {
        const std::vector<Sym> rm = rowMajorStrides(a.shape);
        for (size_t i = 0; i < rm.size() && i < a.strides.size(); ++i)
            a.rowMajor = a.rowMajor && symEqual(rm[i], a.strides[i]);
    }

    // ---- names of sizes
    std::set<std::string> seenDims;
    auto addDims = [&](const Sym& s) { keysInOrder(canon(s), b.dimKeys, seenDims, SymOp::Dim); };
    for (const DerivedArray& a : b.arrays)
        for (const Sym& s : a.shape)
            addDims(s);
    for (const SideChain* s : {&e.ref, &e.port}) {
        for (const ParamRow& r : s->params)
            for (const Sym* sym : symsOf(r.arg))
                addDims(*sym);
        for (const ParamRow& r : s->generics)
            for (const Sym* sym : symsOf(r.arg))
                addDims(*sym);
        for (const ArgValue& g : s->launch.grid)
            for (const Sym* sym : symsOf(g))
                addDims(*sym);
    }
    for (const DerivedArray& a : b.arrays)
        taken.insert(a.name);
    for (const std::string& key : b.dimKeys)
        b.names[key] = uniqueName(dimDisplayName(e, key));

    // ---- expressions
    const auto nameOf = [&](const SymNode& n) { return symbolName(b, n); };
    std::map<std::string, Sym> bySubst;
    for (const auto& [k, v] : resolved)
        bySubst[k] = symConst(v);
    auto exprOf = [&](const ArgValue& a, const std::map<std::string, bool>& flags, bool& ok,
                      std::string& why) -> std::string {
        ok = true;
        switch (a.kind) {
        case ArgValue::Kind::Tensor:
        case ArgValue::Kind::Pointer: {
            const std::string arr = arrayOf(b, a.tensor);
            if (arr.empty()) {
                ok = false;
                why = "a tensor no logical array stands for";
                return "?";
            }
            return a.kind == ArgValue::Kind::Pointer ? arr + ".ptr" : arr;
        }
        case ArgValue::Kind::Int: {
            // Read from a descriptor (`in_d.strides[0]`, `out_d.dim(1)`): said so.
            if ((a.attr == "stride" || a.attr == "shape") && a.attrOf) {
                const std::string arr = arrayOf(b, a.attrOf);
                if (!arr.empty())
                    return arr + "." + a.attr + "[" + std::to_string(a.attrIndex) + "]";
            }
            const Sym s = substitute(canon(partialEval(a.value, flags)), bySubst);
            std::string text;
            if (!bindingText(s, nameOf, text, &why)) {
                ok = false;
                return symText(s, nameOf);
            }
            return text;
        }
        case ArgValue::Kind::Float:
            return a.number ? std::to_string(*a.number) : "?";
        default:
            ok = false;
            why = a.why.empty() ? "not derived" : a.why;
            return "?";
        }
    };
    std::map<std::string, std::string> floatScalarOf; // "side:param" -> scalar
    auto side = [&](const SideChain& s, BindingItem::Side which, std::vector<std::string>& params,
                    std::vector<std::string>& grid) {
        std::map<std::string, bool> flags = s.path.assumptions;
        if (spec)
            for (const auto& [k, v] : spec->flags)
                flags.emplace(k, v);
        size_t floatNo = 0;
        for (const ParamRow& r : s.params) {
            BindingItem item;
            item.side = which;
            item.what = r.name;
            item.loc = r.arg.origin.valid() ? r.arg.origin : r.arg.loc;
            item.inBinding = !r.constant;
            bool ok = true;
            if (r.arg.kind == ArgValue::Kind::Float) {
                // Float scalars: one logical scalar per position, named by the reference.
                const std::string name =
                    floatNo < b.scalars.size() ? b.scalars[floatNo].name : uniqueName(r.name);
                if (floatNo >= b.scalars.size())
                    b.scalars.push_back({name, "f32", r.arg.number});
                ++floatNo;
                item.expr = name + (r.arg.number ? " = " + std::to_string(*r.arg.number) : "");
                if (!r.constant)
                    params.push_back(name);
                b.items.push_back(item);
                continue;
            }
            item.expr = exprOf(r.arg, flags, ok, item.why);
            item.derived = ok;
            if (!ok && r.constant && r.arg.kind == ArgValue::Kind::Int && !isOpaque(r.arg.value)) {
                // A compiled-in constant needs no binding form, only a value.
                item.derived = true;
                item.why.clear();
            }
            if (ok && which == BindingItem::Side::Port && r.kind == ParamRow::Kind::Tensor) {
                const std::string arr = arrayOf(b, r.arg.tensor);
                for (const DerivedArray& a : b.arrays)
                    if (a.name == arr && a.shape.size() != r.rank) {
                        item.derived = false;
                        item.why = "kernel.rs declares rank " + std::to_string(r.rank) +
                                   ", the tensor passed has rank " + std::to_string(a.shape.size());
                    }
            }
            if (!item.derived && item.inBinding)
                incomplete((which == BindingItem::Side::Port ? "port " : "reference ") +
                           std::string("parameter ") + r.name + ": " + item.why);
            if (item.inBinding)
                params.push_back(item.expr);
            b.items.push_back(item);
        }
        for (const ParamRow& r : s.generics) {
            BindingItem item;
            item.side = which;
            item.what = "generic " + r.name;
            item.loc = r.arg.origin.valid() ? r.arg.origin : r.arg.loc;
            item.inBinding = false;
            bool ok = true;
            if (r.arg.kind == ArgValue::Kind::Dtype)
                item.expr = r.arg.elem.rfind("of:", 0) == 0 ? "the dtype of " + r.arg.elem.substr(3)
                                                            : r.arg.elem;
            else
                item.expr = exprOf(r.arg, flags, ok, item.why);
            if (!ok && r.arg.kind == ArgValue::Kind::Int)
                item.expr =
                    symText(substitute(canon(partialEval(r.arg.value, flags)), bySubst), nameOf);
            item.derived = ok || r.arg.kind == ArgValue::Kind::Int;
            b.items.push_back(item);
        }
        const char* axes[] = {"grid.x", "grid.y", "grid.z"};
        for (size_t i = 0; i < 3; ++i) {
            BindingItem item;
            item.side = which;
            item.what = axes[i];
            if (i < s.launch.grid.size()) {
                const ArgValue& g = s.launch.grid[i];
                item.loc = g.origin.valid() ? g.origin : g.loc;
                bool ok = true;
                item.expr = exprOf(g, flags, ok, item.why);
                item.derived = ok;
                if (!ok)
                    incomplete(
                        std::string(which == BindingItem::Side::Port ? "port " : "reference ") +
                        axes[i] + ": " + item.why);
            } else {
                item.expr = "1";
                item.loc = s.launch.gridLoc;
            }
            grid.push_back(item.expr);
            b.items.push_back(item);
        }
        for (const auto& [hint, a] : s.launch.hints) {
            BindingItem item;
            item.side = which;
            item.what = "hint " + hint;
            item.loc = a.origin.valid() ? a.origin : a.loc;
            item.inBinding = false;
            bool ok = true;
            item.expr = a.kind == ArgValue::Kind::Int ? exprOf(a, flags, ok, item.why) : "?";
            if (a.kind != ArgValue::Kind::Int) {
                item.derived = false;
                item.why = a.why;
            }
            b.items.push_back(item);
        }
    };
    side(e.ref, BindingItem::Side::Reference, b.refParams, b.refGrid);
    side(e.port, BindingItem::Side::Port, b.genParams, b.genGrid);

    // ---- sizes of the run
    std::map<std::string, int64_t> divisors;
    for (const SideChain* s : {&e.port, &e.ref})
        for (const auto& [k, d] : s->path.divisibility)
            divisors[k] = std::max(divisors[k], d);
    // Sizes a grid divides into tiles get ragged values; sizes compiled into the kernel
    // (generics, ct.Constant) a small power of two; batch-like axes of rank >= 4 arrays 2.
    std::set<std::string> tiled, compiled, factors;
    // Sizes compiled in as they are (not through next_power_of_2, which covers any size);
    // factors of a product (n_kv_heads * repeat_kv) apart.
    std::function<void(const Sym&, bool)> findCompiled = [&](const Sym& s, bool inProduct) {
        if (!s || s->op == SymOp::NextPow2)
            return;
        if (s->op == SymOp::Dim)
            (inProduct ? factors : compiled).insert(s->name);
        for (const Sym& a : s->args)
            findCompiled(a, inProduct || s->op == SymOp::Mul);
    };
    std::function<void(const Sym&)> findTiled = [&](const Sym& s) {
        if (!s)
            return;
        if (s->op == SymOp::CeilDiv || s->op == SymOp::FloorDiv)
            collectKeys(canon(s->args[0]), SymOp::Dim, tiled);
        for (const Sym& a : s->args)
            findTiled(a);
    };
    for (const SideChain* s : {&e.port, &e.ref}) {
        for (const ArgValue& g : s->launch.grid)
            for (const Sym* sym : symsOf(g))
                findTiled(*sym);
        for (const ParamRow& r : s->generics)
            for (const Sym* sym : symsOf(r.arg))
                findCompiled(canon(*sym), false);
        for (const ParamRow& r : s->params)
            if (r.constant)
                for (const Sym* sym : symsOf(r.arg))
                    findCompiled(canon(*sym), false);
    }
    // A rank-1 input whose size nothing else in the launch mentions (per-head sinks, a
    // per-channel weight) is read with compiled-in bounds: it gets the largest size
    // compiled into the kernel, so that those reads stay inside it.
    std::map<std::string, int> uses;
    std::set<std::string> ofRankOne;
    for (const DerivedArray& a : b.arrays)
        for (const Sym& s : a.shape) {
            std::set<std::string> keys;
            collectKeys(s, SymOp::Dim, keys);
            for (const std::string& k : keys) {
                ++uses[k];
                if (a.shape.size() == 1 && a.ref && a.ref->input)
                    ofRankOne.insert(k);
            }
        }
    int64_t largestCompiled = 0;
    {
        SymEnv env;
        env.values = resolved;
        if (spec)
            for (const auto& [k, v] : spec->fixed)
                env.values[k] = v;
        for (const SideChain* s : {&e.port, &e.ref}) {
            auto note = [&](const ArgValue& a) {
                for (const Sym* sym : symsOf(a)) {
                    std::set<std::string> keys;
                    collectKeys(canon(*sym), SymOp::Dim, keys);
                    for (const std::string& k : keys)
                        ++uses[k];
                    if (const auto v = evalSym(canon(*sym), env); v && *v <= 4096)
                        largestCompiled = std::max(largestCompiled, *v);
                }
            };
            for (const ParamRow& r : s->generics)
                note(r.arg);
            for (const ParamRow& r : s->params)
                if (r.arg.kind == ArgValue::Kind::Int && r.arg.attr.empty())
                    note(r.arg);
            for (const ArgValue& g : s->launch.grid)
                for (const Sym* sym : symsOf(g)) {
                    std::set<std::string> keys;
                    collectKeys(canon(*sym), SymOp::Dim, keys);
                    for (const std::string& k : keys)
                        ++uses[k];
                }
        }
    }
    for (const std::string& key : b.dimKeys) {
        const std::string& name = b.names[key];
        if (uses[key] == 1 && ofRankOne.count(key) && largestCompiled > 1 &&
            !(spec && (spec->candidates.count(key) || spec->fixed.count(key)))) {
            b.dims[name] = {largestCompiled};
            b.facts.push_back({name + " = " + std::to_string(largestCompiled) +
                                   ": a size nothing else in the launch mentions; the largest size "
                                   "compiled into the kernel, so that its reads stay inside",
                               {}});
            continue;
        }
        if (spec && spec->candidates.count(key)) {
            b.dims[name] = spec->candidates.at(key);
            continue;
        }
        if (spec && spec->fixed.count(key)) {
            b.dims[name] = {spec->fixed.at(key)};
            continue;
        }
        size_t rank = 1;
        for (const DerivedArray& a : b.arrays)
            for (const Sym& s : a.shape) {
                std::set<std::string> keys;
                collectKeys(s, SymOp::Dim, keys);
                if (keys.count(key))
                    rank = std::max(rank, a.shape.size());
            }
        std::vector<int64_t> values = rank <= 2   ? std::vector<int64_t>{48, 144}
                                      : rank == 3 ? std::vector<int64_t>{16, 48}
                                                  : std::vector<int64_t>{16, 48};
        if (!tiled.count(key) && factors.count(key))
            values = {2};
        else if (!tiled.count(key) && compiled.count(key))
            values = {16};
        else if (!tiled.count(key) && rank >= 4)
            values = {2};
        const int64_t d = divisors.count(key) ? divisors.at(key) : 1;
        for (int64_t& v : values)
            v = (v + d - 1) / d * d;
        b.dims[name] = values;
    }
    if (!b.dimKeys.empty()) {
        std::string chosen;
        for (const std::string& key : b.dimKeys) {
            const std::string& name = b.names[key];
            if (spec && (spec->candidates.count(key) || spec->fixed.count(key)))
                continue;
            chosen += (chosen.empty() ? "" : ", ") + name + " = ";
            const auto& v = b.dims[name];
            for (size_t i = 0; i < v.size(); ++i)
                chosen += (i ? "/" : "") + std::to_string(v[i]);
        }
        if (!chosen.empty())
            b.facts.push_back({"sizes chosen for a CPU run (small, ragged against power-of-two "
                               "tiles; divisible as the wrappers' guards ask): " +
                                   chosen,
                               {}});
    }
    if (spec)
        for (const std::string& f : spec->facts)
            b.facts.push_back({f, {}});
    return b;
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
