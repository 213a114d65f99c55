// Printer: modules, functions, attributes and the generic form with inherent attributes in
// `{...}`; ops in custom form are PrintOps.cpp's (ops it has no custom form for are written
// generically, which MLIR also accepts).
#include "ir/Canonical.h"
#include "ir/PrinterImpl.h"

namespace tilelens::ir::detail {

void Printer::module(const Module& m, int indent)
{
    if (m_style == PrintStyle::Generic) {
        pad(indent);
        out += "\"cuda_tile.module\"() ({\n";
    } else {
        pad(indent);
        out += "cuda_tile.module ";
        appendSymbol(out, m.name);
        if (!m.attributes.empty()) {
            out += " attributes ";
            dict(m.attributes, false);
        }
        out += " {\n";
    }
    for (const Op* g : m.globals)
        op(*g, indent + 1);
    for (const Op* o : m.otherItems)
        op(*o, indent + 1);
    for (const Function* f : m.functions)
        function(*f, indent + 1);
    pad(indent);
    if (m_style == PrintStyle::Generic) {
        out += "}) {sym_name = ";
        appendEscapedString(out, m.name);
        for (const NamedAttribute& a : m.attributes) {
            out += ", " + std::string(a.name) + " = ";
            attr(*a.value);
        }
        out += "} : () -> ()\n";
    } else {
        out += "}\n";
    }
}

// Attribute value in valid MLIR attribute syntax (generic) or canonical (custom).
void Printer::attr(const Attribute& a)
{
    if (m_style == PrintStyle::Custom) {
        appendAttrCanonical(out, a);
        return;
    }
    switch (a.kind) {
    case AttrKind::Enum:
    case AttrKind::DivBy:
    case AttrKind::Bounded:
    case AttrKind::SameElements:
    case AttrKind::OptimizationHints:
    case AttrKind::DebugInfo:
        out += "#cuda_tile.";
        appendAttrCanonical(out, a);
        return;
    case AttrKind::Dense:
        out += "#cuda_tile.dense<";
        appendAttrCanonical(out, a);
        out += '>';
        return;
    case AttrKind::Integer:
    case AttrKind::Float: {
        std::string c = a.canonical();
        size_t colon = c.rfind(" : ");
        out += c.substr(0, colon == std::string::npos ? c.size() : colon);
        if (a.type) {
            out += " : ";
            out += a.type->longForm();
        } else if (colon != std::string::npos)
            out += c.substr(colon);
        return;
    }
    case AttrKind::TypeAttr:
        out += a.type->longForm();
        return;
    case AttrKind::Array:
        if (!a.category.empty()) { // MLIR 15 predates `array<i32: ...>`: spell it as a dialect attr
            out += "#cuda_tile.";
            appendAttrCanonical(out, a);
            return;
        }
        out += '[';
        for (size_t i = 0; i < a.elements.size(); ++i) {
            if (i)
                out += ", ";
            attr(*a.elements[i]);
        }
        out += ']';
        return;
    case AttrKind::Dictionary:
        dict(a.entries, false);
        return;
    default:
        appendAttrCanonical(out, a);
        return;
    }
}

void Printer::dict(Span<const NamedAttribute> entries, bool keepOpen)
{
    out += '{';
    for (size_t i = 0; i < entries.size(); ++i) {
        if (i)
            out += ", ";
        out += entries[i].name;
        if (entries[i].value->kind != AttrKind::Unit) {
            out += " = ";
            attr(*entries[i].value);
        }
    }
    if (!keepOpen)
        out += '}';
}

void Printer::results(const Op& o)
{
    if (o.results.empty())
        return;
    for (size_t i = 0; i < o.results.size(); ++i) {
        separator(i);
        out += name(o.results[i]);
    }
    out += " = ";
}

void Printer::blockArgs(const Block& b, bool labelled)
{
    if (!labelled)
        return;
    out += "^bb0";
    if (!b.arguments.empty()) {
        out += '(';
        for (size_t i = 0; i < b.arguments.size(); ++i)
            out += (i ? ", " : "") + name(b.arguments[i]) + ": " + typeText(b.arguments[i]->type);
        out += ')';
    }
    out += ":\n";
}

void Printer::regionBody(const Region* r, int indent, bool labelArgs)
{
    out += "{\n";
    if (r)
        for (const Block* b : r->blocks) {
            if (labelArgs || r->blocks.size() > 1) {
                pad(indent);
                blockArgs(*b, true);
            }
            for (const Op* o : b->ops)
                op(*o, indent + 1);
        }
    pad(indent);
    out += '}';
}

void Printer::function(const Function& f, int indent)
{
    const Block* entry = f.body ? f.body->entryBlock() : nullptr;
    if (m_style == PrintStyle::Generic) {
        pad(indent);
        appendEscapedString(out, f.opName.full());
        out += "() (";
        regionBody(f.body, indent, true);
        out += ") {function_type = (";
        for (size_t i = 0; i < f.argumentTypes.size(); ++i)
            out += (i ? ", " : "") + f.argumentTypes[i]->longForm();
        out += ") -> (";
        for (size_t i = 0; i < f.resultTypes.size(); ++i)
            out += (i ? ", " : "") + f.resultTypes[i]->longForm();
        out += ")";
        for (const NamedAttribute& a : f.attributes) {
            out += ", " + std::string(a.name) + " = ";
            attr(*a.value);
        }
        out += ", sym_name = ";
        appendEscapedString(out, f.name);
        out += "} : () -> ()\n";
        return;
    }
    pad(indent);
    out += f.kind == FunctionKind::Entry ? "entry " : "testing$func ";
    appendSymbol(out, f.name);
    out += '(';
    for (size_t i = 0; entry && i < entry->arguments.size(); ++i)
        out += (i ? ", " : "") + name(entry->arguments[i]) + ": " +
               entry->arguments[i]->type->canonical();
    out += ")";
    if (!f.resultTypes.empty()) {
        out += " -> (";
        for (size_t i = 0; i < f.resultTypes.size(); ++i)
            out += (i ? ", " : "") + f.resultTypes[i]->canonical();
        out += ")";
    }
    std::vector<NamedAttribute> rest;
    for (const NamedAttribute& a : f.attributes) {
        if (a.name == "optimization_hints") {
            out += " optimization_hints=<";
            std::string c = a.value->canonical();
            out += c.substr(19); // drop "optimization_hints<"
        } else {
            rest.push_back(a);
        }
    }
    if (!rest.empty()) {
        out += " attributes ";
        dict(Span<const NamedAttribute>(rest.data(), rest.size()), false);
    }
    out += ' ';
    regionBody(f.body, indent, false);
    out += '\n';
}

void Printer::genericOp(const Op& o, int indent)
{
    pad(indent);
    results(o);
    appendEscapedString(out, o.name.full()); // an unknown op's name is any quoted text
    out += '(';
    for (size_t i = 0; i < o.operands.size(); ++i) {
        separator(i);
        out += name(o.operands[i]);
    }
    out += ")";
    if (!o.regions.empty()) {
        out += " (";
        for (size_t i = 0; i < o.regions.size(); ++i) {
            if (i)
                out += ", ";
            regionBody(o.regions[i], indent, true);
        }
        out += ")";
    }
    if (!o.attributes.empty()) {
        out += ' ';
        PrintStyle s = m_style;
        m_style = PrintStyle::Generic;
        dict(o.attributes, false);
        m_style = s;
    }
    out += " : (";
    // Written operand types when they are one per operand, in operand order
    // (a custom form's shorthand such as `addf .. : T`, or atomic_red_view's
    // value-type-first list, cannot be said in generic form).
    const Span<const Type* const> w = o.writtenOperandTypes();
    const bool useWritten = o.writtenTypesPerOperand();
    for (size_t i = 0; i < o.operands.size(); ++i)
        out += (i ? ", " : "") + (useWritten ? w[i] : o.operands[i]->type)->longForm();
    out += ") -> (";
    for (size_t i = 0; i < o.results.size(); ++i)
        out += (i ? ", " : "") + o.results[i]->type->longForm();
    out += ")\n";
}

void Printer::typeList(Span<Value* const> vals, size_t from, size_t to)
{
    for (size_t i = from; i < to; ++i) {
        separator(i - from);
        out += vals[i]->type->canonicalText;
    }
}

} // namespace tilelens::ir::detail

namespace tilelens::ir {

std::string printModule(const Module& module, PrintStyle style)
{
    detail::Printer p(style);
    p.module(module, 0);
    return p.out;
}

std::string printResult(const ParseResult& result, PrintStyle style)
{
    if (result.modules.size() == 1)
        return printModule(*result.modules[0], style);
    std::string out = "module {\n";
    for (const Module* m : result.modules)
        out += printModule(*m, style);
    return out + "}\n";
}

} // namespace tilelens::ir
