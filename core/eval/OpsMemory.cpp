// Memory: assume (checked), tensor and partition views, view and pointer
// loads/stores with masks and padding, pointer offsets.

#include "eval/Exec.h"
#include "ir/Attribute.h"
#include "ir/OpId.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tilelens::eval {

using ir::OpId;

namespace {

using Ex = Interpreter::Exec;

double paddingValue(Padding p)
{
    switch (p) {
    case Padding::NegZero:
        return -0.0;
    case Padding::NaN:
        return std::numeric_limits<double>::quiet_NaN();
    case Padding::PosInf:
        return std::numeric_limits<double>::infinity();
    case Padding::NegInf:
        return -std::numeric_limits<double>::infinity();
    default:
        return 0.0;
    }
}

Padding paddingOf(std::string_view s)
{
    if (s == "zero")
        return Padding::Zero;
    if (s == "neg_zero")
        return Padding::NegZero;
    if (s == "nan")
        return Padding::NaN;
    if (s == "pos_inf")
        return Padding::PosInf;
    if (s == "neg_inf")
        return Padding::NegInf;
    return Padding::None;
}

// The first element index where the predicate is false, as a message; "" if it holds.
std::string assumeViolation(const Tile& t, const ir::Attribute& p, std::vector<int64_t>& where)
{
    const int bits = t.elem == Elem::Ptr ? 64 : intBits(t.elem);
    for (size_t k = 0; k < t.size() && !t.isFloat(); ++k) {
        const int64_t x = t.elem == Elem::I1 ? t.ints[k] : toSigned(t.ints[k], bits);
        where = unflattenIndex(t.shape, k);
        if (p.kind == ir::AttrKind::DivBy && p.every < 0 && p.intValue > 0 &&
            toUnsigned(x, bits) % uint64_t(p.intValue) != 0)
            return "value " + std::to_string(x) + " is not divisible by " +
                   std::to_string(p.intValue);
        if (p.kind == ir::AttrKind::Bounded &&
            ((p.hasLower && x < p.lower) || (p.hasUpper && x > p.upper)))
            return "value " + std::to_string(x) + " is outside " + p.canonical();
    }
    return {};
}

// A false assume about a value that comes from the inputs stops the run; one
// about the kernel's own constant (a compiler's claim, not an input's) is noted.
void assumeOp(Ex& ex, const ir::Op& op)
{
    const RtValue& v = ex.value(op.operands[0]);
    const ir::Attribute* p = op.attr("predicate");
    if (v.tile && p) {
        std::vector<int64_t> where;
        const std::string why = assumeViolation(*v.tile, *p, where);
        const ir::Value* src = op.operands[0];
        while (src->definingOp && src->definingOp->id() == OpId::Assume)
            src = src->definingOp->operands[0];
        if (!why.empty() && src->definingOp && src->definingOp->id() == OpId::Constant)
            ex.stats.notes.insert("line " + std::to_string(op.range.beginLine) + ": assume " +
                                  p->canonical() + " on a constant is false (" + why + ")");
        else if (!why.empty())
            ex.fail(IssueKind::AssumeViolated, why, where);
    }
    ex.set(op.results[0], v);
}

void makeTensorView(Ex& ex, const ir::Op& op)
{
    const ir::Type* rt = op.results[0]->type;
    const Tile& base = ex.tile(op, 0);
    auto tv = std::make_shared<TensorViewValue>();
    tv->base = uint64_t(base.ints[0]);
    tv->elem = elemOf(rt);
    size_t next = 1;
    auto take = [&](int64_t declared) {
        if (declared != ir::kDynamic)
            return declared;
        if (next >= op.operands.size())
            ex.fail(IssueKind::InvalidInput, "make_tensor_view lacks a dynamic operand");
        const Tile& t = ex.tile(op, next++);
        return toSigned(t.ints[0], intBits(t.elem));
    };
    for (int64_t d : rt->shape)
        tv->shape.push_back(take(d));
    for (int64_t s : rt->strides)
        tv->strides.push_back(take(s));
    for (size_t d = 0; d < tv->shape.size(); ++d)
        if (tv->shape[d] < 0)
            ex.fail(IssueKind::InvalidInput,
                    "negative tensor dimension " + std::to_string(tv->shape[d]));
    RtValue v;
    v.tensorView = tv;
    ex.set(op.results[0], v);
}

void makePartitionView(Ex& ex, const ir::Op& op)
{
    const RtValue& in = ex.value(op.operands[0]);
    const ir::Type* rt = op.results[0]->type;
    if (!in.tensorView || rt->kind != ir::TypeKind::PartitionView)
        ex.fail(IssueKind::Unsupported, "view kind " + rt->canonical());
    auto pv = std::make_shared<PartitionViewValue>();
    pv->tensor = *in.tensorView;
    pv->tile.assign(rt->shape.begin(), rt->shape.end());
    pv->dimMap.assign(rt->dimMap.begin(), rt->dimMap.end());
    if (pv->dimMap.empty())
        for (size_t i = 0; i < pv->tile.size(); ++i)
            pv->dimMap.push_back(int64_t(i));
    pv->padding = paddingOf(rt->padding);
    if (pv->tile.size() != pv->tensor.shape.size())
        ex.fail(IssueKind::InvalidInput, "partition tile rank differs from the tensor rank");
    RtValue v;
    v.partitionView = pv;
    ex.set(op.results[0], v);
}

const PartitionViewValue& viewOperand(Ex& ex, const ir::Op& op, size_t i)
{
    const RtValue& v = ex.value(op.operands[i]);
    if (!v.partitionView)
        ex.fail(IssueKind::Unsupported, "view operand is not a partition_view");
    return *v.partitionView;
}

void indexSpaceShape(Ex& ex, const ir::Op& op)
{
    const PartitionViewValue& pv = viewOperand(ex, op, 0);
    for (size_t i = 0; i < op.results.size() && i < pv.tile.size(); ++i) {
        const int64_t extent = pv.tensor.shape[size_t(pv.dimMap[i])];
        auto t = ex.resultTile(op, i);
        t->ints[0] = wrapInt(uint64_t((extent + pv.tile[i] - 1) / pv.tile[i]), intBits(t->elem));
        ex.setTile(op, i, t);
    }
}

void tensorShape(Ex& ex, const ir::Op& op)
{
    const RtValue& v = ex.value(op.operands[0]);
    if (!v.tensorView)
        ex.fail(IssueKind::Unsupported, "get_tensor_shape of a non-tensor_view");
    for (size_t i = 0; i < op.results.size() && i < v.tensorView->shape.size(); ++i) {
        auto t = ex.resultTile(op, i);
        t->ints[0] = wrapInt(uint64_t(v.tensorView->shape[i]), intBits(t->elem));
        ex.setTile(op, i, t);
    }
}

// Operands after the view that are not tokens: the tile indices.
std::vector<int64_t> viewIndices(Ex& ex, const ir::Op& op, size_t first, size_t rank)
{
    std::vector<int64_t> idx;
    for (size_t i = first; i < op.operands.size(); ++i) {
        const RtValue& v = ex.value(op.operands[i]);
        if (v.token)
            continue;
        if (!v.tile)
            ex.fail(IssueKind::Unsupported, "view index is not a tile");
        idx.push_back(toSigned(v.tile->ints[0], intBits(v.tile->elem)));
    }
    if (idx.size() != rank)
        ex.fail(IssueKind::InvalidInput, "view access with " + std::to_string(idx.size()) +
                                             " indices for rank " + std::to_string(rank));
    return idx;
}

bool tileOutsideTensor(const PartitionViewValue& pv, const std::vector<int64_t>& idx)
{
    for (size_t i = 0; i < pv.tile.size(); ++i) {
        const int64_t first = idx[i] * pv.tile[i];
        if (first + pv.tile[i] <= 0 || first >= pv.tensor.shape[size_t(pv.dimMap[i])])
            return true;
    }
    return false;
}

// Walks the tile elements of a view access: f(flat, inTensor, address).
template <typename F>
void walkView(Ex& ex, const PartitionViewValue& pv, const std::vector<int64_t>& idx, F f)
{
    const size_t rank = pv.tile.size();
    const int64_t bytes = storageBytes(pv.tensor.elem);
    std::vector<int64_t> t(rank, 0);
    size_t n = 1;
    for (int64_t d : pv.tile)
        n *= size_t(d);
    for (size_t flat = 0; flat < n; ++flat) {
        bool inside = true;
        int64_t offset = 0;
        for (size_t i = 0; i < rank; ++i) {
            const size_t td = size_t(pv.dimMap[i]);
            const int64_t coord = idx[i] * pv.tile[i] + t[i];
            if (coord < 0 || coord >= pv.tensor.shape[td])
                inside = false;
            offset += coord * pv.tensor.strides[td];
        }
        f(flat, inside, pv.tensor.base + uint64_t(offset * bytes), t);
        for (size_t i = rank; i-- > 0;) {
            if (++t[i] < pv.tile[i])
                break;
            t[i] = 0;
        }
    }
    ex.countElements(n);
}

void setToken(Ex& ex, const ir::Op& op)
{
    for (const ir::Value* r : op.results)
        if (r->type->kind == ir::TypeKind::Token) {
            RtValue v;
            v.token = true;
            ex.set(r, v);
        }
}

// Counts `n` undefined reads by the current op, remembering where the first happened.
void noteUndefinedReads(Ex& ex, const ir::Op& op, size_t n, const std::vector<int64_t>& at)
{
    if (!ex.stats.undefinedReads && n) {
        EvalIssue is;
        is.kind = IssueKind::Undefined;
        is.op = std::string(op.name.mnemonic());
        is.line = op.range.beginLine;
        is.column = op.range.beginColumn;
        is.message = "reads an element without a padding value (masked off or outside the tensor)";
        is.indices = at;
        is.block = {ex.blockId[0], ex.blockId[1], ex.blockId[2]};
        ex.stats.firstUndefinedRead = is;
    }
    ex.stats.undefinedReads += n;
}

void loadView(Ex& ex, const ir::Op& op)
{
    const PartitionViewValue& pv = viewOperand(ex, op, 0);
    const std::vector<int64_t> idx = viewIndices(ex, op, 1, pv.tile.size());
    auto out = ex.resultTile(op);
    if (out->size() != [&] {
            size_t n = 1;
            for (int64_t d : pv.tile)
                n *= size_t(d);
            return n;
        }())
        ex.fail(IssueKind::InvalidInput, "load result shape differs from the view tile");
    const double pad =
        pv.padding == Padding::None ? ex.options.undefinedFloat : paddingValue(pv.padding);
    if (tileOutsideTensor(pv, idx)) { // wholly in the padding: no memory access
        if (out->isFloat())
            std::fill(out->floats.begin(), out->floats.end(), pad);
        if (pv.padding == Padding::None)
            noteUndefinedReads(ex, op, out->size(), {});
        ex.countElements(out->size());
        ex.setTile(op, 0, out);
        setToken(ex, op);
        return;
    }
    walkView(ex, pv, idx,
             [&](size_t flat, bool inside, uint64_t addr, const std::vector<int64_t>& t) {
                 if (!inside) {
                     if (pv.padding == Padding::None)
                         noteUndefinedReads(ex, op, 1, t);
                     if (out->isFloat())
                         out->floats[flat] = pad;
                     else
                         out->ints[flat] = 0;
                     return;
                 }
                 size_t at = 0;
                 std::string why;
                 Buffer* b = ex.memory.locate(addr, pv.tensor.elem, at, why);
                 if (!b)
                     ex.fail(IssueKind::OutOfBounds, why, t);
                 if (out->isFloat())
                     out->floats[flat] = b->floats[at];
                 else
                     out->ints[flat] = b->ints[at];
             });
    ex.setTile(op, 0, out);
    setToken(ex, op);
}

// The StoreEvent of `op` when the run records stores, else nullptr.
StoreEvent* traceStore(Ex& ex, const ir::Op& op)
{
    if (!ex.options.storeTrace)
        return nullptr;
    StoreEvent e;
    e.op = std::string(op.name.mnemonic());
    e.line = op.range.beginLine;
    e.column = op.range.beginColumn;
    e.block = {ex.blockId[0], ex.blockId[1], ex.blockId[2]};
    ex.options.storeTrace->push_back(std::move(e));
    return &ex.options.storeTrace->back();
}

void recordStore(Ex& ex, StoreEvent* e, const Buffer& b, size_t at)
{
    if (!e)
        return;
    e->buffer = size_t(&b - ex.memory.buffers().data());
    e->elements.push_back(at);
    if (b.isFloat())
        e->floats.push_back(b.floats[at]);
    else
        e->ints.push_back(b.ints[at]);
}

void storeView(Ex& ex, const ir::Op& op)
{
    const Tile& val = ex.tile(op, 0);
    StoreEvent* trace = traceStore(ex, op);
    const PartitionViewValue& pv = viewOperand(ex, op, 1);
    const std::vector<int64_t> idx = viewIndices(ex, op, 2, pv.tile.size());
    // Wholly outside the tensor (a kernel walking a padded, compile-time-sized space past
    // the tensor's end): every element is dropped.
    if (tileOutsideTensor(pv, idx)) {
        ex.countElements(val.size());
        setToken(ex, op);
        return;
    }
    walkView(ex, pv, idx,
             [&](size_t flat, bool inside, uint64_t addr, const std::vector<int64_t>& t) {
                 if (!inside)
                     return; // stores outside the tensor are dropped
                 size_t at = 0;
                 std::string why;
                 Buffer* b = ex.memory.locate(addr, pv.tensor.elem, at, why);
                 if (!b)
                     ex.fail(IssueKind::OutOfBounds, why, t);
                 if (val.isFloat())
                     b->floats[at] = val.floats[flat];
                 else
                     b->ints[at] = val.ints[flat];
                 recordStore(ex, trace, *b, at);
             });
    setToken(ex, op);
}

// Pointer ops: the optional mask and padding follow the pointers (and the value for stores).
struct PtrOperands
{
    const Tile* mask = nullptr;
    const Tile* padding = nullptr;
};

// The mask is the i1 tile; a padding may come without a mask (the cutile-ir printer writes
// `load_ptr_tko %ptrs, %pad`), and then pads nothing.
PtrOperands ptrExtras(Ex& ex, const ir::Op& op, size_t first, size_t count, bool isFloat)
{
    PtrOperands p;
    for (size_t i = first; i < op.operands.size(); ++i) {
        const RtValue& v = ex.value(op.operands[i]);
        if (v.token || !v.tile)
            continue;
        const bool mask = v.tile->elem == Elem::I1 && !p.mask;
        const Tile& t = ex.tileOf(op, i, count, mask ? false : isFloat);
        (mask ? p.mask : p.padding) = &t;
    }
    return p;
}

void loadPtr(Ex& ex, const ir::Op& op)
{
    auto out = ex.resultTile(op);
    const Tile& ptrs = ex.tileOf(op, 0, out->size(), false);
    const PtrOperands extra = ptrExtras(ex, op, 1, out->size(), out->isFloat());
    for (size_t k = 0; k < out->size(); ++k) {
        if (extra.mask && !extra.mask->ints[k]) {
            if (extra.padding) {
                if (out->isFloat())
                    out->floats[k] = extra.padding->floats[k];
                else
                    out->ints[k] = extra.padding->ints[k];
            } else {
                if (out->isFloat())
                    out->floats[k] = ex.options.undefinedFloat;
                noteUndefinedReads(ex, op, 1, unflattenIndex(out->shape, k));
            }
            continue;
        }
        size_t at = 0;
        std::string why;
        Buffer* b = ex.memory.locate(uint64_t(ptrs.ints[k]), out->elem, at, why);
        if (!b)
            ex.fail(IssueKind::OutOfBounds, why, unflattenIndex(out->shape, k));
        if (out->isFloat())
            out->floats[k] = b->floats[at];
        else
            out->ints[k] = b->ints[at];
    }
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
    setToken(ex, op);
}

void storePtr(Ex& ex, const ir::Op& op)
{
    const Tile& val = ex.tile(op, 1);
    const Tile& ptrs = ex.tileOf(op, 0, val.size(), false);
    const PtrOperands extra = ptrExtras(ex, op, 2, val.size(), val.isFloat());
    StoreEvent* trace = traceStore(ex, op);
    for (size_t k = 0; k < val.size(); ++k) {
        if (extra.mask && !extra.mask->ints[k])
            continue;
        size_t at = 0;
        std::string why;
        Buffer* b = ex.memory.locate(uint64_t(ptrs.ints[k]), val.elem, at, why);
        if (!b)
            ex.fail(IssueKind::OutOfBounds, why, unflattenIndex(val.shape, k));
        if (val.isFloat())
            b->floats[at] = val.floats[k];
        else
            b->ints[at] = val.ints[k];
        recordStore(ex, trace, *b, at);
    }
    ex.countElements(val.size());
    setToken(ex, op);
}

void offsetOp(Ex& ex, const ir::Op& op)
{
    auto out = ex.resultTile(op);
    const Tile& ptrs = ex.tileOf(op, 0, out->size(), false);
    const Tile& off = ex.tileOf(op, 1, out->size(), false);
    const int64_t bytes = storageBytes(out->pointee);
    const int bits = intBits(off.elem);
    // Addresses wrap as 64-bit pointers do: an offset of any value computes one (an access
    // through it is then out of bounds), never a signed overflow.
    for (size_t k = 0; k < out->size(); ++k)
        out->ints[k] = int64_t(uint64_t(ptrs.ints[k]) +
                               uint64_t(toSigned(off.ints[k], bits)) * uint64_t(bytes));
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

} // namespace

void addMemoryOps(OpTable& t)
{
    t[ir::OpId::Assume] = &assumeOp;
    t[ir::OpId::MakeTensorView] = &makeTensorView;
    t[ir::OpId::MakePartitionView] = &makePartitionView;
    t[ir::OpId::GetIndexSpaceShape] = &indexSpaceShape;
    t[ir::OpId::GetTensorShape] = &tensorShape;
    t[ir::OpId::LoadViewTko] = &loadView;
    t[ir::OpId::StoreViewTko] = &storeView;
    t[ir::OpId::LoadPtrTko] = &loadPtr;
    t[ir::OpId::StorePtrTko] = &storePtr;
    t[ir::OpId::Offset] = &offsetOp;
}

} // namespace tilelens::eval
