#pragma once
// Internal: the printer shared by Printer.cpp (modules, functions, attributes, the generic
// form) and PrintOps.cpp (ops in their custom form, driven by the op table's formats).

#include "ir/Block.h"
#include "ir/OpFormat.h"
#include "ir/Printer.h"
#include "ir/Region.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace tilelens::ir::detail {

class Printer
{
public:
    explicit Printer(PrintStyle style) : m_style(style) {}
    std::string out;

    void module(const Module& m, int indent);

private:
    PrintStyle m_style;
    std::unordered_map<const Value*, std::string> m_names;
    int m_next = 0;
    // The op being printed in custom form: its operand groups and the print state.
    std::vector<OperandSegment> m_segments;
    bool m_glued = false;        // the next element follows '[' without a space
    bool m_pendingComma = false; // a ',' printed only if the next element prints
    size_t m_opStart = 0;        // where the op's elements begin in `out`
    bool m_lastPrinted = false;  // the last element printed something
    bool m_unbracketed = false;  // a '[' was left out: so is its ']'

    void pad(int n) { out.append(size_t(n) * 2, ' '); }
    // ", " before every item of a list but its first (appended in place: printing is mostly
    // these lists, and a temporary string per item showed in profiles).
    void separator(size_t index)
    {
        if (index > 0)
            out += ", ";
    }
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

    // Printer.cpp
    void attr(const Attribute& a);
    void dict(Span<const NamedAttribute> entries, bool keepOpen);
    void results(const Op& o);
    void blockArgs(const Block& b, bool labelled);
    void regionBody(const Region* r, int indent, bool labelArgs);
    void function(const Function& f, int indent);
    void genericOp(const Op& o, int indent);
    void typeList(Span<Value* const> vals, size_t from, size_t to);

    // PrintOps.cpp: the driver and the format's elements
    void op(const Op& o, int indent);
    bool printsCustom(const Op& o, const OpFormat& f) const;
    bool regionOpShape(const Op& o, Directive d) const;
    void elements(const Op& o, const OpFormat& f, size_t begin, size_t end, int indent);
    void literal(std::string_view text);
    bool present(const Op& o, const OpFormat& f, const FormatElement& e) const;
    void operandGroup(const Op& o, const OperandSegment& s);
    void placedAttribute(const Attribute& a, const AttrDecl& d);
    void attrDict(const Op& o, const OpFormat& f);
    bool dialectSpelling(std::string_view name, const Attribute& a);
    void types(const Op& o, const OpFormat& f);
    void signature(const Op& o, const OpFormat& f, const OpFormat& own);
    void region(const Op& o, int indent);
    void separate(); // a space, or nothing after '[', and a pending ','
    void skipped();
    // The custom<...> ops
    void globalOp(const Op& o);
    bool denseConstant(const Op& o);
    void forOp(const Op& o, int indent);
    void ifOp(const Op& o, int indent);
    void loopOp(const Op& o, int indent);
    bool makeTensorView(const Op& o);
};

} // namespace tilelens::ir::detail
