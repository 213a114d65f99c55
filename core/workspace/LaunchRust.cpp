// ffi.rs followed for one wrapper call: the extern "C" function read symbolically (let,
// if/else, match, method chains, the ffi_util macros and local macro_rules!) up to its launch.

#include "workspace/LaunchRust.h"

#include "workspace/LaunchRustParse.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>

namespace tilelens::ws::launch {
namespace {

using rs::closing;
using rs::joined;
using rs::RKind;
using rs::RNode;
using rs::RTree;
using rs::splitCommas;

// ---- ffi.rs evaluation

enum class RV
{
    Unit,
    Int,
    Float,
    Str,      // a literal string (a dtype written by hand)
    DtypeStr, // the dtype string resolved from a descriptor
    Type,     // an element type bound to a macro's $E ("f16", "of:a")
    Desc,
    DescPtr,
    DescStrides,
    DescShape,
    DevPtr,   // DevicePointer<E> over a descriptor's pointer
    Borrowed, // borrow_tensor::<E>(desc)
    Tuple,
    Vec,
    KernelOp,
    Options,
    Stream,
    Unknown
};

struct RVal
{
    RV k = RV::Unknown;
    Sym i;
    std::optional<double> f;
    std::string s; // Str / Type / Unknown reason
    TensorRef t;
    std::vector<Hop> hops;
    std::string elem;
    std::vector<RVal> items;
    std::shared_ptr<KernelLaunch> op;
    StreamUse stream;
    Loc origin;
    Loc loc;
    std::string text;
    TensorRef attrOf;
    std::string attr;
    int attrIndex = -1;
};

RVal attrVal(const Sym& s, const Loc& origin, const TensorRef& t, const char* attr, int64_t i)
{
    RVal v;
    v.k = RV::Int;
    v.i = s;
    v.origin = origin;
    v.attrOf = t;
    v.attr = attr;
    v.attrIndex = int(i);
    return v;
}

RVal unknown(const std::string& why, const Loc& at = {})
{
    RVal v;
    v.k = RV::Unknown;
    v.s = why;
    v.origin = at;
    return v;
}

RVal unitVal()
{
    RVal v;
    v.k = RV::Unit;
    return v;
}

RVal intVal(Sym s, const Loc& origin)
{
    RVal v;
    v.k = RV::Int;
    v.i = std::move(s);
    v.origin = origin;
    return v;
}

class FfiEval
{
public:
    FfiEval(const FfiSource& ffi, const std::vector<RustEntryDecl>& entries, RTree& tree,
            Decisions& d, PathResult& p, const std::string& symbol, const Loc& call)
        : m_ffi(ffi), m_entries(entries), m_tree(tree), m_decisions(d), m_path(p), m_symbol(symbol),
          m_call(call)
    {
        m_scopes.emplace_back();
    }

    void bind(const std::string& name, RVal v) { m_scopes.back()[name] = std::move(v); }
    RVal run(int body) { return eval(body); }

    std::vector<DtypeArm> arms;
    ArgValue dtypeSource;
    std::string dispatched;

private:
    Loc at(int node) const { return {m_ffi.path, node >= 0 ? m_tree.at(node).line : 0}; }
    void note(int node, const std::string& message)
    {
        if (m_path.notes.size() < 64)
            m_path.notes.push_back({at(node), message});
    }

    RVal lookup(const std::string& name) const
    {
        for (auto it = m_scopes.rbegin(); it != m_scopes.rend(); ++it) {
            auto f = it->find(name);
            if (f != it->end())
                return f->second;
        }
        if (name == "rc::OK" || (name.size() > 5 && name.compare(name.size() - 5, 5, "::OK") == 0))
            return intVal(symConst(0), {});
        return unknown("the path " + name);
    }

    // The element type a type annotation names, with $-variables replaced.
    std::string elemOf(const std::string& type) const
    {
        std::string inner = type;
        const size_t lt = type.find('<');
        const size_t gt = type.rfind('>');
        if (lt != std::string::npos && gt != std::string::npos && gt > lt)
            inner = type.substr(lt + 1, gt - lt - 1);
        if (!inner.empty() && inner[0] == '$') {
            const RVal v = lookup(inner);
            if (v.k == RV::Type)
                return v.s;
        }
        return inner;
    }

    bool truth(const RVal& v, int node)
    {
        const std::string place = "ffi@" + std::to_string(at(node).line);
        if (v.k != RV::Int)
            return m_decisions.decide(place, true);
        Sym s = v.i;
        for (int round = 0; round < 16; ++round) {
            s = partialEval(s, m_decisions.assumptions());
            int64_t c = 0;
            if (isConst(s, &c))
                return c != 0;
            std::set<std::string> flags;
            collectKeys(s, SymOp::Flag, flags);
            if (flags.empty())
                break;
            m_decisions.decide(*flags.begin(), m_decisions.preferred(*flags.begin(), false));
        }
        return m_decisions.decide(place, true);
    }

    ArgValue toArg(const RVal& v, const Loc& loc, const std::string& text)
    {
        ArgValue a;
        a.loc = loc;
        a.origin = v.origin.valid() ? v.origin : loc;
        a.text = text;
        a.hops = v.hops;
        a.tensor = v.t;
        a.elem = v.elem;
        a.attrOf = v.attrOf;
        a.attr = v.attr;
        a.attrIndex = v.attrIndex;
        switch (v.k) {
        case RV::Int:
            a.kind = ArgValue::Kind::Int;
            a.value = partialEval(v.i, m_decisions.assumptions());
            break;
        case RV::Float:
            a.kind = ArgValue::Kind::Float;
            a.number = v.f;
            break;
        case RV::DevPtr:
            a.kind = ArgValue::Kind::Pointer;
            break;
        case RV::Borrowed:
            a.kind = ArgValue::Kind::Tensor;
            break;
        case RV::DtypeStr:
            a.kind = ArgValue::Kind::Dtype;
            a.elem = v.t ? v.t->dtype : std::string();
            break;
        case RV::Str:
        case RV::Type:
            a.kind = ArgValue::Kind::Dtype;
            a.elem = v.s;
            break;
        default:
            a.why = v.k == RV::Unknown ? v.s : "a value the kernel does not take";
            break;
        }
        return a;
    }

    const RustEntryDecl* entryNamed(const std::string& path) const
    {
        const size_t colon = path.rfind("::");
        const std::string name = colon == std::string::npos ? path : path.substr(colon + 2);
        for (const RustEntryDecl& e : m_entries)
            if (e.name == name)
                return &e;
        return nullptr;
    }

    std::string textOf(int node) const
    {
        const RNode& n = m_tree.at(node);
        switch (n.kind) {
        case RKind::Path:
        case RKind::Int:
        case RKind::Float:
            return n.text;
        case RKind::Field:
            return textOf(n.kids[0]) + "." + n.text;
        case RKind::MethodCall:
            return textOf(n.kids[0]) + "." + n.text + "(...)";
        case RKind::Unary:
            return n.text + textOf(n.kids[0]);
        case RKind::Cast:
            return textOf(n.kids[0]) + " as " + n.type;
        case RKind::Index:
            return textOf(n.kids[0]) + "[" + textOf(n.kids[1]) + "]";
        default:
            return "...";
        }
    }

    void launch(const RVal& op, const RVal& stream, int node)
    {
        if (!op.op)
            return;
        KernelLaunch k = *op.op;
        k.stream = stream.k == RV::Stream ? stream.stream : StreamUse{};
        if (stream.k != RV::Stream)
            k.stream.text = "not the stream the wrapper passed";
        if (!k.stream.loc.valid() || k.stream.kind == StreamUse::Kind::Caller)
            k.stream.loc = at(node); // a fixed stream keeps the place that fixed it
        k.ffiSymbol = m_symbol;
        k.ffiCall = m_call;
        k.dispatch = arms;
        k.dtypeSource = dtypeSource;
        k.dispatchedDtype = dispatched;
        k.copiesBefore = m_path.copies.size();
        m_path.launches.push_back(std::move(k));
        m_launched = true;
    }

    RVal callMacro(int node)
    {
        const RNode& n = m_tree.at(node);
        const std::string& name = n.text;
        const Loc here = at(node);
        auto argName = [&](size_t k) {
            const int a = m_tree.kid(node, k);
            return a >= 0 && m_tree.at(a).kind == RKind::Path ? m_tree.at(a).text : std::string();
        };
        if (name == "deref_descs") {
            RVal t;
            t.k = RV::Tuple;
            for (int a : n.kids)
                t.items.push_back(eval(a));
            return t;
        }
        if (name == "resolve_dtype") {
            const RVal d = n.kids.empty() ? unknown("resolve_dtype!()") : eval(n.kids[0]);
            RVal v;
            v.k = d.t ? RV::DtypeStr : RV::Unknown;
            v.s = "the dtype of " + (d.t ? d.t->root : std::string("?"));
            v.t = d.t;
            v.origin = here;
            dtypeSource = toArg(d, here, n.kids.empty() ? std::string() : textOf(n.kids[0]));
            dtypeSource.kind = ArgValue::Kind::Tensor;
            return v;
        }
        if (name == "setup_device_stream") {
            const std::string dev = argName(0), strm = argName(1);
            const RVal raw = n.kids.size() > 3 ? eval(n.kids[3]) : unknown("no stream");
            RVal s;
            s.k = RV::Stream;
            int64_t c = 0;
            if (raw.k == RV::Stream) {
                s.stream = raw.stream;
            } else if (raw.k == RV::Int && isConst(raw.i, &c)) {
                s.stream.kind = StreamUse::Kind::Fixed;
                s.stream.text = "the raw stream " + std::to_string(c) +
                                (c == 0 ? " (the legacy default stream)" : "");
                s.stream.loc = raw.origin;
            } else {
                s.stream.kind = StreamUse::Kind::Unknown;
                s.stream.text = raw.k == RV::Unknown ? raw.s : "a stream the reader cannot follow";
            }
            if (!strm.empty())
                bind(strm, s);
            if (!dev.empty())
                bind(dev, unknown("the device"));
            return unitVal();
        }
        if (name == "compile_options") {
            RVal o;
            o.k = RV::Options;
            o.op = std::make_shared<KernelLaunch>();
            if (n.kids.size() >= 2) {
                o.op->hints["occupancy"] = toArg(eval(n.kids[0]), here, textOf(n.kids[0]));
                o.op->hints["num_ctas"] = toArg(eval(n.kids[1]), here, textOf(n.kids[1]));
            }
            return o;
        }
        if (name == "dispatch_by_dtype") {
            if (n.kids.size() < 3)
                return unknown("dispatch_by_dtype! with too few arguments", here);
            const RVal dty = eval(n.kids[0]);
            const std::string mac = argName(1);
            for (size_t k = 2; k < n.kids.size(); ++k)
                arms.push_back({argName(k), argName(k), here});
            return dispatchTo(mac, dty, node);
        }
        if (name == "vec") {
            RVal v;
            v.k = RV::Vec;
            for (int a : n.kids)
                v.items.push_back(eval(a));
            return v;
        }
        if (name == "stringify") {
            RVal v;
            v.k = RV::Str;
            v.s = argName(0);
            return v;
        }
        static const std::set<std::string> quiet = {
            "eprintln", "println", "format", "assert",      "debug_assert",
            "write",    "writeln", "panic",  "const_shape", "unreachable"};
        if (quiet.count(name))
            return unitVal();
        auto m = m_macros.find(name);
        if (m != m_macros.end()) {
            // A local macro: bind its $-parameters to the argument types / values.
            m_scopes.emplace_back();
            for (size_t k = 0; k < m->second.first.size() && k < n.kids.size(); ++k) {
                const int a = n.kids[k];
                RVal v = eval(a);
                if (m_tree.at(a).kind == RKind::Path && v.k == RV::Unknown) {
                    v.k = RV::Type;
                    v.s = m_tree.at(a).text;
                }
                bind(m->second.first[k], v);
            }
            RVal out = ++m_macroDepth > 8 ? unknown("macros nest too deeply", here)
                                          : eval(m->second.second);
            --m_macroDepth;
            m_scopes.pop_back();
            return out;
        }
        note(node, name + "! is not followed");
        return unknown(name + "!", here);
    }

    // The dispatch macro with $E bound to the element type of the path's dtype.
    RVal dispatchTo(const std::string& mac, const RVal& dty, int node)
    {
        auto m = m_macros.find(mac);
        if (m == m_macros.end())
            return unknown("the macro " + mac + "! is not in ffi.rs", at(node));
        RVal type;
        type.k = RV::Type;
        type.s = dty.t ? dty.t->dtype : dty.k == RV::Str ? dty.s : std::string("?");
        dispatched = type.s;
        m_scopes.emplace_back();
        if (!m->second.first.empty())
            bind(m->second.first[0], type);
        RVal out = eval(m->second.second);
        m_scopes.pop_back();
        return out;
    }

    RVal evalMatch(int node)
    {
        const RNode& n = m_tree.at(node);
        const RVal s = eval(n.kids[0]);
        if (s.k == RV::DtypeStr || s.k == RV::Str) {
            // A dtype dispatch written by hand: each arm names a dtype and the
            // element type its macro call instantiates.
            int chosen = -1;
            std::string mac;
            for (size_t k = 1; k < n.kids.size(); ++k) {
                const int arm = n.kids[k];
                const int body = m_tree.kid(arm, 0);
                for (size_t p = 1; p < m_tree.at(arm).kids.size(); ++p) {
                    const RNode& pat = m_tree.at(m_tree.at(arm).kids[p]);
                    if (pat.kind != RKind::Str || body < 0 || m_tree.at(body).kind != RKind::Macro)
                        continue;
                    const RNode& call = m_tree.at(body);
                    const int typeArg = m_tree.kid(body, 0);
                    const std::string elem = typeArg >= 0 && m_tree.at(typeArg).kind == RKind::Path
                                                 ? m_tree.at(typeArg).text
                                                 : std::string();
                    arms.push_back({pat.text, elem, at(arm)});
                    if (chosen < 0 && pat.text == elem) {
                        chosen = arm;
                        mac = call.text;
                    }
                }
            }
            if (chosen >= 0 && m_macros.count(mac))
                return dispatchTo(mac, s, chosen);
            return unknown("a dtype match without a consistent arm", at(node));
        }
        int64_t c = 0;
        if (s.k == RV::Int && isConst(partialEval(s.i, m_decisions.assumptions()), &c))
            for (size_t k = 1; k < n.kids.size(); ++k) {
                const int arm = n.kids[k];
                for (size_t p = 1; p < m_tree.at(arm).kids.size(); ++p) {
                    const RNode& pat = m_tree.at(m_tree.at(arm).kids[p]);
                    if ((pat.kind == RKind::Int && pat.text == std::to_string(c)) ||
                        (pat.kind == RKind::Path && pat.text == "_"))
                        return eval(m_tree.kid(arm, 0));
                }
            }
        // Anything else (a launch's Result): the arms handle errors, no value is needed.
        return intVal(symConst(0), at(node));
    }

    RVal evalCall(int node)
    {
        const RNode& n = m_tree.at(node);
        const int callee = n.kids[0];
        const RNode& f = m_tree.at(callee);
        const Loc here = at(node);
        std::vector<RVal> args;
        for (size_t k = 1; k < n.kids.size(); ++k)
            args.push_back(eval(n.kids[k]));
        const std::string path = f.kind == RKind::Path ? f.text : std::string();
        auto endsWith = [&](const std::string& s) {
            return path.size() >= s.size() &&
                   path.compare(path.size() - s.size(), s.size(), s) == 0;
        };
        if (endsWith("from_cu_deviceptr") && !args.empty()) {
            RVal v = args[0];
            v.k = args[0].k == RV::DescPtr ? RV::DevPtr : RV::Unknown;
            v.s = "from_cu_deviceptr of something other than a descriptor's pointer";
            v.elem = f.type.empty() ? std::string() : elemOf("<" + f.type + ">");
            v.origin = here;
            return v;
        }
        if (endsWith("borrow_tensor") && !args.empty()) {
            RVal v = args[0];
            v.k = args[0].k == RV::Desc ? RV::Borrowed : RV::Unknown;
            v.s = "borrow_tensor of something other than a descriptor";
            v.elem = elemOf("<" + f.type + ">");
            v.origin = here;
            return v;
        }
        if (const RustEntryDecl* e = entryNamed(path)) {
            RVal op;
            op.k = RV::KernelOp;
            op.op = std::make_shared<KernelLaunch>();
            op.op->kernel = e->name;
            op.op->loc = here;
            for (size_t k = 0; k < args.size(); ++k) {
                const int a = n.kids[k + 1];
                ArgValue v = toArg(args[k], at(a), textOf(a));
                if (k < e->params.size() && v.hops.size() < 64)
                    v.hops.push_back({at(a), e->params[k].name});
                op.op->args.push_back(std::move(v));
            }
            if (args.size() != e->params.size())
                note(node, e->name + " is called with " + std::to_string(args.size()) +
                               " arguments; kernel.rs declares " +
                               std::to_string(e->params.size()));
            return op;
        }
        if (endsWith("cast_tf32"))
            return intVal(symOpaque(kCastTf32Reason), here);
        if ((path == "Some" || path == "Ok") && !args.empty())
            return args[0];
        return unknown("the call " + path + "()", here);
    }

    RVal evalMethod(int node)
    {
        const RNode& n = m_tree.at(node);
        RVal recv = eval(n.kids[0]);
        const std::string& m = n.text;
        const Loc here = at(node);
        std::vector<RVal> args;
        for (size_t k = 1; k < n.kids.size(); ++k)
            args.push_back(eval(n.kids[k]));
        if (recv.k == RV::Desc && recv.t) {
            if (m == "dim" && !args.empty() && args[0].k == RV::Int) {
                int64_t i = 0;
                if (isConst(args[0].i, &i) && i >= 0 && size_t(i) < recv.t->shape.size())
                    return attrVal(recv.t->shape[size_t(i)], here, recv.t, "shape", i);
                return unknown(textOf(n.kids[0]) + ".dim(" + std::to_string(i) +
                                   ") is past the rank of " + recv.t->root,
                               here);
            }
            if (m == "is_null")
                return intVal(symConst(0), here);
            return unknown(textOf(n.kids[0]) + "." + m + "()", here);
        }
        if (m == "to_string" || m == "clone" || m == "unwrap" || m == "expect" || m == "into")
            return recv;
        if (recv.k == RV::KernelOp && recv.op) {
            RVal out = recv;
            out.op = std::make_shared<KernelLaunch>(*recv.op);
            if (m == "generics" && !args.empty()) {
                out.op->generics.clear();
                const int a = n.kids[1];
                const RNode& vecNode = m_tree.at(a);
                for (size_t k = 0; k < args[0].items.size(); ++k) {
                    const int item = k < vecNode.kids.size() ? vecNode.kids[k] : a;
                    out.op->generics.push_back(toArg(args[0].items[k], at(item), textOf(item)));
                }
                return out;
            }
            if (m == "grid" && !args.empty()) {
                out.op->grid.clear();
                out.op->gridLoc = here;
                const int a = n.kids[1];
                const RNode& tupleNode = m_tree.at(a);
                const std::vector<RVal> comps =
                    args[0].k == RV::Tuple ? args[0].items : std::vector<RVal>{args[0]};
                for (size_t k = 0; k < comps.size(); ++k) {
                    const int item = k < tupleNode.kids.size() ? tupleNode.kids[k] : a;
                    out.op->grid.push_back(toArg(comps[k], at(item), textOf(item)));
                }
                return out;
            }
            if (m == "compile_options" && !args.empty() && args[0].op) {
                out.op->hints = args[0].op->hints;
                return out;
            }
            if (m == "sync_on" || m == "launch" || m == "sync" || m == "block_on" ||
                m == "launch_on") {
                launch(out, args.empty() ? RVal() : args[0], node);
                return unknown("a launch result", here);
            }
            return out;
        }
        if (recv.k == RV::Options && recv.op) {
            RVal out = recv;
            out.op = std::make_shared<KernelLaunch>(*recv.op);
            if ((m == "occupancy" || m == "num_cta_in_cga") && !args.empty())
                out.op->hints[m == "occupancy" ? "occupancy" : "num_ctas"] =
                    toArg(args[0], here, textOf(n.kids[1]));
            return out;
        }
        return unknown(textOf(n.kids[0]) + "." + m + "()", here);
    }

    RVal eval(int node)
    {
        if (node < 0)
            return unitVal();
        if (++m_steps > 200000)
            return unknown("the step limit");
        const RNode& n = m_tree.at(node);
        const Loc here = at(node);
        switch (n.kind) {
        case RKind::Path:
            return lookup(n.text);
        case RKind::Int:
            return intLiteral(n.text, here);
        case RKind::Float: {
            RVal v;
            v.k = RV::Float;
            try {
                v.f = std::stod(n.text);
            } catch (...) {
            }
            v.origin = here;
            return v;
        }
        case RKind::Str: {
            RVal v;
            v.k = RV::Str;
            v.s = n.text;
            return v;
        }
        case RKind::Bool:
            return intVal(symConst(n.text == "true"), here);
        case RKind::Field:
            return evalField(node);
        case RKind::Index:
            return evalIndex(node);
        case RKind::Call:
            return evalCall(node);
        case RKind::MethodCall:
            return evalMethod(node);
        case RKind::Macro:
            return callMacro(node);
        case RKind::MacroRules:
            defineMacro(n);
            return unitVal();
        case RKind::Unary: {
            RVal x = eval(n.kids[0]);
            if (n.text == "&" || n.text == "*")
                return x;
            if (x.k != RV::Int)
                return unknown(n.text + " of a non-integer", here);
            return intVal(symUnary(n.text == "-" ? SymOp::Neg : SymOp::Not, x.i), here);
        }
        case RKind::Binary:
            return evalBinary(node);
        case RKind::Cast:
            return eval(n.kids[0]); // `as` keeps the value (integers, floats, streams)
        case RKind::Tuple:
        case RKind::Array: {
            RVal v;
            v.k = n.kind == RKind::Tuple ? RV::Tuple : RV::Vec;
            for (int k : n.kids)
                v.items.push_back(eval(k));
            return v;
        }
        case RKind::Block:
            return evalBlock(n);
        case RKind::If: {
            const RVal c = eval(n.kids[0]);
            const bool taken = truth(c, n.kids[0]);
            return eval(taken ? n.kids[1] : m_tree.kid(node, 2));
        }
        case RKind::Match:
            return evalMatch(node);
        case RKind::Return:
            m_returned = true;
            return unitVal();
        default:
            return unknown(n.text.empty() ? "an expression this reader does not know" : n.text,
                           here);
        }
    }

    // An integer literal: decimal or hex digits, `_` separators, a type suffix ignored.
    RVal intLiteral(const std::string& text, const Loc& here)
    {
        std::string digits;
        for (char c : text)
            if (std::isdigit(static_cast<unsigned char>(c)) || c == 'x' || c == 'X' ||
                (digits.rfind("0x", 0) == 0 && std::isxdigit(static_cast<unsigned char>(c))))
                digits += c;
            else if (c != '_')
                break;
        try {
            return intVal(symConst(std::stoll(digits, nullptr, 0)), here);
        } catch (...) {
            return unknown("the number " + text, here);
        }
    }

    // `d.ptr`, `d.strides`, `d.shape`, `d.ndim`, `d.dtype` of a descriptor; `t.0` of a tuple.
    RVal evalField(int node)
    {
        const RNode& n = m_tree.at(node);
        const Loc here = at(node);
        RVal obj = eval(n.kids[0]);
        if (obj.k == RV::Desc && obj.t) {
            if (n.text == "ptr") {
                obj.k = RV::DescPtr;
                return obj;
            }
            if (n.text == "strides" || n.text == "shape") {
                obj.k = n.text == "strides" ? RV::DescStrides : RV::DescShape;
                return obj;
            }
            if (n.text == "ndim")
                return intVal(symConst(int64_t(obj.t->shape.size())), here);
            if (n.text == "dtype")
                return intVal(symOpaque("the dtype code of " + obj.t->root), here);
        }
        if (obj.k == RV::Tuple && !n.text.empty() &&
            std::isdigit(static_cast<unsigned char>(n.text[0]))) {
            const size_t i = size_t(std::atoi(n.text.c_str()));
            if (i < obj.items.size())
                return obj.items[i];
        }
        return unknown(textOf(node), here);
    }

    // `d.strides[i]`, `d.shape[i]` (read from the descriptor: said so) and `v[i]` of a vector.
    RVal evalIndex(int node)
    {
        const RNode& n = m_tree.at(node);
        const Loc here = at(node);
        const RVal obj = eval(n.kids[0]);
        const RVal idx = eval(n.kids[1]);
        int64_t i = 0;
        if ((obj.k == RV::DescStrides || obj.k == RV::DescShape) && obj.t && idx.k == RV::Int &&
            isConst(idx.i, &i)) {
            const auto& v = obj.k == RV::DescStrides ? obj.t->strides : obj.t->shape;
            if (i >= 0 && size_t(i) < v.size())
                return attrVal(v[size_t(i)], here, obj.t,
                               obj.k == RV::DescStrides ? "stride" : "shape", i);
            return unknown(textOf(node) + " is past the rank of " + obj.t->root, here);
        }
        if (obj.k == RV::Vec && idx.k == RV::Int && isConst(idx.i, &i) && i >= 0 &&
            size_t(i) < obj.items.size())
            return obj.items[size_t(i)];
        return unknown(textOf(node), here);
    }

    // `macro_rules! name`: its parameters (comma-separated in the node's type) and its body.
    void defineMacro(const RNode& n)
    {
        std::vector<std::string> params;
        const std::string& p = n.type;
        size_t start = 0;
        while (start < p.size()) {
            const size_t comma = p.find(',', start);
            params.push_back(
                p.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
        if (!n.kids.empty())
            m_macros[n.text] = {params, n.kids[0]};
    }

    RVal evalBinary(int node)
    {
        const RNode& n = m_tree.at(node);
        const Loc here = at(node);
        const RVal a = eval(n.kids[0]);
        const RVal b = eval(n.kids[1]);
        static const std::map<std::string, SymOp> ops = {
            {"+", SymOp::Add}, {"-", SymOp::Sub}, {"*", SymOp::Mul}, {"/", SymOp::FloorDiv},
            {"%", SymOp::Mod}, {"==", SymOp::Eq}, {"!=", SymOp::Ne}, {"<", SymOp::Lt},
            {"<=", SymOp::Le}, {">", SymOp::Gt},  {">=", SymOp::Ge}, {"&&", SymOp::And},
            {"||", SymOp::Or}};
        auto it = ops.find(n.text);
        if (a.k == RV::Int && b.k == RV::Int && it != ops.end()) {
            // Rust `/` on non-negative sizes is floor division.
            return intVal(symOp(it->second, a.i, b.i), here);
        }
        if ((a.k == RV::Str || a.k == RV::DtypeStr) && (n.text == "==" || n.text == "!="))
            return intVal(symOpaque("a dtype comparison"), here);
        return unknown("the operator " + n.text, here);
    }

    // A block's statements in a scope of its own; its value is its tail expression's.
    RVal evalBlock(const RNode& n)
    {
        m_scopes.emplace_back();
        RVal last = unitVal();
        for (size_t k = 0; k < n.kids.size(); ++k) {
            const RVal v = exec(n.kids[k]);
            if (k + 1 == n.kids.size() && n.tail)
                last = v;
            if (m_returned)
                break;
        }
        m_scopes.pop_back();
        return last;
    }

    RVal exec(int node)
    {
        const RNode& n = m_tree.at(node);
        if (n.kind != RKind::Let)
            return eval(node);
        RVal v = eval(m_tree.kid(node, 1));
        if (!n.type.empty() && (v.k == RV::DevPtr || v.k == RV::Borrowed) && v.elem.empty())
            v.elem = elemOf(n.type);
        if (!n.type.empty() && v.k == RV::Unknown &&
            n.type.find("DevicePointer") != std::string::npos)
            v.elem = elemOf(n.type);
        bindPattern(m_tree.kid(node, 0), v, at(node));
        return unitVal();
    }

    void bindPattern(int pattern, RVal v, const Loc& loc)
    {
        if (pattern < 0)
            return;
        const RNode& p = m_tree.at(pattern);
        if (p.kind == RKind::Tuple) {
            for (size_t k = 0; k < p.kids.size(); ++k)
                bindPattern(p.kids[k], k < v.items.size() ? v.items[k] : unknown("a short tuple"),
                            loc);
            return;
        }
        if (p.kind != RKind::Path || p.text == "_")
            return;
        if ((v.k == RV::Desc || v.k == RV::DevPtr || v.k == RV::Borrowed) && v.hops.size() < 64) {
            v.hops.push_back({loc, p.text});
            if (v.t && v.t->names.size() < 32)
                v.t->names.push_back(p.text);
        }
        bind(p.text, std::move(v));
    }

    const FfiSource& m_ffi;
    const std::vector<RustEntryDecl>& m_entries;
    RTree& m_tree;
    Decisions& m_decisions;
    PathResult& m_path;
    std::string m_symbol;
    Loc m_call;
    std::vector<std::map<std::string, RVal>> m_scopes;
    std::map<std::string, std::pair<std::vector<std::string>, int>> m_macros;
    size_t m_steps = 0;
    int m_macroDepth = 0;
    bool m_returned = false;
    bool m_launched = false;

public:
    bool launched() const { return m_launched; }
};

} // namespace

void followFfiCall(const FfiSource& ffi, const std::vector<RustEntryDecl>& entries,
                   const std::string& symbol, const std::vector<FfiArg>& args, const Loc& call,
                   Decisions& decisions, PathResult& path)
{
    const std::vector<Token>& t = ffi.tokens.tokens;
    size_t fn = t.size();
    for (size_t i = 0; i + 2 < t.size(); ++i)
        if (t[i].text == "fn" && t[i + 1].text == symbol && t[i + 2].text == "(") {
            fn = i;
            break;
        }
    if (fn == t.size()) {
        path.notes.push_back(
            {call, "the wrapper calls " + symbol + ", which " + ffi.path + " does not define"});
        return;
    }
    const size_t pclose = closing(t, fn + 2, "(", ")");
    struct Param
    {
        std::string name, type;
        int line;
    };
    std::vector<Param> params;
    for (const auto& [from, to] : splitCommas(t, fn + 3, pclose))
        if (from + 1 < to && t[from].kind == TokKind::Name && t[from + 1].text == ":")
            params.push_back({t[from].text, joined(t, from + 2, to), t[from].line});
    size_t open = pclose + 1;
    while (open < t.size() && t[open].text != "{")
        ++open;
    if (open >= t.size())
        return;
    const size_t bclose = closing(t, open, "{", "}");
    RTree tree;
    rs::RustParser parser(t, open, bclose + 1, tree);
    const int body = parser.block();
    for (const SourceError& e : tree.errors)
        if (path.notes.size() < 64)
            path.notes.push_back({{ffi.path, e.line}, "ffi.rs: " + e.message});

    FfiEval ev(ffi, entries, tree, decisions, path, symbol, call);
    if (args.size() != params.size())
        path.notes.push_back({call, "the wrapper passes " + std::to_string(args.size()) +
                                        " arguments to " + symbol + ", which takes " +
                                        std::to_string(params.size()) + " in ffi.rs"});
    for (size_t k = 0; k < params.size(); ++k) {
        RVal v;
        if (k >= args.size()) {
            v = unknown("not passed by the wrapper");
        } else {
            const FfiArg& a = args[k];
            v.origin = a.origin;
            v.loc = a.loc;
            v.text = a.text;
            v.hops = a.hops;
            switch (a.kind) {
            case FfiArg::Kind::Desc:
                v.k = RV::Desc;
                v.t = a.tensor;
                v.hops.push_back({a.loc, params[k].name});
                if (v.t && v.t->names.size() < 32)
                    v.t->names.push_back(params[k].name);
                break;
            case FfiArg::Kind::Int:
                v.k = RV::Int;
                v.i = a.value;
                v.attrOf = a.attrOf;
                v.attr = a.attr;
                v.attrIndex = a.attrIndex;
                break;
            case FfiArg::Kind::Float:
                v.k = RV::Float;
                v.f = a.number;
                break;
            case FfiArg::Kind::Stream:
                v.k = RV::Stream;
                v.stream = a.stream;
                break;
            default:
                v = unknown(a.why.empty() ? "None" : a.why, a.origin);
                break;
            }
        }
        ev.bind(params[k].name, std::move(v));
    }
    ev.run(body);
    if (!ev.launched())
        path.notes.push_back(
            {call, symbol + " in " + ffi.path + " launches no kernel.rs entry on this path"});
}

} // namespace tilelens::ws::launch