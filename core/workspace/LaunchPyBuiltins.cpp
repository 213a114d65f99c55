// The library calls the wrappers and reference modules make, modelled for the
// launch chain: torch tensors and allocations, streams, cuTile's launch and
// autotuner, the cutile_rs wrapper helpers, and Python builtins. Anything else
// gives an Unknown value (and, where it matters, a note).

#include "workspace/LaunchPyInterp.h"

#include <algorithm>
#include <cmath>

namespace tilelens::ws::launch::py {
namespace {

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The dotted name without the module path that does not matter ("cuda.tile." -> "ct.").
std::string normalName(std::string name)
{
    if (name.rfind("cuda.tile.", 0) == 0)
        name = "ct." + name.substr(10);
    return name;
}

std::string lastPart(const std::string& name)
{
    const size_t dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
}

const std::map<std::string, std::string>& torchDtypes()
{
    static const std::map<std::string, std::string> m = {{"float32", "float32"},
                                                         {"float", "float32"},
                                                         {"float16", "float16"},
                                                         {"half", "float16"},
                                                         {"bfloat16", "bfloat16"},
                                                         {"int32", "int32"},
                                                         {"int", "int32"},
                                                         {"int64", "int64"},
                                                         {"long", "int64"},
                                                         {"int8", "int8"},
                                                         {"uint8", "uint8"},
                                                         {"bool", "bool"},
                                                         {"float8_e4m3fn", "float8_e4m3fn"},
                                                         {"float8_e5m2", "float8_e5m2"}};
    return m;
}

PV mkStream(StreamUse::Kind kind, const std::string& text, const Loc& loc, bool handle)
{
    Value v;
    v.k = handle ? VK::StreamHandle : VK::Stream;
    v.stream.kind = kind;
    v.stream.text = text;
    v.stream.loc = loc;
    v.origin = loc;
    return makeValue(std::move(v));
}

} // namespace

PV Interp::kwarg(const std::vector<std::pair<std::string, PV>>& kwargs,
                 const std::string& name) const
{
    for (const auto& [k, v] : kwargs)
        if (k == name)
            return v;
    return nullptr;
}

std::string Interp::dtypeOf(const PV& v) const
{
    if (v->k == VK::Dtype)
        return v->s;
    if ((v->k == VK::Tensor || v->k == VK::Desc) && v->t)
        return v->t->dtype;
    return {};
}

ArgValue Interp::toArg(const PV& vIn, const Loc& fallback)
{
    const PV v = vIn->k == VK::Optional && decisions ? materialize(vIn, -1, false) : vIn;
    ArgValue a;
    a.loc = v->loc.valid() ? v->loc : fallback;
    a.origin = v->origin.valid() ? v->origin : a.loc;
    a.text = v->text;
    a.attrOf = v->attrOf;
    a.attr = v->attr;
    a.attrIndex = v->attrIndex;
    switch (v->k) {
    case VK::Tensor:
        a.kind = ArgValue::Kind::Tensor;
        a.tensor = v->t;
        a.hops = v->hops;
        a.elem = v->t ? v->t->dtype : std::string();
        break;
    case VK::Int:
        a.kind = ArgValue::Kind::Int;
        a.value =
            partialEval(v->i, decisions ? decisions->assumptions() : std::map<std::string, bool>{});
        break;
    case VK::Float:
        a.kind = ArgValue::Kind::Float;
        a.number = v->f;
        break;
    case VK::Dtype:
        a.kind = ArgValue::Kind::Dtype;
        a.elem = v->s;
        break;
    case VK::None:
        a.why = "None";
        break;
    default:
        a.why = v->k == VK::Unknown ? v->s : describe(v);
        break;
    }
    return a;
}

ConfigGroup& Interp::configGroup(const PV& list, int node, PV& configValue)
{
    std::vector<PV> items;
    if (list->k == VK::Tuple || list->k == VK::List)
        items = *list->items;
    // One group per list: the call's line and the list's first configuration's line.
    const int first = !items.empty() && items[0]->origin.valid() ? items[0]->origin.line : 0;
    const std::string key =
        "cfg@" + std::to_string(locOf(node).line) + (first ? "/" + std::to_string(first) : "");
    auto it = std::find_if(m_groups.begin(), m_groups.end(),
                           [&](const ConfigGroup& g) { return g.key == key; });
    if (it == m_groups.end()) {
        ConfigGroup g;
        g.key = key;
        g.loc = first ? Loc{module.path, first} : locOf(node);
        for (const PV& item : items) {
            std::map<std::string, Sym> fields;
            if (item->k == VK::Ns && item->ns)
                for (const auto& [name, value] : *item->ns)
                    fields[name] = value->k == VK::Int    ? partialEval(value->i, {})
                                   : value->k == VK::None ? symOpaque("None")
                                                          : symOpaque(describe(value));
            g.configs.push_back(std::move(fields));
        }
        m_groups.push_back(std::move(g));
        it = m_groups.end() - 1;
    }
    // The configuration the tuner picks: each field a Tunable of this group, except
    // fields that are None (or not integers) in every configuration.
    std::map<std::string, PV> fields;
    std::set<std::string> names;
    for (const auto& c : it->configs)
        for (const auto& [name, value] : c)
            names.insert(name);
    for (const std::string& name : names) {
        bool anyInt = false;
        for (const auto& c : it->configs) {
            auto f = c.find(name);
            anyInt = anyInt || (f != c.end() && !isOpaque(f->second));
        }
        fields[name] = anyInt ? mkInt(symTunable(key + "." + name), it->loc) : mkNone();
    }
    configValue = it->configs.empty() ? mkUnknown("an empty configuration list", locOf(node))
                                      : mkNs(std::move(fields), "config");
    return *it;
}

// ---- attributes

PV Interp::attribute(const PV& objIn, const std::string& name, int node)
{
    PV obj = objIn;
    if (obj->k == VK::Optional)
        obj = materialize(obj, node, true);
    switch (obj->k) {
    case VK::Builtin: {
        const std::string full = normalName(obj->s);
        if (full == "torch" && torchDtypes().count(name))
            return mkDtype(torchDtypes().at(name));
        if (endsWith(full, "get_device_properties()") && name == "multi_processor_count")
            return mkInt(symDevice("NUM_SMS"), locOf(node));
        return mkBuiltin(obj->s + "." + name);
    }
    case VK::Ns: {
        if (obj->ns) {
            auto it = obj->ns->find(name);
            if (it != obj->ns->end())
                return it->second;
        }
        if (name == "get" || name == "__dict__")
            return mkMethod(obj, name);
        return mkUnknown("no field " + name, locOf(node));
    }
    case VK::Tensor:
        return tensorAttribute(obj->t, obj, name, node);
    case VK::Kernel:
        return mkMethod(obj, name);
    case VK::Class:
        return mkMethod(obj, name);
    case VK::Stream:
        if (name == "cuda_stream") {
            Value v = *obj;
            v.k = VK::StreamHandle;
            v.origin = locOf(node);
            return makeValue(std::move(v));
        }
        return mkUnknown("stream." + name, locOf(node));
    case VK::Dict:
    case VK::List:
    case VK::FfiLib:
    case VK::Str:
        return mkMethod(obj, name);
    case VK::None:
        raise(); // AttributeError
        return mkUnknown("an attribute of None", locOf(node));
    case VK::Unknown:
        return obj;
    default:
        return mkUnknown(describe(obj) + "." + name, locOf(node));
    }
}

// ---- methods of other values

PV Interp::callMethod(const PV& self, const std::string& name, const std::vector<PV>& args,
                      const std::vector<std::pair<std::string, PV>>& kwargs, int node)
{
    const Loc here = locOf(node);
    switch (self->k) {
    case VK::Tensor:
        return tensorMethod(self, name, args, kwargs, node);
    case VK::Dict:
        if (name == "get") {
            if (args.empty())
                return mkNone();
            for (const auto& [k, v] : *self->dict)
                if (k->k == VK::Str && args[0]->k == VK::Str && k->s == args[0]->s)
                    return v;
            return args.size() > 1 ? args[1] : mkNone();
        }
        if (name == "keys" || name == "values" || name == "items") {
            std::vector<PV> out;
            for (const auto& [k, v] : *self->dict)
                out.push_back(name == "keys" ? k : name == "values" ? v : mkSeq(VK::Tuple, {k, v}));
            return mkSeq(VK::List, std::move(out));
        }
        return mkUnknown("dict." + name + "()", here);
    case VK::List:
        if (name == "append" && !args.empty() && self->items->size() < 4096) {
            self->items->push_back(args[0]);
            return mkNone();
        }
        return mkUnknown("list." + name + "()", here);
    case VK::Ns:
        if (name == "get" && !args.empty() && args[0]->k == VK::Str && self->ns) {
            auto it = self->ns->find(args[0]->s);
            return it != self->ns->end() ? it->second : args.size() > 1 ? args[1] : mkNone();
        }
        return mkUnknown(name + "()", here);
    case VK::Kernel:
        if (name == "replace_hints") {
            Value v = *self;
            v.ns = std::make_shared<std::map<std::string, PV>>(*self->ns);
            for (const auto& [k, value] : kwargs)
                (*v.ns)[k] = withLoc(value, value->loc.valid() ? value->loc : here, value->text);
            return makeValue(std::move(v));
        }
        return mkUnknown("kernel." + name + "()", here);
    case VK::Class: {
        // torch.autograd.Function: Cls.apply(args) runs Cls.forward(ctx, args).
        if (name != "apply")
            return mkUnknown(self->s + "." + name + "()", here);
        const int body = module.file.kid(self->node, 1);
        if (body >= 0)
            for (int stmt : module.file.at(body).kids)
                if (module.file.at(stmt).kind == PyKind::Def &&
                    module.file.at(stmt).text == "forward") {
                    Value f;
                    f.k = VK::Func;
                    f.node = stmt;
                    f.closure = self->closure;
                    f.s = "forward";
                    std::vector<PV> withCtx{mkNs({}, "ctx")};
                    withCtx.insert(withCtx.end(), args.begin(), args.end());
                    return call(makeValue(std::move(f)), withCtx, kwargs, node);
                }
        return mkUnknown(self->s + ".apply without forward()", here);
    }
    case VK::FfiLib: {
        std::vector<FfiArg> ffiArgs;
        for (const PV& a : args) {
            FfiArg f;
            f.loc = a->loc.valid() ? a->loc : here;
            f.origin = a->origin.valid() ? a->origin : f.loc;
            f.text = a->text;
            f.hops = a->hops;
            f.attrOf = a->attrOf;
            f.attr = a->attr;
            f.attrIndex = a->attrIndex;
            const PV v = a->k == VK::Optional ? materialize(a, node, false) : a;
            switch (v->k) {
            case VK::Desc:
                f.kind = FfiArg::Kind::Desc;
                f.tensor = v->t;
                break;
            case VK::Int:
                f.kind = FfiArg::Kind::Int;
                f.value = partialEval(v->i, decisions->assumptions());
                break;
            case VK::Float:
                f.kind = FfiArg::Kind::Float;
                f.number = v->f;
                break;
            case VK::StreamHandle:
                f.kind = FfiArg::Kind::Stream;
                f.stream = v->stream;
                f.stream.loc = f.loc;
                break;
            case VK::None:
                f.kind = FfiArg::Kind::None;
                break;
            default:
                f.why = v->k == VK::Unknown ? v->s : describe(v);
                break;
            }
            ffiArgs.push_back(std::move(f));
        }
        if (options.ffi)
            options.ffi(name, ffiArgs, here, *decisions, *path);
        else
            note(node, "calls " + name + " in the FFI library: no ffi.rs to follow");
        return mkInt(symConst(0), here);
    }
    case VK::Str:
        return mkStr(self->s);
    default:
        return mkUnknown(describe(self) + "." + name + "()", here);
    }
}

// ---- builtins

// One call of a builtin, by family: each family returns no value for a name not its own, and
// the families are asked in the order below (a name matches the first that knows it).
PV Interp::callBuiltin(const std::string& rawName, const std::vector<PV>& args,
                       const std::vector<std::pair<std::string, PV>>& kwargs, int node)
{
    const std::string name = normalName(rawName);
    const BuiltinCall c{name, lastPart(name), args, kwargs, node, locOf(node)};
    if (std::optional<PV> v = pythonBuiltin(c))
        return *v;
    if (std::optional<PV> v = deviceHelper(c))
        return *v;
    if (isAllocation(name))
        return allocation(c);
    if (std::optional<PV> v = wrapperHelper(c))
        return *v;
    if (name == "ct.launch")
        return kernelLaunch(c);
    if (endsWith(name, "compiler_timeout"))
        return mkNone();
    if (c.last == "is_autotune_enabled")
        return mkUnknown("whether autotuning is enabled", c.here);
    return mkUnknown(name + "() is not modelled", c.here);
}

// Keyword `kw`, else positional argument i; null when neither is given.
PV Interp::argOf(const BuiltinCall& c, size_t i, const std::string& kw) const
{
    if (PV k = kwarg(c.kwargs, kw))
        return k;
    return i < c.args.size() ? c.args[i] : nullptr;
}

std::optional<PV> Interp::pythonBuiltin(const BuiltinCall& c)
{
    const std::string& name = c.name;
    const std::string& last = c.last;
    if (name == "int" || name == "float" || name == "bool")
        return conversion(c);
    if (name == "len") {
        if (c.args.empty())
            return mkUnknown("len()", c.here);
        const PV& v = c.args[0];
        if (v->k == VK::Ndim)
            return mkInt(int64_t(resolveShape(v, c.node)->items->size()));
        if (v->k == VK::Tuple || v->k == VK::List)
            return mkInt(int64_t(v->items->size()));
        return mkUnknown("len of " + describe(v), c.here);
    }
    if (name == "min" || name == "max")
        return minMax(c);
    if (name == "tuple" || name == "list") {
        const VK kind = name == "list" ? VK::List : VK::Tuple;
        return c.args.empty() ? mkSeq(kind, {}) : mkSeq(kind, iterate(c.args[0], c.node));
    }
    if (name == "range")
        return range(c);
    if (name == "isinstance")
        return isInstance(c);
    if (name == "getattr" || name == "hasattr")
        return getOrHasAttr(c);
    if (name == "str" || name == "repr" || name == "print" || endsWith(name, "logger.info") ||
        endsWith(name, "logger.debug") || endsWith(name, "logger.warning"))
        return mkStr("");
    if (name == "dict") {
        Value d;
        d.k = VK::Dict;
        d.dict = std::make_shared<std::vector<std::pair<PV, PV>>>();
        for (const auto& [k, v] : c.kwargs)
            d.dict->push_back({mkStr(k), v});
        return makeValue(std::move(d));
    }
    if (last == "SimpleNamespace") {
        std::map<std::string, PV> fields;
        for (const auto& [k, v] : c.kwargs)
            fields[k] = v;
        Value ns = *mkNs(std::move(fields));
        ns.origin = c.here;
        return makeValue(std::move(ns));
    }
    if (name == "math.ceil" || name == "ceil" || name == "math.floor" || name == "floor")
        return ceilFloor(c);
    if (name == "functools.wraps" || last == "wraps" || last == "register_impl" ||
        last == "experimental_kernel" || name == "staticmethod")
        return mkBuiltin("decorator");
    return std::nullopt;
}

// int(), float(), bool().
PV Interp::conversion(const BuiltinCall& c)
{
    if (c.args.empty())
        return mkInt(symConst(0), c.here);
    PV v = c.args[0]->k == VK::Optional ? materialize(c.args[0], c.node, false) : c.args[0];
    if (c.name == "bool")
        return v->k == VK::Int ? mkInt(symOp(SymOp::Ne, v->i, symConst(0)), c.here)
                               : mkInt(symConst(truth(v, c.node) ? 1 : 0), c.here);
    if (c.name == "float") {
        int64_t k = 0;
        if (v->k == VK::Int && isConst(v->i, &k))
            return mkFloat(double(k), v->origin);
        if (v->k == VK::Float)
            return v;
        return mkFloat(std::nullopt, v->origin);
    }
    if (v->k == VK::Int)
        return v; // int() converts; where the value was computed stays
    if (v->k == VK::Ratio)
        return mkInt(symOp(SymOp::FloorDiv, v->i, v->den), v->origin);
    if (v->k == VK::Float && v->f)
        if (const std::optional<int64_t> k = wholeInt64(std::trunc(*v->f)))
            return mkInt(symConst(*k), v->origin);
    if (v->k == VK::StreamHandle)
        return v;
    return mkInt(toSym(v, c.node), v->origin.valid() ? v->origin : c.here);
}

PV Interp::minMax(const BuiltinCall& c)
{
    std::vector<PV> items = c.args;
    if (items.size() == 1 && (items[0]->k == VK::Tuple || items[0]->k == VK::List))
        items = *items[0]->items;
    if (items.empty())
        return mkUnknown(c.name + "()", c.here);
    Sym acc = toSym(items[0], c.node);
    for (size_t i = 1; i < items.size(); ++i)
        acc = symOp(c.name == "min" ? SymOp::Min : SymOp::Max, acc, toSym(items[i], c.node));
    return mkInt(acc, c.here);
}

// range() of constant bounds, as a list (at most 4096 items).
PV Interp::range(const BuiltinCall& c)
{
    int64_t lo = 0, hi = 0, step = 1;
    std::vector<int64_t> v;
    for (const PV& a : c.args) {
        int64_t k = 0;
        if (a->k != VK::Int || !isConst(partialEval(a->i, decisions->assumptions()), &k))
            return mkUnknown("a range the sources do not bound", c.here);
        v.push_back(k);
    }
    if (v.size() == 1)
        hi = v[0];
    else if (v.size() >= 2)
        lo = v[0], hi = v[1];
    if (v.size() == 3)
        step = v[2];
    if (step == 0)
        return mkUnknown("range() with step 0", c.here);
    std::vector<PV> items;
    for (int64_t i = lo; (step > 0 ? i < hi : i > hi) && items.size() < 4096; i += step)
        items.push_back(mkInt(i));
    return mkSeq(VK::List, std::move(items));
}

PV Interp::isInstance(const BuiltinCall& c)
{
    if (c.args.size() < 2)
        return mkUnknown("isinstance()", c.here);
    const PV v = c.args[0]->k == VK::Optional ? materialize(c.args[0], c.node, true) : c.args[0];
    const std::string type = c.args[1]->k == VK::Builtin ? c.args[1]->s : std::string();
    bool result = false;
    if (endsWith(type, "Tensor"))
        result = v->k == VK::Tensor;
    else if (type == "int")
        result = v->k == VK::Int;
    else if (type == "float")
        result = v->k == VK::Float;
    else if (type == "str")
        result = v->k == VK::Str;
    else if (type == "tuple" || type == "list")
        result = v->k == VK::Tuple || v->k == VK::List;
    else
        return mkUnknown("isinstance(" + type + ")", c.here);
    return mkInt(symConst(result), c.here);
}

PV Interp::getOrHasAttr(const BuiltinCall& c)
{
    if (c.args.size() < 2 || c.args[1]->k != VK::Str)
        return mkUnknown(c.name + "()", c.here);
    const PV& obj = c.args[0];
    const std::string& field = c.args[1]->s;
    const bool has = obj->k == VK::Ns && obj->ns && obj->ns->count(field);
    if (c.name == "hasattr")
        return mkInt(symConst(has), c.here);
    if (has)
        return obj->ns->at(field);
    if (obj->k == VK::Ns)
        return c.args.size() > 2 ? c.args[2] : mkUnknown("no field " + field, c.here);
    return attribute(obj, field, c.node);
}

PV Interp::ceilFloor(const BuiltinCall& c)
{
    if (c.args.empty())
        return mkUnknown(c.name + "()", c.here);
    const PV& v = c.args[0];
    const bool up = c.last == "ceil";
    if (v->k == VK::Ratio)
        return mkInt(symOp(up ? SymOp::CeilDiv : SymOp::FloorDiv, v->i, v->den), v->origin);
    if (v->k == VK::Int)
        return v;
    if (v->k == VK::Float && v->f)
        if (const std::optional<int64_t> k = wholeInt64(up ? std::ceil(*v->f) : std::floor(*v->f)))
            return mkInt(*k);
    return mkInt(symOpaque(c.name + " of " + describe(v)), c.here);
}

// Shapes and kernel helpers, device properties, streams.
std::optional<PV> Interp::deviceHelper(const BuiltinCall& c)
{
    const std::string& name = c.name;
    const std::string& last = c.last;
    if (last == "next_power_of_2") {
        if (c.args.empty())
            return mkUnknown("next_power_of_2()", c.here);
        return mkInt(symUnary(SymOp::NextPow2, toSym(c.args[0], c.node)), c.here);
    }
    if (last == "cdiv" && c.args.size() == 2)
        return mkInt(symOp(SymOp::CeilDiv, toSym(c.args[0], c.node), toSym(c.args[1], c.node)),
                     c.here);
    if (last == "get_num_sm" || last == "get_num_sms")
        return mkInt(symDevice("NUM_SMS"), c.here);
    if (endsWith(name, "get_device_properties"))
        return mkBuiltin(name + "()");
    if (endsWith(name, "get_device_capability"))
        return mkUnknown("the GPU's compute capability", c.here);
    if (endsWith(name, "current_device"))
        return mkInt(symOpaque("the current device"), c.here);
    if (endsWith(name, "cuda.current_stream"))
        return mkStream(StreamUse::Kind::Caller, textOf(c.node), c.here, false);
    if (endsWith(name, "cuda.default_stream"))
        return mkStream(StreamUse::Kind::Fixed, "the device's default stream", c.here, false);
    if (endsWith(name, "cuda.Stream") || endsWith(name, "cuda.ExternalStream"))
        return mkStream(StreamUse::Kind::Fixed, "a new stream", c.here, false);
    return std::nullopt;
}

bool Interp::isAllocation(const std::string& name)
{
    return name == "torch.empty" || name == "torch.zeros" || name == "torch.ones" ||
           name == "torch.full" || name == "torch.empty_like" || name == "torch.zeros_like" ||
           name == "torch.ones_like" || name == "torch.full_like" || name == "torch.tensor" ||
           name == "torch.randn" || name == "torch.rand";
}

// A torch allocation: a new tensor of the shape and dtype asked for, recorded on the path.
PV Interp::allocation(const BuiltinCall& c)
{
    const std::string& name = c.name;
    std::vector<Sym> shape;
    std::string dtype;
    std::vector<int64_t> values;
    if (endsWith(name, "_like")) {
        if (c.args.empty() || c.args[0]->k != VK::Tensor)
            return mkUnknown(name + " of " + (c.args.empty() ? "nothing" : describe(c.args[0])),
                             c.here);
        resolveShape(c.args[0], c.node);
        shape = c.args[0]->t->shape;
        dtype = c.args[0]->t->dtype;
    } else if (name == "torch.tensor") {
        const PV data = c.args.empty() ? mkNone() : c.args[0];
        if (data->k != VK::Tuple && data->k != VK::List)
            return mkUnknown("torch.tensor of " + describe(data), c.here);
        shape.push_back(symConst(int64_t(data->items->size())));
        for (const PV& x : *data->items) {
            int64_t k = 0;
            values.push_back(x->k == VK::Int && isConst(x->i, &k) ? k : 0);
        }
        dtype = "int64";
    } else {
        std::vector<PV> dims = c.args;
        if (name == "torch.full" && !dims.empty())
            dims.resize(1);
        if (dims.size() == 1 && (dims[0]->k == VK::Tuple || dims[0]->k == VK::List))
            dims = *dims[0]->items;
        if (const PV size = kwarg(c.kwargs, "size"); size && size->items)
            dims = *size->items;
        for (const PV& d : dims)
            shape.push_back(toSym(d, c.node));
        dtype = "float32";
    }
    if (const PV d = kwarg(c.kwargs, "dtype"))
        dtype = d->k == VK::Dtype ? d->s : std::string(); // unknown, not the default
    const std::string storage =
        "alloc@" + std::to_string(c.here.line) + "#" + std::to_string(allocCount++);
    TensorRef t = newTensor(storage, {}, std::move(shape), dtype, c.node);
    t->values = std::move(values);
    path->allocs.push_back({t, c.here, name});
    return mkTensor(t, c.here);
}

// The cutile_rs wrapper helpers and cuTile's autotuner.
std::optional<PV> Interp::wrapperHelper(const BuiltinCall& c)
{
    const std::string& last = c.last;
    if (last == "bind_kernel_function_cffi") {
        Value lib;
        lib.k = VK::FfiLib;
        Value mod;
        mod.k = VK::FfiModule;
        return mkSeq(VK::Tuple, {makeValue(std::move(mod)), makeValue(std::move(lib))});
    }
    if (last == "make_tensor_desc") {
        const PV t = argOf(c, 1, "t");
        if (!t || t->k != VK::Tensor)
            return mkUnknown("make_tensor_desc of " + (t ? describe(t) : std::string("nothing")),
                             c.here);
        Value d = *t;
        d.k = VK::Desc;
        d.origin = c.here;
        return withHop(makeValue(std::move(d)), c.here, "make_tensor_desc");
    }
    if (last == "check_rc")
        return mkNone();
    if (last == "autotune_launch") {
        const PV fn = argOf(c, 0, "kernel_fn");
        const PV configs = argOf(c, 1, "configs");
        if (!fn || !configs)
            return mkUnknown("autotune_launch without kernel_fn / configs", c.here);
        PV cfg;
        configGroup(configs, c.node, cfg);
        const PV out = call(fn, {cfg}, {}, c.node);
        return mkNs({{"output", out}, {"config", cfg}}, "tune result");
    }
    if (last == "exhaustive_search") {
        const PV configs = argOf(c, 0, "configs");
        if (!configs)
            return mkUnknown("exhaustive_search without configurations", c.here);
        PV cfg;
        configGroup(configs, c.node, cfg);
        return mkNs({{"best", mkNs({{"config", cfg}})}}, "search result");
    }
    return std::nullopt;
}

// ct.launch(stream, grid, kernel, args): the launch the chain follows, recorded on the path.
PV Interp::kernelLaunch(const BuiltinCall& c)
{
    if (c.args.size() < 4) {
        note(c.node, "ct.launch with " + std::to_string(c.args.size()) + " arguments");
        return mkNone();
    }
    KernelLaunch k;
    k.loc = c.here;
    const PV& stream = c.args[0];
    k.stream.loc = stream->loc.valid() ? stream->loc : c.here;
    k.stream.text = stream->text;
    k.stream.kind = stream->k == VK::Stream ? stream->stream.kind : StreamUse::Kind::Unknown;
    const PV& grid = c.args[1];
    k.gridLoc = grid->loc.valid() ? grid->loc : c.here;
    if (grid->k == VK::Tuple || grid->k == VK::List)
        for (const PV& g : *grid->items)
            k.grid.push_back(toArg(g, k.gridLoc));
    else
        k.grid.push_back(toArg(grid, k.gridLoc));
    const PV& kernel = c.args[2];
    if (kernel->k == VK::Kernel) {
        k.kernel = kernel->s;
        for (const auto& [hint, value] : *kernel->ns)
            k.hints[hint] = toArg(value, c.here);
    } else {
        k.kernel = kernel->k == VK::Func ? kernel->s : std::string();
        if (kernel->k != VK::Func)
            note(c.node, "launches " + describe(kernel) + ", not a @ct.kernel function");
    }
    const PV& kargs = c.args[3];
    if (kargs->k == VK::Tuple || kargs->k == VK::List)
        for (const PV& a : *kargs->items)
            k.args.push_back(toArg(a, c.here));
    else
        note(c.node, "the kernel arguments are " + describe(kargs));
    k.copiesBefore = path->copies.size();
    path->launches.push_back(std::move(k));
    return mkNone();
}

} // namespace tilelens::ws::launch::py
