// Expressions of the symbolic Python run: names, literals, operators, comparisons,
// subscripts, comprehensions and calls (functions, builtins, methods, generators).

#include "workspace/LaunchPyInterp.h"

#include <algorithm>

namespace tilelens::ws::launch {
namespace py {

namespace {

// Why every value after the step limit is unknown: the run's result is cut there.
const char* const kRunCut = "the run was cut (step limit)";

PV intLiteral(const std::string& text, const Loc& here)
{
    int64_t v = 0;
    try {
        size_t used = 0;
        v = std::stoll(text, &used, 0);
        if (used != text.size())
            return mkUnknown("the number " + text + " is not read", here);
    } catch (...) {
        return mkUnknown("the number " + text + " is out of range", here);
    }
    return mkInt(symConst(v), here);
}

} // namespace

PV Interp::eval(int node, const std::shared_ptr<Scope>& scope)
{
    if (node < 0)
        return mkNone();
    if (m_stopped || ++m_steps > kMaxSteps) {
        m_stopped = true;
        return mkUnknown(kRunCut);
    }
    const PyNode& n = module.file.at(node);
    const Loc here = locOf(node);
    switch (n.kind) {
    case PyKind::Name:
        return lookup(n.text, scope);
    case PyKind::Int:
        return intLiteral(n.text, here);
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
    case PyKind::Set:
        return evalSequence(n, scope);
    case PyKind::Dict:
        return evalDict(n, scope);
    case PyKind::Attr:
        return attribute(eval(n.kids[0], scope), n.text, node);
    case PyKind::Subscript:
        return evalSubscript(node, eval(n.kids[0], scope), eval(n.kids[1], scope));
    case PyKind::Call:
        return evalCall(node, scope);
    case PyKind::BinOp:
        return evalBinary(node, eval(n.kids[0], scope), eval(n.kids[1], scope));
    case PyKind::UnOp:
        return evalUnary(node, scope);
    case PyKind::Compare:
        return evalCompare(node, eval(n.kids[0], scope), eval(n.kids[1], scope));
    case PyKind::BoolOp:
        return evalBoolOp(node, scope);
    case PyKind::IfExp:
        return evalIfExp(node, scope);
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

// A tuple, list or set display (a set is kept as a tuple); `*xs` items are spread.
PV Interp::evalSequence(const PyNode& n, const std::shared_ptr<Scope>& scope)
{
    std::vector<PV> items;
    for (int k : n.kids) {
        if (m_stopped) // a literal of a million items would make a value of each
            return mkUnknown(kRunCut);
        if (module.file.at(k).kind == PyKind::Starred) {
            for (const PV& x : iterate(eval(module.file.kid(k, 0), scope), k))
                items.push_back(x);
            continue;
        }
        items.push_back(withLoc(eval(k, scope), locOf(k), textOf(k)));
    }
    return mkSeq(n.kind == PyKind::List ? VK::List : VK::Tuple, std::move(items));
}

// A dict display; `**other` entries are spread.
PV Interp::evalDict(const PyNode& n, const std::shared_ptr<Scope>& scope)
{
    Value v;
    v.k = VK::Dict;
    v.dict = std::make_shared<std::vector<std::pair<PV, PV>>>();
    for (size_t i = 0; i + 1 < n.kids.size(); i += 2) {
        if (m_stopped)
            return mkUnknown(kRunCut);
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
        v.dict->push_back({withLoc(key, locOf(n.kids[i]), keyText), eval(n.kids[i + 1], scope)});
    }
    return makeValue(std::move(v));
}

// A call: positional, keyword, `*args` and `**kwargs` arguments evaluated in order.
PV Interp::evalCall(int node, const std::shared_ptr<Scope>& scope)
{
    const PyNode& n = module.file.at(node);
    const PV f = eval(n.kids[0], scope);
    std::vector<PV> args;
    std::vector<std::pair<std::string, PV>> kwargs;
    for (size_t i = 1; i < n.kids.size(); ++i) {
        if (m_stopped)
            return mkUnknown(kRunCut);
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
    return call(f, args, kwargs, node);
}

PV Interp::evalUnary(int node, const std::shared_ptr<Scope>& scope)
{
    const PyNode& n = module.file.at(node);
    const Loc here = locOf(node);
    PV x = eval(n.kids[0], scope);
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

// `a if cond else b`: a select of both when the condition is not decided by the path.
PV Interp::evalIfExp(int node, const std::shared_ptr<Scope>& scope)
{
    const PyNode& n = module.file.at(node);
    const PV cond = eval(n.kids[1], scope);
    if (cond->k == VK::Int) {
        const Sym c = partialEval(cond->i, decisions->assumptions());
        if (!isConst(c)) {
            const PV a = eval(n.kids[0], scope);
            const PV b = eval(n.kids[2], scope);
            if (a->k == VK::Int && b->k == VK::Int)
                return mkInt(symSelect(c, a->i, b->i), locOf(node));
            return truth(cond, n.kids[1]) ? a : b;
        }
    }
    return truth(cond, n.kids[1]) ? eval(n.kids[0], scope) : eval(n.kids[2], scope);
}

PV Interp::evalComprehension(int node, const std::shared_ptr<Scope>& scope)
{
    const PyNode& n = module.file.at(node);
    auto inner = newScope(scope);
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
    PV l = lIn->k == VK::Optional ? materialize(lIn, node, false) : lIn;
    PV r = rIn->k == VK::Optional ? materialize(rIn, node, false) : rIn;
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

PV Interp::call(const PV& f, const std::vector<PV>& args,
                const std::vector<std::pair<std::string, PV>>& kwargs, int node)
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
    auto scope = newScope(f->closure);
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
            if (name.rfind('*', 0) == 0) {
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
} // namespace tilelens::ws::launch
