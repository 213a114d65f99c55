// Ops in custom form: a driver of each op's format (ir/OpFormat.h, the op table's last
// column). The elements print in the format's order; the ops whose grammar is code
// (custom<ForOp>, ...) have their print halves at the end of this file.
#include "ir/Canonical.h"
#include "ir/PrinterImpl.h"

namespace tilelens::ir::detail {

namespace {

// Ops without a format of their own (a format that cannot print this op, an op of the table
// without one) print their operands and attributes in the dialect's spelling.
const OpFormat& fallbackFormat()
{
    static const OpFormat f = [] {
        OpFormat g;
        g.operands.push_back({"operands", '*', false});
        g.elements = {FormatElement(FormatItem::Operands, "operands", 0),
                      FormatElement(FormatItem::AttrDict), FormatElement(FormatItem::Types)};
        return g;
    }();
    return f;
}

bool allResultsAlike(const Op& o)
{
    for (size_t i = 1; i < o.results.size(); ++i)
        if (o.results[i]->type != o.results[0]->type)
            return false;
    return !o.results.empty();
}

} // namespace

void Printer::op(const Op& o, int indent)
{
    const OpFormat& format = opFormat(o.id());
    if (!printsCustom(o, format)) {
        const PrintStyle s = m_style;
        m_style = PrintStyle::Generic;
        genericOp(o, indent);
        m_style = s;
        return;
    }
    pad(indent);
    results(o);
    out += o.name.mnemonic();
    switch (format.directive) {
    case Directive::GlobalOp:
        return globalOp(o);
    case Directive::ForOp:
        return forOp(o, indent);
    case Directive::IfOp:
        return ifOp(o, indent);
    case Directive::LoopOp:
        return loopOp(o, indent);
    case Directive::DenseConstant:
        if (denseConstant(o))
            return;
        break;
    case Directive::MakeTensorView:
        if (makeTensorView(o))
            return;
        break;
    case Directive::None:
        break;
    }
    const bool own = format.directive == Directive::None && !format.elements.empty() &&
                     format.segment(o, m_segments);
    const OpFormat& f = own ? format : fallbackFormat();
    if (!own)
        f.segment(o, m_segments);
    m_glued = m_pendingComma = m_lastPrinted = m_unbracketed = false;
    m_opStart = out.size();
    elements(o, f, 0, f.elements.size(), indent);
    out += '\n';
}

// Custom form needs a cuda_tile op of the table whose format can say it: regions exactly
// where the format has them, the result types of the make_*_view ops, a global's value.
bool Printer::printsCustom(const Op& o, const OpFormat& f) const
{
    if (m_style != PrintStyle::Custom || !o.name.isKnown() || !o.name.isCudaTile())
        return false;
    const Directive d = f.directive;
    const bool regionOp =
        f.region || d == Directive::ForOp || d == Directive::IfOp || d == Directive::LoopOp;
    if (o.regions.empty() ? f.region : !regionOp)
        return false;
    if (o.results.empty() && (f.types == TypeList::ResultTypes || d == Directive::MakeTensorView))
        return false;
    if (d == Directive::ForOp || d == Directive::IfOp || d == Directive::LoopOp)
        return regionOpShape(o, d);
    return d != Directive::GlobalOp || o.attr("value");
}

// for, if and loop name their block arguments after their operands: the custom form needs
// the region and the arguments (generic input may lack them).
bool Printer::regionOpShape(const Op& o, Directive d) const
{
    const Block* b = o.regions.empty() ? nullptr : o.regions[0]->entryBlock();
    const size_t n = o.operands.size(), args = b ? b->arguments.size() : 0;
    if (d == Directive::ForOp)
        return n >= 3 && args >= 1 && args >= n - 2;
    if (d == Directive::IfOp)
        return n == 1 && !o.regions.empty();
    return !o.regions.empty() && args >= n;
}

void Printer::elements(const Op& o, const OpFormat& f, size_t begin, size_t end, int indent)
{
    for (size_t i = begin; i < end; ++i) {
        const FormatElement& e = f.elements[i];
        switch (e.item) {
        case FormatItem::Literal:
            literal(e.text);
            break;
        case FormatItem::Operands:
            if (m_segments[e.index].empty())
                skipped();
            else
                operandGroup(o, m_segments[e.index]);
            break;
        case FormatItem::Attribute:
            if (!present(o, f, e)) {
                skipped();
                break;
            }
            placedAttribute(*o.attr(e.text), f.attributes[e.index]);
            break;
        case FormatItem::Optional:
            if (present(o, f, f.elements[e.anchor]))
                elements(o, f, i + 1, e.end, indent);
            i = size_t(e.end) - 1;
            break;
        case FormatItem::AttrDict:
            attrDict(o, f);
            break;
        case FormatItem::Types:
            types(o, f);
            break;
        case FormatItem::Region:
            region(o, indent);
            break;
        }
    }
}

void Printer::separate()
{
    if (m_pendingComma)
        out += ',';
    if (!m_glued)
        out += ' ';
    m_glued = m_pendingComma = false;
    m_lastPrinted = true;
}

// An element that prints nothing takes its ',' with it, and a '[' after it prints neither
// itself nor its ']' (no view, no index list).
void Printer::skipped()
{
    m_pendingComma = false;
    m_lastPrinted = false;
}

void Printer::literal(std::string_view text)
{
    if (text == ",") {
        m_pendingComma = out.size() > m_opStart; // a separator after something printed
    } else if (text == "[") {
        m_unbracketed = !m_lastPrinted;
        if (!m_unbracketed)
            out += '[';
        m_glued = !m_unbracketed;
    } else if (text == "]") {
        if (!m_unbracketed)
            out += ']';
        m_glued = m_unbracketed = false;
    } else {
        separate();
        out += text;
    }
}

// An attribute prints where the format places it when it has the spelling the format gives
// it (else attr-dict prints it, as for an attribute the format does not place).
bool Printer::present(const Op& o, const OpFormat& f, const FormatElement& e) const
{
    if (e.item == FormatItem::Operands)
        return !m_segments[e.index].empty();
    const Attribute* a = o.attr(e.text);
    if (!a)
        return false;
    switch (f.attributes[e.index].style) {
    case AttrStyle::Keyword:
        return a->kind == AttrKind::Enum;
    case AttrStyle::Unit:
        return a->kind == AttrKind::Unit;
    case AttrStyle::IntList:
        return a->kind == AttrKind::Array && !a->category.empty();
    default:
        return true;
    }
}

void Printer::operandGroup(const Op& o, const OperandSegment& s)
{
    separate();
    for (uint32_t i = s.begin; i < s.end; ++i) {
        separator(i - s.begin);
        out += name(o.operands[i]);
    }
}

void Printer::placedAttribute(const Attribute& a, const AttrDecl& d)
{
    if (d.style == AttrStyle::Unit) // the group's literal is the flag
        return;
    separate();
    switch (d.style) {
    case AttrStyle::Keyword:
        out += a.text;
        break;
    case AttrStyle::Rounding:
        out += "rounding<" + std::string(a.text) + ">";
        break;
    case AttrStyle::Overflow:
        out += "overflow<" + std::string(a.text) + ">";
        break;
    case AttrStyle::Integer:
        if (a.kind == AttrKind::Integer) // the parser types these by op (OpFormat.h)
            out += std::to_string(a.intValue);
        else
            attr(a);
        break;
    case AttrStyle::String:
        appendEscapedString(out, a.text);
        break;
    case AttrStyle::Symbol:
        appendSymbol(out, a.text);
        break;
    case AttrStyle::IntList:
        out += '[';
        for (size_t i = 0; i < a.intList.size(); ++i)
            out += (i ? ", " : "") + std::to_string(a.intList[i]);
        out += ']';
        break;
    case AttrStyle::Hints:
        out += '<' + a.canonical().substr(19); // without "optimization_hints<"
        break;
    case AttrStyle::Value:
    case AttrStyle::Unit:
        attr(a);
        break;
    }
}

// The attributes the format does not place: in their dialect-wide spelling where they have
// one (`signed`, `rounding<zero>`, `flush_to_zero`, `dim = 0`), the rest in `{...}`.
void Printer::attrDict(const Op& o, const OpFormat& f)
{
    std::vector<NamedAttribute> extra;
    for (size_t i = 0; i < o.attributes.size(); ++i) {
        const NamedAttribute& a = o.attributes[i];
        bool placed = false;
        for (const FormatElement& e : f.elements)
            placed =
                placed || (e.item == FormatItem::Attribute && e.text == a.name && present(o, f, e));
        const AttrDecl* d = dialectAttribute(a.name);
        const bool repeated = d && d->once && i > 0 && o.attributes[i - 1].name == a.name;
        if (!placed && !repeated && !dialectSpelling(a.name, *a.value))
            extra.push_back(a);
    }
    if (!extra.empty()) {
        separate();
        dict(Span<const NamedAttribute>(extra.data(), extra.size()), false);
    }
}

// Prints an attribute the op's format does not place in the dialect's spelling of its name;
// false when the dialect has none (or not for this value).
bool Printer::dialectSpelling(std::string_view name, const Attribute& a)
{
    const AttrDecl* d = dialectAttribute(name);
    if (!d || d->name == "value")
        return false;
    AttrDecl spelled = *d;
    switch (d->style) {
    case AttrStyle::Keyword:
        if (a.kind != AttrKind::Enum)
            return false;
        break;
    case AttrStyle::Unit:
        if (a.kind != AttrKind::Unit || name == "constant" || name == "unsignedCmp")
            return false;
        separate();
        out += name;
        return true;
    case AttrStyle::IntList:
        if (a.kind != AttrKind::Array || a.category.empty())
            spelled.style = AttrStyle::Value; // `permutation = [...]`
        [[fallthrough]];
    case AttrStyle::Integer:
    case AttrStyle::Value:
    case AttrStyle::Hints:
        if (d->keyed && (d->style != AttrStyle::IntList || spelled.style == AttrStyle::Value)) {
            separate();
            out += std::string(name) + " =";
        }
        break;
    default:
        break;
    }
    placedAttribute(a, spelled);
    return true;
}

// `: types`, none for an op without operands and results.
void Printer::types(const Op& o, const OpFormat& f)
{
    const size_t n = o.operands.size();
    if (n == 0 && o.results.empty())
        return;
    out += " : ";
    // Operand types as written in the input, unless they are just the operands'
    // types one by one (generic input): then the format's type list.
    const Span<const Type* const> w = o.writtenOperandTypes();
    bool writtenAsValues = w.size() == n;
    for (size_t i = 0; writtenAsValues && i < n; ++i)
        writtenAsValues = w[i] == o.operands[i]->type;
    if (w.empty() || writtenAsValues) // the op's own type rule, whichever format prints it
        return signature(o, f, opFormat(o.id()));
    for (size_t i = 0; i < w.size(); ++i) {
        separator(i);
        out += w[i]->canonicalText;
    }
    // Without '->' the parser gives every result the last written type.
    bool implied = !o.results.empty();
    for (size_t i = 0; implied && i < o.results.size(); ++i)
        implied = o.results[i]->type == w.back();
    if (!o.results.empty() && !implied) {
        out += " -> ";
        typeList(o.results, 0, o.results.size());
    }
}

// The type list as the C++ printer writes it for the type directive of the op's own format
// (`own`; `f` is the format printing it, whose operand groups the segments are).
void Printer::signature(const Op& o, const OpFormat& f, const OpFormat& own)
{
    const size_t n = o.operands.size();
    size_t fixed = 0;
    for (const OperandGroup& g : f.operands)
        fixed += g.arity == '1' ? 1 : 0;
    if (own.types == TypeList::ShapeSignature && allResultsAlike(o)) {
        if (n)
            out += o.operands[0]->type->canonical() + " -> ";
        out += o.results[0]->type->canonical();
        return;
    }
    if (own.types == TypeList::ResultTypes)
        return typeList(o.results, 0, o.results.size());
    if (own.resultTypeOperand >= 0 && o.results.size() == 1) // mma: the result type is the acc's
        return typeList(o.operands, 0, n);
    if (f.types == TypeList::OperandTypes && n == fixed) {
        for (size_t k = 0; k < f.typeOperands.size(); ++k)
            for (uint32_t i = m_segments[f.typeOperands[k]].begin;
                 i < m_segments[f.typeOperands[k]].end; ++i)
                out += (k || i > m_segments[f.typeOperands[k]].begin ? ", " : "") +
                       o.operands[i]->type->canonical();
        return;
    }
    bool sameAsResult = o.results.size() == 1;
    for (size_t i = 0; sameAsResult && i < n; ++i)
        sameAsResult = o.operands[i]->type == o.results[0]->type;
    if (sameAsResult || n == 0)
        return typeList(o.results, 0, o.results.size());
    // Operand types, token aside; a bracketed index group's type is written once when alike.
    bool first = true;
    const size_t groups = f.typeOperands.empty() ? f.operands.size() : f.typeOperands.size();
    for (size_t j = 0; j < groups; ++j) {
        const size_t k = f.typeOperands.empty() ? j : f.typeOperands[j];
        const OperandSegment& s = m_segments[k];
        for (uint32_t i = s.begin; i < s.end && !f.operands[k].token; ++i) {
            if (f.operands[k].bracketed && i > s.begin &&
                o.operands[i]->type == o.operands[s.begin]->type)
                continue;
            separator(first ? 0 : 1);
            out += o.operands[i]->type->canonicalText;
            first = false;
        }
    }
    if (!o.results.empty()) {
        out += " -> ";
        typeList(o.results, 0, o.results.size());
    }
}

void Printer::region(const Op& o, int indent)
{
    const Block* b = o.regions.empty() ? nullptr : o.regions[0]->entryBlock();
    out += "\n";
    pad(indent + 1);
    out += '(';
    for (size_t i = 0; b && i < b->arguments.size(); ++i)
        out += (i ? ", " : "") + name(b->arguments[i]) + ": " + b->arguments[i]->type->canonical();
    out += ") ";
    regionBody(o.regions.empty() ? nullptr : o.regions[0], indent + 1, false);
}

// ---- the custom<...> ops

void Printer::globalOp(const Op& o)
{
    if (o.attr("sym_visibility"))
        out += " private";
    if (o.attr("constant"))
        out += " constant";
    out += ' ';
    appendSymbol(out, o.attr("sym_name") ? o.attr("sym_name")->text : std::string_view("g"));
    if (const Attribute* al = o.attr("alignment"))
        out += " alignment = " + std::to_string(al->intValue);
    out += ' ';
    attr(*o.attr("value"));
    out += '\n';
}

bool Printer::denseConstant(const Op& o)
{
    const Attribute* value = o.attr("value");
    if (!value || value->kind != AttrKind::Dense)
        return false;
    out += ' ';
    attr(*value);
    out += '\n';
    return true;
}

void Printer::forOp(const Op& o, int indent)
{
    const Block* b = o.regions[0]->entryBlock();
    if (o.attr("unsignedCmp"))
        out += " unsigned";
    out += " " + name(b->arguments[0]) + " in (" + name(o.operands[0]) + " to " +
           name(o.operands[1]) + ", step " + name(o.operands[2]) +
           ") : " + o.operands[0]->type->canonical();
    if (o.operands.size() > 3) {
        out += " iter_values(";
        for (size_t i = 3; i < o.operands.size(); ++i)
            out += (i > 3 ? ", " : "") + name(b->arguments[i - 2]) + " = " + name(o.operands[i]);
        out += ") -> (";
        typeList(o.results, 0, o.results.size());
        out += ")";
    }
    out += ' ';
    regionBody(o.regions[0], indent, false);
    out += '\n';
}

void Printer::ifOp(const Op& o, int indent)
{
    out += " " + name(o.operands[0]);
    if (!o.results.empty()) {
        out += " -> (";
        typeList(o.results, 0, o.results.size());
        out += ")";
    }
    out += ' ';
    regionBody(o.regions[0], indent, false);
    if (o.regions.size() > 1 && !o.regions[1]->blocks.empty()) {
        out += " else ";
        regionBody(o.regions[1], indent, false);
    }
    out += '\n';
}

void Printer::loopOp(const Op& o, int indent)
{
    const Block* b = o.regions[0]->entryBlock();
    if (!o.operands.empty()) {
        out += " iter_values(";
        for (size_t i = 0; i < o.operands.size(); ++i)
            out += (i ? ", " : "") + name(b->arguments[i]) + " = " + name(o.operands[i]);
        out += ") : ";
        typeList(o.operands, 0, o.operands.size());
        if (!o.results.empty()) {
            out += " -> ";
            typeList(o.results, 0, o.results.size());
        }
    } else if (!o.results.empty()) {
        out += " : ";
        typeList(o.results, 0, o.results.size());
    }
    out += ' ';
    regionBody(o.regions[0], indent, false);
    out += '\n';
}

// `make_tensor_view %base, shape = [%d, 64], strides = [64, 1] : T -> tensor_view<...>`:
// dynamic sizes and strides are operands where the result type has `?`.
bool Printer::makeTensorView(const Op& o)
{
    const size_t n = o.operands.size();
    if (n == 0)
        return false;
    const Type* tv = o.results.empty() ? nullptr : o.results[0]->type;
    out += " " + name(o.operands[0]);
    size_t k = 1;
    auto list = [&](const char* key, Span<const int64_t> dims) {
        out += std::string(", ") + key + " = [";
        for (size_t i = 0; i < dims.size(); ++i) {
            out += i ? ", " : "";
            out += dims[i] == kDynamic && k < n ? name(o.operands[k++]) : std::to_string(dims[i]);
        }
        out += "]";
    };
    if (tv && tv->kind == TypeKind::TensorView) {
        list("shape", tv->shape);
        list("strides", tv->strides);
    }
    m_glued = m_pendingComma = false;
    attrDict(o, opFormat(OpId::MakeTensorView));
    out += " :";
    if (n > 1) {
        const Span<const Type* const> w = o.writtenOperandTypes();
        out += " " + (w.size() == 1 ? w[0] : o.operands[1]->type)->canonical() + " ->";
    }
    out += " " + (tv ? tv->canonical() : std::string("?")) + "\n";
    return true;
}

} // namespace tilelens::ir::detail
