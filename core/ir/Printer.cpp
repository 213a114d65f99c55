// Printer: custom syntax (as the C++ printer writes the common forms; ops it
// has no custom form for are written generically, which MLIR also accepts)
// and the generic form with inherent attributes in `{...}`.
#include "ir/Printer.h"

#include "ir/Block.h"
#include "ir/Canonical.h"
#include "ir/Region.h"

#include <unordered_map>

namespace tilelens::ir {
namespace {

bool isEnumKeywordAttr(std::string_view n)
{
    return n == "signedness" || n == "signedness_lhs" || n == "signedness_rhs" ||
           n == "comparison_predicate" || n == "comparison_ordering" ||
           n == "memory_ordering_semantics" || n == "memory_scope" || n == "mode";
}

class Printer
{
public:
    explicit Printer(PrintStyle style) : m_style(style) {}
    std::string out;

    void module(const Module& m, int indent)
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

private:
    PrintStyle m_style;
    std::unordered_map<const Value*, std::string> m_names;
    int m_next = 0;

    void pad(int n) { out.append(size_t(n) * 2, ' '); }
    const std::string& name(const Value* v)
    {
        auto it = m_names.find(v);
        if (it != m_names.end())
            return it->second;
        return m_names[v] = "%" + std::to_string(m_next++);
    }
    std::string typeText(const Type* t)
    {
        return m_style == PrintStyle::Generic ? t->longForm() : t->canonical();
    }

    // Attribute value in valid MLIR attribute syntax (generic) or canonical (custom).
    void attr(const Attribute& a)
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
            if (!a.category
                     .empty()) { // MLIR 15 predates `array<i32: ...>`: spell it as a dialect attr
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

    void dict(Span<const NamedAttribute> entries, bool keepOpen)
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

    void results(const Op& o)
    {
        if (o.results.empty())
            return;
        for (size_t i = 0; i < o.results.size(); ++i)
            out += (i ? ", " : "") + name(o.results[i]);
        out += " = ";
    }

    void blockArgs(const Block& b, bool labelled)
    {
        if (!labelled)
            return;
        out += "^bb0";
        if (!b.arguments.empty()) {
            out += '(';
            for (size_t i = 0; i < b.arguments.size(); ++i)
                out +=
                    (i ? ", " : "") + name(b.arguments[i]) + ": " + typeText(b.arguments[i]->type);
            out += ')';
        }
        out += ":\n";
    }

    void regionBody(const Region* r, int indent, bool labelArgs)
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

    void function(const Function& f, int indent)
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

    void genericOp(const Op& o, int indent)
    {
        pad(indent);
        results(o);
        appendEscapedString(out, o.name.full()); // an unknown op's name is any quoted text
        out += '(';
        for (size_t i = 0; i < o.operands.size(); ++i)
            out += (i ? ", " : "") + name(o.operands[i]);
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

    void typeList(Span<Value* const> vals, size_t from, size_t to)
    {
        for (size_t i = from; i < to; ++i)
            out += (i > from ? ", " : "") + vals[i]->type->canonical();
    }

    void op(const Op& o, int indent);
};

void Printer::op(const Op& o, int indent)
{
    std::string_view m = o.name.mnemonic();
    bool custom = m_style == PrintStyle::Custom && o.name.isKnown() && o.name.isCudaTile();
    // Region ops other than the ones below, and attributes we cannot place, go generic.
    if (custom && !o.regions.empty() &&
        !(m == "for" || m == "if" || m == "loop" || m == "reduce" || m == "scan"))
        custom = false;
    if (custom && o.results.empty() &&
        (m == "make_tensor_view" || m == "make_partition_view" || m == "make_strided_view" ||
         m == "make_gather_scatter_view")) // their custom form needs the result type
        custom = false;
    if (custom && m == "global" && !o.attr("value"))
        custom = false;
    if (!custom) {
        m_style = m_style == PrintStyle::Custom ? PrintStyle::Custom : m_style;
        PrintStyle s = m_style;
        m_style = PrintStyle::Generic;
        genericOp(o, indent);
        m_style = s;
        return;
    }
    pad(indent);
    results(o);
    out += m;
    if (m == "global") {
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
        return;
    }
    if (m == "constant" && o.attr("value") && o.attr("value")->kind == AttrKind::Dense) {
        out += ' ';
        attr(*o.attr("value"));
        out += '\n';
        return;
    }
    if (m == "for") {
        const Block* b = o.regions[0]->entryBlock();
        if (o.attr("unsignedCmp"))
            out += " unsigned";
        out += " " + name(b->arguments[0]) + " in (" + name(o.operands[0]) + " to " +
               name(o.operands[1]) + ", step " + name(o.operands[2]) +
               ") : " + o.operands[0]->type->canonical();
        if (o.operands.size() > 3) {
            out += " iter_values(";
            for (size_t i = 3; i < o.operands.size(); ++i)
                out +=
                    (i > 3 ? ", " : "") + name(b->arguments[i - 2]) + " = " + name(o.operands[i]);
            out += ") -> (";
            typeList(o.results, 0, o.results.size());
            out += ")";
        }
        out += ' ';
        regionBody(o.regions[0], indent, false);
        out += '\n';
        return;
    }
    if (m == "if") {
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
        return;
    }
    if (m == "loop") {
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
        return;
    }
    // Ordinary ops: prefix keywords, operands (view indices in brackets,
    // trailing token as `token = %t`), modifiers, `key = value`, then types.
    bool viewOp = m == "load_view_tko" || m == "store_view_tko" || m == "atomic_red_view_tko";
    for (const char* k : {"comparison_predicate", "comparison_ordering",
                          "memory_ordering_semantics", "memory_scope"})
        if (const Attribute* a = o.attr(k))
            out += " " + std::string(a->text);
    if (const Attribute* p = o.attr("predicate")) {
        out += ' ';
        attr(*p);
        out += ',';
    }
    if (const Attribute* s = o.attr("str")) {
        out += ' ';
        appendEscapedString(out, s->text);
        if (!o.operands.empty())
            out += ',';
    }
    if (const Attribute* s = o.attr("message")) {
        out += ' ';
        appendEscapedString(out, s->text);
        if (!o.operands.empty())
            out += ',';
    }
    if (const Attribute* s = o.attr("name")) {
        out += ' ';
        appendSymbol(out, s->text);
    }
    size_t n = o.operands.size();
    bool tokenOperand = n > 0 && o.operands[n - 1]->type->kind == TypeKind::Token && m.size() > 4 &&
                        m.substr(m.size() - 4) == "_tko";
    size_t plain = tokenOperand ? n - 1 : n;
    size_t viewIndex = m == "store_view_tko" ? 1 : 0;
    size_t idxEnd = plain;
    if (m == "atomic_red_view_tko")
        idxEnd = plain - 1;
    if (m == "make_tensor_view" && plain > 0) {
        const Type* tv = o.results.empty() ? nullptr : o.results[0]->type;
        out += " " + name(o.operands[0]);
        size_t k = 1;
        auto list = [&](const char* key, Span<const int64_t> dims) {
            out += std::string(", ") + key + " = [";
            for (size_t i = 0; i < dims.size(); ++i) {
                out += i ? ", " : "";
                out += dims[i] == kDynamic && k < plain ? name(o.operands[k++])
                                                        : std::to_string(dims[i]);
            }
            out += "]";
        };
        if (tv && tv->kind == TypeKind::TensorView) {
            list("shape", tv->shape);
            list("strides", tv->strides);
        }
        out += " :";
        if (plain > 1) {
            const Span<const Type* const> w = o.writtenOperandTypes();
            out += " " + (w.size() == 1 ? w[0] : o.operands[1]->type)->canonical() + " ->";
        }
        out += " " + (tv ? tv->canonical() : std::string("?")) + "\n";
        return;
    }
    for (size_t i = 0; i < plain; ++i) {
        if (viewOp && i > viewIndex && i < idxEnd)
            continue;
        out += (i ? ", " : " ") + name(o.operands[i]);
        if (viewOp && i == viewIndex) {
            out += '[';
            for (size_t j = i + 1; j < idxEnd; ++j)
                out += (j > i + 1 ? ", " : "") + name(o.operands[j]);
            out += ']';
            if (m == "atomic_red_view_tko" && o.attr("mode"))
                out += ", " + std::string(o.attr("mode")->text);
        }
    }
    if (m == "atomic_rmw_tko" && o.attr("mode"))
        out += " " + std::string(o.attr("mode")->text);
    if (const Attribute* sg = o.attr("signedness"); sg && sg->kind == AttrKind::Enum)
        out += (m == "cmpi" ? ", " : " ") + std::string(sg->text); // cmpi: `%a, %b, signed`
    if (const Attribute* r = o.attr("rounding_mode"))
        out += " rounding<" + std::string(r->text) + ">";
    if (const Attribute* r = o.attr("overflow"))
        out += " overflow<" + std::string(r->text) + ">";
    std::vector<NamedAttribute> extra; // discardable/unknown attributes: `{...}` before the types
    for (const NamedAttribute& a : o.attributes) {
        std::string_view k = a.name;
        if (k == "comparison_predicate" || k == "comparison_ordering" ||
            k == "memory_ordering_semantics" || k == "memory_scope" || k == "predicate" ||
            k == "str" || k == "message" || k == "name" || k == "rounding_mode" ||
            k == "overflow" || k == "mode" ||
            (k == "signedness" && a.value->kind == AttrKind::Enum))
            continue;
        if (isEnumKeywordAttr(k) && a.value->kind == AttrKind::Enum) {
            out += " " + std::string(a.value->text);
            continue;
        }
        if (a.value->kind == AttrKind::Unit &&
            (k == "flush_to_zero" || k == "propagate_nan" || k == "fast_acc" || k == "global")) {
            out += " " + std::string(k);
            continue;
        }
        if (!(k == "dim" || k == "identities" || k == "reverse" || k == "num_elem" ||
              k == "alignment" || k == "permutation" || k == "optimization_hints")) {
            extra.push_back(a);
            continue;
        }
        if (k == "permutation" && a.value->kind == AttrKind::Array && !a.value->category.empty()) {
            out += " [";
            for (size_t i = 0; i < a.value->intList.size(); ++i)
                out += (i ? ", " : "") + std::to_string(a.value->intList[i]);
            out += "]";
            continue;
        }
        if (k == "optimization_hints") {
            out += " optimization_hints = <" + a.value->canonical().substr(19);
            continue;
        }
        out += " " + std::string(k) + " = ";
        if (a.value->kind == AttrKind::Integer) // the parser types these by op (see ParseOps.cpp)
            out += std::to_string(a.value->intValue);
        else
            attr(*a.value);
    }
    if (tokenOperand)
        out += " token = " + name(o.operands[n - 1]);
    if (!extra.empty()) {
        out += ' ';
        dict(Span<const NamedAttribute>(extra.data(), extra.size()), false);
    }
    // Types: operand types unless all equal the single result type; then results.
    bool sameAsResult = o.results.size() == 1;
    for (size_t i = 0; sameAsResult && i < n; ++i)
        sameAsResult = o.operands[i]->type == o.results[0]->type;
    bool resultsAlike = !o.results.empty();
    for (size_t i = 1; resultsAlike && i < o.results.size(); ++i)
        resultsAlike = o.results[i]->type == o.results[0]->type;
    const bool shapeQuery = m == "get_tensor_shape" || m == "get_index_space_shape" ||
                            m == "get_tile_block_id" || m == "get_num_tile_blocks";
    if (n == 0 && o.results.empty()) {
        out += '\n';
        return;
    }
    out += " : ";
    // Operand types as written in the input, unless they are just the operands'
    // types one by one (generic input): then the C++ printer's spelling below.
    const Span<const Type* const> w = o.writtenOperandTypes();
    bool writtenAsValues = w.size() == n;
    for (size_t i = 0; writtenAsValues && i < n; ++i)
        writtenAsValues = w[i] == o.operands[i]->type;
    if (!w.empty() && !writtenAsValues) {
        for (size_t i = 0; i < w.size(); ++i)
            out += (i ? ", " : "") + w[i]->canonical();
        // Without '->' the parser gives every result the last written type.
        bool implied = !o.results.empty();
        for (size_t i = 0; implied && i < o.results.size(); ++i)
            implied = o.results[i]->type == w.back();
        if (!o.results.empty() && !implied) {
            out += " -> ";
            typeList(o.results, 0, o.results.size());
        }
    } else if (shapeQuery &&
               resultsAlike) { // one result type written once, as the C++ printer does
        if (n)
            out += o.operands[0]->type->canonical() + " -> ";
        out += o.results[0]->type->canonical();
    } else if (m == "make_partition_view" || m == "make_strided_view" ||
               m == "make_gather_scatter_view") {
        typeList(o.results, 0,
                 o.results.size()); // the operand type is the view's nested tensor_view
    } else if (m == "select" && n == 3) {
        out += o.operands[0]->type->canonical() + ", " + o.operands[1]->type->canonical();
    } else if ((m == "mmaf" || m == "mmai" || m == "mmaf_scaled") && o.results.size() == 1) {
        typeList(o.operands, 0, n); // result type = accumulator type, never written
    } else if (sameAsResult || n == 0) {
        typeList(o.results, 0, o.results.size());
    } else {
        // Operand types without the token; view indices of one type are written once.
        size_t last = plain;
        for (size_t i = 0; i < last; ++i) {
            if (viewOp && i > viewIndex + 1 && i < idxEnd &&
                o.operands[i]->type == o.operands[viewIndex + 1]->type)
                continue;
            if (m == "atomic_red_view_tko" && i == idxEnd)
                continue; // value type comes first below
            out += (i ? ", " : "") + o.operands[i]->type->canonical();
        }
        if (m == "atomic_red_view_tko" && idxEnd < plain) // `: VALT, VIEWT, IDXT`
            out.insert(out.rfind(" : ") + 3, o.operands[idxEnd]->type->canonical() + ", ");
        if (!o.results.empty()) {
            out += " -> ";
            typeList(o.results, 0, o.results.size());
        }
    }
    if (m == "reduce" || m == "scan") {
        const Block* b = o.regions[0]->entryBlock();
        out += "\n";
        pad(indent + 1);
        out += '(';
        for (size_t i = 0; b && i < b->arguments.size(); ++i)
            out +=
                (i ? ", " : "") + name(b->arguments[i]) + ": " + b->arguments[i]->type->canonical();
        out += ") ";
        regionBody(o.regions[0], indent + 1, false);
    }
    out += '\n';
}

} // namespace

std::string printModule(const Module& module, PrintStyle style)
{
    Printer p(style);
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
