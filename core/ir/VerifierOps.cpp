// Per-op rules of the verifier: operand and result types, enum values and shape rules for the
// ops whose constraints the dialect states (elementwise arithmetic, conversions, reshape,
// broadcast, extract, iota, mmaf/mmai, views and their loads and stores). The control-flow and
// memory ops are in VerifierControl.cpp.

#include "ir/Attribute.h"
#include "ir/Value.h"
#include "ir/VerifierChecks.h"

#include <algorithm>
#include <array>

namespace tilelens::ir::verify {

namespace {

template <size_t N> bool oneOf(std::string_view s, const std::array<std::string_view, N>& names)
{
    return std::any_of(names.begin(), names.end(), [&](std::string_view n) { return s == n; });
}

const std::array<std::string_view, 4> kStdFloats = {"f16", "bf16", "f32", "f64"};

const Attribute* enumAttr(const Op* op, std::string_view category)
{
    for (const NamedAttribute& a : op->attributes)
        if (a.value && a.value->kind == AttrKind::Enum && a.value->category == category)
            return a.value;
    return nullptr;
}

class OpRules
{
public:
    OpRules(Checker& c, const Op* op) : m_c(c), m_op(op), m_name(op->name.mnemonic()) {}

    void run(OpFamily family)
    {
        switch (family) {
        case OpFamily::FloatElementwise:
            elementwise(true);
            break;
        case OpFamily::IntElementwise:
            elementwise(false);
            break;
        case OpFamily::Reshape:
            reshape();
            break;
        case OpFamily::Broadcast:
            broadcast();
            break;
        case OpFamily::Extract:
            extract();
            break;
        case OpFamily::Iota:
            iota();
            break;
        case OpFamily::Mma:
            mma();
            break;
        case OpFamily::Conversion:
            conversion();
            break;
        case OpFamily::MakeView:
            makeView();
            break;
        case OpFamily::ViewAccess:
            viewAccess();
            break;
        case OpFamily::Constant:
            constant();
            break;
        case OpFamily::Atomic:
            checkAtomicOp(m_c, m_op);
            break;
        case OpFamily::ControlOrMemory:
            checkControlAndMemoryOp(m_c, m_op);
            break;
        }
    }

private:
    void error(const std::string& message) { m_c.error(m_op, message); }

    // All operands and results share one tile type; the element is a float (f16, bf16, f32,
    // f64) or an integer; rounding and flush_to_zero as the float ops allow.
    void elementwise(bool isFloat)
    {
        const Type* first = operandType(m_op, 0);
        if (!isTile(first))
            return;
        for (const Value* v : m_op->operands)
            if (isTile(v->type) && v->type->element != first->element) {
                error("requires the same element type for all operands and results");
                return;
            }
        for (const Value* v : m_op->results)
            if (isTile(v->type) && v->type->element != first->element) {
                error("requires the same element type for all operands and results");
                return;
            }
        for (const Value* v : m_op->operands)
            if (isTile(v->type) && v->type != first) {
                error("requires the same shape for all operands and results");
                return;
            }
        const std::string_view elem = elementName(first);
        if (isFloat && !oneOf(elem, kStdFloats)) {
            error("'" + std::string(m_name) +
                  "' works only with floats f16, bf16, f32, and f64, but got '" +
                  std::string(elem) + "'");
            return;
        }
        if (!isFloat && !(first->element && first->element->isInteger())) {
            error("'" + std::string(m_name) + "' works only with integers, but got '" +
                  std::string(elem) + "'");
            return;
        }
        if (isFloat && m_op->attr("flush_to_zero") && elem != "f32")
            error("flush_to_zero modifier only supported for f32 data type, but got: '" +
                  std::string(elem) + "'");
        if (const Attribute* r = enumAttr(m_op, "rounding")) {
            const std::string_view mode = r->text;
            static const std::array<std::string_view, 6> kModes = {
                "nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full"};
            if (!oneOf(mode, kModes))
                error("expected rounding mode to be one of: 'nearest_even', 'zero', "
                      "'negative_inf', 'positive_inf', 'approx', 'full', got: '" +
                      std::string(mode) + "'");
            else if ((mode == "approx" || mode == "full") && elem != "f32")
                error(std::string(mode) + " modifier only supported for f32 data type, but got: '" +
                      std::string(elem) + "'");
        }
    }

    void reshape()
    {
        const Type* in = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (!isTile(in) || !isTile(out))
            return;
        if (in->element != out->element)
            error("source and result element type do not match");
        else if (elementCount(in) != elementCount(out))
            error("expected source tile and result tile to have the same number of elements");
    }

    void broadcast()
    {
        const Type* in = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (!isTile(in) || !isTile(out))
            return;
        if (in->element != out->element) {
            error("source and result element type do not match");
            return;
        }
        if (in->rank() != out->rank()) {
            error("failed to verify that all of {source, result} have same rank");
            return;
        }
        for (size_t i = 0; i < in->shape.size(); ++i)
            if (in->shape[i] != 1 && in->shape[i] != out->shape[i]) {
                error("dimension " + std::to_string(i) + " of the source (" +
                      std::to_string(in->shape[i]) + ") must be 1 or equal the result's (" +
                      std::to_string(out->shape[i]) + ")");
                return;
            }
    }

    void extract()
    {
        const Type* in = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (!isTile(in) || !isTile(out))
            return;
        if (in->element != out->element) {
            error("source and result element type do not match");
            return;
        }
        if (in->rank() != out->rank()) {
            error("failed to verify that all of {source, result} have same rank");
            return;
        }
        if (m_op->operands.size() - 1 != in->shape.size()) {
            error("expected " + std::to_string(in->shape.size()) + " indices, but got " +
                  std::to_string(m_op->operands.size() - 1));
            return;
        }
        for (size_t i = 0; i < in->shape.size(); ++i)
            if (out->shape[i] <= 0 || in->shape[i] % out->shape[i] != 0) {
                error("source dimension " + std::to_string(i) + " size (" +
                      std::to_string(in->shape[i]) +
                      ") must be evenly divisible by result dimension " + std::to_string(i) +
                      " size (" + std::to_string(out->shape[i]) + ")");
                return;
            }
    }

    void iota()
    {
        const Type* out = resultType(m_op, 0);
        if (!isTile(out))
            return;
        if (out->rank() != 1) {
            error("expects result type to be 1-d tile");
            return;
        }
        const int w = out->element ? out->element->bitWidth() : 0;
        if (out->element && out->element->isInteger() && w < 63 &&
            out->shape[0] > (int64_t(1) << w))
            error("the number of elements " + std::to_string(out->shape[0]) +
                  " exceeds the maximum value of element type '" + std::string(out->element->name) +
                  "'");
    }

    void mma()
    {
        const Type* lhs = operandType(m_op, 0);
        const Type* rhs = operandType(m_op, 1);
        const Type* acc = operandType(m_op, 2);
        if (!isTile(lhs) || !isTile(rhs) || !isTile(acc))
            return;
        if (lhs->rank() != rhs->rank() || lhs->rank() != acc->rank() ||
            (lhs->rank() != 2 && lhs->rank() != 3)) {
            error("failed to verify that all of {lhs, rhs, acc} have same rank (2 or 3)");
            return;
        }
        if (m_op->id() == OpId::MmaI) {
            if (elementName(lhs) != "i8" || elementName(rhs) != "i8") {
                error("operands #0 and #1 must be tiles of i8 values, but got " + quoted(lhs) +
                      " and " + quoted(rhs));
                return;
            }
            if (elementName(acc) != "i32") {
                error("operand #2 must be a tile of i32 values, but got " + quoted(acc));
                return;
            }
        } else if (lhs->element != rhs->element) {
            error("failed to verify that all of {lhs, rhs} have the same element type");
            return;
        } else if (!mmafTypes(elementName(lhs), elementName(acc))) {
            return;
        }
        const size_t b = lhs->rank() == 3 ? 1 : 0; // batch dimension first
        const int64_t m = lhs->shape[b], k = lhs->shape[b + 1];
        const int64_t k2 = rhs->shape[b], n = rhs->shape[b + 1];
        if (k != k2)
            error("shape error: dim " + std::to_string(b + 1) + " of lhs (" + std::to_string(k) +
                  ") and dim " + std::to_string(b) + " of rhs (" + std::to_string(k2) +
                  ") must match");
        else if (acc->shape[b] != m || acc->shape[b + 1] != n)
            error("shape error: acc " + quoted(acc) + " must be " + std::to_string(m) + "x" +
                  std::to_string(n) + " for lhs " + quoted(lhs) + " and rhs " + quoted(rhs));
        else if (b == 1 && (lhs->shape[0] != rhs->shape[0] || lhs->shape[0] != acc->shape[0]))
            error("shape error: the batch dimensions of lhs, rhs and acc must match");
        const Type* res = resultType(m_op, 0);
        if (res && res != acc)
            error("the result type " + quoted(res) + " must be the acc type " + quoted(acc));
    }

    // mmaf: the input element and the accumulator element the dialect pairs with it.
    bool mmafTypes(std::string_view in, std::string_view acc)
    {
        static const std::array<std::string_view, 7> kInputs = {"f16",  "bf16",     "f32",   "f64",
                                                                "tf32", "f8E4M3FN", "f8E5M2"};
        static const std::array<std::string_view, 3> kAccs = {"f16", "f32", "f64"};
        if (!oneOf(in, kInputs)) {
            error("op operand #0 must be mmaf operand tile type of f16 or bf16 or f32 or f64 or "
                  "tf32 or f8E4M3FN or f8E5M2 values, but got '" +
                  std::string(in) + "'");
            return false;
        }
        if (!oneOf(acc, kAccs)) {
            error("op operand #2 must be mmaf acc/result tile type of f16 or f32 or f64 values, "
                  "but got '" +
                  std::string(acc) + "'");
            return false;
        }
        std::string allowed;
        if (in == "f16" || in == "f8E4M3FN" || in == "f8E5M2")
            allowed = acc == "f16" || acc == "f32" ? "" : "{'f16', 'f32'}";
        else if (in == "bf16" || in == "tf32" || in == "f32")
            allowed = acc == "f32" ? "" : "{'f32'}";
        else if (in == "f64")
            allowed = acc == "f64" ? "" : "{'f64'}";
        if (!allowed.empty()) {
            error("op unsupported combination of element types. Input type '" + std::string(in) +
                  "' expects accumulator/result type to be one of " + allowed + ", but got '" +
                  std::string(acc) + "'");
            return false;
        }
        return true;
    }

    void conversion()
    {
        const Type* in = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (!isTile(in) || !isTile(out) || !in->element || !out->element)
            return;
        if (in->shape.size() != out->shape.size() ||
            !std::equal(in->shape.begin(), in->shape.end(), out->shape.begin())) {
            error("failed to verify that all of {from, to} have the same shape");
            return;
        }
        const Type* a = in->element;
        const Type* z = out->element;
        if (m_op->id() == OpId::FToF && !(a->isFloat() && z->isFloat()))
            error("expects float source and result element types");
        else if (m_op->id() == OpId::IToF && !(a->isInteger() && z->isFloat()))
            error("expects an integer source and a float result element type");
        else if (m_op->id() == OpId::FToI && !(a->isFloat() && z->isInteger()))
            error("expects a float source and an integer result element type");
        else if (m_op->id() == OpId::ExtI &&
                 !(a->isInteger() && z->isInteger() && z->bitWidth() > a->bitWidth()))
            error("expects integer element types with a wider result, but got " + quoted(in) +
                  " -> " + quoted(out));
        else if (m_op->id() == OpId::TruncI &&
                 !(a->isInteger() && z->isInteger() && z->bitWidth() < a->bitWidth()))
            error("expects integer element types with a narrower result, but got " + quoted(in) +
                  " -> " + quoted(out));
        else if (m_op->id() == OpId::Bitcast && a->bitWidth() != z->bitWidth())
            error("expects source and result element types of the same width, but got " +
                  quoted(in) + " -> " + quoted(out));
        const Attribute* r = enumAttr(m_op, "rounding");
        if (!r)
            return;
        const std::string_view mode = r->text;
        static const std::array<std::string_view, 4> kModes = {"nearest_even", "zero",
                                                               "negative_inf", "positive_inf"};
        if (m_op->id() == OpId::FToI && mode != "nearest_int_to_zero")
            error("expected rounding mode to be one of: 'nearest_int_to_zero', got: '" +
                  std::string(mode) + "'");
        else if ((m_op->id() == OpId::IToF || m_op->id() == OpId::FToF) && !oneOf(mode, kModes))
            error("expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', "
                  "'positive_inf', got: '" +
                  std::string(mode) + "'");
        else if (m_op->id() == OpId::FToF && z->name == "f8E8M0FNU" && mode != "zero" &&
                 mode != "positive_inf")
            error("invalid rounding mode specified for conversion to f8E8M0FNU. Only 'zero' and "
                  "'positive_inf' are supported");
        // Widening float conversions are exact; narrowing ones may choose how to round.
        else if ((m_op->id() == OpId::IToF || (m_op->id() == OpId::FToF && z->name != "f8E8M0FNU" &&
                                               z->bitWidth() > a->bitWidth())) &&
                 mode != "nearest_even")
            error("invalid rounding mode specified. Only 'nearest_even' is supported");
    }

    void makeView()
    {
        const Type* in = operandType(m_op, 0);
        const Type* out = resultType(m_op, 0);
        if (!in || !isView(out))
            return;
        if (in->kind != TypeKind::TensorView) {
            error("expected 'tensor_view' type, but got " + quoted(in));
            return;
        }
        if (out->tensorView && out->tensorView != in)
            error("expected the view's tensor_view " + quoted(out->tensorView) +
                  " to be the operand's type " + quoted(in));
    }

    // load_view_tko / store_view_tko: one index per view dimension, all the same scalar
    // integer tile, and the loaded or stored tile shaped as the view's tile.
    void viewAccess()
    {
        if (const Attribute* order = enumAttr(m_op, "memory_ordering")) {
            const bool load = m_op->id() == OpId::LoadViewTko;
            const std::string_view o = order->text;
            if (o != "weak" && o != "relaxed" && o != (load ? "acquire" : "release")) {
                error(std::string("expect one of: weak, relaxed, or ") +
                      (load ? "acquire" : "release") + ", but got: " + std::string(o));
                return;
            }
        }
        size_t viewAt = m_op->operands.size();
        for (size_t i = 0; i < m_op->operands.size(); ++i)
            if (isView(m_op->operands[i]->type) ||
                m_op->operands[i]->type->kind == TypeKind::TensorView) {
                viewAt = i;
                break;
            }
        if (viewAt == m_op->operands.size()) {
            for (size_t i = 0; i < m_op->operands.size(); ++i)
                if (isTile(m_op->operands[i]->type) && (m_op->id() == OpId::LoadViewTko || i > 0)) {
                    error("operand #" + std::to_string(i) + " must be TileView instance, but got " +
                          quoted(m_op->operands[i]->type));
                    return;
                }
            return;
        }
        const Type* view = m_op->operands[viewAt]->type;
        if (view->kind == TypeKind::TensorView)
            return; // gather/scatter-style accesses are not modelled here
        std::vector<const Type*> indices;
        for (size_t i = viewAt + 1; i < m_op->operands.size(); ++i)
            if (m_op->operands[i]->type->kind != TypeKind::Token)
                indices.push_back(m_op->operands[i]->type);
        const size_t rank = view->tensorView ? view->tensorView->shape.size() : view->shape.size();
        if (view->kind == TypeKind::PartitionView && indices.size() != rank) {
            error("expected " + std::to_string(rank) +
                  " index operands (based on view type), got " + std::to_string(indices.size()));
            return;
        }
        for (size_t i = 0; i < indices.size(); ++i) {
            if (!isScalarTile(indices[i])) {
                error("expected index type to be a scalar tile, got " + quoted(indices[i]));
                return;
            }
            if (indices[i] != indices[0]) {
                error("expected index type " + std::to_string(i) +
                      " to be the same as other index types (" + quoted(indices[0]) + "), got " +
                      quoted(indices[i]));
                return;
            }
        }
        const Type* tile = m_op->id() == OpId::LoadViewTko
                               ? resultType(m_op, 0)
                               : (viewAt > 0 ? operandType(m_op, 0) : nullptr);
        const Type* elem = view->tensorView ? view->tensorView->element : nullptr;
        if (!isTile(tile) || !elem)
            return;
        if (tile->element != elem || tile->shape.size() != view->shape.size() ||
            !std::equal(tile->shape.begin(), tile->shape.end(), view->shape.begin()))
            error("expected tile type to be 'tile<" + shapeLetters(view->shape) +
                  std::string(elem->name) + ">' (based on view type), got " + quoted(tile));
    }

    static std::string shapeLetters(Span<const int64_t> dims)
    {
        std::string s;
        for (int64_t d : dims)
            s += std::to_string(d) + "x";
        return s;
    }

    void constant()
    {
        const Type* out = resultType(m_op, 0);
        if (out && !isTile(out))
            error("result #0 must be a tile, but got " + quoted(out));
    }

    Checker& m_c;
    const Op* m_op;
    std::string_view m_name;
};

} // namespace

void Checker::checkOp(const Op* op)
{
    const OpSignature* signature = opSignature(op->id());
    if (!signature)
        return;
    const ArityCheck arity = checkArity(*this, op, *signature);
    if (arity == ArityCheck::Failed)
        return;
    const size_t before = m_count;
    OpRules(*this, op).run(signature->family);
    if (m_count == before) // one error per op
        checkOperandAndResultTypes(*this, op, signature->types,
                                   arity == ArityCheck::ResultsUnnamed);
}

} // namespace tilelens::ir::verify
