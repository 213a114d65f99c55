// deriveBinding(): the run binding of one entry pair, built in the order its parts depend on
// each other. The tunables and device values come first (they decide which autotune
// configuration of the reference makes the port's call), then the logical arrays, the names
// of the sizes, both sides' parameters as expressions over those names, and last the sizes
// of one CPU run (which depend on how the launches use each size).

#include "workspace/LaunchBinding.h"

#include <algorithm>
#include <optional>
#include <set>

namespace tilelens::ws {

using namespace launch;

namespace {

bool isIdentifier(const std::string& s)
{
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

// Symbols of one kind used by a Sym, in first-seen order.
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

bool inGroup(const std::string& key, const ConfigGroup& g)
{
    return key.rfind(g.key + ".", 0) == 0;
}

bool passesArray(const ArgValue& a)
{
    return (a.kind == ArgValue::Kind::Tensor || a.kind == ArgValue::Kind::Pointer) && a.tensor;
}

std::string sideWord(BindingItem::Side which)
{
    return which == BindingItem::Side::Port ? "port " : "reference ";
}

Loc placeOf(const ArgValue& a)
{
    return a.origin.valid() ? a.origin : a.loc;
}

// How the launches use each size, which decides the values a CPU run gives it.
struct SizeUses
{
    std::map<std::string, int64_t> divisors; // the wrappers' divisibility guards
    // Sizes a grid divides into tiles (ragged values), sizes compiled into the kernel as
    // they are (a small power of two) and factors of a compiled-in product (2).
    std::set<std::string> tiled, compiled, factors;
    std::map<std::string, int> mentions; // in array shapes, compiled values and grids
    std::set<std::string> ofRankOneInput;
    int64_t largestCompiled = 0; // the largest compiled-in value up to 4096

    int mentionsOf(const std::string& key) const
    {
        const auto it = mentions.find(key);
        return it == mentions.end() ? 0 : it->second;
    }
};

class BindingDeriver
{
public:
    BindingDeriver(const EntryChain& e, const Specialization* spec) : m_e(e), m_spec(spec) {}

    DerivedBinding run()
    {
        m_b.complete = true;
        if (!m_e.port.found)
            incomplete("port side: " + m_e.port.why);
        if (!m_e.ref.found)
            incomplete("reference side: " + m_e.ref.why);
        if (!m_e.port.found || !m_e.ref.found)
            return std::move(m_b); // run() runs once
        resolveTunables();
        for (const auto& [k, rep] : m_e.dimAlias)
            m_aliasSubst[k] = symDim(rep);
        addReferenceArrays();
        addPortArrays();
        markRowMajor();
        nameSizes();
        for (const auto& [k, v] : m_b.resolved)
            m_bySubst[k] = symConst(v);
        bindSide(m_e.ref, BindingItem::Side::Reference, m_b.refParams, m_b.refGrid);
        bindSide(m_e.port, BindingItem::Side::Port, m_b.genParams, m_b.genGrid);
        const SizeUses uses = sizeUses();
        for (const std::string& key : m_b.dimKeys)
            chooseSize(key, uses);
        describeChosenSizes();
        if (m_spec)
            for (const std::string& f : m_spec->facts)
                m_b.facts.push_back({f, {}});
        return std::move(m_b); // run() runs once
    }

private:
    void incomplete(const std::string& why)
    {
        if (m_b.complete)
            m_b.why = why;
        m_b.complete = false;
    }

    Sym canon(const Sym& s) const { return substitute(s, m_aliasSubst); }

    std::vector<Sym> canonAll(const std::vector<Sym>& v) const
    {
        std::vector<Sym> out;
        out.reserve(v.size());
        for (const Sym& s : v)
            out.push_back(canon(s));
        return out;
    }

    bool specified(const std::string& key) const
    {
        return m_spec && (m_spec->candidates.count(key) || m_spec->fixed.count(key));
    }

    // A name no array or size has yet (and no function of the binding syntax).
    std::string uniqueName(std::string n)
    {
        if (n.empty())
            n = "t";
        std::string u = n;
        for (int i = 2; m_taken.count(u) || u == "cdiv" || u == "min" || u == "max"; ++i)
            u = n + "_" + std::to_string(i);
        m_taken.insert(u);
        return u;
    }

    // ---- tunables and device properties

    void resolveTunables()
    {
        if (m_spec)
            for (const auto& [k, v] : m_spec->fixed)
                m_b.resolved[k] = v;
        const std::set<std::string> used = usedTunables();
        const auto groupUsed = [&](const ConfigGroup& g) {
            return std::any_of(used.begin(), used.end(),
                               [&](const std::string& k) { return inGroup(k, g); });
        };
        for (const ConfigGroup& g : m_e.port.groups)
            if (groupUsed(g))
                pickPortConfig(g);
        for (const ConfigGroup& g : m_e.ref.groups)
            if (groupUsed(g) && !g.configs.empty())
                pickReferenceConfig(g);
        defaultSmCount();
    }

    std::set<std::string> usedTunables() const
    {
        std::set<std::string> used;
        const auto note = [&](const ArgValue& a) {
            for (const Sym* s : symsOf(a))
                collectKeys(*s, SymOp::Tunable, used);
        };
        for (const SideChain* s : {&m_e.port, &m_e.ref}) {
            for (const ParamRow& r : s->params)
                note(r.arg);
            for (const ParamRow& r : s->generics)
                note(r.arg);
            for (const ArgValue& g : s->launch.grid)
                note(g);
            for (const auto& [h, a] : s->launch.hints)
                note(a);
        }
        return used;
    }

    bool fixedAny(const ConfigGroup& g) const
    {
        return std::any_of(m_b.resolved.begin(), m_b.resolved.end(),
                           [&](const auto& kv) { return inGroup(kv.first, g); });
    }

    // Takes configuration `index`'s constant fields that nothing fixed before.
    void pickConfig(const ConfigGroup& g, size_t index)
    {
        if (index >= g.configs.size())
            return;
        for (const auto& [field, value] : g.configs[index]) {
            int64_t c = 0;
            const std::string key = g.key + "." + field;
            if (isConst(value, &c) && !m_b.resolved.count(key))
                m_b.resolved[key] = c;
        }
    }

    void pickPortConfig(const ConfigGroup& g)
    {
        const bool fixed = fixedAny(g);
        pickConfig(g, 0);
        if (!fixed && !g.configs.empty())
            m_b.facts.push_back({"port: the first of " + std::to_string(g.configs.size()) +
                                     " autotune configurations",
                                 g.loc});
    }

    // The reference's configuration: the one that makes the same call as the port's.
    void pickReferenceConfig(const ConfigGroup& g)
    {
        if (fixedAny(g)) {
            pickConfig(g, 0); // fields the specialisation leaves open
            return;
        }
        const std::optional<size_t> found = configMakingPortsCall(g);
        pickConfig(g, found.value_or(0));
        const std::string count = std::to_string(g.configs.size());
        m_b.facts.push_back({found ? "reference: autotune configuration " +
                                         std::to_string(*found + 1) + " of " + count +
                                         ", the one that makes the port's call"
                                   : "reference: the first of " + count +
                                         " autotune configurations; none makes the port's call",
                             g.loc});
    }

    std::optional<size_t> configMakingPortsCall(const ConfigGroup& g) const
    {
        DerivedBinding probe;
        probe.resolved = m_b.resolved;
        probe.resolved.emplace("NUM_SMS", 8);
        std::set<std::string> seen;
        for (const SideChain* s : {&m_e.port, &m_e.ref})
            for (const ArgValue& grid : s->launch.grid)
                for (const Sym* sym : symsOf(grid))
                    keysInOrder(*sym, probe.dimKeys, seen, SymOp::Dim);
        for (size_t i = 0; i < g.configs.size(); ++i) {
            std::map<std::string, int64_t> env = probe.resolved;
            for (const auto& [field, value] : g.configs[i]) {
                int64_t c = 0;
                if (isConst(value, &c))
                    env[g.key + "." + field] = c;
            }
            bool grids = false;
            if (sameCall(m_e, probe, env, &grids) && grids)
                return i;
        }
        return std::nullopt;
    }

    void defaultSmCount()
    {
        if (m_b.resolved.count("NUM_SMS"))
            return;
        m_b.resolved["NUM_SMS"] = 8;
        bool used = false;
        for (const SideChain* s : {&m_e.port, &m_e.ref})
            for (const ArgValue& g : s->launch.grid)
                for (const Sym* sym : symsOf(g)) {
                    std::set<std::string> dev;
                    collectKeys(*sym, SymOp::Device, dev);
                    used = used || dev.count("NUM_SMS");
                }
        if (used)
            m_b.facts.push_back({"NUM_SMS = 8: the GPU's SM count is not in the sources; a CPU run "
                                 "takes 8",
                                 {}});
    }

    // ---- arrays: the reference's tensors first, the port's matched to them

    static std::string identifierOf(const ArgValue& a, const std::string& fallback)
    {
        if (isIdentifier(a.text))
            return a.text;
        if (a.tensor && isIdentifier(a.tensor->root))
            return a.tensor->root;
        return fallback;
    }

    DerivedArray newArray(const std::string& name, const TensorRef& t) const
    {
        DerivedArray a;
        a.name = name;
        a.shape = canonAll(t->shape);
        a.strides = canonAll(t->strides);
        a.dtype = t->dtype;
        return a;
    }

    void addReferenceArrays()
    {
        for (const ParamRow& r : m_e.ref.params)
            if (passesArray(r.arg) && arrayOf(m_b, r.arg.tensor).empty()) {
                DerivedArray a = newArray(uniqueName(identifierOf(r.arg, r.name)), r.arg.tensor);
                a.ref = r.arg.tensor;
                m_b.arrays.push_back(a);
            }
    }

    // Numeric shape equality on a few samples (tunables as chosen).
    bool sameShape(const TensorRef& x, const TensorRef& y) const
    {
        if (x->shape.size() != y->shape.size())
            return false;
        DerivedBinding probe;
        std::set<std::string> seen;
        for (const TensorRef& t : {x, y})
            for (const Sym& s : t->shape)
                keysInOrder(s, probe.dimKeys, seen, SymOp::Dim);
        probe.resolved = m_b.resolved;
        for (int sample = 0; sample < 3; ++sample) {
            const SymEnv env = sampleEnv(m_e, probe, sample);
            for (size_t i = 0; i < x->shape.size(); ++i) {
                const auto a = evalSym(x->shape[i], env), c = evalSym(y->shape[i], env);
                if (!a || !c || *a != *c)
                    return false;
            }
        }
        return true;
    }

    // The reference's array a port tensor stands for: the same input of the same shape,
    // else an allocation of the same shape (same dtype first).
    DerivedArray* referenceArrayFor(const TensorRef& t)
    {
        for (int pass = 0; pass < 2; ++pass)
            for (DerivedArray& a : m_b.arrays) {
                if (a.port || !a.ref)
                    continue;
                const bool sameRoot = a.ref->input && t->input && a.ref->root == t->root;
                const bool bothAlloc =
                    !a.ref->input && !t->input && (pass == 1 || a.ref->dtype == t->dtype);
                if ((sameRoot || bothAlloc) && sameShape(a.ref, t))
                    return &a;
            }
        return nullptr;
    }

    void addPortArrays()
    {
        for (const ParamRow& r : m_e.port.params) {
            if (!passesArray(r.arg))
                continue;
            const TensorRef& t = r.arg.tensor;
            if (!arrayOf(m_b, t).empty())
                continue;
            if (DerivedArray* match = referenceArrayFor(t)) {
                match->port = t;
                continue;
            }
            DerivedArray a = newArray(
                uniqueName(isIdentifier(t->root) ? t->root : identifierOf(r.arg, r.name)), t);
            a.port = t;
            m_b.arrays.push_back(a);
        }
    }

    void markRowMajor()
    {
        for (DerivedArray& a : m_b.arrays) {
            const std::vector<Sym> rm = rowMajorStrides(a.shape);
            for (size_t i = 0; i < rm.size() && i < a.strides.size(); ++i)
                a.rowMajor = a.rowMajor && symEqual(rm[i], a.strides[i]);
        }
    }

    // ---- names of sizes

    void nameSizes()
    {
        std::set<std::string> seen;
        const auto add = [&](const Sym& s) {
            keysInOrder(canon(s), m_b.dimKeys, seen, SymOp::Dim);
        };
        for (const DerivedArray& a : m_b.arrays)
            for (const Sym& s : a.shape)
                add(s);
        for (const SideChain* s : {&m_e.ref, &m_e.port}) {
            for (const ParamRow& r : s->params)
                for (const Sym* sym : symsOf(r.arg))
                    add(*sym);
            for (const ParamRow& r : s->generics)
                for (const Sym* sym : symsOf(r.arg))
                    add(*sym);
            for (const ArgValue& g : s->launch.grid)
                for (const Sym* sym : symsOf(g))
                    add(*sym);
        }
        for (const DerivedArray& a : m_b.arrays)
            m_taken.insert(a.name);
        for (const std::string& key : m_b.dimKeys)
            m_b.names[key] = uniqueName(dimDisplayName(m_e, key));
    }

    // ---- both sides' parameters as expressions

    std::string nameOf(const SymNode& n) const { return symbolName(m_b, n); }

    // A value in terms of the sizes and arrays, with the tunables as chosen.
    Sym resolvedSym(const Sym& value, const std::map<std::string, bool>& flags) const
    {
        return substitute(canon(partialEval(value, flags)), m_bySubst);
    }

    std::string exprOf(const ArgValue& a, const std::map<std::string, bool>& flags, bool& ok,
                       std::string& why) const
    {
        ok = true;
        switch (a.kind) {
        case ArgValue::Kind::Tensor:
        case ArgValue::Kind::Pointer: {
            const std::string arr = arrayOf(m_b, a.tensor);
            if (arr.empty()) {
                ok = false;
                why = "a tensor no logical array stands for";
                return "?";
            }
            return a.kind == ArgValue::Kind::Pointer ? arr + ".ptr" : arr;
        }
        case ArgValue::Kind::Int:
            return intExprOf(a, flags, ok, why);
        case ArgValue::Kind::Float:
            return a.number ? std::to_string(*a.number) : "?";
        default:
            ok = false;
            why = a.why.empty() ? "not derived" : a.why;
            return "?";
        }
    }

    std::string intExprOf(const ArgValue& a, const std::map<std::string, bool>& flags, bool& ok,
                          std::string& why) const
    {
        // Read from a descriptor (`in_d.strides[0]`, `out_d.dim(1)`): said so.
        if ((a.attr == "stride" || a.attr == "shape") && a.attrOf) {
            const std::string arr = arrayOf(m_b, a.attrOf);
            if (!arr.empty())
                return arr + "." + a.attr + "[" + std::to_string(a.attrIndex) + "]";
        }
        const Sym s = resolvedSym(a.value, flags);
        const auto name = [this](const SymNode& n) { return nameOf(n); };
        std::string text;
        if (!bindingText(s, name, text, &why)) {
            ok = false;
            return symText(s, name);
        }
        return text;
    }

    void bindSide(const SideChain& s, BindingItem::Side which, std::vector<std::string>& params,
                  std::vector<std::string>& grid)
    {
        std::map<std::string, bool> flags = s.path.assumptions;
        if (m_spec)
            for (const auto& [k, v] : m_spec->flags)
                flags.emplace(k, v);
        size_t floatNo = 0;
        for (const ParamRow& r : s.params)
            if (r.arg.kind == ArgValue::Kind::Float)
                bindFloatScalar(r, which, floatNo++, params);
            else
                bindParam(r, which, flags, params);
        for (const ParamRow& r : s.generics)
            bindGeneric(r, which, flags);
        bindGrid(s, which, flags, grid);
        for (const auto& [hint, a] : s.launch.hints)
            bindHint(hint, a, which, flags);
    }

    BindingItem newItem(BindingItem::Side which, std::string what, const Loc& loc) const
    {
        BindingItem item;
        item.side = which;
        item.what = std::move(what);
        item.loc = loc;
        return item;
    }

    // Float scalars: one logical scalar per position, named by the reference.
    void bindFloatScalar(const ParamRow& r, BindingItem::Side which, size_t floatNo,
                         std::vector<std::string>& params)
    {
        BindingItem item = newItem(which, r.name, placeOf(r.arg));
        item.inBinding = !r.constant;
        const std::string name =
            floatNo < m_b.scalars.size() ? m_b.scalars[floatNo].name : uniqueName(r.name);
        if (floatNo >= m_b.scalars.size())
            m_b.scalars.push_back({name, "f32", r.arg.number});
        item.expr = name + (r.arg.number ? " = " + std::to_string(*r.arg.number) : "");
        if (!r.constant)
            params.push_back(name);
        m_b.items.push_back(item);
    }

    void bindParam(const ParamRow& r, BindingItem::Side which,
                   const std::map<std::string, bool>& flags, std::vector<std::string>& params)
    {
        BindingItem item = newItem(which, r.name, placeOf(r.arg));
        item.inBinding = !r.constant;
        bool ok = true;
        item.expr = exprOf(r.arg, flags, ok, item.why);
        item.derived = ok;
        if (!ok && r.constant && r.arg.kind == ArgValue::Kind::Int && !isOpaque(r.arg.value)) {
            // A compiled-in constant needs no binding form, only a value.
            item.derived = true;
            item.why.clear();
        }
        if (ok && which == BindingItem::Side::Port && r.kind == ParamRow::Kind::Tensor)
            checkDeclaredRank(r, item);
        if (!item.derived && item.inBinding)
            incomplete(sideWord(which) + "parameter " + r.name + ": " + item.why);
        if (item.inBinding)
            params.push_back(item.expr);
        m_b.items.push_back(item);
    }

    // kernel.rs declares each tensor's rank: the array passed must have it.
    void checkDeclaredRank(const ParamRow& r, BindingItem& item) const
    {
        const std::string arr = arrayOf(m_b, r.arg.tensor);
        for (const DerivedArray& a : m_b.arrays)
            if (a.name == arr && a.shape.size() != r.rank) {
                item.derived = false;
                item.why = "kernel.rs declares rank " + std::to_string(r.rank) +
                           ", the tensor passed has rank " + std::to_string(a.shape.size());
            }
    }

    void bindGeneric(const ParamRow& r, BindingItem::Side which,
                     const std::map<std::string, bool>& flags)
    {
        BindingItem item = newItem(which, "generic " + r.name, placeOf(r.arg));
        item.inBinding = false;
        bool ok = true;
        if (r.arg.kind == ArgValue::Kind::Dtype)
            item.expr = r.arg.elem.rfind("of:", 0) == 0 ? "the dtype of " + r.arg.elem.substr(3)
                                                        : r.arg.elem;
        else
            item.expr = exprOf(r.arg, flags, ok, item.why);
        if (!ok && r.arg.kind == ArgValue::Kind::Int)
            item.expr = symText(resolvedSym(r.arg.value, flags),
                                [this](const SymNode& n) { return nameOf(n); });
        item.derived = ok || r.arg.kind == ArgValue::Kind::Int;
        m_b.items.push_back(item);
    }

    void bindGrid(const SideChain& s, BindingItem::Side which,
                  const std::map<std::string, bool>& flags, std::vector<std::string>& grid)
    {
        const char* axes[] = {"grid.x", "grid.y", "grid.z"};
        for (size_t i = 0; i < 3; ++i) {
            BindingItem item = newItem(which, axes[i], s.launch.gridLoc);
            if (i < s.launch.grid.size()) {
                const ArgValue& g = s.launch.grid[i];
                item.loc = placeOf(g);
                bool ok = true;
                item.expr = exprOf(g, flags, ok, item.why);
                item.derived = ok;
                if (!ok)
                    incomplete(sideWord(which) + axes[i] + ": " + item.why);
            } else {
                item.expr = "1";
            }
            grid.push_back(item.expr);
            m_b.items.push_back(item);
        }
    }

    void bindHint(const std::string& hint, const ArgValue& a, BindingItem::Side which,
                  const std::map<std::string, bool>& flags)
    {
        BindingItem item = newItem(which, "hint " + hint, placeOf(a));
        item.inBinding = false;
        bool ok = true;
        item.expr = a.kind == ArgValue::Kind::Int ? exprOf(a, flags, ok, item.why) : "?";
        if (a.kind != ArgValue::Kind::Int) {
            item.derived = false;
            item.why = a.why;
        }
        m_b.items.push_back(item);
    }

    // ---- sizes of the run

    // Sizes compiled in as they are (not through next_power_of_2, which covers any size);
    // factors of a product (n_kv_heads * repeat_kv) apart.
    static void findCompiled(const Sym& s, bool inProduct, SizeUses& u)
    {
        if (!s || s->op == SymOp::NextPow2)
            return;
        if (s->op == SymOp::Dim)
            (inProduct ? u.factors : u.compiled).insert(s->name);
        for (const Sym& a : s->args)
            findCompiled(a, inProduct || s->op == SymOp::Mul, u);
    }

    void findTiled(const Sym& s, SizeUses& u) const
    {
        if (!s)
            return;
        if (s->op == SymOp::CeilDiv || s->op == SymOp::FloorDiv)
            collectKeys(canon(s->args[0]), SymOp::Dim, u.tiled);
        for (const Sym& a : s->args)
            findTiled(a, u);
    }

    SizeUses sizeUses() const
    {
        SizeUses u;
        for (const SideChain* s : {&m_e.port, &m_e.ref})
            for (const auto& [k, d] : s->path.divisibility)
                u.divisors[k] = std::max(u.divisors[k], d);
        for (const SideChain* s : {&m_e.port, &m_e.ref}) {
            for (const ArgValue& g : s->launch.grid)
                for (const Sym* sym : symsOf(g))
                    findTiled(*sym, u);
            for (const ParamRow& r : s->generics)
                for (const Sym* sym : symsOf(r.arg))
                    findCompiled(canon(*sym), false, u);
            for (const ParamRow& r : s->params)
                if (r.constant)
                    for (const Sym* sym : symsOf(r.arg))
                        findCompiled(canon(*sym), false, u);
        }
        countArrayMentions(u);
        countLaunchMentions(u);
        return u;
    }

    void countArrayMentions(SizeUses& u) const
    {
        for (const DerivedArray& a : m_b.arrays)
            for (const Sym& s : a.shape) {
                std::set<std::string> keys;
                collectKeys(s, SymOp::Dim, keys);
                for (const std::string& k : keys) {
                    ++u.mentions[k];
                    if (a.shape.size() == 1 && a.ref && a.ref->input)
                        u.ofRankOneInput.insert(k);
                }
            }
    }

    void countLaunchMentions(SizeUses& u) const
    {
        SymEnv env;
        env.values = m_b.resolved;
        if (m_spec)
            for (const auto& [k, v] : m_spec->fixed)
                env.values[k] = v;
        const auto mention = [&](const Sym& sym) {
            std::set<std::string> keys;
            collectKeys(canon(sym), SymOp::Dim, keys);
            for (const std::string& k : keys)
                ++u.mentions[k];
        };
        const auto compiledIn = [&](const ArgValue& a) {
            for (const Sym* sym : symsOf(a)) {
                mention(*sym);
                if (const auto v = evalSym(canon(*sym), env); v && *v <= 4096)
                    u.largestCompiled = std::max(u.largestCompiled, *v);
            }
        };
        for (const SideChain* s : {&m_e.port, &m_e.ref}) {
            for (const ParamRow& r : s->generics)
                compiledIn(r.arg);
            for (const ParamRow& r : s->params)
                if (r.arg.kind == ArgValue::Kind::Int && r.arg.attr.empty())
                    compiledIn(r.arg);
            for (const ArgValue& g : s->launch.grid)
                for (const Sym* sym : symsOf(g))
                    mention(*sym);
        }
    }

    void chooseSize(const std::string& key, const SizeUses& u)
    {
        const std::string& name = m_b.names[key];
        // A rank-1 input whose size nothing else in the launch mentions (per-head sinks, a
        // per-channel weight) is read with compiled-in bounds: it gets the largest size
        // compiled into the kernel, so that those reads stay inside it.
        if (u.mentionsOf(key) == 1 && u.ofRankOneInput.count(key) && u.largestCompiled > 1 &&
            !specified(key)) {
            m_b.dims[name] = {u.largestCompiled};
            m_b.facts.push_back({name + " = " + std::to_string(u.largestCompiled) +
                                     ": a size nothing else in the launch mentions; the largest "
                                     "size compiled into the kernel, so that its reads stay inside",
                                 {}});
            return;
        }
        if (m_spec && m_spec->candidates.count(key))
            m_b.dims[name] = m_spec->candidates.at(key);
        else if (m_spec && m_spec->fixed.count(key))
            m_b.dims[name] = {m_spec->fixed.at(key)};
        else
            m_b.dims[name] = defaultSizes(key, u);
    }

    // Ragged values (smaller for arrays of higher rank); a size no grid tiles gets 16 when it
    // is compiled into the kernel, 2 when it is a factor or an axis of a rank >= 4 array.
    // Rounded up to the wrappers' divisibility guards.
    std::vector<int64_t> defaultSizes(const std::string& key, const SizeUses& u) const
    {
        size_t rank = 1;
        for (const DerivedArray& a : m_b.arrays)
            for (const Sym& s : a.shape) {
                std::set<std::string> keys;
                collectKeys(s, SymOp::Dim, keys);
                if (keys.count(key))
                    rank = std::max(rank, a.shape.size());
            }
        std::vector<int64_t> values =
            rank <= 2 ? std::vector<int64_t>{48, 144} : std::vector<int64_t>{16, 48};
        const bool tiled = u.tiled.count(key) != 0;
        if (!tiled && u.factors.count(key))
            values = {2};
        else if (!tiled && u.compiled.count(key))
            values = {16};
        else if (!tiled && rank >= 4)
            values = {2};
        const auto divisor = u.divisors.find(key);
        const int64_t d = divisor != u.divisors.end() ? divisor->second : 1;
        for (int64_t& v : values)
            v = (v + d - 1) / d * d;
        return values;
    }

    void describeChosenSizes()
    {
        std::string chosen;
        for (const std::string& key : m_b.dimKeys) {
            if (specified(key))
                continue;
            const std::string& name = m_b.names[key];
            chosen += (chosen.empty() ? "" : ", ") + name + " = ";
            const auto& v = m_b.dims[name];
            for (size_t i = 0; i < v.size(); ++i)
                chosen += (i ? "/" : "") + std::to_string(v[i]);
        }
        if (!chosen.empty())
            m_b.facts.push_back({"sizes chosen for a CPU run (small, ragged against power-of-two "
                                 "tiles; divisible as the wrappers' guards ask): " +
                                     chosen,
                                 {}});
    }

    const EntryChain& m_e;
    const Specialization* m_spec;
    DerivedBinding m_b;
    std::map<std::string, Sym> m_aliasSubst; // sizes a guard makes equal -> one of them
    std::map<std::string, Sym> m_bySubst;    // tunables and device values -> as chosen
    std::set<std::string> m_taken;           // names of arrays, sizes and scalars
};

} // namespace

DerivedBinding deriveBinding(const EntryChain& e, const Specialization* spec)
{
    return BindingDeriver(e, spec).run();
}

} // namespace tilelens::ws
