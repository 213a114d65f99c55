// The values of the symbolic Python run: constructors and descriptions.

#include "workspace/LaunchPyInterp.h"

#include <cmath>

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
std::optional<int64_t> wholeInt64(double d)
{
    // -2^63 is a double; 2^63 is the first one past int64's range (NaN fails both tests).
    constexpr double kLimit = 9223372036854775808.0;
    if (!(d >= -kLimit && d < kLimit) || d != std::trunc(d))
        return std::nullopt;
    return int64_t(d);
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

PV mkDtype(const std::string& name)
{
    Value v;
    v.k = VK::Dtype;
    v.s = name;
    return makeValue(std::move(v));
}

PV mkMethod(const PV& self, const std::string& name)
{
    Value v;
    v.k = VK::Method;
    v.self = self;
    v.s = name;
    return makeValue(std::move(v));
}

PV mkNs(std::map<std::string, PV> fields, const std::string& type)
{
    Value v;
    v.k = VK::Ns;
    v.s = type;
    v.ns = std::make_shared<std::map<std::string, PV>>(std::move(fields));
    return makeValue(std::move(v));
}

Sym product(const std::vector<Sym>& dims)
{
    Sym p = symConst(1);
    for (const Sym& d : dims)
        p = symOp(SymOp::Mul, p, d);
    return p;
}

bool structurallyRowMajor(const TensorInfo& t)
{
    const std::vector<Sym> rm = rowMajorStrides(t.shape);
    for (size_t i = 0; i < rm.size() && i < t.strides.size(); ++i)
        if (!symEqual(rm[i], t.strides[i]))
            return false;
    return true;
}

} // namespace py
} // namespace tilelens::ws::launch
