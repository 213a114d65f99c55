#include "ir/Canonical.h"

#include "ir/FloatBits.h"

#include <cctype>
#include <cstdio>
#include <vector>

namespace tilelens::ir {

void appendDims(std::string& out, Span<const int64_t> dims, char sep)
{
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i)
            out += sep;
        if (dims[i] == kDynamic)
            out += '?';
        else
            out += std::to_string(dims[i]);
    }
}

static void appendIntList(std::string& out, Span<const int64_t> v)
{
    for (size_t i = 0; i < v.size(); ++i) {
        if (i)
            out += ", ";
        if (v[i] == kDynamic)
            out += '?';
        else
            out += std::to_string(v[i]);
    }
}

void appendTypeCanonical(std::string& out, const Type& t)
{
    switch (t.kind) {
    case TypeKind::Number:
    case TypeKind::Opaque:
        out += t.name;
        return;
    case TypeKind::Token:
        out += "token";
        return;
    case TypeKind::Pointer:
        out += "ptr<";
        appendTypeCanonical(out, *t.element);
        out += '>';
        return;
    case TypeKind::Tile:
        out += "tile<";
        appendDims(out, t.shape, 'x');
        if (!t.shape.empty())
            out += 'x';
        appendTypeCanonical(out, *t.element);
        out += '>';
        return;
    case TypeKind::TensorView:
        out += "tensor_view<";
        appendDims(out, t.shape, 'x');
        if (!t.shape.empty())
            out += 'x';
        appendTypeCanonical(out, *t.element);
        if (!t.shape.empty()) {
            out += ", strides=[";
            appendDims(out, t.strides, ',');
            out += ']';
        }
        out += '>';
        return;
    case TypeKind::PartitionView:
    case TypeKind::StridedView:
    case TypeKind::GatherScatterView:
        out += t.kind == TypeKind::PartitionView ? "partition_view<tile=("
               : t.kind == TypeKind::StridedView ? "strided_view<tile=("
                                                 : "gather_scatter_view<tile=(";
        appendDims(out, t.shape, 'x');
        out += "), ";
        if (t.kind == TypeKind::StridedView) {
            out += "traversal_strides=[";
            appendDims(out, t.strides, ',');
            out += "], ";
        }
        if (!t.padding.empty()) {
            out += "padding_value = ";
            out += t.padding;
            out += ", ";
        }
        appendTypeCanonical(out, *t.tensorView);
        if (!t.dimMap.empty()) {
            out += ", dim_map=[";
            appendIntList(out, t.dimMap);
            out += ']';
        }
        if (t.kind == TypeKind::GatherScatterView)
            out += ", sparse_dim = " + std::to_string(t.sparseDim);
        out += '>';
        return;
    case TypeKind::Function:
        out += '(';
        for (size_t i = 0; i < t.inputs.size(); ++i) {
            if (i)
                out += ", ";
            appendTypeCanonical(out, *t.inputs[i]);
        }
        out += ") -> (";
        for (size_t i = 0; i < t.results.size(); ++i) {
            if (i)
                out += ", ";
            appendTypeCanonical(out, *t.results[i]);
        }
        out += ')';
        return;
    }
}

void appendEscapedString(std::string& out, std::string_view s)
{
    static const char* hex = "0123456789ABCDEF";
    out += '"';
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c < 0x20 || c >= 0x7F) {
            out += '\\';
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += char(c);
        }
    }
    out += '"';
}

namespace {
bool isSuffixIdChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' ||
           c == '-';
}
} // namespace

// MLIR's suffix-id: digits only, or a letter or [$._-] and then any of them and digits.
bool isBareSymbol(std::string_view name)
{
    if (name.empty())
        return false;
    bool digits = true;
    for (char c : name) {
        if (!isSuffixIdChar(c))
            return false;
        digits = digits && std::isdigit(static_cast<unsigned char>(c));
    }
    return digits || !std::isdigit(static_cast<unsigned char>(name[0]));
}

void appendSymbol(std::string& out, std::string_view name)
{
    out += '@';
    if (isBareSymbol(name))
        out += name;
    else
        appendEscapedString(out, name); // @"a;b c": what the parser reads back as the same name
}

void appendDenseElement(std::string& out, int64_t bits, const Type* elt)
{
    if (elt && elt->isFloat()) {
        out += formatFloat(uint64_t(bits), elt->name);
        return;
    }
    if (elt && elt->name == "i1") {
        out += bits ? "true" : "false";
        return;
    }
    out += std::to_string(bits);
}

static bool isBareKey(std::string_view k)
{
    if (k.empty() || !(std::isalpha(static_cast<unsigned char>(k[0])) || k[0] == '_'))
        return false;
    for (char c : k)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.'))
            return false;
    return true;
}

static void appendKey(std::string& out, std::string_view k)
{
    if (isBareKey(k))
        out += k;
    else
        appendEscapedString(out, k);
}

// Values inside optimization hints print without a type suffix.
static void appendHintValue(std::string& out, const Attribute& a)
{
    if (a.kind == AttrKind::Integer)
        out += std::to_string(a.intValue);
    else
        appendAttrCanonical(out, a);
}

static void appendEntries(std::string& out, Span<const NamedAttribute> entries, bool hintValues)
{
    for (size_t i = 0; i < entries.size(); ++i) {
        if (i)
            out += ", ";
        appendKey(out, entries[i].name);
        if (entries[i].value->kind == AttrKind::Unit)
            continue;
        out += " = ";
        if (hintValues)
            appendHintValue(out, *entries[i].value);
        else
            appendAttrCanonical(out, *entries[i].value);
    }
}

void appendAttrCanonical(std::string& out, const Attribute& a)
{
    switch (a.kind) {
    case AttrKind::Integer:
        if (a.type && a.type->name == "i1") {
            out += a.intValue ? "true" : "false";
            return;
        }
        out += std::to_string(a.intValue);
        out += " : ";
        out += a.type ? std::string_view(a.type->canonicalText) : std::string_view("i64");
        return;
    case AttrKind::Float:
        out += formatFloat(a.bits, a.type ? a.type->name : std::string_view("f64"));
        out += " : ";
        out += a.type ? std::string_view(a.type->canonicalText) : std::string_view("f64");
        return;
    case AttrKind::Bool:
        out += a.intValue ? "true" : "false";
        return;
    case AttrKind::String:
        appendEscapedString(out, a.text);
        return;
    case AttrKind::Unit:
        out += "unit";
        return;
    case AttrKind::Enum:
        out += a.category;
        out += '<';
        out += a.text;
        out += '>';
        return;
    case AttrKind::Array:
        if (!a.category.empty()) { // dense array
            out += "array<";
            out += a.category;
            if (!a.intList.empty())
                out += ": ";
            appendIntList(out, a.intList);
            out += '>';
            return;
        }
        out += '[';
        for (size_t i = 0; i < a.elements.size(); ++i) {
            if (i)
                out += ", ";
            appendAttrCanonical(out, *a.elements[i]);
        }
        out += ']';
        return;
    case AttrKind::Dictionary:
        out += '{';
        appendEntries(out, a.entries, false);
        out += '}';
        return;
    case AttrKind::Dense: {
        out += '<';
        out +=
            a.elementType ? std::string_view(a.elementType->canonicalText) : std::string_view("?");
        out += ": ";
        if (!a.text.empty()) {
            out += '"';
            out += a.text;
            out += '"';
        } else if (a.splat && !a.intList.empty()) {
            appendDenseElement(out, a.intList[0], a.elementType);
        } else {
            // Nested brackets per dimension of the tile shape.
            Span<const int64_t> shape = a.type ? a.type->shape : Span<const int64_t>();
            size_t n = a.intList.size();
            if (shape.empty()) {
                if (n)
                    appendDenseElement(out, a.intList[0], a.elementType);
            } else {
                // strides[d] = elements in one sub-list at depth d (product of shape[d..]).
                std::vector<size_t> strides(shape.size(), 1);
                size_t prod = 1;
                for (size_t d = shape.size(); d-- > 0;) {
                    prod *= size_t(shape[d] > 0 ? shape[d] : 1);
                    strides[d] = prod;
                }
                for (size_t i = 0; i < n; ++i) {
                    // Open one bracket per dimension whose row starts here.
                    for (size_t d = 0; d < shape.size(); ++d)
                        if (i % strides[d] == 0)
                            out += '[';
                    appendDenseElement(out, a.intList[i], a.elementType);
                    size_t closes = 0;
                    for (size_t d = 0; d < shape.size(); ++d)
                        if ((i + 1) % strides[d] == 0)
                            ++closes;
                    out.append(closes, ']');
                    if (i + 1 < n)
                        out += ", ";
                }
            }
        }
        out += "> : ";
        out += a.type ? std::string_view(a.type->canonicalText) : std::string_view("?");
        return;
    }
    case AttrKind::TypeAttr:
        out += a.type ? std::string_view(a.type->canonicalText) : std::string_view("?");
        return;
    case AttrKind::SymbolRef:
        out += '@';
        appendKey(out, a.text);
        return;
    case AttrKind::OptimizationHints:
        out += "optimization_hints<";
        for (size_t i = 0; i < a.entries.size(); ++i) {
            if (i)
                out += ", ";
            appendKey(out, a.entries[i].name);
            out += " = {";
            appendEntries(out, a.entries[i].value->entries, true);
            out += '}';
        }
        out += '>';
        return;
    case AttrKind::DivBy:
        out += "div_by<" + std::to_string(a.intValue);
        if (a.every >= 0)
            out += ", every " + std::to_string(a.every) + " along " + std::to_string(a.along);
        out += '>';
        return;
    case AttrKind::Bounded:
        out += "bounded<";
        out += a.hasLower ? std::to_string(a.lower) : std::string("?");
        out += ", ";
        out += a.hasUpper ? std::to_string(a.upper) : std::string("?");
        out += '>';
        return;
    case AttrKind::SameElements:
        out += "same_elements<[";
        appendIntList(out, a.intList);
        out += "]>";
        return;
    case AttrKind::DebugInfo:
    case AttrKind::Location:
    case AttrKind::Opaque:
        if (!a.category.empty()) {
            out += a.category;
        }
        out += a.text;
        return;
    }
}

std::string Attribute::canonical() const
{
    std::string s;
    appendAttrCanonical(s, *this);
    return s;
}

double Attribute::floatValue() const
{
    return kind == AttrKind::Float ? bitsToFloat(bits, type ? type->name : std::string_view("f64"))
                                   : 0.0;
}

const Attribute* Attribute::get(std::string_view key) const
{
    for (const NamedAttribute& e : entries)
        if (e.name == key)
            return e.value;
    return nullptr;
}

} // namespace tilelens::ir
