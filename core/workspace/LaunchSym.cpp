#include "workspace/LaunchSym.h"

#include <algorithm>

namespace tilelens::ws::launch {
namespace {

Sym make(SymOp op, int64_t value, std::string name, std::vector<Sym> args)
{
    int depth = 1;
    int64_t size = 1;
    for (const Sym& a : args) {
        depth = std::max(depth, a ? a->depth + 1 : 1);
        size += a ? a->size : 1;
    }
    if (depth > kMaxSymDepth)
        return make(SymOp::Opaque, 0, "the expression is nested too deeply", {});
    if (size > kMaxSymSize)
        return make(SymOp::Opaque, 0, "the expression is too large", {});
    auto n = std::make_shared<SymNode>();
    n->depth = depth;
    n->size = size;
    n->op = op;
    n->value = value;
    n->name = std::move(name);
    n->args = std::move(args);
    return n;
}

bool isLeaf(SymOp op)
{
    return op == SymOp::Const || op == SymOp::Dim || op == SymOp::Tunable || op == SymOp::Device ||
           op == SymOp::Flag || op == SymOp::Opaque;
}

std::optional<int64_t> floorDiv(int64_t a, int64_t b)
{
    if (b == 0 || (a == INT64_MIN && b == -1))
        return std::nullopt;
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

std::optional<int64_t> apply(SymOp op, int64_t a, int64_t b)
{
    int64_t r = 0;
    switch (op) {
    case SymOp::Add:
        return __builtin_add_overflow(a, b, &r) ? std::nullopt : std::optional<int64_t>(r);
    case SymOp::Sub:
        return __builtin_sub_overflow(a, b, &r) ? std::nullopt : std::optional<int64_t>(r);
    case SymOp::Mul:
        return __builtin_mul_overflow(a, b, &r) ? std::nullopt : std::optional<int64_t>(r);
    case SymOp::FloorDiv:
        return floorDiv(a, b);
    case SymOp::CeilDiv: {
        if (b == 0 || a == INT64_MIN || b == INT64_MIN)
            return std::nullopt;
        const auto q = floorDiv(-a, b);
        return q && *q != INT64_MIN ? std::optional<int64_t>(-*q) : std::nullopt;
    }
    case SymOp::Mod: {
        const auto q = floorDiv(a, b);
        if (!q)
            return std::nullopt;
        return a - *q * b; // |q * b| <= |a|: no overflow
    }
    case SymOp::Min:
        return std::min(a, b);
    case SymOp::Max:
        return std::max(a, b);
    case SymOp::Eq:
        return a == b;
    case SymOp::Ne:
        return a != b;
    case SymOp::Lt:
        return a < b;
    case SymOp::Le:
        return a <= b;
    case SymOp::Gt:
        return a > b;
    case SymOp::Ge:
        return a >= b;
    case SymOp::And:
        return a != 0 && b != 0;
    case SymOp::Or:
        return a != 0 || b != 0;
    case SymOp::Truthy:
        return a != 0 ? a : b;
    default:
        return std::nullopt;
    }
}

std::optional<int64_t> nextPow2(int64_t x)
{
    if (x <= 1)
        return 1;
    if (x > (int64_t(1) << 62))
        return std::nullopt;
    int64_t p = 1;
    while (p < x)
        p <<= 1;
    return p;
}

int precedence(SymOp op)
{
    switch (op) {
    case SymOp::Add:
    case SymOp::Sub:
        return 1;
    case SymOp::Mul:
    case SymOp::FloorDiv:
    case SymOp::Mod:
        return 2;
    case SymOp::Neg:
        return 3;
    default:
        return 4;
    }
}

const char* opWord(SymOp op)
{
    switch (op) {
    case SymOp::Add:
        return "+";
    case SymOp::Sub:
        return "-";
    case SymOp::Mul:
        return "*";
    case SymOp::FloorDiv:
        return "/";
    case SymOp::Mod:
        return "%";
    case SymOp::Eq:
        return "==";
    case SymOp::Ne:
        return "!=";
    case SymOp::Lt:
        return "<";
    case SymOp::Le:
        return "<=";
    case SymOp::Gt:
        return ">";
    case SymOp::Ge:
        return ">=";
    case SymOp::And:
        return "and";
    case SymOp::Or:
        return "or";
    default:
        return "?";
    }
}

class Printer
{
public:
    Printer(const std::function<std::string(const SymNode&)>& name, bool binding)
        : m_name(name), m_binding(binding)
    {
    }
    bool ok = true;
    std::string why;

    std::string print(const Sym& s, int parentPrec = 0, int depth = 0)
    {
        if (!s || depth > 200) {
            fail("the expression is too deep");
            return "?";
        }
        const SymNode& n = *s;
        switch (n.op) {
        case SymOp::Const:
            return n.value < 0 && parentPrec > 0 ? "(" + std::to_string(n.value) + ")"
                                                 : std::to_string(n.value);
        case SymOp::Dim:
        case SymOp::Tunable:
        case SymOp::Device:
            return m_name(n);
        case SymOp::Flag:
            if (m_binding)
                fail("it depends on the choice '" + n.name + "'");
            return n.name;
        case SymOp::Opaque:
            fail(n.name);
            return "?";
        case SymOp::Neg: {
            const std::string t = "-" + print(n.args[0], 3, depth + 1);
            return parentPrec > 3 ? "(" + t + ")" : t;
        }
        case SymOp::CeilDiv:
        case SymOp::Min:
        case SymOp::Max: {
            const char* f = n.op == SymOp::CeilDiv ? "cdiv" : n.op == SymOp::Min ? "min" : "max";
            return std::string(f) + "(" + print(n.args[0], 0, depth + 1) + ", " +
                   print(n.args[1], 0, depth + 1) + ")";
        }
        case SymOp::NextPow2:
            if (m_binding)
                fail("next_power_of_2 has no form in a binding expression");
            return "next_power_of_2(" + print(n.args[0], 0, depth + 1) + ")";
        case SymOp::Select:
            if (m_binding)
                fail("it depends on a condition the sources do not decide");
            return "(" + print(n.args[1], 0, depth + 1) + " if " + print(n.args[0], 0, depth + 1) +
                   " else " + print(n.args[2], 0, depth + 1) + ")";
        case SymOp::Truthy:
            if (m_binding)
                fail("`a or b` has no form in a binding expression");
            return "(" + print(n.args[0], 0, depth + 1) + " or " + print(n.args[1], 0, depth + 1) +
                   ")";
        case SymOp::Not:
            if (m_binding)
                fail("a condition has no form in a binding expression");
            return "not " + print(n.args[0], 4, depth + 1);
        case SymOp::Mod:
            if (m_binding)
                fail("'%' has no form in a binding expression");
            [[fallthrough]];
        default: {
            if (n.op >= SymOp::Eq && n.op <= SymOp::Or && m_binding)
                fail("a condition has no form in a binding expression");
            const int p = precedence(n.op);
            const std::string t = print(n.args[0], p, depth + 1) + " " + opWord(n.op) + " " +
                                  print(n.args[1], p + 1, depth + 1);
            return p < parentPrec ? "(" + t + ")" : t;
        }
        }
    }

private:
    void fail(const std::string& reason)
    {
        if (ok)
            why = reason;
        ok = false;
    }
    const std::function<std::string(const SymNode&)>& m_name;
    bool m_binding;
};

} // namespace

Sym symConst(int64_t v)
{
    return make(SymOp::Const, v, {}, {});
}
Sym symDim(const std::string& key)
{
    return make(SymOp::Dim, 0, key, {});
}
Sym symTunable(const std::string& key)
{
    return make(SymOp::Tunable, 0, key, {});
}
Sym symDevice(const std::string& key)
{
    return make(SymOp::Device, 0, key, {});
}
Sym symFlag(const std::string& key)
{
    return make(SymOp::Flag, 0, key, {});
}
Sym symOpaque(const std::string& reason)
{
    return make(SymOp::Opaque, 0, reason, {});
}

bool isConst(const Sym& s, int64_t* value)
{
    if (!s || s->op != SymOp::Const)
        return false;
    if (value)
        *value = s->value;
    return true;
}

Sym symOp(SymOp op, const Sym& a, const Sym& b)
{
    int64_t x = 0, y = 0;
    const bool ca = isConst(a, &x), cb = isConst(b, &y);
    if (ca && cb)
        if (const auto r = apply(op, x, y))
            return symConst(*r);
    switch (op) {
    case SymOp::Add:
        if (ca && x == 0)
            return b;
        if (cb && y == 0)
            return a;
        break;
    case SymOp::Sub:
        if (cb && y == 0)
            return a;
        break;
    case SymOp::Mul:
        if ((ca && x == 0) || (cb && y == 0))
            return symConst(0);
        if (ca && x == 1)
            return b;
        if (cb && y == 1)
            return a;
        break;
    case SymOp::FloorDiv:
        if (cb && y == 1)
            return a;
        // (x * y) // y and (y * x) // y
        if (a->op == SymOp::Mul) {
            if (symEqual(a->args[1], b))
                return a->args[0];
            if (symEqual(a->args[0], b))
                return a->args[1];
        }
        // (p + q - 1) // q = cdiv(p, q); also (p + (q - 1)) // q
        if (a->op == SymOp::Sub && isConst(a->args[1], &x) && x == 1 &&
            a->args[0]->op == SymOp::Add && symEqual(a->args[0]->args[1], b))
            return symOp(SymOp::CeilDiv, a->args[0]->args[0], b);
        if (a->op == SymOp::Add && a->args[1]->op == SymOp::Sub &&
            symEqual(a->args[1]->args[0], b) && isConst(a->args[1]->args[1], &x) && x == 1)
            return symOp(SymOp::CeilDiv, a->args[0], b);
        break;
    case SymOp::CeilDiv:
        if (cb && y == 1)
            return a;
        break;
    case SymOp::And:
        if (ca)
            return x ? b : symConst(0);
        if (cb)
            return y ? a : symConst(0);
        break;
    case SymOp::Or:
        if (ca)
            return x ? symConst(1) : b;
        if (cb)
            return y ? symConst(1) : a;
        break;
    case SymOp::Truthy:
        if (ca)
            return x ? a : b;
        break;
    default:
        break;
    }
    return make(op, 0, {}, {a, b});
}

Sym symUnary(SymOp op, const Sym& a)
{
    int64_t x = 0;
    if (isConst(a, &x)) {
        if (op == SymOp::Neg && x != INT64_MIN)
            return symConst(-x);
        if (op == SymOp::Not)
            return symConst(x == 0);
        if (op == SymOp::NextPow2)
            if (const auto r = nextPow2(x))
                return symConst(*r);
    }
    if (op == SymOp::Neg && a->op == SymOp::Neg)
        return a->args[0];
    // -(p // -q) = cdiv(p, q)
    if (op == SymOp::Neg && a->op == SymOp::FloorDiv && a->args[1]->op == SymOp::Neg)
        return symOp(SymOp::CeilDiv, a->args[0], a->args[1]->args[0]);
    if (op == SymOp::Not && a->op == SymOp::Not)
        return a->args[0];
    return make(op, 0, {}, {a});
}

Sym symSelect(const Sym& cond, const Sym& a, const Sym& b)
{
    int64_t c = 0;
    if (isConst(cond, &c))
        return c ? a : b;
    if (symEqual(a, b))
        return a;
    return make(SymOp::Select, 0, {}, {cond, a, b});
}

bool isOpaque(const Sym& s)
{
    return !opaqueReason(s).empty();
}

std::string opaqueReason(const Sym& s)
{
    if (!s)
        return "no value";
    std::vector<const SymNode*> work{s.get()};
    size_t visited = 0;
    while (!work.empty() && ++visited < 100000) {
        const SymNode* n = work.back();
        work.pop_back();
        if (n->op == SymOp::Opaque)
            return n->name.empty() ? "not derivable" : n->name;
        for (const Sym& a : n->args)
            if (a)
                work.push_back(a.get());
    }
    return {};
}

std::optional<int64_t> evalSym(const Sym& s, const SymEnv& env)
{
    if (!s)
        return std::nullopt;
    const SymNode& n = *s;
    switch (n.op) {
    case SymOp::Const:
        return n.value;
    case SymOp::Dim:
    case SymOp::Tunable:
    case SymOp::Device: {
        auto it = env.values.find(n.name);
        return it == env.values.end() ? std::nullopt : std::optional<int64_t>(it->second);
    }
    case SymOp::Flag: {
        auto it = env.flags.find(n.name);
        return it == env.flags.end() ? std::nullopt : std::optional<int64_t>(it->second);
    }
    case SymOp::Opaque:
        return std::nullopt;
    case SymOp::Neg: {
        const auto a = evalSym(n.args[0], env);
        return a && *a != INT64_MIN ? std::optional<int64_t>(-*a) : std::nullopt;
    }
    case SymOp::Not: {
        const auto a = evalSym(n.args[0], env);
        return a ? std::optional<int64_t>(*a == 0) : std::nullopt;
    }
    case SymOp::NextPow2: {
        const auto a = evalSym(n.args[0], env);
        return a ? nextPow2(*a) : std::nullopt;
    }
    case SymOp::Select: {
        const auto c = evalSym(n.args[0], env);
        if (!c)
            return std::nullopt;
        return evalSym(*c ? n.args[1] : n.args[2], env);
    }
    default: {
        const auto a = evalSym(n.args[0], env);
        if (!a)
            return std::nullopt;
        if (n.op == SymOp::Truthy && *a != 0)
            return a;
        const auto b = evalSym(n.args[1], env);
        if (!b)
            return std::nullopt;
        return apply(n.op, *a, *b);
    }
    }
}

Sym partialEval(const Sym& s, const std::map<std::string, bool>& flags)
{
    if (!s)
        return s;
    if (s->op == SymOp::Flag) {
        auto it = flags.find(s->name);
        return it == flags.end() ? s : symConst(it->second);
    }
    if (isLeaf(s->op))
        return s;
    std::vector<Sym> args;
    bool changed = false;
    for (const Sym& a : s->args) {
        args.push_back(partialEval(a, flags));
        changed = changed || args.back() != a;
    }
    if (!changed)
        return s;
    if (s->op == SymOp::Select)
        return symSelect(args[0], args[1], args[2]);
    if (args.size() == 1)
        return symUnary(s->op, args[0]);
    return symOp(s->op, args[0], args[1]);
}

Sym substitute(const Sym& s, const std::map<std::string, Sym>& by)
{
    if (!s)
        return s;
    if (s->op == SymOp::Dim || s->op == SymOp::Tunable || s->op == SymOp::Device) {
        auto it = by.find(s->name);
        return it == by.end() ? s : it->second;
    }
    if (isLeaf(s->op))
        return s;
    std::vector<Sym> args;
    bool changed = false;
    for (const Sym& a : s->args) {
        args.push_back(substitute(a, by));
        changed = changed || args.back() != a;
    }
    if (!changed)
        return s;
    if (s->op == SymOp::Select)
        return symSelect(args[0], args[1], args[2]);
    if (args.size() == 1)
        return symUnary(s->op, args[0]);
    return symOp(s->op, args[0], args[1]);
}

void collectKeys(const Sym& s, SymOp kind, std::set<std::string>& out)
{
    if (!s)
        return;
    if (s->op == kind)
        out.insert(s->name);
    for (const Sym& a : s->args)
        collectKeys(a, kind, out);
}

bool symEqual(const Sym& a, const Sym& b)
{
    if (a == b)
        return true;
    if (!a || !b || a->op != b->op || a->value != b->value || a->name != b->name ||
        a->args.size() != b->args.size())
        return false;
    for (size_t i = 0; i < a->args.size(); ++i)
        if (!symEqual(a->args[i], b->args[i]))
            return false;
    return true;
}

bool bindingText(const Sym& s, const std::function<std::string(const SymNode&)>& name,
                 std::string& out, std::string* why)
{
    Printer p(name, true);
    out = p.print(s);
    if (!p.ok && why)
        *why = p.why;
    return p.ok;
}

std::string symText(const Sym& s, const std::function<std::string(const SymNode&)>& name)
{
    Printer p(name, false);
    return p.print(s);
}

} // namespace tilelens::ws::launch
