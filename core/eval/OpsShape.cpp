// Constants, block ids, tokens and shape ops (reshape, broadcast, permute,
// extract, cat, iota).

#include "eval/Exec.h"
#include "ir/FloatBits.h"

namespace tilelens::eval {
namespace {

using Ex = Interpreter::Exec;

// Copies element `from` of `src` to element `to` of `dst` (same element kind).
inline void copyElem(const Tile& src, size_t from, Tile& dst, size_t to)
{
    if (src.isFloat())
        dst.floats[to] = src.floats[from];
    else
        dst.ints[to] = src.ints[from];
}

// Calls f(flatIndex, multiIndex) for every element of `shape` in row-major order.
template <typename F> void forEachIndex(const std::vector<int64_t>& shape, F f)
{
    std::vector<int64_t> idx(shape.size(), 0);
    size_t n = 1;
    for (int64_t d : shape)
        n *= size_t(d);
    for (size_t flat = 0; flat < n; ++flat) {
        f(flat, idx);
        for (size_t i = shape.size(); i-- > 0;) {
            if (++idx[i] < shape[i])
                break;
            idx[i] = 0;
        }
    }
}

void constant(Ex& ex, const ir::Op& op)
{
    const ir::Attribute* v = op.attr("value");
    if (!v || v->kind != ir::AttrKind::Dense)
        ex.fail(IssueKind::Unsupported, "constant without a dense value");
    auto out = ex.resultTile(op);
    // Values are bit patterns (floats at their width, integers sign-extended), one for a splat.
    const ir::Span<const int64_t> bits = v->intList;
    if (out->isFloat() && !isModelledFloat(out->elem))
        ex.fail(IssueKind::Unsupported, std::string("constants of ") + elemName(out->elem));
    const size_t n = out->size();
    if (bits.size() != 1 && bits.size() != n)
        ex.fail(IssueKind::InvalidInput, "constant has " + std::to_string(bits.size()) +
                                             " elements for a tile of " + std::to_string(n));
    const int width = intBits(out->elem);
    for (size_t k = 0; k < n; ++k) {
        const uint64_t b = uint64_t(bits[bits.size() == 1 ? 0 : k]);
        if (out->isFloat())
            out->floats[k] = ir::bitsToFloat(b, elemName(out->elem));
        else
            out->ints[k] = wrapInt(b, width);
    }
    ex.countElements(n);
    ex.setTile(op, 0, out);
}

void scalarResults(Ex& ex, const ir::Op& op, const int64_t* values)
{
    for (size_t i = 0; i < op.results.size() && i < 3; ++i) {
        auto t = ex.resultTile(op, i);
        t->ints[0] = wrapInt(uint64_t(values[i]), intBits(t->elem));
        ex.setTile(op, i, t);
    }
}

void reshape(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tile(op, 0);
    auto out = ex.resultTile(op);
    if (out->size() != a.size())
        ex.fail(IssueKind::InvalidInput, "reshape changes the element count");
    out->ints = a.ints;
    out->floats = a.floats;
    ex.setTile(op, 0, out);
}

void broadcast(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tile(op, 0);
    auto out = ex.resultTile(op);
    if (a.shape.size() != out->shape.size())
        ex.fail(IssueKind::InvalidInput, "broadcast changes the rank");
    if (a.size() == 1) { // the common splat: one value everywhere
        if (out->isFloat())
            out->floats.assign(out->size(), a.floats[0]);
        else
            out->ints.assign(out->size(), a.ints[0]);
    } else {
        const std::vector<int64_t> st = rowMajorStrides(a.shape);
        forEachIndex(out->shape, [&](size_t flat, const std::vector<int64_t>& idx) {
            size_t from = 0;
            for (size_t d = 0; d < idx.size(); ++d)
                from += size_t(a.shape[d] == 1 ? 0 : idx[d]) * size_t(st[d]);
            copyElem(a, from, *out, flat);
        });
    }
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void permute(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tile(op, 0);
    auto out = ex.resultTile(op);
    const ir::Attribute* p = op.attr("permutation");
    std::vector<int64_t> perm; // a dense array keeps intList, a generic array its elements
    if (p && !p->intList.empty())
        perm.assign(p->intList.begin(), p->intList.end());
    else if (p)
        for (const ir::Attribute* e : p->elements)
            perm.push_back(e->intValue);
    if (perm.size() != a.shape.size())
        ex.fail(IssueKind::Unsupported, "permute without a permutation of the input rank");
    for (int64_t d : perm)
        if (d < 0 || d >= int64_t(a.shape.size()))
            ex.fail(IssueKind::InvalidInput,
                    "permutation entry " + std::to_string(d) + " out of range");
    const std::vector<int64_t> st = rowMajorStrides(a.shape);
    forEachIndex(out->shape, [&](size_t flat, const std::vector<int64_t>& idx) {
        size_t from = 0;
        for (size_t j = 0; j < idx.size(); ++j)
            from += size_t(idx[j]) * size_t(st[size_t(perm[j])]);
        copyElem(a, from, *out, flat);
    });
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

// extract %t[%i, ...]: the sub-tile of the result's shape at slice index i
// (element offset i * result dim) along each dimension.
void extract(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tile(op, 0);
    auto out = ex.resultTile(op);
    std::vector<int64_t> offset;
    for (size_t d = 0; d < out->shape.size(); ++d) {
        const int64_t i = ex.tile(op, 1 + d).ints[0];
        offset.push_back(i * out->shape[d]);
        if (i < 0 || offset.back() + out->shape[d] > a.shape[d])
            ex.fail(IssueKind::OutOfBounds, "extract index " + std::to_string(i) + " along dim " +
                                                std::to_string(d) + " is outside the tile");
    }
    const std::vector<int64_t> st = rowMajorStrides(a.shape);
    forEachIndex(out->shape, [&](size_t flat, const std::vector<int64_t>& idx) {
        size_t from = 0;
        for (size_t d = 0; d < idx.size(); ++d)
            from += size_t(idx[d] + offset[d]) * size_t(st[d]);
        copyElem(a, from, *out, flat);
    });
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void cat(Ex& ex, const ir::Op& op)
{
    const Tile& a = ex.tile(op, 0);
    const Tile& b = ex.tile(op, 1);
    auto out = ex.resultTile(op);
    const size_t dim = size_t(intAttr(op, "dim", 0));
    if (dim >= out->shape.size())
        ex.fail(IssueKind::InvalidInput, "cat dim out of range");
    const std::vector<int64_t> sa = rowMajorStrides(a.shape), sb = rowMajorStrides(b.shape);
    forEachIndex(out->shape, [&](size_t flat, const std::vector<int64_t>& idx) {
        const bool first = idx[dim] < a.shape[dim];
        const Tile& src = first ? a : b;
        const std::vector<int64_t>& st = first ? sa : sb;
        size_t from = 0;
        for (size_t d = 0; d < idx.size(); ++d)
            from += size_t(d == dim && !first ? idx[d] - a.shape[dim] : idx[d]) * size_t(st[d]);
        copyElem(src, from, *out, flat);
    });
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void iota(Ex& ex, const ir::Op& op)
{
    auto out = ex.resultTile(op);
    const int bits = intBits(out->elem);
    for (size_t k = 0; k < out->size(); ++k)
        out->ints[k] = wrapInt(uint64_t(k), bits);
    ex.countElements(out->size());
    ex.setTile(op, 0, out);
}

void token(Ex& ex, const ir::Op& op)
{
    for (const ir::Value* r : op.results) {
        RtValue v;
        v.token = true;
        ex.set(r, v);
    }
}

} // namespace

void addShapeOps(OpTable& t)
{
    t[ir::OpId::Constant] = &constant;
    t[ir::OpId::GetTileBlockId] = [](Ex& ex, const ir::Op& op) {
        scalarResults(ex, op, ex.blockId);
    };
    t[ir::OpId::GetNumTileBlocks] = [](Ex& ex, const ir::Op& op) {
        scalarResults(ex, op, ex.gridSize);
    };
    t[ir::OpId::Reshape] = &reshape;
    t[ir::OpId::Broadcast] = &broadcast;
    t[ir::OpId::Permute] = &permute;
    t[ir::OpId::Extract] = &extract;
    t[ir::OpId::Cat] = &cat;
    t[ir::OpId::Iota] = &iota;
    t[ir::OpId::MakeToken] = &token;
    t[ir::OpId::JoinTokens] = &token;
}

} // namespace tilelens::eval
