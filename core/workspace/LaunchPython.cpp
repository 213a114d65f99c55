#include "workspace/LaunchPyInterp.h"

#include <algorithm>

namespace tilelens::ws::launch {
namespace py {

PV makeValue(Value v)
{
    return std::make_shared<const Value>(std::move(v));
}
PV mkNone()
{
    Value v;
    v.k = VK::None;
    return makeValue(std::move(v));
}
PV mkInt(Sym s, Loc origin)
{
    Value v;
    v.k = VK::Int;
    v.i = s ? std::move(s) : symOpaque("no value");
    v.origin = std::move(origin);
    return makeValue(std::move(v));
}
PV mkInt(int64_t x)
{
    return mkInt(symConst(x));
}
PV mkFloat(std::optional<double> f, Loc origin)
{
    Value v;
    v.k = VK::Float;
    v.f = f;
    v.origin = std::move(origin);
    return makeValue(std::move(v));
}
PV mkStr(std::string s)
{
    Value v;
    v.k = VK::Str;
    v.s = std::move(s);
    return makeValue(std::move(v));
}
PV mkUnknown(std::string why, Loc origin)
{
    Value v;
    v.k = VK::Unknown;
    v.s = std::move(why);
    v.origin = std::move(origin);
    return makeValue(std::move(v));
}
PV mkBuiltin(std::string name)
{
    Value v;
    v.k = VK::Builtin;
    v.s = std::move(name);
    return makeValue(std::move(v));
}
PV mkSeq(VK kind, std::vector<PV> items)
{
    Value v;
    v.k = kind;
    v.items = std::make_shared<std::vector<PV>>(std::move(items));
    return makeValue(std::move(v));
}
PV mkTensor(TensorRef t, Loc origin, std::vector<Hop> hops)
{
    Value v;
    v.k = VK::Tensor;
    v.t = std::move(t);
    v.origin = std::move(origin);
    v.hops = std::move(hops);
    return makeValue(std::move(v));
}
PV withLoc(const PV& v, const Loc& loc, const std::string& text)
{
    Value copy = *v;
    copy.loc = loc;
    copy.text = text;
    if (!copy.origin.valid())
        copy.origin = loc;
    return makeValue(std::move(copy));
}
PV withHop(const PV& v, const Loc& loc, const std::string& receiver)
{
    if (v->k != VK::Tensor && v->k != VK::Desc)
        return v;
    Value copy = *v;
    if (copy.hops.size() < 64)
        copy.hops.push_back({loc, receiver});
    if (copy.t && receiver.size() && copy.t->names.size() < 32 &&
        std::find(copy.t->names.begin(), copy.t->names.end(), receiver) == copy.t->names.end())
        copy.t->names.push_back(receiver);
    return makeValue(std::move(copy));
}

std::string describe(const PV& v)
{
    switch (v->k) {
    case VK::None:
        return "None";
    case VK::Int:
        return "an integer";
    case VK::Float:
    case VK::Ratio:
        return "a float";
    case VK::Str:
        return "a string";
    case VK::Tuple:
    case VK::List:
        return "a sequence";
    case VK::Tensor:
        return "a tensor";
    case VK::Unknown:
        return "an unknown value (" + v->s + ")";
    default:
        return "a value";
    }
}

Interp::Interp(const PyModuleSource& m, const PyRunOptions& o, std::vector<ConfigGroup>& groups,
               std::vector<SourceNote>& notes)
    : module(m), options(o), m_groups(groups), m_notes(notes)
{
}

Loc Interp::locOf(int node) const
{
    return node >= 0 ? Loc{module.path, module.file.at(node).line} : Loc{module.path, 0};
}

std::string Interp::textOf(int node) const
{
    return pyExprText(module.file, node);
}

void Interp::note(int node, const std::string& message)
{
    if (!path || path->notes.size() >= 64)
        return;
    const Loc loc = locOf(node);
    for (const SourceNote& n : path->notes)
        if (n.loc.line == loc.line && n.message == message)
            return;
    path->notes.push_back({loc, message});
}

// ---- module and entry

bool Interp::containsYield(int node) const
{
    if (node < 0)
        return false;
    std::vector<int> work{node};
    size_t visited = 0;
    while (!work.empty() && ++visited < 200000) {
        const int n = work.back();
        work.pop_back();
        const PyNode& x = module.file.at(n);
        if (x.kind == PyKind::Yield)
            return true;
        if (x.kind == PyKind::Def || x.kind == PyKind::Lambda || x.kind == PyKind::Class)
            if (n != node)
                continue; // nested functions have their own
        for (int k : x.kids)
            if (k >= 0)
                work.push_back(k);
    }
    return false;
}

PV Interp::defineFunction(int def, const std::shared_ptr<Scope>& scope)
{
    Value v;
    v.k = VK::Func;
    v.node = def;
    v.closure = scope;
    v.s = module.file.at(def).text;
    v.generator = containsYield(module.file.kid(def, 2));
    PV fn = makeValue(std::move(v));
    // Decorators apply bottom-up: @ct.kernel makes a Kernel; known wrappers run.
    const int decorators = module.file.kid(def, 1);
    const std::vector<int> decs =
        decorators >= 0 ? module.file.at(decorators).kids : std::vector<int>{};
    for (auto it = decs.rbegin(); it != decs.rend(); ++it) {
        const std::string text = textOf(*it);
        if (text == "ct.kernel" || text == "cuda.tile.kernel" || text.rfind("ct.kernel(", 0) == 0 ||
            text.rfind("cuda.tile.kernel(", 0) == 0) {
            Value k;
            k.k = VK::Kernel;
            k.s = module.file.at(def).text;
            k.ns = std::make_shared<std::map<std::string, PV>>();
            fn = makeValue(std::move(k));
            continue;
        }
        const PV dec = eval(*it, scope);
        if (dec->k == VK::Func)
            fn = callFunction(dec, {fn}, {}, *it);
        // Anything else (register_impl(...), functools.wraps(f), experimental_kernel, ...)
        // registers or annotates: the function stays what it is.
    }
    return fn;
}

void Interp::runModule(const std::shared_ptr<Scope>& scope)
{
    const PyNode& root = module.file.at(module.file.root);
    for (int stmt : root.kids) {
        const PyNode& s = module.file.at(stmt);
        // Module level: definitions and constant assignments; the rest is import-time code.
        if (s.kind == PyKind::Def || s.kind == PyKind::Class || s.kind == PyKind::Assign ||
            s.kind == PyKind::Block) {
            PV ret;
            exec(stmt, scope, ret);
            m_raised = false;
        }
        if (m_stopped)
            return;
    }
}

std::vector<PV> Interp::opInputs(int def, std::vector<std::pair<std::string, PV>>& kwargs)
{
    std::vector<PV> positional;
    const int params = module.file.kid(def, 0);
    if (params < 0)
        return positional;
    for (int p : module.file.at(params).kids) {
        const PyNode& param = module.file.at(p);
        const std::string& name = param.text;
        if (name.empty() || name[0] == '*' || name == "self" || name == "ctx")
            continue;
        const int dflt = module.file.kid(p, 0);
        if (dflt < 0) {
            TensorRef t = std::make_shared<TensorInfo>();
            t->storage = "in:" + name;
            t->root = name;
            t->input = true;
            t->created = locOf(p);
            t->dtype = "of:" + name;
            t->names.push_back(name);
            positional.push_back(mkTensor(t, locOf(p), {{locOf(p), name}}));
            continue;
        }
        const PyKind k = module.file.at(dflt).kind;
        PV value;
        if (k == PyKind::NoneLit) {
            if (decisions) {
                decisions->preferences[name + " is not None"] = false;
                decisions->preferences[name] = false;
            }
            Value v;
            v.k = VK::Optional;
            v.s = name;
            v.origin = locOf(p);
            value = makeValue(std::move(v));
        } else if (k == PyKind::True || k == PyKind::False) {
            flagDefaults[name] = k == PyKind::True;
            if (decisions)
                decisions->preferences[name] = k == PyKind::True;
            value = mkInt(symFlag(name), locOf(p));
        } else {
            value = eval(dflt, m_moduleScope);
        }
        kwargs.push_back({name, value});
    }
    return positional;
}

bool Interp::runOnce(const std::string& registered, Decisions& d, PathResult& out)
{
    decisions = &d;
    path = &out;
    m_steps = 0;
    m_depth = 0;
    m_raised = false;
    m_stopped = false;
    allocCount = 0;
    m_moduleScope = std::make_shared<Scope>();
    runModule(m_moduleScope);
    int def = -1;
    for (const auto& [name, node] : registeredOps(module.file))
        if (name == registered)
            def = node;
    if (def < 0)
        return false;
    PV fn = lookup(module.file.at(def).text, m_moduleScope);
    if (fn->k != VK::Func)
        return false;
    std::vector<std::pair<std::string, PV>> kwargs;
    // The op's own parameters name the inputs, even behind a decorator's wrapper.
    std::vector<PV> inputs = opInputs(def, kwargs);
    // A registered getter (`def get_swiglu(): return swiglu`) leads to the op itself.
    if (module.file.kid(fn->node, 0) >= 0 && inputs.empty() && kwargs.empty()) {
        const PV op = callFunction(fn, {}, {}, def);
        if (op->k == VK::Func) {
            fn = op;
            inputs = opInputs(fn->node, kwargs);
        }
    }
    call(fn, inputs, kwargs, def);
    out.raised = m_raised;
    out.cut = m_stopped;
    out.assumptions = d.assumptions();
    out.defaults = d.defaults();
    return true;
}

// ---- statements

Interp::Flow Interp::execBlock(int block, const std::shared_ptr<Scope>& scope, PV& ret)
{
    if (block < 0)
        return Flow::Normal;
    for (int stmt : module.file.at(block).kids) {
        const Flow f = exec(stmt, scope, ret);
        if (f != Flow::Normal)
            return f;
    }
    return Flow::Normal;
}

bool Interp::preferredFor(int ifNode) const
{
    // Guards that end in raise prefer the path that goes on.
    const int body = module.file.kid(ifNode, 1);
    if (body < 0 || module.file.at(body).kids.empty())
        return true;
    const PyKind first = module.file.at(module.file.at(body).kids.front()).kind;
    return first != PyKind::Raise;
}

Interp::Flow Interp::execIf(int node, const std::shared_ptr<Scope>& scope, PV& ret)
{
    const int condNode = module.file.kid(node, 0);
    const PV cond = eval(condNode, scope);
    if (m_raised)
        return Flow::Raise;
    const bool preferred = preferredFor(node);
    const bool taken = truth(cond, condNode, preferred);
    // `if X % k != 0: raise` passed: X is a multiple of k on this path.
    if (!taken && !preferred && cond->k == VK::Int && cond->i->op == SymOp::Ne &&
        cond->i->args[0]->op == SymOp::Mod && isConst(cond->i->args[1])) {
        const Sym& x = cond->i->args[0]->args[0];
        int64_t k = 0;
        if (x->op == SymOp::Dim && isConst(cond->i->args[0]->args[1], &k) && k > 1)
            path->divisibility[x->name] = k;
    }
    return execBlock(module.file.kid(node, taken ? 1 : 2), scope, ret);
}

std::vector<PV> Interp::iterate(const PV& vIn, int node)
{
    const PV v = vIn->k == VK::Ndim && vIn->s == "shape" ? resolveShape(vIn, node) : vIn;
    if (v->k == VK::Tuple || v->k == VK::List)
        return *v->items;
    if (v->k == VK::Dict) {
        std::vector<PV> keys;
        for (const auto& [k, value] : *v->dict)
            keys.push_back(k);
        return keys;
    }
    note(node, "iterates over " + describe(v) + ": the loop body is not followed");
    return {};
}

Interp::Flow Interp::execFor(int node, const std::shared_ptr<Scope>& scope, PV& ret)
{
    const PV seq = eval(module.file.kid(node, 1), scope);
    if (m_raised)
        return Flow::Raise;
    const std::vector<PV> items = iterate(seq, node);
    size_t n = 0;
    for (const PV& item : items) {
        if (++n > 4096)
            break;
        assign(module.file.kid(node, 0), item, scope);
        const Flow f = execBlock(module.file.kid(node, 2), scope, ret);
        if (f == Flow::Break)
            return Flow::Normal;
        if (f == Flow::Continue)
            continue;
        if (f != Flow::Normal)
            return f;
    }
    return execBlock(module.file.kid(node, 3), scope, ret);
}

Interp::Flow Interp::exec(int node, const std::shared_ptr<Scope>& scope, PV& ret)
{
    if (node < 0)
        return Flow::Normal;
    if (++m_steps > kMaxSteps || m_stopped) {
        m_stopped = true;
        return Flow::Stop;
    }
    const PyNode& s = module.file.at(node);
    switch (s.kind) {
    case PyKind::Block:
        return execBlock(node, scope, ret);
    case PyKind::Def:
        scope->vars[s.text] = defineFunction(node, scope);
        return Flow::Normal;
    case PyKind::Class: {
        Value v;
        v.k = VK::Class;
        v.node = node;
        v.s = s.text;
        v.closure = scope;
        scope->vars[s.text] = makeValue(std::move(v));
        return Flow::Normal;
    }
    case PyKind::Assign: {
        const PV value = eval(s.kids.back(), scope);
        if (m_raised)
            return Flow::Raise;
        for (size_t i = 0; i + 1 < s.kids.size(); ++i)
            assign(s.kids[i], value, scope);
        return Flow::Normal;
    }
    case PyKind::AugAssign: {
        const PV l = eval(s.kids[0], scope);
        const PV r = eval(s.kids[1], scope);
        const PV v = evalBinary(node, l, r);
        assign(s.kids[0], v, scope);
        return m_raised ? Flow::Raise : Flow::Normal;
    }
    case PyKind::If:
        return execIf(node, scope, ret);
    case PyKind::For:
        return execFor(node, scope, ret);
    case PyKind::While:
        note(node, "a while loop is not followed");
        return Flow::Normal;
    case PyKind::With: {
        const int items = module.file.kid(node, 0);
        if (items >= 0)
            for (int item : module.file.at(items).kids) {
                const PV v = eval(module.file.kid(item, 0), scope);
                if (module.file.kid(item, 1) >= 0)
                    assign(module.file.kid(item, 1), v, scope);
            }
        return execBlock(module.file.kid(node, 1), scope, ret);
    }
    case PyKind::Try: {
        const Flow f = execBlock(module.file.kid(node, 0), scope, ret);
        if (f == Flow::Raise) {
            m_raised = false;
            note(node, "an exception handler is not followed");
            return Flow::Raise;
        }
        if (f == Flow::Normal)
            return execBlock(module.file.kid(node, 2), scope, ret);
        return f;
    }
    case PyKind::Return:
        ret = s.kids.empty() ? mkNone() : eval(s.kids[0], scope);
        return m_raised ? Flow::Raise : Flow::Return;
    case PyKind::Raise:
        m_raised = true;
        return Flow::Raise;
    case PyKind::Assert: {
        if (s.kids.empty())
            return Flow::Normal;
        const PV cond = eval(s.kids[0], scope);
        if (m_raised)
            return Flow::Raise;
        if (!truth(cond, s.kids[0], true)) {
            m_raised = true;
            return Flow::Raise;
        }
        return Flow::Normal;
    }
    case PyKind::ExprStmt: {
        const int e = s.kids.empty() ? -1 : s.kids[0];
        if (e >= 0 && module.file.at(e).kind == PyKind::Yield) {
            const int x = module.file.kid(e, 0);
            const PV v = x >= 0 ? eval(x, scope) : mkNone();
            if (m_yields && m_yields->size() < 1024) {
                if (module.file.at(e).text == "from")
                    for (const PV& item : iterate(v, e))
                        m_yields->push_back({item});
                else
                    m_yields->push_back({v});
            }
            return m_raised ? Flow::Raise : Flow::Normal;
        }
        eval(e, scope);
        return m_raised ? Flow::Raise : m_stopped ? Flow::Stop : Flow::Normal;
    }
    case PyKind::Break:
        return Flow::Break;
    case PyKind::Continue:
        return Flow::Continue;
    default:
        return Flow::Normal;
    }
}

PV Interp::lookup(const std::string& name, const std::shared_ptr<Scope>& scope) const
{
    for (const Scope* s = scope.get(); s; s = s->parent.get()) {
        auto it = s->vars.find(name);
        if (it != s->vars.end())
            return it->second;
    }
    if (name == "True")
        return mkInt(1);
    if (name == "False")
        return mkInt(0);
    return mkBuiltin(name);
}

void Interp::assign(int target, const PV& value, const std::shared_ptr<Scope>& scope)
{
    if (target < 0)
        return;
    const PyNode& t = module.file.at(target);
    switch (t.kind) {
    case PyKind::Name: {
        if (value->k == VK::Int && value->i && value->i->op == SymOp::Dim && path)
            path->dimNames.emplace(value->i->name, t.text);
        PV v = withHop(value, locOf(target), t.text);
        if (v->k == VK::Tensor && v->t && !v->t->input && v->t->root.empty())
            v->t->root = t.text;
        scope->vars[t.text] = v;
        return;
    }
    case PyKind::Tuple:
    case PyKind::List: {
        PV seq = value;
        if (seq->k == VK::Ndim && seq->s == "shape")
            seq = resolveShape(seq, target, t.kids.size());
        if (seq->k == VK::Tensor || seq->k == VK::Optional)
            seq = materialize(seq, target, true);
        if (seq->k == VK::Tensor) // `a, b = t.shape` never reaches here; iterating a tensor
            seq = mkUnknown("a tensor is unpacked");
        const size_t n = t.kids.size();
        if ((seq->k == VK::Tuple || seq->k == VK::List) && seq->items->size() == n) {
            for (size_t i = 0; i < n; ++i)
                assign(t.kids[i], (*seq->items)[i], scope);
            return;
        }
        for (size_t i = 0; i < n; ++i)
            assign(t.kids[i],
                   mkUnknown(seq->k == VK::Unknown ? seq->s
                                                   : "unpacks " + describe(seq) + " into " +
                                                         std::to_string(n) + " names"),
                   scope);
        return;
    }
    case PyKind::Subscript: {
        const PV obj = eval(t.kids[0], scope);
        const PV index = eval(t.kids[1], scope);
        if (obj->k == VK::Dict) {
            const std::string key = textOf(t.kids[1]) + "#" + describe(index);
            for (auto& [k, v] : *obj->dict)
                if (k->text == key) {
                    v = value;
                    return;
                }
            if (obj->dict->size() < 4096)
                obj->dict->push_back({withLoc(index, locOf(target), key), value});
            return;
        }
        int64_t i = 0;
        if (obj->k == VK::List && index->k == VK::Int && isConst(index->i, &i)) {
            const int64_t n = int64_t(obj->items->size());
            if (i < 0)
                i += n;
            if (i >= 0 && i < n)
                (*obj->items)[size_t(i)] = value;
        }
        return;
    }
    case PyKind::Attr: {
        const PV obj = eval(t.kids[0], scope);
        if (obj->k == VK::Ns && obj->ns)
            (*obj->ns)[t.text] = value;
        return;
    }
    case PyKind::Starred:
        assign(t.kids[0], value, scope);
        return;
    default:
        return;
    }
}

// ---- truth and forks

bool Interp::truth(const PV& v, int node, bool preferred)
{
    const std::string placeKey = "cond@" + std::to_string(locOf(node).line) + ":" + textOf(node);
    switch (v->k) {
    case VK::None:
        return false;
    case VK::Str:
        return !v->s.empty();
    case VK::Tuple:
    case VK::List:
        return !v->items->empty();
    case VK::Dict:
        return !v->dict->empty();
    case VK::Float:
        if (v->f)
            return *v->f != 0;
        return decisions->decide(placeKey, preferred);
    case VK::Optional: {
        if (!decisions->decide(v->s + " is not None", false))
            return false;
        auto it = flagDefaults.find(v->s);
        return decisions->decide(v->s, it != flagDefaults.end() ? it->second : false);
    }
    case VK::Int: {
        Sym s = v->i;
        const auto recordEquality = [&](bool taken) {
            const Sym x = partialEval(v->i, decisions->assumptions());
            if ((x->op == SymOp::Eq || x->op == SymOp::Ne) && x->args[0]->op == SymOp::Dim &&
                x->args[1]->op == SymOp::Dim && taken == (x->op == SymOp::Eq) &&
                path->dimEquals.size() < 64)
                path->dimEquals.push_back({x->args[0]->name, x->args[1]->name});
            return taken;
        };
        for (int round = 0; round < 16; ++round) {
            s = partialEval(s, decisions->assumptions());
            int64_t c = 0;
            if (isConst(s, &c))
                return c != 0;
            std::set<std::string> flags;
            collectKeys(s, SymOp::Flag, flags);
            if (flags.empty())
                break;
            const std::string& key = *flags.begin();
            decisions->decide(key, decisions->preferred(key, preferred));
        }
        return recordEquality(decisions->decide(placeKey, preferred));
    }
    case VK::Unknown:
    case VK::Ndim:
        return decisions->decide(placeKey, preferred);
    default:
        return true;
    }
}

PV Interp::materialize(const PV& v, int node, bool asTensor)
{
    if (v->k != VK::Optional)
        return v;
    if (!decisions->decide(v->s + " is not None", false))
        return mkNone();
    if (!asTensor)
        return mkInt(symDim("opt:" + v->s), v->origin);
    TensorRef t = std::make_shared<TensorInfo>();
    t->storage = "in:" + v->s;
    t->root = v->s;
    t->input = true;
    t->created = v->origin;
    t->dtype = "of:" + v->s;
    t->names.push_back(v->s);
    (void)node;
    return mkTensor(t, v->origin, {{v->origin, v->s}});
}

Sym Interp::toSym(const PV& v, int node)
{
    switch (v->k) {
    case VK::Int:
        return v->i;
    case VK::Optional:
        return toSym(materialize(v, node, false), node);
    case VK::None:
        return symOpaque("None where an integer is expected");
    case VK::Float:
        if (v->f && *v->f == double(int64_t(*v->f)))
            return symConst(int64_t(*v->f));
        return symOpaque("a float where an integer is expected");
    case VK::Unknown:
        return symOpaque(v->s);
    default:
        return symOpaque(describe(v) + " where an integer is expected");
    }
}

// ---- expressions

PV Interp::eval(int node, const std::shared_ptr<Scope>& scope)
{
    if (node < 0)
        return mkNone();
    if (m_stopped || ++m_steps > kMaxSteps) {
        m_stopped = true;
        return mkUnknown("the run was cut (step limit)");
    }
    const PyNode& n = module.file.at(node);
    const Loc here = locOf(node);
    switch (n.kind) {
    case PyKind::Name:
        return lookup(n.text, scope);
    case PyKind::Int: {
        int64_t v = 0;
        try {
            size_t used = 0;
            v = std::stoll(n.text, &used, 0);
            if (used != n.text.size())
                return mkUnknown("the number " + n.text + " is not read", here);
        } catch (...) {
            return mkUnknown("the number " + n.text + " is out of range", here);
        }
        return mkInt(symConst(v), here);
    }
    case PyKind::Float: {
        try {
            return mkFloat(std::stod(n.text), here);
        } catch (...) {
            return mkFloat(std::nullopt, here);
        }
    }
    case PyKind::Str:
        return mkStr(n.text);
    case PyKind::NoneLit:
        return mkNone();
    case PyKind::True:
        return mkInt(symConst(1), here);
    case PyKind::False:
        return mkInt(symConst(0), here);
    case PyKind::Tuple:
    case PyKind::List:
    case PyKind::Set: {
        std::vector<PV> items;
        for (int k : n.kids) {
            if (module.file.at(k).kind == PyKind::Starred) {
                for (const PV& x : iterate(eval(module.file.kid(k, 0), scope), k))
                    items.push_back(x);
                continue;
            }
            items.push_back(withLoc(eval(k, scope), locOf(k), textOf(k)));
        }
        return mkSeq(n.kind == PyKind::List ? VK::List : VK::Tuple, std::move(items));
    }
    case PyKind::Dict: {
        Value v;
        v.k = VK::Dict;
        v.dict = std::make_shared<std::vector<std::pair<PV, PV>>>();
        for (size_t i = 0; i + 1 < n.kids.size(); i += 2) {
            if (n.kids[i] >= 0 && module.file.at(n.kids[i]).kind == PyKind::Starred) {
                const PV other = eval(module.file.kid(n.kids[i], 0), scope);
                if (other->k == VK::Dict)
                    for (const auto& kv : *other->dict)
                        v.dict->push_back(kv);
                continue;
            }
            const PV key = eval(n.kids[i], scope);
            const std::string keyText =
                key->k == VK::Str ? "'" + key->s + "'" : textOf(n.kids[i]) + "#" + describe(key);
            v.dict->push_back(
                {withLoc(key, locOf(n.kids[i]), keyText), eval(n.kids[i + 1], scope)});
        }
        return makeValue(std::move(v));
    }
    case PyKind::Attr:
        return attribute(eval(n.kids[0], scope), n.text, node);
    case PyKind::Subscript:
        return evalSubscript(node, eval(n.kids[0], scope), eval(n.kids[1], scope));
    case PyKind::Call: {
        const PV f = eval(n.kids[0], scope);
        std::vector<PV> args;
        std::vector<std::pair<std::string, PV>> kwargs;
        for (size_t i = 1; i < n.kids.size(); ++i) {
            const int a = n.kids[i];
            const PyNode& arg = module.file.at(a);
            if (arg.kind == PyKind::Keyword) {
                kwargs.push_back({arg.text, withLoc(eval(arg.kids[0], scope), locOf(arg.kids[0]),
                                                    textOf(arg.kids[0]))});
            } else if (arg.kind == PyKind::Starred && arg.text == "**") {
                const PV d = eval(arg.kids[0], scope);
                if (d->k == VK::Dict)
                    for (const auto& [k, v] : *d->dict)
                        if (k->k == VK::Str)
                            kwargs.push_back({k->s, v});
            } else if (arg.kind == PyKind::Starred) {
                for (const PV& x : iterate(eval(arg.kids[0], scope), a))
                    args.push_back(x);
            } else {
                args.push_back(withLoc(eval(a, scope), locOf(a), textOf(a)));
            }
        }
        if (m_raised)
            return mkUnknown("raised");
        return call(f, std::move(args), std::move(kwargs), node);
    }
    case PyKind::BinOp:
        return evalBinary(node, eval(n.kids[0], scope), eval(n.kids[1], scope));
    case PyKind::UnOp: {
        const PV x = eval(n.kids[0], scope);
        if (n.text == "not") {
            if (x->k == VK::Int)
                return mkInt(symUnary(SymOp::Not, x->i), here);
            return mkInt(symConst(truth(x, n.kids[0]) ? 0 : 1), here);
        }
        if (n.text == "-") {
            if (x->k == VK::Float)
                return mkFloat(x->f ? std::optional<double>(-*x->f) : std::nullopt, here);
            return mkInt(symUnary(SymOp::Neg, toSym(x, node)), here);
        }
        if (n.text == "+")
            return x;
        return mkUnknown("operator " + n.text + " is not modelled", here);
    }
    case PyKind::Compare:
        return evalCompare(node, eval(n.kids[0], scope), eval(n.kids[1], scope));
    case PyKind::BoolOp:
        return evalBoolOp(node, scope);
    case PyKind::IfExp: {
        const PV cond = eval(n.kids[1], scope);
        if (cond->k == VK::Int) {
            const Sym c = partialEval(cond->i, decisions->assumptions());
            if (!isConst(c)) {
                const PV a = eval(n.kids[0], scope);
                const PV b = eval(n.kids[2], scope);
                if (a->k == VK::Int && b->k == VK::Int)
                    return mkInt(symSelect(c, a->i, b->i), here);
                return truth(cond, n.kids[1]) ? a : b;
            }
        }
        return truth(cond, n.kids[1]) ? eval(n.kids[0], scope) : eval(n.kids[2], scope);
    }
    case PyKind::Lambda: {
        Value v;
        v.k = VK::Func;
        v.node = node;
        v.closure = scope;
        v.s = "lambda";
        return makeValue(std::move(v));
    }
    case PyKind::ListComp:
        return evalComprehension(node, scope);
    case PyKind::Starred:
        return eval(n.kids[0], scope);
    case PyKind::Yield:
        return mkNone();
    default:
        return mkUnknown("this expression is not read", here);
    }
}

PV Interp::evalComprehension(int node, const std::shared_ptr<Scope>& scope)
{
    const PyNode& n = module.file.at(node);
    auto inner = std::make_shared<Scope>();
    inner->parent = scope;
    std::vector<PV> out;
    // Nested generators, depth first; each level binds its target.
    std::function<void(size_t)> level = [&](size_t k) {
        if (out.size() >= 4096 || m_stopped)
            return;
        if (k >= n.kids.size()) {
            out.push_back(eval(n.kids[0], inner));
            return;
        }
        const int comp = n.kids[k];
        for (const PV& item : iterate(eval(module.file.kid(comp, 1), inner), comp)) {
            assign(module.file.kid(comp, 0), item, inner);
            bool keep = true;
            for (size_t c = 2; c < module.file.at(comp).kids.size() && keep; ++c)
                keep =
                    truth(eval(module.file.at(comp).kids[c], inner), module.file.at(comp).kids[c]);
            if (keep)
                level(k + 1);
        }
    };
    level(1);
    if (n.text == "dict") {
        Value d;
        d.k = VK::Dict;
        d.dict = std::make_shared<std::vector<std::pair<PV, PV>>>();
        for (const PV& pair : out)
            if (pair->k == VK::Tuple && pair->items->size() == 2)
                d.dict->push_back({(*pair->items)[0], (*pair->items)[1]});
        return makeValue(std::move(d));
    }
    return mkSeq(VK::List, std::move(out));
}

PV Interp::evalBoolOp(int node, const std::shared_ptr<Scope>& scope)
{
    const PyNode& n = module.file.at(node);
    const PV l = eval(n.kids[0], scope);
    const bool isOr = n.text == "or";
    if (l->k == VK::Int) {
        const Sym ls = partialEval(l->i, decisions->assumptions());
        int64_t c = 0;
        if (isConst(ls, &c))
            return (c != 0) == isOr ? l : eval(n.kids[1], scope);
        const PV r = eval(n.kids[1], scope);
        if (r->k == VK::Int)
            return mkInt(isOr ? symOp(SymOp::Truthy, ls, r->i) : symSelect(ls, r->i, ls),
                         locOf(node));
        return truth(l, n.kids[0]) == isOr ? l : r;
    }
    if (l->k == VK::None)
        return isOr ? eval(n.kids[1], scope) : l;
    return truth(l, n.kids[0]) == isOr ? l : eval(n.kids[1], scope);
}

PV Interp::evalBinary(int node, const PV& lIn, const PV& rIn)
{
    const PyNode& n = module.file.at(node);
    const Loc here = locOf(node);
    std::string op = n.text;
    if (n.kind == PyKind::AugAssign)
        op = op.substr(0, op.size() - 1);
    const PV l = lIn->k == VK::Optional ? materialize(lIn, node, false) : lIn;
    const PV r = rIn->k == VK::Optional ? materialize(rIn, node, false) : rIn;
    if ((l->k == VK::Tuple || l->k == VK::List) && l->k == r->k && op == "+") {
        std::vector<PV> items = *l->items;
        items.insert(items.end(), r->items->begin(), r->items->end());
        return mkSeq(l->k, std::move(items));
    }
    if (l->k == VK::Str && r->k == VK::Str && op == "+")
        return mkStr(l->s + r->s);
    if (l->k == VK::Float || r->k == VK::Float || l->k == VK::Ratio || r->k == VK::Ratio) {
        auto num = [](const PV& v) -> std::optional<double> {
            int64_t c = 0;
            if (v->k == VK::Float)
                return v->f;
            if (v->k == VK::Int && isConst(v->i, &c))
                return double(c);
            return std::nullopt;
        };
        const auto a = num(l), b = num(r);
        if (a && b) {
            if (op == "+")
                return mkFloat(*a + *b, here);
            if (op == "-")
                return mkFloat(*a - *b, here);
            if (op == "*")
                return mkFloat(*a * *b, here);
            if (op == "/" && *b != 0)
                return mkFloat(*a / *b, here);
        }
        return mkFloat(std::nullopt, here);
    }
    if (l->k != VK::Int || r->k != VK::Int) {
        if (l->k == VK::Unknown)
            return l;
        if (r->k == VK::Unknown)
            return r;
        return mkUnknown(describe(l) + " " + op + " " + describe(r) + " is not modelled", here);
    }
    if (op == "/") {
        Value v;
        v.k = VK::Ratio;
        v.i = l->i;
        v.den = r->i;
        v.origin = here;
        return makeValue(std::move(v));
    }
    static const std::map<std::string, SymOp> ops = {{"+", SymOp::Add},
                                                     {"-", SymOp::Sub},
                                                     {"*", SymOp::Mul},
                                                     {"//", SymOp::FloorDiv},
                                                     {"%", SymOp::Mod}};
    auto it = ops.find(op);
    if (it == ops.end())
        return mkUnknown("operator " + op + " is not modelled", here);
    return mkInt(symOp(it->second, l->i, r->i), here);
}

PV Interp::evalCompare(int node, const PV& l, const PV& r)
{
    const PyNode& n = module.file.at(node);
    const Loc here = locOf(node);
    const std::string& op = n.text;
    if (op == "is" || op == "is not" ||
        ((op == "==" || op == "!=") && (l->k == VK::None || r->k == VK::None))) {
        const bool negate = op == "is not" || op == "!=";
        const PV& x = l->k == VK::None ? r : l;
        const PV& y = l->k == VK::None ? l : r;
        if (y->k == VK::None) {
            if (x->k == VK::Optional) {
                const Sym notNone = symFlag(x->s + " is not None");
                return mkInt(negate ? notNone : symUnary(SymOp::Not, notNone), here);
            }
            const bool isNone = x->k == VK::None;
            if (x->k == VK::Unknown)
                return mkUnknown(x->s, here);
            return mkInt(symConst(isNone != negate), here);
        }
        return mkUnknown("identity of two values is not modelled", here);
    }
    if (op == "in" || op == "not in") {
        const bool negate = op == "not in";
        if (r->k == VK::Dict) {
            const std::string key = textOf(module.file.kid(node, 0)) + "#" + describe(l);
            bool found = false;
            for (const auto& [k, v] : *r->dict)
                found =
                    found || k->text == key || (k->k == VK::Str && l->k == VK::Str && k->s == l->s);
            return mkInt(symConst(found != negate), here);
        }
        if (r->k == VK::Tuple || r->k == VK::List) {
            // Equality of each item decides membership when every comparison is constant.
            bool any = false, allKnown = true;
            for (const PV& item : *r->items) {
                int64_t c = 0;
                Sym e;
                if (l->k == VK::Int && item->k == VK::Int)
                    e = symOp(SymOp::Eq, l->i, item->i);
                else if (l->k == VK::Str && item->k == VK::Str)
                    e = symConst(l->s == item->s);
                else if (l->k == VK::Dtype && item->k == VK::Dtype)
                    e = l->s == item->s ? symConst(1)
                        : (l->s.rfind("of:", 0) == 0 || item->s.rfind("of:", 0) == 0)
                            ? symOpaque("dtype")
                            : symConst(0);
                else
                    e = symOpaque("membership");
                e = partialEval(e, decisions->assumptions());
                if (isConst(e, &c))
                    any = any || c;
                else
                    allKnown = false;
            }
            if (any)
                return mkInt(symConst(!negate), here);
            if (allKnown)
                return mkInt(symConst(negate), here);
            return mkUnknown("membership is not decided", here);
        }
        return mkUnknown("membership in " + describe(r) + " is not modelled", here);
    }
    static const std::map<std::string, SymOp> ops = {{"==", SymOp::Eq}, {"!=", SymOp::Ne},
                                                     {"<", SymOp::Lt},  {"<=", SymOp::Le},
                                                     {">", SymOp::Gt},  {">=", SymOp::Ge}};
    auto it = ops.find(op);
    if (it == ops.end())
        return mkUnknown("comparison " + op + " is not modelled", here);
    if (l->k == VK::Ndim || r->k == VK::Ndim) {
        const PV& nd = l->k == VK::Ndim ? l : r;
        const PV& other = l->k == VK::Ndim ? r : l;
        int64_t k = 0;
        if (other->k == VK::Int && isConst(other->i, &k) && (op == "==" || op == "!=") && k > 0 &&
            k <= 8) {
            const bool equal =
                decisions->decide("rank(" + nd->t->root + ") == " + std::to_string(k), true);
            if (equal)
                fixRank(nd->t, size_t(k), node);
            return mkInt(symConst(equal == (op == "==")), here);
        }
        return mkUnknown("the rank of " + nd->t->root + " is not known", here);
    }
    if (l->k == VK::Dtype && r->k == VK::Dtype) {
        if (l->s == r->s)
            return mkInt(symConst(op == "=="), here);
        if (l->s.rfind("of:", 0) != 0 && r->s.rfind("of:", 0) != 0)
            return mkInt(symConst(op == "!="), here);
        return mkUnknown("the dtypes " + l->s + " and " + r->s + " are compared", here);
    }
    if (l->k == VK::Str && r->k == VK::Str)
        return mkInt(symConst((l->s == r->s) == (op == "==")), here);
    if ((l->k == VK::Tuple || l->k == VK::List) && (r->k == VK::Tuple || r->k == VK::List) &&
        (op == "==" || op == "!=")) {
        Sym all = symConst(l->items->size() == r->items->size());
        for (size_t i = 0; i < l->items->size() && i < r->items->size(); ++i) {
            const PV e = evalCompare(node, (*l->items)[i], (*r->items)[i]);
            all = symOp(SymOp::And, all,
                        e->k == VK::Int ? (op == "==" ? e->i : symUnary(SymOp::Not, e->i))
                                        : symOpaque("compare"));
        }
        return mkInt(op == "==" ? all : symUnary(SymOp::Not, all), here);
    }
    if (l->k == VK::Unknown || r->k == VK::Unknown)
        return mkUnknown(l->k == VK::Unknown ? l->s : r->s, here);
    const Sym a = toSym(l, node), b = toSym(r, node);
    return mkInt(symOp(it->second, a, b), here);
}

PV Interp::evalSubscript(int node, const PV& objIn, const PV& index)
{
    const Loc here = locOf(node);
    PV obj = objIn->k == VK::Optional ? materialize(objIn, node, true) : objIn;
    if (obj->k == VK::Ndim && obj->s == "shape")
        obj = resolveShape(obj, node);
    if (obj->k == VK::Dict) {
        const std::string key = textOf(module.file.kid(node, 1)) + "#" + describe(index);
        for (const auto& [k, v] : *obj->dict)
            if (k->text == key || (k->k == VK::Str && index->k == VK::Str && k->s == index->s))
                return v;
        raise(); // KeyError: this path does not go on
        return mkUnknown("a missing dictionary key", here);
    }
    if (obj->k == VK::Tuple || obj->k == VK::List) {
        const int64_t n = int64_t(obj->items->size());
        const int idx = module.file.kid(node, 1);
        if (idx >= 0 && module.file.at(idx).kind == PyKind::Slice) {
            auto bound = [&](int k, int64_t dflt) {
                const int b = module.file.kid(idx, size_t(k));
                if (b < 0)
                    return dflt;
                int64_t v = dflt;
                const PV bv = eval(b, m_moduleScope);
                if (bv->k == VK::Int && isConst(bv->i, &v))
                    return v < 0 ? std::max<int64_t>(0, v + n) : std::min(v, n);
                return dflt;
            };
            const int64_t lo = bound(0, 0), hi = bound(1, n);
            std::vector<PV> items;
            for (int64_t i = lo; i < hi; ++i)
                items.push_back((*obj->items)[size_t(i)]);
            return mkSeq(obj->k, std::move(items));
        }
        int64_t i = 0;
        if (index->k == VK::Int && isConst(partialEval(index->i, decisions->assumptions()), &i)) {
            if (i < 0)
                i += n;
            if (i >= 0 && i < n)
                return (*obj->items)[size_t(i)];
            raise(); // IndexError
            return mkUnknown("an index out of range", here);
        }
        return mkUnknown("an index the sources do not decide", here);
    }
    if (obj->k == VK::Builtin)
        return mkBuiltin(obj->s + "[" + textOf(module.file.kid(node, 1)) + "]");
    if (obj->k == VK::Unknown)
        return obj;
    return mkUnknown("indexing " + describe(obj) + " is not modelled", here);
}

// ---- calls

PV Interp::call(const PV& f, std::vector<PV> args, std::vector<std::pair<std::string, PV>> kwargs,
                int node)
{
    switch (f->k) {
    case VK::Func:
        if (f->generator)
            return collectYields(f, f->closure, node);
        return callFunction(f, args, kwargs, node);
    case VK::Builtin:
        return callBuiltin(f->s, args, kwargs, node);
    case VK::Method:
        return callMethod(f->self, f->s, args, kwargs, node);
    case VK::Class: {
        Value v;
        v.k = VK::Ns;
        v.ns = std::make_shared<std::map<std::string, PV>>();
        v.s = f->s;
        return makeValue(std::move(v));
    }
    case VK::Unknown:
        return f;
    default:
        note(node, "calls " + describe(f) + ": not modelled");
        return mkUnknown("a call of " + describe(f), locOf(node));
    }
}

PV Interp::callFunction(const PV& f, const std::vector<PV>& args,
                        const std::vector<std::pair<std::string, PV>>& kwargs, int node)
{
    if (m_depth >= kMaxCallDepth) {
        m_stopped = true;
        note(node, "calls nest too deeply: the run is cut here");
        return mkUnknown("the call depth limit", locOf(node));
    }
    const PyNode& def = module.file.at(f->node);
    auto scope = std::make_shared<Scope>();
    scope->parent = f->closure;
    const int params = module.file.kid(f->node, 0);
    size_t next = 0;
    std::vector<PV> extra;
    std::string varargs, varkw;
    std::set<std::string> bound;
    if (params >= 0)
        for (int p : module.file.at(params).kids) {
            const std::string& name = module.file.at(p).text;
            if (name.rfind("**", 0) == 0) {
                varkw = name.substr(2);
                continue;
            }
            if (name.rfind("*", 0) == 0) {
                varargs = name.substr(1);
                continue;
            }
            PV v;
            if (varargs.empty() && next < args.size())
                v = args[next++];
            for (const auto& [k, value] : kwargs)
                if (k == name)
                    v = value;
            if (!v) {
                const int dflt = module.file.kid(p, 0);
                v = dflt >= 0 ? eval(dflt, f->closure)
                              : mkUnknown("argument " + name + " is not given", locOf(node));
            }
            scope->vars[name] = withHop(v, v->loc.valid() ? v->loc : locOf(node), name);
            bound.insert(name);
        }
    for (size_t i = next; i < args.size(); ++i)
        extra.push_back(args[i]);
    if (!varargs.empty())
        scope->vars[varargs] = mkSeq(VK::Tuple, extra);
    if (!varkw.empty()) {
        Value d;
        d.k = VK::Dict;
        d.dict = std::make_shared<std::vector<std::pair<PV, PV>>>();
        for (const auto& [k, value] : kwargs)
            if (!bound.count(k))
                d.dict->push_back({mkStr(k), value});
        scope->vars[varkw] = makeValue(std::move(d));
    }
    ++m_depth;
    PV ret = mkNone();
    if (def.kind == PyKind::Lambda) {
        ret = eval(module.file.kid(f->node, 1), scope);
    } else {
        const Flow flow = execBlock(module.file.kid(f->node, 2), scope, ret);
        if (flow != Flow::Return)
            ret = mkNone();
    }
    --m_depth;
    return ret;
}

PV Interp::collectYields(const PV& f, const std::shared_ptr<Scope>& scope, int node)
{
    // Every path of the generator, its values in order, without forking the caller.
    (void)scope;
    Decisions inner;
    inner.maxRuns = 32;
    std::vector<std::vector<PV>> yields;
    Decisions* outer = decisions;
    auto* outerYields = m_yields;
    const bool outerRaised = m_raised;
    std::vector<PV> all;
    while (inner.nextRun() && !m_stopped) {
        yields.clear();
        m_yields = &yields;
        decisions = &inner;
        m_raised = false;
        callFunction(f, {}, {}, node);
        for (auto& y : yields)
            for (PV& v : y)
                if (all.size() < 1024)
                    all.push_back(v);
    }
    decisions = outer;
    m_yields = outerYields;
    m_raised = outerRaised;
    return mkSeq(VK::List, std::move(all));
}

} // namespace py

std::vector<std::pair<std::string, int>> registeredOps(const PyFile& file)
{
    std::vector<std::pair<std::string, int>> out;
    if (file.root < 0)
        return out;
    for (int stmt : file.at(file.root).kids) {
        const PyNode& s = file.at(stmt);
        if (s.kind != PyKind::Def)
            continue;
        const int decorators = file.kid(stmt, 1);
        if (decorators < 0)
            continue;
        for (int d : file.at(decorators).kids) {
            const PyNode& dec = file.at(d);
            if (dec.kind != PyKind::Call || dec.kids.size() < 2)
                continue;
            const std::string f = pyExprText(file, dec.kids[0]);
            const std::string suffix = "register_impl";
            if (f.size() < suffix.size() ||
                f.compare(f.size() - suffix.size(), suffix.size(), suffix) != 0)
                continue;
            const PyNode& name = file.at(dec.kids[1]);
            if (name.kind == PyKind::Str)
                out.push_back({name.text, stmt});
        }
    }
    return out;
}

std::vector<PathResult> runPythonOp(const PyModuleSource& module, const std::string& registered,
                                    const PyRunOptions& options, std::vector<ConfigGroup>& groups,
                                    std::vector<SourceNote>& notes)
{
    std::vector<PathResult> paths;
    Decisions decisions;
    decisions.maxRuns = options.maxRuns;
    py::Interp interp(module, options, groups, notes);
    while (decisions.nextRun()) {
        PathResult path;
        if (!interp.runOnce(registered, decisions, path))
            break;
        paths.push_back(std::move(path));
    }
    if (decisions.budgetSpent())
        notes.push_back(
            {{module.path, 0},
             "more than " + std::to_string(options.maxRuns) + " paths: the rest are not followed"});
    return paths;
}

std::vector<PyKernelParam> pythonKernelParams(const PyFile& file, const std::string& name,
                                              int* defLine)
{
    std::vector<PyKernelParam> out;
    if (file.root < 0)
        return out;
    // Module-level aliases of ct.Constant (`ConstInt = ct.Constant[int]`).
    std::set<std::string> constAliases;
    int def = -1;
    for (int stmt : file.at(file.root).kids) {
        const PyNode& s = file.at(stmt);
        if (s.kind == PyKind::Assign && s.kids.size() == 2 &&
            file.at(s.kids[0]).kind == PyKind::Name &&
            pyExprText(file, s.kids[1]).find("Constant") != std::string::npos)
            constAliases.insert(file.at(s.kids[0]).text);
        if (s.kind == PyKind::Def && s.text == name)
            def = stmt;
    }
    if (def < 0)
        return out;
    if (defLine)
        *defLine = file.at(def).line;
    const int params = file.kid(def, 0);
    if (params < 0)
        return out;
    for (int p : file.at(params).kids) {
        const PyNode& param = file.at(p);
        PyKernelParam k;
        k.name = param.text;
        k.annotation = param.annotation;
        k.line = param.line;
        k.constant = param.annotation.find("Constant") != std::string::npos ||
                     constAliases.count(param.annotation) > 0;
        out.push_back(k);
    }
    return out;
}

} // namespace tilelens::ws::launch
