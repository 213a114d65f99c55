// The symbolic Python run: modules, definitions and decorators, the op's inputs, statements,
// assignment, truth and forks; and the entry points (LaunchPython.h).

#include "workspace/LaunchPyInterp.h"

#include <algorithm>

namespace tilelens::ws::launch {
namespace py {

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

std::shared_ptr<Scope> Interp::newScope(const std::shared_ptr<Scope>& parent)
{
    auto s = std::make_shared<Scope>();
    s->parent = parent;
    m_allScopes.push_back(s);
    return s;
}

void Interp::releaseScopes()
{
    // Functions hold the scope they were defined in, which holds them: clearing every scope
    // of the run breaks those cycles.
    for (const auto& s : m_allScopes)
        if (auto alive = s.lock())
            alive->vars.clear();
    m_allScopes.clear();
}

Interp::~Interp()
{
    releaseScopes();
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
    releaseScopes();
    m_moduleScope = newScope(nullptr);
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
    releaseScopes();
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
        if (const std::optional<int64_t> k = v->f ? wholeInt64(*v->f) : std::nullopt)
            return symConst(*k);
        return symOpaque("a float where an integer is expected");
    case VK::Unknown:
        return symOpaque(v->s);
    default:
        return symOpaque(describe(v) + " where an integer is expected");
    }
}

// ---- expressions

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
        k.annotation = file.annotation(p);
        k.line = param.line;
        k.constant = k.annotation.find("Constant") != std::string::npos ||
                     constAliases.count(k.annotation) > 0;
        out.push_back(k);
    }
    return out;
}

} // namespace tilelens::ws::launch
