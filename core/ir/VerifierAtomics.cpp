// Verifier rules of the atomic memory ops: atomic_rmw_tko and atomic_cas_tko on pointer tiles
// (same shapes, pointee against the value's element, ordering, the mode against the element
// type) and atomic_red_view_tko through a view (relaxed only, TMA scopes, no padding, the
// view's tile and element against the value, one scalar index per tile dimension).

#include "ir/Attribute.h"
#include "ir/VerifierChecks.h"

#include <algorithm>
#include <string>

namespace tilelens::ir::verify {

namespace {

bool sameShape(const Type* a, const Type* b)
{
    return !isTile(a) || !isTile(b) ||
           std::equal(a->shape.begin(), a->shape.end(), b->shape.begin(), b->shape.end());
}

// "2, 2": shapeText without its brackets, as the dialect's atomic messages write shapes.
std::string dimsText(Span<const int64_t> dims)
{
    const std::string text = shapeText(dims);
    return text.substr(1, text.size() - 2);
}

class AtomicRules
{
public:
    AtomicRules(Checker& c, const Op* op) : m_c(c), m_op(op) {}

    void run()
    {
        const OpId id = m_op->id();
        // Operands before the optional mask and token.
        size_t n = m_op->operands.size();
        if (n && operandType(m_op, n - 1) && operandType(m_op, n - 1)->kind == TypeKind::Token)
            --n;
        if (id == OpId::AtomicRedViewTko)
            viewReduction(n);
        else if (id == OpId::AtomicRmwTko && n >= 2)
            pointerOp(n, 1, "arg");
        else if (id == OpId::AtomicCasTko && n >= 3)
            pointerOp(n, 2, "val");
    }

private:
    void error(const std::string& message) { m_c.error(m_op, message); }

    std::string_view enumText(const char* attr) const
    {
        const Attribute* a = m_op->attr(attr);
        return a && a->kind == AttrKind::Enum ? a->text : std::string_view();
    }

    // The element type a mode can combine: false after reporting it.
    bool modeFits(std::string_view mode, const Type* element)
    {
        if (mode.empty() || !element)
            return true;
        const int bits = element->bitWidth();
        if (mode == "addf") {
            const std::string_view e = element->name;
            if (!(e == "f16" || e == "bf16" || e == "f32" || e == "f64")) {
                error("'addf' works only with floats f16, bf16, f32, and f64");
                return false;
            }
        } else if (mode == "xchg") {
            if (!((element->isInteger() || element->isFloat()) && (bits == 32 || bits == 64)) ||
                element->name == "tf32") {
                error("'xchg' works only with integers or float of 32 or 64 bitwidth");
                return false;
            }
        } else if (!(element->isInteger() && (bits == 32 || bits == 64))) {
            error("'" + std::string(mode) + "' works only with integers i32 and i64");
            return false;
        }
        return true;
    }

    // rmw: pointers, arg [, mask]; cas: pointers, cmp, val [, mask].
    void pointerOp(size_t n, size_t valueIndex, const char* valueName)
    {
        const Type* ptrs = operandType(m_op, 0);
        const Type* value = operandType(m_op, valueIndex);
        const Type* result = resultType(m_op, 0);
        const bool cas = valueIndex == 2;
        if (!isTile(ptrs) || !isTile(value) || !ptrs->element ||
            ptrs->element->kind != TypeKind::Pointer)
            return;
        bool shapes = sameShape(ptrs, value) && sameShape(ptrs, result);
        if (cas)
            shapes = shapes && sameShape(ptrs, operandType(m_op, 1));
        if (!shapes) {
            error(cas ? "failed to verify that all of {pointers, cmp, val, result} have same shape"
                      : "failed to verify that all of {pointers, arg, result} have same shape");
            return;
        }
        if (n > valueIndex + 1 && !sameShape(ptrs, operandType(m_op, valueIndex + 1))) {
            error(cas ? "failed to verify that all of {pointers, cmp, val, mask} have same shape"
                      : "failed to verify that all of {pointers, arg, mask} have same shape");
            return;
        }
        const Type* pointee = ptrs->element->element;
        if (pointee && value->element && pointee != value->element) {
            error("expected pointee type ('" + std::string(pointee->name) +
                  "') to match element type of '" + valueName + "' ('" +
                  std::string(value->element->name) + "')");
            return;
        }
        if (enumText("memory_ordering_semantics") == "weak") {
            error("memory ordering semantics must be one of: relaxed, acquire, release, acq_rel");
            return;
        }
        if (cas) {
            const int bits = value->element ? value->element->bitWidth() : 0;
            if (value->element && !(bits == 32 || bits == 64))
                error("expect only float or integer types with 32 or 64 bit");
            return;
        }
        modeFits(enumText("mode"), value->element);
    }

    // view[indices...], mode, value
    void viewReduction(size_t n)
    {
        const Type* view = operandType(m_op, 0);
        if (n < 2 || !isView(view))
            return;
        const Type* value = operandType(m_op, n - 1);
        const std::string_view ordering = enumText("memory_ordering_semantics");
        if (!ordering.empty() && ordering != "relaxed") {
            error("only 'relaxed' memory ordering is supported for view-based atomic reductions");
            return;
        }
        const std::string_view scope = enumText("memory_scope");
        if (!scope.empty() && scope != "tl_blk" && scope != "device") {
            error("'" + std::string(scope) +
                  "' is not supported for view-based atomic reductions; use 'tl_blk' or "
                  "'device' for TMA compatibility");
            return;
        }
        if (enumText("mode") == "xchg") {
            error("atomic_red_view_tko op cannot use xchg operation");
            return;
        }
        if (!view->padding.empty()) {
            error("views with padding_value are not supported for atomic reductions");
            return;
        }
        const size_t indices = n - 2;
        if (int64_t(indices) != view->rank()) {
            error("expected " + std::to_string(view->rank()) +
                  " index operand(s) for view with tile rank " + std::to_string(view->rank()) +
                  ", got " + std::to_string(indices));
            return;
        }
        for (size_t i = 0; i < indices; ++i) {
            const Type* idx = operandType(m_op, 1 + i);
            if (isTile(idx) && !idx->shape.empty()) {
                error("index operand " + std::to_string(i) +
                      " must be a scalar tile (rank 0), got shape " + dimsText(idx->shape));
                return;
            }
        }
        if (!isTile(value))
            return;
        const Type* element = view->tensorView ? view->tensorView->element : nullptr;
        if (element && value->element && element != value->element) {
            error("view element type ('" + std::string(element->name) +
                  "') must match value element type ('" + std::string(value->element->name) + "')");
            return;
        }
        if (!std::equal(view->shape.begin(), view->shape.end(), value->shape.begin(),
                        value->shape.end())) {
            error("view tile shape " + dimsText(view->shape) + " must match value shape " +
                  dimsText(value->shape) + " for element-wise atomic operations");
            return;
        }
        modeFits(enumText("mode"), value->element);
    }

    Checker& m_c;
    const Op* m_op;
};

} // namespace

void checkAtomicOp(Checker& c, const Op* op)
{
    AtomicRules(c, op).run();
}

} // namespace tilelens::ir::verify
