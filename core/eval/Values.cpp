#include "eval/Exec.h"
#include "ir/Attribute.h"

namespace tilelens::eval {

LiveCount::LiveCount(std::shared_ptr<uint64_t> total, uint64_t elements)
    : m_total(std::move(total)), m_elements(elements)
{
    *m_total += m_elements;
}

LiveCount::LiveCount(LiveCount&& other) noexcept
    : m_total(std::move(other.m_total)), m_elements(other.m_elements)
{
    other.m_elements = 0;
}

LiveCount& LiveCount::operator=(LiveCount&& other) noexcept
{
    if (this != &other) {
        if (m_total)
            *m_total -= m_elements;
        m_total = std::move(other.m_total);
        m_elements = other.m_elements;
        other.m_elements = 0;
    }
    return *this;
}

LiveCount::~LiveCount()
{
    if (m_total)
        *m_total -= m_elements;
}

size_t Tile::size() const
{
    size_t n = 1;
    for (int64_t d : shape)
        n *= size_t(d);
    return n;
}

std::shared_ptr<Tile> Tile::make(Elem elem, std::vector<int64_t> shape, Elem pointee)
{
    auto t = std::make_shared<Tile>();
    t->elem = elem;
    t->pointee = pointee;
    t->shape = std::move(shape);
    if (isFloatElem(elem))
        t->floats.assign(t->size(), 0.0);
    else
        t->ints.assign(t->size(), 0);
    return t;
}

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& shape)
{
    std::vector<int64_t> s(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;)
        s[i - 1] = s[i] * shape[i];
    return s;
}

bool checkedRowMajorStrides(const std::vector<int64_t>& shape, std::vector<int64_t>& strides)
{
    strides.assign(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;)
        if (__builtin_mul_overflow(strides[i], shape[i], &strides[i - 1]))
            return false;
    return true;
}

std::vector<int64_t> unflattenIndex(const std::vector<int64_t>& shape, size_t flat)
{
    std::vector<int64_t> idx(shape.size());
    for (size_t i = shape.size(); i-- > 0;) {
        idx[i] = int64_t(flat % size_t(shape[i]));
        flat /= size_t(shape[i]);
    }
    return idx;
}

Elem elemOf(const ir::Type* t)
{
    if (!t)
        return Elem::None;
    if (t->kind == ir::TypeKind::Tile || t->kind == ir::TypeKind::TensorView)
        t = t->element;
    if (!t)
        return Elem::None;
    if (t->kind == ir::TypeKind::Pointer)
        return Elem::Ptr;
    if (t->kind == ir::TypeKind::Number)
        return elemFromName(t->name);
    return Elem::None;
}

Elem pointeeOf(const ir::Type* t)
{
    if (t && t->kind == ir::TypeKind::Tile)
        t = t->element;
    if (t && t->kind == ir::TypeKind::Pointer && t->element)
        return elemFromName(t->element->name);
    return Elem::None;
}

std::vector<int64_t> shapeOf(const ir::Type* t)
{
    if (!t)
        return {};
    return std::vector<int64_t>(t->shape.begin(), t->shape.end());
}

std::string_view enumAttr(const ir::Op& op, std::string_view name)
{
    const ir::Attribute* a = op.attr(name);
    return a && a->kind == ir::AttrKind::Enum ? a->text : std::string_view();
}

bool unitAttr(const ir::Op& op, std::string_view name)
{
    const ir::Attribute* a = op.attr(name);
    return a && (a->kind == ir::AttrKind::Unit || (a->kind == ir::AttrKind::Bool && a->intValue));
}

int64_t intAttr(const ir::Op& op, std::string_view name, int64_t fallback)
{
    const ir::Attribute* a = op.attr(name);
    return a && (a->kind == ir::AttrKind::Integer || a->kind == ir::AttrKind::Bool) ? a->intValue
                                                                                    : fallback;
}

bool isSigned(const ir::Op& op, bool fallback)
{
    const std::string_view s = enumAttr(op, "signedness");
    return s.empty() ? fallback : s == "signed";
}

Rounding roundingOf(const ir::Op& op)
{
    const std::string_view r = enumAttr(op, "rounding_mode");
    if (r == "zero")
        return Rounding::Zero;
    if (r == "negative_inf")
        return Rounding::NegativeInf;
    if (r == "positive_inf")
        return Rounding::PositiveInf;
    return Rounding::NearestEven;
}

} // namespace tilelens::eval
