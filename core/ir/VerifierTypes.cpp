// Verifier rules on the kinds of operand and result types that the other rule files leave
// open: the result type of every op against its operands (elementwise ops, compares, select,
// assume, conversions, pointer casts, permute, mmaf_scaled), pointer loads and stores with their
// masks and paddings, token ops, block id and shape queries, make_tensor_view's dynamic
// operands, the views the view ops take and make, the bodies of reduce and scan and the results
// of for. They run only on an op that the other rules passed, so each op gets one error.

#include "ir/Attribute.h"
#include "ir/Block.h"
#include "ir/Region.h"
#include "ir/VerifierChecks.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tilelens::ir::verify {

namespace {

bool isIntTile(const Type* t)
{
    return isTile(t) && t->element && t->element->isInteger();
}
bool isFloatTile(const Type* t)
{
    return isTile(t) && t->element && t->element->isFloat();
}
bool isPointerTile(const Type* t)
{
    return isTile(t) && t->element && t->element->kind == TypeKind::Pointer;
}
bool isScalarIntTile(const Type* t)
{
    return isIntTile(t) && t->shape.empty();
}
bool isMaskTile(const Type* t)
{
    return isTile(t) && elementName(t) == "i1";
}
bool isToken(const Type* t)
{
    return t && t->kind == TypeKind::Token;
}
// "1 result", "2 results".
std::string counted(size_t n, const char* noun)
{
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}
std::string listText(const std::vector<int64_t>& v)
{
    return shapeText(Span<const int64_t>(v.data(), v.size()));
}
bool sameShape(const Type* a, const Type* b)
{
    return std::equal(a->shape.begin(), a->shape.end(), b->shape.begin(), b->shape.end());
}

// "tile<4x8xi1>": a tile of `a`'s shape with element `element`.
std::string tileText(const Type* shaped, std::string_view element)
{
    std::string s = "'tile<";
    for (int64_t d : shaped->shape)
        s += std::to_string(d) + "x";
    return s + std::string(element) + ">'";
}

class TypeRules
{
public:
    TypeRules(Checker& c, const Op* op, bool resultsUnnamed)
        : m_c(c), m_op(op), m_unnamed(resultsUnnamed)
    {
    }

    void run(TypeRule rule)
    {
        switch (rule) {
        case TypeRule::Elementwise: // the result has the operands' type
            if (allTiles())
                sameTypeResult(0);
            break;
        case TypeRule::TilesOnly: // conversions, shape ops and mma: the other rules do the rest
            allTiles();
            break;
        case TypeRule::Compare:
            compare(m_op->id() == OpId::CmpI);
            break;
        case TypeRule::Select:
            select();
            break;
        case TypeRule::SameAsOperand:
            sameTypeResult(0);
            break;
        case TypeRule::PointerCast:
            pointerCast();
            break;
        case TypeRule::Packing:
            packing(m_op->id() == OpId::Pack);
            break;
        case TypeRule::Permute:
            permute();
            break;
        case TypeRule::IntegerResult:
            tileResult(isIntTile, "a tile of integers");
            break;
        case TypeRule::BlockQuery:
            blockQuery();
            break;
        case TypeRule::PointerResult:
            tileResult(isPointerTile, "a tile of pointers");
            break;
        case TypeRule::Tokens:
            tokenOp();
            break;
        case TypeRule::Print:
            printOp();
            break;
        case TypeRule::Assert:
            operandIs(0, isMaskTile, "a tile of i1 values");
            break;
        case TypeRule::Offset:
            operandIs(0, isPointerTile, "a tile of pointers");
            break;
        case TypeRule::LoadPointers:
            loadPointers();
            break;
        case TypeRule::StorePointers:
            storePointers();
            break;
        case TypeRule::ViewAccess:
            viewAccess(m_op->id() == OpId::LoadViewTko);
            break;
        case TypeRule::AtomicOnPointers:
            atomicOnPointers(m_op->id() == OpId::AtomicCasTko ? 2 : 1);
            break;
        case TypeRule::AtomicOnView:
            atomicOnView();
            break;
        case TypeRule::MakeTensorView:
            makeTensorView();
            break;
        case TypeRule::MakeView:
            makeView();
            break;
        case TypeRule::ShapeQuery:
            shapeQuery(m_op->id() == OpId::GetTensorShape);
            break;
        case TypeRule::ReduceOrScan:
            reduceOrScanBody();
            break;
        case TypeRule::For:
            forResults();
            break;
        case TypeRule::MmaScaled:
            if (allTiles())
                sameTypeResult(2);
            break;
        case TypeRule::ResultsOfTheirParent:
            break;
        }
    }

private:
    void error(const std::string& message) { m_c.error(m_op, message); }

    // Every operand and result is a tile: false after reporting the first that is not. The
    // test is inline; operandIs and resultIs (a call through the predicate) word the error.
    bool allTiles()
    {
        for (size_t i = 0; i < m_op->operands.size(); ++i)
            if (!isTile(m_op->operands[i]->type))
                return operandIs(i, isTile, "a tile");
        if (m_unnamed)
            return true;
        for (size_t i = 0; i < m_op->results.size(); ++i)
            if (!isTile(m_op->results[i]->type))
                return resultIs(i, isTile, "a tile");
        return true;
    }

    template <typename Pred> bool operandIs(size_t i, Pred pred, const char* what)
    {
        const Type* t = operandType(m_op, i);
        if (pred(t))
            return true;
        error("operand #" + std::to_string(i) + " must be " + what + ", but got " + quoted(t));
        return false;
    }

    // An op written without result names has none to check: its result rules hold.
    template <typename Pred> bool resultIs(size_t i, Pred pred, const char* what)
    {
        const Type* t = resultType(m_op, i);
        if (m_unnamed || pred(t))
            return true;
        error("result #" + std::to_string(i) + " must be " + what + ", but got " + quoted(t));
        return false;
    }

    // Why a result must have a type: `text`, then `index` unless it is kNoIndex. Written out
    // only for an error: most ops pass, and building the text for each cost more than the check.
    struct Because
    {
        static constexpr size_t kNoIndex = size_t(-1);
        const char* text;
        size_t index = kNoIndex;
        std::string str() const
        {
            return index == kNoIndex ? std::string(text) : text + std::to_string(index);
        }
    };

    bool resultIsExactly(size_t i, const Type* want, Because because)
    {
        const Type* t = resultType(m_op, i);
        if (m_unnamed || t == want)
            return true;
        error("result #" + std::to_string(i) + " must be " + quoted(want) + " (" + because.str() +
              "), but got " + quoted(t));
        return false;
    }

    // Every result has operand #i's type (elementwise ops, assume, mmaf_scaled's acc).
    bool sameTypeResult(size_t i)
    {
        for (size_t r = 0; r < m_op->results.size(); ++r)
            if (!resultIsExactly(r, operandType(m_op, i), {"the type of operand #", i}))
                return false;
        return true;
    }

    bool tileResult(bool (*pred)(const Type*), const char* what) { return resultIs(0, pred, what); }

    void compare(bool integers)
    {
        if (!operandIs(0, integers ? isIntTile : isFloatTile,
                       integers ? "a tile of integers" : "a tile of floats"))
            return;
        const Type* lhs = operandType(m_op, 0);
        if (operandType(m_op, 1) != lhs) {
            error("requires the same type for both operands, but got " + quoted(lhs) + " and " +
                  quoted(operandType(m_op, 1)));
            return;
        }
        const Type* out = resultType(m_op, 0);
        if (!m_unnamed && (!isMaskTile(out) || !sameShape(out, lhs)))
            error("result #0 must be " + tileText(lhs, "i1") +
                  " (i1 values shaped as the operands), but got " + quoted(out));
    }

    void select()
    {
        if (operandIs(0, isMaskTile, "a tile of i1 values") && operandIs(1, isTile, "a tile") &&
            operandIs(2, isTile, "a tile"))
            resultIsExactly(0, operandType(m_op, 1), {"the type of the selected values"});
    }

    void pointerCast()
    {
        const bool fromPointers = m_op->id() != OpId::IntToPtr;
        const bool toPointers = m_op->id() != OpId::PtrToInt;
        const auto i64Tile = [](const Type* t) { return isTile(t) && elementName(t) == "i64"; };
        const bool in = fromPointers ? operandIs(0, isPointerTile, "a tile of pointers")
                                     : operandIs(0, i64Tile, "a tile of i64 values");
        if (!in)
            return;
        const bool out = toPointers ? resultIs(0, isPointerTile, "a tile of pointers")
                                    : resultIs(0, i64Tile, "a tile of i64 values");
        if (out && !m_unnamed && !sameShape(operandType(m_op, 0), resultType(m_op, 0)))
            error("failed to verify that all of {source, result} have the same shape");
    }

    // pack: number tile -> i8 tile; unpack the reverse; the bits are the same.
    void packing(bool pack)
    {
        const auto i8Tile = [](const Type* t) { return isTile(t) && elementName(t) == "i8"; };
        const auto numberTile = [](const Type* t) {
            return isTile(t) && t->element && t->element->kind == TypeKind::Number;
        };
        const bool kinds = pack ? operandIs(0, numberTile, "a tile of numbers") &&
                                      resultIs(0, i8Tile, "a tile of i8 values")
                                : operandIs(0, i8Tile, "a tile of i8 values") &&
                                      resultIs(0, numberTile, "a tile of numbers");
        if (!kinds || m_unnamed)
            return;
        const Type* in = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (elementCount(in) * in->element->bitWidth() !=
            elementCount(out) * out->element->bitWidth())
            error("expects the same number of bits in " + quoted(in) + " and " + quoted(out));
    }

    void permute()
    {
        if (!allTiles() || m_unnamed)
            return;
        const Type* in = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (in->element != out->element) {
            error("source and result element type do not match");
            return;
        }
        std::vector<int64_t> perm;
        if (const Attribute* p = m_op->attr("permutation")) {
            if (!p->intList.empty())
                perm.assign(p->intList.begin(), p->intList.end());
            for (const Attribute* e : p->elements)
                perm.push_back(e->intValue);
        }
        std::vector<bool> seen(in->shape.size(), false);
        bool valid = perm.size() == in->shape.size();
        for (size_t j = 0; valid && j < perm.size(); ++j) {
            valid = perm[j] >= 0 && perm[j] < int64_t(seen.size()) && !seen[size_t(perm[j])];
            if (valid)
                seen[size_t(perm[j])] = true;
        }
        if (!valid) {
            error("expected permutation to be a permutation of [0, " +
                  std::to_string(in->shape.size()) + "), got " + listText(perm));
            return;
        }
        std::vector<int64_t> want;
        want.reserve(perm.size());
        for (int64_t d : perm)
            want.push_back(in->shape[size_t(d)]);
        if (!std::equal(want.begin(), want.end(), out->shape.begin(), out->shape.end()))
            error("expected result shape " + listText(want) + " for permutation " + listText(perm) +
                  " of " + quoted(in) + ", got " + quoted(out));
    }

    void blockQuery()
    {
        const auto i32Scalar = [](const Type* t) {
            return isScalarTile(t) && elementName(t) == "i32";
        };
        for (size_t i = 0; i < m_op->results.size(); ++i)
            if (!resultIs(i, i32Scalar, "a 0D tile of i32 values"))
                return;
    }

    void tokenOp()
    {
        for (size_t i = 0; i < m_op->operands.size(); ++i)
            if (!operandIs(i, isToken, "a token"))
                return;
        resultIs(0, isToken, "a token");
    }

    void printOp()
    {
        const size_t n = m_op->operands.size();
        for (size_t i = 0; i < n; ++i) {
            const bool lastToken = i + 1 == n && isToken(operandType(m_op, i));
            if (!lastToken && !operandIs(i, isTile, "a tile"))
                return;
        }
        if (!m_op->results.empty())
            resultIs(0, isToken, "a token");
    }

    // Operands [first, end) without a trailing token; false after reporting a token elsewhere.
    bool tokenOnlyLast(size_t first, size_t& end)
    {
        end = m_op->operands.size();
        if (end > first && isToken(operandType(m_op, end - 1)))
            --end;
        for (size_t i = first; i < end; ++i)
            if (isToken(operandType(m_op, i))) {
                error("operand #" + std::to_string(i) +
                      " is a token: only the last operand may "
                      "be one");
                return false;
            }
        return true;
    }

    // load_ptr_tko ptrs, [mask], [padding], [token] -> tile, token. The cutile-ir printer
    // writes a padding without a mask: an i1 tile is the mask, any other tile the padding.
    void loadPointers()
    {
        if (!operandIs(0, isPointerTile, "a tile of pointers") || m_unnamed)
            return;
        const Type* ptrs = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (!isTile(out) || out->element != ptrs->element->element || !sameShape(out, ptrs)) {
            error("result #0 must be " + tileText(ptrs, pointeeName(ptrs)) +
                  " (the pointees of operand #0), but got " + quoted(out));
            return;
        }
        if (!resultIs(1, isToken, "a token"))
            return;
        size_t end = 0;
        if (!tokenOnlyLast(1, end))
            return;
        bool mask = false, padding = false;
        for (size_t i = 1; i < end; ++i) {
            const Type* t = operandType(m_op, i);
            if (isMaskTile(t) && !mask && !padding && sameShape(t, ptrs)) {
                mask = true;
            } else if (t == out && !padding) {
                padding = true;
            } else {
                error("operand #" + std::to_string(i) + " must be the mask " +
                      tileText(ptrs, "i1") + " or the padding " + quoted(out) + ", but got " +
                      quoted(t));
                return;
            }
        }
    }

    // store_ptr_tko ptrs, value, [mask], [token] -> token.
    void storePointers()
    {
        if (!operandIs(0, isPointerTile, "a tile of pointers"))
            return;
        const Type* ptrs = operandType(m_op, 0);
        const Type* value = operandType(m_op, 1);
        if (!isTile(value) || value->element != ptrs->element->element || !sameShape(value, ptrs)) {
            error("operand #1 must be " + tileText(ptrs, pointeeName(ptrs)) +
                  " (the pointees of operand #0), but got " + quoted(value));
            return;
        }
        size_t end = 0;
        if (!tokenOnlyLast(2, end) || !resultIs(0, isToken, "a token"))
            return;
        if (end > 3) {
            error("expected at most one mask after the value, but found " +
                  std::to_string(end - 2) + " operands");
            return;
        }
        if (end == 3 &&
            !(isMaskTile(operandType(m_op, 2)) && sameShape(operandType(m_op, 2), ptrs)))
            error("operand #2 must be the mask " + tileText(ptrs, "i1") + ", but got " +
                  quoted(operandType(m_op, 2)));
    }

    static std::string_view pointeeName(const Type* ptrs)
    {
        return ptrs->element->element ? ptrs->element->element->name : std::string_view("?");
    }

    // load_view_tko view, indices..., [token] -> tile, token;
    // store_view_tko tile, view, indices..., [token] -> token.
    void viewAccess(bool load)
    {
        const size_t viewAt = load ? 0 : 1;
        if (!load && !operandIs(0, isTile, "a tile"))
            return;
        if (!operandIs(viewAt, isView, "a view"))
            return;
        size_t end = 0;
        if (!tokenOnlyLast(viewAt + 1, end))
            return;
        for (size_t i = viewAt + 1; i < end; ++i)
            if (!operandIs(i, isIntTile, "an index tile of integers"))
                return;
        if (load && !resultIs(0, isTile, "a tile"))
            return;
        resultIs(load ? 1 : 0, isToken, "a token");
    }

    // rmw: pointers, arg, [mask], [token]; cas: pointers, cmp, val, [mask], [token].
    void atomicOnPointers(size_t valueAt)
    {
        if (!operandIs(0, isPointerTile, "a tile of pointers"))
            return;
        for (size_t i = 1; i <= valueAt; ++i)
            if (!operandIs(i, isTile, "a tile"))
                return;
        size_t end = 0;
        if (!tokenOnlyLast(valueAt + 1, end))
            return;
        if (end > valueAt + 2) {
            error("expected at most one mask after the values, but found " +
                  std::to_string(end - valueAt - 1) + " operands");
            return;
        }
        if (end == valueAt + 2 && !operandIs(valueAt + 1, isMaskTile, "a tile of i1 values"))
            return;
        if (resultIsExactly(0, operandType(m_op, valueAt), {"the type of the stored value"}))
            resultIs(1, isToken, "a token");
    }

    void atomicOnView()
    {
        if (operandIs(0, isView, "a view"))
            resultIs(0, isToken, "a token");
    }

    // make_tensor_view %base, dynamic sizes and strides: one scalar integer per `?` of the
    // result type, in order.
    void makeTensorView()
    {
        const auto scalarPointer = [](const Type* t) {
            return isPointerTile(t) && t->shape.empty();
        };
        const auto tensorView = [](const Type* t) { return t && t->kind == TypeKind::TensorView; };
        if (!operandIs(0, scalarPointer, "a 0D tile of pointers") ||
            !resultIs(0, tensorView, "a tensor_view") || m_unnamed)
            return;
        const Type* out = resultType(m_op, 0);
        size_t dynamic = 0;
        for (int64_t d : out->shape)
            dynamic += d == kDynamic ? 1 : 0;
        for (int64_t s : out->strides)
            dynamic += s == kDynamic ? 1 : 0;
        if (m_op->operands.size() - 1 != dynamic) {
            error("expected " + counted(dynamic, "dynamic size and stride operand") + " for " +
                  quoted(out) + ", but found " + std::to_string(m_op->operands.size() - 1));
            return;
        }
        for (size_t i = 1; i < m_op->operands.size(); ++i)
            if (!operandIs(i, isScalarIntTile, "a 0D tile of integers"))
                return;
    }

    void makeView()
    {
        const TypeKind want = m_op->id() == OpId::MakePartitionView ? TypeKind::PartitionView
                              : m_op->id() == OpId::MakeStridedView ? TypeKind::StridedView
                                                                    : TypeKind::GatherScatterView;
        const Type* in = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (!in || in->kind != TypeKind::TensorView) {
            error("expected 'tensor_view' type, but got " + quoted(in));
            return;
        }
        if (m_unnamed)
            return;
        const char* kind = want == TypeKind::PartitionView ? "a partition_view"
                           : want == TypeKind::StridedView ? "a strided_view"
                                                           : "a gather_scatter_view";
        if (!out || out->kind != want) {
            error("result #0 must be " + std::string(kind) + ", but got " + quoted(out));
            return;
        }
        if (out->tensorView != in)
            error("expected the view's tensor_view " + quoted(out->tensorView) +
                  " to be the operand's type " + quoted(in));
    }

    // get_tensor_shape: one scalar integer per tensor dimension; get_index_space_shape: one
    // per view dimension.
    void shapeQuery(bool tensor)
    {
        const Type* in = operandType(m_op, 0);
        const bool kind = tensor ? in && in->kind == TypeKind::TensorView : isView(in);
        if (!kind) {
            error("operand #0 must be " + std::string(tensor ? "a tensor_view" : "a view") +
                  ", but got " + quoted(in));
            return;
        }
        if (m_unnamed)
            return;
        if (m_op->results.size() != in->shape.size()) {
            error("expected " + counted(in->shape.size(), "result") + ", one per dimension of " +
                  quoted(in) + ", but found " + std::to_string(m_op->results.size()));
            return;
        }
        for (size_t i = 0; i < m_op->results.size(); ++i)
            if (!resultIs(i, isScalarIntTile, "a 0D tile of integers"))
                return;
    }

    // reduce/scan: one result per operand; one identity per operand; the body takes
    // (element, accumulator) per operand as 0D tiles of its element and yields one per operand.
    void reduceOrScanBody()
    {
        const size_t n = m_op->operands.size();
        if (!m_unnamed && m_op->results.size() != n) {
            error("expected " + counted(n, "result") + ", one per operand, but found " +
                  std::to_string(m_op->results.size()));
            return;
        }
        if (!allTiles())
            return;
        const Attribute* ids = m_op->attr("identities");
        if (!ids || ids->kind != AttrKind::Array || ids->elements.size() != n) {
            error("expected " + std::to_string(n) + (n == 1 ? " identity" : " identities") +
                  ", one per operand");
            return;
        }
        const Block* body = m_op->regions[0]->blocks[0];
        std::vector<std::string> want;
        for (const Value* v : m_op->operands) {
            want.push_back("tile<" + std::string(elementName(v->type)) + ">");
            want.push_back(want.back());
        }
        if (body->arguments.size() != want.size()) {
            error("expected the body to take " + std::to_string(want.size()) +
                  " arguments (element and accumulator per operand), but it takes " +
                  std::to_string(body->arguments.size()));
            return;
        }
        for (size_t i = 0; i < want.size(); ++i)
            if (!body->arguments[i]->type || body->arguments[i]->type->canonical() != want[i]) {
                error("body argument #" + std::to_string(i) + " must be '" + want[i] +
                      "', but got " + quoted(body->arguments[i]->type));
                return;
            }
        const Op* yield = body->ops.empty() ? nullptr : body->ops[body->ops.size() - 1];
        if (!yield || !yield->name.is("yield") || yield->operands.size() != n) {
            error("expected the body to end with a yield of " + counted(n, "value") +
                  ", one per operand");
            return;
        }
        for (size_t k = 0; k < n; ++k)
            if (yield->operands[k]->type != body->arguments[2 * k]->type) {
                error("yielded value #" + std::to_string(k) + " must be '" + want[2 * k] +
                      "', but got " + quoted(yield->operands[k]->type));
                return;
            }
    }

    // for: one result per init value, of its type.
    void forResults()
    {
        const size_t inits = m_op->operands.size() - 3;
        if (m_op->results.size() != inits) {
            error("expected " + counted(inits, "result") + ", one per iter value, but found " +
                  std::to_string(m_op->results.size()));
            return;
        }
        for (size_t i = 0; i < inits; ++i)
            if (!resultIsExactly(i, operandType(m_op, 3 + i), {"the type of iter value ", i}))
                return;
    }

    Checker& m_c;
    const Op* m_op;
    bool m_unnamed;
};

} // namespace

void checkOperandAndResultTypes(Checker& c, const Op* op, TypeRule rule, bool resultsUnnamed)
{
    TypeRules(c, op, resultsUnnamed).run(rule);
}

} // namespace tilelens::ir::verify
