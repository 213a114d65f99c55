#pragma once
// Helpers shared by the IR tests: a stable text dump of the model (goldens),
// an op counter independent of the parser, and file helpers.

#include "ir/Block.h"
#include "ir/Parser.h"
#include "ir/Region.h"

#include <fstream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace tilelens::ir::testutil {

inline std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// One line per op: span, results, name, operands (numbered by definition), attributes,
// result types and resolved location. Everything the differ relies on appears here.
class ModelDumper
{
public:
    std::string dump(const ParseResult& r)
    {
        out << "syntax " << syntaxName(r.syntax) << "\n";
        for (const Module* m : r.modules) {
            out << "module @" << m->name;
            attrs(m->attributes);
            out << "\n";
            for (const Op* g : m->globals)
                op(*g, 1);
            for (const Op* o : m->otherItems)
                op(*o, 1);
            for (const Function* f : m->functions) {
                m_ids.clear();
                m_next = 0;
                out << "  " << (f->kind == FunctionKind::Entry ? "entry" : "func") << " @"
                    << f->name << " [" << f->range.beginLine << ":" << f->range.beginColumn << "-"
                    << f->range.endLine << ":" << f->range.endColumn << "] (";
                for (size_t i = 0; i < f->argumentTypes.size(); ++i)
                    out << (i ? ", " : "") << f->argumentTypes[i]->canonical();
                out << ") -> (";
                for (size_t i = 0; i < f->resultTypes.size(); ++i)
                    out << (i ? ", " : "") << f->resultTypes[i]->canonical();
                out << ")";
                attrs(f->attributes);
                loc(f->loc);
                out << "\n";
                region(f->body, 2);
            }
        }
        return out.str();
    }

private:
    std::ostringstream out;
    std::unordered_map<const Value*, int> m_ids;
    int m_next = 0;

    std::string id(const Value* v)
    {
        auto it = m_ids.find(v);
        return it == m_ids.end() ? std::string("%?") : "%" + std::to_string(it->second);
    }
    void define(const Value* v) { m_ids[v] = m_next++; }
    void attrs(Span<const NamedAttribute> a)
    {
        if (a.empty())
            return;
        out << " {";
        for (size_t i = 0; i < a.size(); ++i)
            out << (i ? ", " : "") << a[i].name << " = " << a[i].value->canonical();
        out << "}";
    }
    void loc(const Location* l)
    {
        if (l && l->kind != LocKind::Unknown)
            out << " loc(" << l->canonical() << ")";
    }
    void pad(int n) { out << std::string(size_t(n) * 2, ' '); }
    void region(const Region* r, int indent)
    {
        if (!r)
            return;
        for (const Block* b : r->blocks) {
            pad(indent);
            out << "block(";
            for (size_t i = 0; i < b->arguments.size(); ++i) {
                define(b->arguments[i]);
                out << (i ? ", " : "") << id(b->arguments[i]) << ": "
                    << b->arguments[i]->type->canonical();
            }
            out << ")\n";
            for (const Op* o : b->ops)
                op(*o, indent + 1);
        }
    }
    void op(const Op& o, int indent)
    {
        pad(indent);
        if (o.implicitTerminator)
            out << "[implicit] ";
        else
            out << "[" << o.range.beginLine << ":" << o.range.beginColumn << "-" << o.range.endLine
                << ":" << o.range.endColumn << "] ";
        std::vector<std::string> operandIds;
        for (const Value* v : o.operands)
            operandIds.push_back(id(v));
        for (size_t i = 0; i < o.results.size(); ++i)
            define(o.results[i]);
        for (size_t i = 0; i < o.results.size(); ++i)
            out << (i ? ", " : "") << id(o.results[i]);
        if (!o.results.empty())
            out << " = ";
        out << o.name.full() << "(";
        for (size_t i = 0; i < operandIds.size(); ++i)
            out << (i ? ", " : "") << operandIds[i];
        out << ")";
        attrs(o.attributes);
        if (!o.results.empty()) {
            out << " : ";
            for (size_t i = 0; i < o.results.size(); ++i)
                out << (i ? ", " : "") << o.results[i]->type->canonical();
        }
        loc(o.loc);
        out << "\n";
        for (const Region* r : o.regions) {
            pad(indent + 1);
            out << "region\n";
            region(r, indent + 2);
        }
    }
};

inline std::string dumpModel(const ParseResult& r)
{
    return ModelDumper().dump(r);
}

inline std::string dumpDiagnostics(const ParseResult& r)
{
    std::string s;
    for (const Diagnostic& d : r.diagnostics)
        s += d.format() + "\n";
    return s;
}

// Counts ops by reading lines, without the parser: every non-blank line that is
// not a comment, a closing brace, a block label, a block-argument line, a module
// or function header starts exactly one op in the printers' one-op-per-line output.
inline size_t countOpLines(const std::string& text)
{
    size_t n = 0;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        size_t b = line.find_first_not_of(" \t\r");
        if (b == std::string::npos)
            continue;
        std::string t = line.substr(b);
        if (t.rfind("//", 0) == 0 || t[0] == '}' || t[0] == '^' || t[0] == '(' || t[0] == ':' ||
            t[0] == '#')
            continue;
        if (t.rfind("cuda_tile.module", 0) == 0 || t.rfind("module", 0) == 0 ||
            t.rfind("entry", 0) == 0 || t.rfind("cuda_tile.entry", 0) == 0 ||
            t.rfind("testing$func", 0) == 0)
            continue;
        ++n;
    }
    return n;
}

inline size_t countImplicit(const Region* r)
{
    size_t n = 0;
    if (!r)
        return 0;
    for (const Block* b : r->blocks)
        for (const Op* o : b->ops) {
            n += o->implicitTerminator ? 1 : 0;
            for (const Region* sub : o->regions)
                n += countImplicit(sub);
        }
    return n;
}

inline size_t writtenOpCount(const ParseResult& r)
{
    size_t n = r.opCount();
    for (const Module* m : r.modules)
        for (const Function* f : m->functions)
            n -= countImplicit(f->body);
    return n;
}

} // namespace tilelens::ir::testutil
