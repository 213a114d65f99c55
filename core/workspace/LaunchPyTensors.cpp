// Tensors of the symbolic Python run: ranks, shapes, views, copies, conversions.

#include "workspace/LaunchPyInterp.h"

namespace tilelens::ws::launch::py {

void Interp::fixRank(const TensorRef& t, size_t rank, int node)
{
    if (t->rankKnown) {
        if (t->shape.size() != rank)
            note(node, t->root + " is used with rank " + std::to_string(rank) + " and rank " +
                           std::to_string(t->shape.size()));
        return;
    }
    t->rankKnown = true;
    t->shape.clear();
    for (size_t i = 0; i < rank; ++i)
        t->shape.push_back(symDim(t->root + ".shape[" + std::to_string(i) + "]"));
    t->strides = rowMajorStrides(t->shape);
    if (path)
        path->inputRanks[t->root] = rank;
}

PV Interp::resolveShape(const PV& v, int node, size_t rank)
{
    if (!v->t->rankKnown) {
        if (rank == 0) {
            note(node, "the rank of " + v->t->root +
                           " is not fixed by the code before this use; it is taken as 2");
            rank = 2;
        }
        fixRank(v->t, rank, node);
    }
    std::vector<PV> dims;
    for (size_t i = 0; i < v->t->shape.size(); ++i) {
        Value d;
        d.k = VK::Int;
        d.i = v->t->shape[i];
        d.origin = locOf(node);
        d.attrOf = v->t;
        d.attr = "shape";
        d.attrIndex = int(i);
        dims.push_back(makeValue(std::move(d)));
    }
    return mkSeq(VK::Tuple, std::move(dims));
}

TensorRef Interp::newTensor(const std::string& storage, const std::string& root,
                            std::vector<Sym> shape, const std::string& dtype, int node)
{
    TensorRef t = std::make_shared<TensorInfo>();
    t->storage = storage;
    t->root = root;
    t->created = locOf(node);
    t->shape = std::move(shape);
    t->strides = rowMajorStrides(t->shape);
    t->rankKnown = true;
    t->dtype = dtype;
    return t;
}

PV Interp::tensorAttribute(const TensorRef& t, const PV& self, const std::string& name, int node)
{
    const Loc here = locOf(node);
    if (name == "shape") {
        if (t->rankKnown)
            return resolveShape(self, node);
        Value v;
        v.k = VK::Ndim;
        v.s = "shape";
        v.t = t;
        return makeValue(std::move(v));
    }
    if (name == "ndim") {
        if (t->rankKnown)
            return mkInt(symConst(int64_t(t->shape.size())), here);
        Value v;
        v.k = VK::Ndim;
        v.t = t;
        return makeValue(std::move(v));
    }
    if (name == "dtype")
        return mkDtype(t->dtype);
    if (name == "device")
        return mkNs({{"index", mkInt(symOpaque("the device index of " + t->root), here)},
                     {"type", mkStr("cuda")}},
                    "device");
    if (name == "is_cuda")
        return mkInt(symConst(1), here);
    if (name == "requires_grad")
        return mkInt(symConst(0), here); // an inference call: detach() changes no data
    if (name == "T")
        return tensorMethod(self, "t", {}, {}, node);
    if (name == "data")
        return self;
    return mkMethod(self, name);
}

namespace {

// A new tensor copied from `t` at `here` (its layout and dtype still t's).
TensorRef copiedTensor(const TensorRef& t, const Loc& here)
{
    TensorRef c = std::make_shared<TensorInfo>(*t);
    c->storage = "copy@" + std::to_string(here.line) + ":" + t->storage;
    c->copy = true;
    c->copyOf = t->storage;
    return c;
}

} // namespace

PV Interp::tensorMethod(const PV& self, const std::string& name, const std::vector<PV>& args,
                        const std::vector<std::pair<std::string, PV>>& kwargs, int node)
{
    const TensorRef& t = self->t;
    const TensorCall c{self, name, args, kwargs, node, locOf(node)};
    if (name == "detach" || name == "cuda" || name == "requires_grad_")
        return self;
    if (name == "numel") {
        resolveShape(self, node);
        return mkInt(product(t->shape), c.here);
    }
    if (name == "dim") {
        resolveShape(self, node);
        return mkInt(symConst(int64_t(t->shape.size())), c.here);
    }
    if (name == "size" || name == "stride")
        return tensorSizes(c);
    if (name == "contiguous" || name == "clone")
        return tensorCopy(c);
    if (name == "view" || name == "reshape")
        return tensorView(c);
    if (name == "transpose" || name == "t" || name == "permute")
        return tensorPermute(c);
    if (name == "to" || name == "float" || name == "half" || name == "bfloat16" || name == "int")
        return tensorCast(c);
    if (name == "copy_") {
        if (!args.empty() && args[0]->k == VK::Tensor)
            path->copies.push_back({args[0]->t, t, c.here, ".copy_()"});
        return self;
    }
    if (name == "is_contiguous")
        return mkUnknown("whether " + t->root + " is contiguous (the caller's layout)", c.here);
    return mkUnknown("tensor." + name + "() is not modelled", c.here);
}

// A view of the same storage with another shape and strides.
PV Interp::tensorViewOf(const TensorCall& c, std::vector<Sym> shape, std::vector<Sym> strides)
{
    TensorRef v = std::make_shared<TensorInfo>(*c.self->t);
    v->shape = std::move(shape);
    v->strides = std::move(strides);
    v->rankKnown = true;
    return mkTensor(v, c.here, c.self->hops);
}

// t.size() / t.stride(): all axes as a tuple, or one axis read from the tensor.
PV Interp::tensorSizes(const TensorCall& c)
{
    const TensorRef& t = c.self->t;
    resolveShape(c.self, c.node);
    const std::vector<Sym>& v = c.name == "size" ? t->shape : t->strides;
    if (c.args.empty()) {
        std::vector<PV> items;
        items.reserve(v.size());
        for (const Sym& s : v)
            items.push_back(mkInt(s, c.here));
        return mkSeq(VK::Tuple, std::move(items));
    }
    int64_t i = 0;
    if (c.args[0]->k == VK::Int && isConst(c.args[0]->i, &i)) {
        if (i < 0)
            i += int64_t(v.size());
        if (i >= 0 && i < int64_t(v.size())) {
            Value d;
            d.k = VK::Int;
            d.i = v[size_t(i)];
            d.origin = c.here;
            d.attrOf = t;
            d.attr = c.name == "size" ? "shape" : "stride";
            d.attrIndex = int(i);
            return makeValue(std::move(d));
        }
    }
    return mkUnknown(c.name + "() of an axis the sources do not decide", c.here);
}

// .contiguous() / .clone(): the copies the path makes are recorded.
PV Interp::tensorCopy(const TensorCall& c)
{
    const TensorRef& t = c.self->t;
    const std::string what = "." + c.name + "()";
    if (!t->rankKnown) { // an input of a rank only its use will fix: the layout is the caller's
        path->copies.push_back({t, t, c.here, what});
        return c.self;
    }
    const bool rowMajor = structurallyRowMajor(*t);
    // An input's layout is the caller's: .contiguous() copies whenever it is not
    // row-major, which the sources cannot rule out.
    if (c.name == "contiguous" && rowMajor && !t->input)
        return c.self;
    path->copies.push_back({t, t, c.here, what});
    if (rowMajor && c.name == "contiguous")
        return c.self;
    TensorRef copy = copiedTensor(t, c.here);
    copy->created = c.here;
    copy->strides = rowMajorStrides(copy->shape);
    path->copies.back().to = copy;
    return mkTensor(copy, c.here, c.self->hops);
}

// The dims of a .view() / .reshape(): one tuple or list, a shape, or the dims themselves.
std::vector<PV> Interp::viewDims(const TensorCall& c)
{
    std::vector<PV> dims = c.args;
    if (dims.size() == 1 && (dims[0]->k == VK::Tuple || dims[0]->k == VK::List))
        dims = *dims[0]->items;
    if (dims.size() == 1 && dims[0]->k == VK::Ndim)
        dims = *resolveShape(dims[0], c.node)->items;
    return dims;
}

PV Interp::tensorView(const TensorCall& c)
{
    const TensorRef& t = c.self->t;
    const std::vector<PV> dims = viewDims(c);
    if (dims.size() == 1 && dims[0]->k == VK::Dtype)
        return mkUnknown("a view as another dtype", c.here);
    std::vector<Sym> shape;
    int minusOne = -1;
    for (size_t i = 0; i < dims.size(); ++i) {
        const Sym s = toSym(dims[i], c.node);
        int64_t k = 0;
        if (isConst(s, &k) && k == -1)
            minusOne = int(i);
        shape.push_back(s);
    }
    if (shape.empty() || shape.size() > 8)
        return mkUnknown("a view of rank " + std::to_string(shape.size()), c.here);
    if (minusOne >= 0)
        shape[size_t(minusOne)] = inferredAxis(c, shape, minusOne);
    if (!t->rankKnown || structurallyRowMajor(*t))
        return tensorViewOf(c, shape, rowMajorStrides(shape));
    if (c.name == "reshape") {
        path->copies.push_back({t, t, c.here, ".reshape()"});
        TensorRef copy = copiedTensor(t, c.here);
        copy->shape = shape;
        copy->strides = rowMajorStrides(shape);
        path->copies.back().to = copy;
        return mkTensor(copy, c.here, c.self->hops);
    }
    std::vector<Sym> strides(shape.size(), symOpaque("the strides of a view of a "
                                                     "non-contiguous tensor"));
    return tensorViewOf(c, shape, strides);
}

// The -1 axis of a view: numel / product(others), cancelled factor by factor where they match.
Sym Interp::inferredAxis(const TensorCall& c, const std::vector<Sym>& shape, int minusOne)
{
    const TensorRef& t = c.self->t;
    resolveShape(c.self, c.node);
    Sym rest = product(t->shape);
    for (size_t i = 0; i < shape.size(); ++i)
        if (int(i) != minusOne)
            rest = symOp(SymOp::FloorDiv, rest, shape[i]);
    // A quotient that does not cancel (`b.view(-1, n)` with n from another tensor) is a size
    // of its own: the caller's tensor is any that has n columns.
    if (rest->op == SymOp::FloorDiv)
        rest = symDim(t->root + ".rest[" + std::to_string(minusOne) + "]");
    return rest;
}

// .t(), .transpose(a, b), .permute(...): a view with the axes reordered.
PV Interp::tensorPermute(const TensorCall& c)
{
    const TensorRef& t = c.self->t;
    resolveShape(c.self, c.node);
    std::vector<size_t> perm(t->shape.size());
    for (size_t i = 0; i < perm.size(); ++i)
        perm[i] = i;
    const auto axis = [&](const PV& a, size_t& out) {
        int64_t i = 0;
        if (a->k != VK::Int || !isConst(a->i, &i))
            return false;
        if (i < 0)
            i += int64_t(perm.size());
        if (i < 0 || i >= int64_t(perm.size()))
            return false;
        out = size_t(i);
        return true;
    };
    bool ok = true;
    if (c.name == "t" && perm.size() == 2) {
        std::swap(perm[0], perm[1]);
    } else if (c.name == "transpose" && c.args.size() == 2) {
        size_t a = 0, b = 0;
        ok = axis(c.args[0], a) && axis(c.args[1], b);
        if (ok)
            std::swap(perm[a], perm[b]);
    } else if (c.name == "permute" && c.args.size() == perm.size()) {
        for (size_t i = 0; i < c.args.size() && ok; ++i)
            ok = axis(c.args[i], perm[i]);
    } else {
        ok = false;
    }
    if (!ok)
        return mkUnknown(c.name + " with axes the sources do not decide", c.here);
    std::vector<Sym> shape, strides;
    for (size_t p : perm) {
        shape.push_back(t->shape[p]);
        strides.push_back(t->strides[p]);
    }
    return tensorViewOf(c, shape, strides);
}

// .to(dtype), .float(), .half(), ...: a row-major copy in the new dtype (itself when the same).
PV Interp::tensorCast(const TensorCall& c)
{
    const TensorRef& t = c.self->t;
    std::string dtype = c.name == "float"      ? "float32"
                        : c.name == "half"     ? "float16"
                        : c.name == "int"      ? "int32"
                        : c.name == "bfloat16" ? "bfloat16"
                                               : "";
    for (const PV& a : c.args)
        if (a->k == VK::Dtype)
            dtype = a->s;
    if (const PV d = kwarg(c.kwargs, "dtype"); d && d->k == VK::Dtype)
        dtype = d->s;
    if (dtype.empty() || dtype == t->dtype)
        return c.self;
    resolveShape(c.self, c.node);
    TensorRef copy = copiedTensor(t, c.here);
    copy->dtype = dtype;
    copy->strides = rowMajorStrides(copy->shape);
    path->copies.push_back({t, copy, c.here, ".to(" + dtype + ")"});
    return mkTensor(copy, c.here, c.self->hops);
}

} // namespace tilelens::ws::launch::py
