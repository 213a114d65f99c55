// Small member functions of the model structs (Value, Op, Function, Module,
// Location, Type).
#include "ir/Block.h"
#include "ir/Function.h"
#include "ir/Location.h"
#include "ir/Module.h"
#include "ir/Op.h"
#include "ir/Region.h"
#include "ir/Type.h"
#include "ir/Value.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace tilelens::ir {

namespace {
void collectUses(const Value& v, const Region& scope, std::vector<Use>& out)
{
    for (const Block* b : scope.blocks)
        for (Op* op : b->ops) {
            for (size_t i = 0; i < op->operands.size(); ++i)
                if (op->operands[i] == &v)
                    out.push_back(Use{op, uint32_t(i)});
            for (const Region* r : op->regions)
                collectUses(v, *r, out);
        }
}
} // namespace

std::vector<Use> usesOf(const Value& v, const Region& scope)
{
    std::vector<Use> out;
    collectUses(v, scope, out);
    return out;
}

namespace {
const Attribute* findAttr(Span<const NamedAttribute> attrs, std::string_view name)
{
    for (const NamedAttribute& a : attrs)
        if (a.name == name)
            return a.value;
    return nullptr;
}

size_t countOps(const Region* r)
{
    size_t n = 0;
    if (!r)
        return 0;
    for (const Block* b : r->blocks)
        for (const Op* op : b->ops) {
            ++n;
            for (const Region* sub : op->regions)
                n += countOps(sub);
        }
    return n;
}
} // namespace

const Attribute* Op::attr(std::string_view n) const
{
    return findAttr(attributes, n);
}
ValueName ValueName::copy(Arena& arena, std::string_view name)
{
    ValueName out;
    if (name.empty())
        return out;
    if (name.size() <= kMaxHeld) {
        std::memcpy(reinterpret_cast<char*>(&out.m_bits) + kHeldOffset, name.data(), name.size());
        out.m_bits |= uint64_t(kHeld | name.size()) << kLengthShift;
        return out;
    }
    const bool isLong = name.size() >= kHeld;
    const size_t header = isLong ? sizeof(uint64_t) : 0;
    char* p = arena.allocateChars(header + name.size()); // the length is read by memcpy
    if (isLong) {
        const uint64_t n = name.size();
        std::memcpy(p, &n, sizeof n);
    }
    std::memcpy(p + header, name.data(), name.size());
    const auto address = uint64_t(reinterpret_cast<uintptr_t>(p));
    if ((address & ~kAddressMask) != 0) // no such platform known; better a clear stop
        std::abort();
    out.m_bits = address | (uint64_t(isLong ? kLongName : name.size()) << kLengthShift);
    return out;
}

detail::OpArrays* Op::placeArrays(void* at, size_t nResults, size_t nOperands, size_t nAttributes,
                                  size_t nRegions)
{
    // Callers report larger counts as errors first; clamping keeps a missed one in bounds.
    auto* a = new (at) detail::OpArrays();
    a->results = uint16_t(std::min(nResults, kMaxArray));
    a->operands = uint16_t(std::min(nOperands, kMaxArray));
    a->attributes = uint16_t(std::min(nAttributes, kMaxArray));
    a->regions = uint16_t(std::min(nRegions, kMaxArray));
    m_ref.m_arrays = a;
    return a;
}

detail::OpArrays* Op::makeArrays(Arena& arena, size_t nResults, size_t nOperands,
                                 size_t nAttributes, size_t nRegions)
{
    void* at =
        arena.allocate(detail::OpArrays::bytesFor(nResults, nOperands, nAttributes, nRegions), 8);
    return placeArrays(at, nResults, nOperands, nAttributes, nRegions);
}

void Op::setArrays(Arena& arena, Span<Value* const> res, Span<Value* const> ops,
                   Span<const NamedAttribute> attrs, Span<Region* const> regs)
{
    detail::OpArrays* a = makeArrays(arena, res.size(), ops.size(), attrs.size(), regs.size());
    std::copy_n(res.begin(), a->results, a->resultData());
    std::copy_n(ops.begin(), a->operands, a->operandData());
    std::copy_n(attrs.begin(), a->attributes, a->attributeData());
    std::copy_n(regs.begin(), a->regions, a->regionData());
}

void Op::setWrittenOperandTypes(Span<const Type* const> types)
{
    const auto address = uint64_t(reinterpret_cast<uintptr_t>(types.data()));
    if ((address & ~detail::OpWrittenWord::kAddressMask) != 0) // see ValueName::copy
        std::abort();
    const uint64_t count = std::min(types.size(), kMaxArray);
    m_written.m_bits = address | (count << detail::OpWrittenWord::kCountShift) |
                       (m_written.m_bits & detail::OpWrittenWord::kFlagBit);
}

bool Op::writtenTypesPerOperand() const
{
    const Span<const Type* const> w = writtenOperandTypes();
    if (w.size() != operands.size())
        return false;
    for (size_t i = 0; i < w.size(); ++i)
        if (w[i]->kind != operands[i]->type->kind)
            return false;
    return true;
}
const Attribute* Function::attr(std::string_view n) const
{
    return findAttr(attributes, n);
}
size_t Function::opCount() const
{
    return countOps(body);
}

const Function* Module::function(std::string_view n) const
{
    for (const Function* f : functions)
        if (f->name == n)
            return f;
    return nullptr;
}

size_t Module::opCount() const
{
    size_t n = globals.size() + otherItems.size();
    for (const Function* f : functions)
        n += f->opCount();
    return n;
}

const Location* unknownLocation()
{
    static const Location unknown;
    return &unknown;
}

const Location* Location::fileLineCol() const
{
    if (kind == LocKind::FileLineCol)
        return this;
    for (const Location* c : children)
        if (const Location* l = c ? c->fileLineCol() : nullptr)
            return l;
    return nullptr;
}

std::string Location::canonical() const
{
    switch (kind) {
    case LocKind::Unknown:
        return "unknown";
    case LocKind::FileLineCol: {
        std::string s =
            "\"" + std::string(file) + "\":" + std::to_string(line) + ":" + std::to_string(column);
        if (endLine || endColumn)
            s += " to " + std::to_string(endLine) + ":" + std::to_string(endColumn);
        return s;
    }
    case LocKind::Name: {
        std::string s = "\"" + std::string(name) + "\"";
        if (!children.empty())
            s += "(" + children[0]->canonical() + ")";
        return s;
    }
    case LocKind::CallSite:
        return "callsite(" + children[0]->canonical() + " at " + children[1]->canonical() + ")";
    case LocKind::Fused: {
        std::string s = "fused[";
        for (size_t i = 0; i < children.size(); ++i)
            s += (i ? ", " : "") + children[i]->canonical();
        return s + "]";
    }
    case LocKind::DebugInfo:
        return "di_loc<" + (children.empty() ? std::string("unknown") : children[0]->canonical()) +
               ">";
    }
    return "unknown";
}

bool Type::isInteger() const
{
    return kind == TypeKind::Number && !name.empty() && name[0] == 'i';
}

bool Type::isFloat() const
{
    return kind == TypeKind::Number && !name.empty() &&
           (name[0] == 'f' || name[0] == 'b' || name[0] == 't');
}

int Type::bitWidth() const
{
    if (kind != TypeKind::Number)
        return 0;
    if (name == "bf16")
        return 16;
    if (name == "tf32")
        return 19;
    if (name.size() >= 2 && (name[0] == 'i' || name[0] == 'f')) {
        int w = 0;
        for (size_t i = 1; i < name.size() && name[i] >= '0' && name[i] <= '9'; ++i)
            w = w * 10 + (name[i] - '0');
        return w;
    }
    return 0;
}

std::string Type::longForm() const
{
    switch (kind) {
    case TypeKind::Number:
    case TypeKind::Opaque:
        return std::string(canonicalText);
    case TypeKind::Function: {
        std::string s = "(";
        for (size_t i = 0; i < inputs.size(); ++i)
            s += (i ? ", " : "") + inputs[i]->longForm();
        s += ") -> (";
        for (size_t i = 0; i < results.size(); ++i)
            s += (i ? ", " : "") + results[i]->longForm();
        return s + ")";
    }
    default:
        return "!cuda_tile." + std::string(canonicalText);
    }
}

} // namespace tilelens::ir
