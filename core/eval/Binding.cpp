#include "eval/Binding.h"

#include "ir/Block.h"
#include "ir/Op.h"
#include "ir/Region.h"

#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace tilelens::eval {
namespace {

// Recursive-descent evaluator for binding expressions.
class ExprParser
{
public:
    ExprParser(const std::string& t, const std::map<std::string, int64_t>& n) : m_t(t), m_names(n)
    {
    }
    bool parse(int64_t& v, std::string& error)
    {
        if (!sum(v) || (skip(), m_pos != m_t.size() &&
                                    setError("unexpected '" + m_t.substr(m_pos, 1) + "'"))) {
            error = "expression '" + m_t + "' at offset " + std::to_string(m_pos) + ": " + m_error;
            return false;
        }
        return true;
    }

private:
    bool setError(const std::string& e)
    {
        if (m_error.empty())
            m_error = e;
        return true;
    }
    void skip()
    {
        while (m_pos < m_t.size() && std::isspace(static_cast<unsigned char>(m_t[m_pos])))
            ++m_pos;
    }
    bool eat(char c)
    {
        skip();
        if (m_pos < m_t.size() && m_t[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    bool sum(int64_t& v)
    {
        if (!product(v))
            return false;
        for (;;) {
            int64_t r = 0;
            if (eat('+')) {
                if (!product(r))
                    return false;
                v += r;
            } else if (eat('-')) {
                if (!product(r))
                    return false;
                v -= r;
            } else {
                return true;
            }
        }
    }
    bool product(int64_t& v)
    {
        if (!atom(v))
            return false;
        for (;;) {
            int64_t r = 0;
            if (eat('*')) {
                if (!atom(r))
                    return false;
                v *= r;
            } else if (eat('/')) {
                if (!atom(r))
                    return false;
                if (r == 0)
                    return !setError("division by zero"), false;
                v /= r;
            } else {
                return true;
            }
        }
    }
    bool atom(int64_t& v)
    {
        skip();
        if (eat('(')) {
            if (!sum(v) || !eat(')'))
                return setError("expected ')'"), false;
            return true;
        }
        if (eat('-')) {
            if (!atom(v))
                return false;
            v = -v;
            return true;
        }
        const size_t start = m_pos;
        if (m_pos < m_t.size() && std::isdigit(static_cast<unsigned char>(m_t[m_pos]))) {
            while (m_pos < m_t.size() && std::isdigit(static_cast<unsigned char>(m_t[m_pos])))
                ++m_pos;
            v = std::stoll(m_t.substr(start, m_pos - start));
            return true;
        }
        while (m_pos < m_t.size() &&
               (std::isalnum(static_cast<unsigned char>(m_t[m_pos])) || m_t[m_pos] == '_' ||
                m_t[m_pos] == '.' || m_t[m_pos] == '[' || m_t[m_pos] == ']'))
            ++m_pos;
        const std::string name = m_t.substr(start, m_pos - start);
        if (name.empty())
            return setError("expected a number or a name"), false;
        if (name == "cdiv" || name == "min" || name == "max") {
            int64_t a = 0, b = 0;
            if (!eat('(') || !sum(a) || !eat(',') || !sum(b) || !eat(')'))
                return setError("expected " + name + "(x, y)"), false;
            if (name == "cdiv") {
                if (b == 0)
                    return setError("cdiv by zero"), false;
                v = (a + b - 1) / b;
            } else {
                v = name == "min" ? std::min(a, b) : std::max(a, b);
            }
            return true;
        }
        auto it = m_names.find(name);
        if (it == m_names.end())
            return setError("unknown name '" + name + "'"), false;
        v = it->second;
        return true;
    }

    const std::string& m_t;
    const std::map<std::string, int64_t>& m_names;
    size_t m_pos = 0;
    std::string m_error;
};

std::string jsonText(const nlohmann::json& j)
{
    return j.is_string() ? j.get<std::string>() : j.dump();
}

const ir::Value* throughAssumes(const ir::Value* v)
{
    while (v && v->definingOp && v->definingOp->name.is("assume") &&
           !v->definingOp->operands.empty())
        v = v->definingOp->operands[0];
    return v;
}

} // namespace

bool evalExpression(const std::string& text, const std::map<std::string, int64_t>& names,
                    int64_t& value, std::string& error)
{
    return ExprParser(text, names).parse(value, error);
}

const ArrayBinding* Binding::array(const std::string& name) const
{
    for (const auto& a : arrays)
        if (a.name == name)
            return &a;
    return nullptr;
}

const ScalarBinding* Binding::scalar(const std::string& name) const
{
    for (const auto& s : scalars)
        if (s.name == name)
            return &s;
    return nullptr;
}

std::vector<std::string> expandParams(const Binding& b, const std::vector<std::string>& params)
{
    std::vector<std::string> out;
    for (const std::string& p : params) {
        const ArrayBinding* a = b.array(p);
        if (!a) {
            out.push_back(p);
            continue;
        }
        out.push_back(p + ".ptr");
        for (size_t i = 0; i < a->shape.size(); ++i)
            out.push_back(p + ".shape[" + std::to_string(i) + "]");
        for (size_t i = 0; i < a->shape.size(); ++i)
            out.push_back(p + ".stride[" + std::to_string(i) + "]");
    }
    return out;
}

bool loadBinding(const std::string& path, Binding& out, std::string& error)
{
    std::ifstream in(path);
    if (!in) {
        error = path + ": cannot open the binding file";
        return false;
    }
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(in);
    } catch (const nlohmann::json::parse_error& e) {
        error = path + ": byte " + std::to_string(e.byte) + ": invalid JSON";
        return false;
    }
    const std::string where = path + ": ";
    try {
        if (j.value("schema", "") != "tilelens.eval-binding/1") {
            error = where + "schema must be \"tilelens.eval-binding/1\"";
            return false;
        }
        out = Binding();
        out.source = "file";
        const nlohmann::json dimsJson = j.value("dims", nlohmann::json::object());
        for (const auto& item : dimsJson.items()) {
            const std::string name = item.key();
            const nlohmann::json& values = item.value();
            std::vector<int64_t> v;
            if (values.is_array())
                for (const auto& x : values)
                    v.push_back(x.get<int64_t>());
            else
                v.push_back(values.get<int64_t>());
            if (v.empty()) {
                error = where + "dims." + name + " has no value";
                return false;
            }
            out.dims[name] = v;
        }
        const nlohmann::json arraysJson = j.value("arrays", nlohmann::json::object());
        for (const auto& item : arraysJson.items()) {
            const std::string name = item.key();
            const nlohmann::json& a = item.value();
            ArrayBinding ab;
            ab.name = name;
            ab.elem = elemFromName(a.at("dtype").get<std::string>());
            if (ab.elem == Elem::None) {
                error = where + "arrays." + name + ".dtype is not a Tile IR element type";
                return false;
            }
            for (const auto& d : a.at("shape"))
                ab.shape.push_back(jsonText(d));
            if (a.contains("strides"))
                for (const auto& d : a.at("strides"))
                    ab.strides.push_back(jsonText(d));
            if (!ab.strides.empty() && ab.strides.size() != ab.shape.size()) {
                error = where + "arrays." + name + ".strides must have one entry per dimension";
                return false;
            }
            ab.init = a.value("init", "");
            if (a.contains("range")) {
                ab.lo = a.at("range").at(0).get<double>();
                ab.hi = a.at("range").at(1).get<double>();
            }
            out.arrays.push_back(ab);
        }
        const nlohmann::json scalarsJson = j.value("scalars", nlohmann::json::object());
        for (const auto& item : scalarsJson.items()) {
            const std::string name = item.key();
            const nlohmann::json& s = item.value();
            ScalarBinding sb;
            sb.name = name;
            sb.elem = elemFromName(s.at("dtype").get<std::string>());
            if (s.contains("value"))
                sb.value = jsonText(s.at("value"));
            out.scalars.push_back(sb);
        }
        for (const char* side : {"ref", "gen"}) {
            SideBinding& sb = std::string(side) == "ref" ? out.ref : out.gen;
            const auto& sj = j.at(side);
            for (const auto& p : sj.at("params"))
                sb.params.push_back(jsonText(p));
            if (sj.contains("grid"))
                for (const auto& g : sj.at("grid"))
                    sb.grid.push_back(jsonText(g));
            if (!sb.grid.empty() && sb.grid.size() != 3) {
                error = where + side + ".grid must have three entries";
                return false;
            }
        }
    } catch (const nlohmann::json::exception& e) {
        error = where + e.what();
        return false;
    }
    return true;
}

bool bindingFromMangledName(const std::string& entry, size_t paramCount, Binding& out,
                            std::string& error)
{
    const size_t k = entry.find("_Kt");
    if (k == std::string::npos) {
        error = "entry '" + entry + "' is not a mangled cuTile Python name";
        return false;
    }
    std::vector<std::string> tokens;
    std::stringstream s(entry.substr(k + 1));
    for (std::string t; std::getline(s, t, '_');)
        tokens.push_back(t);
    out = Binding();
    out.source = "mangled";
    size_t params = 0;
    int argNo = 0;
    for (size_t i = 1; i < tokens.size(); ++i) { // tokens[0] = "Kt<cconv>"
        const std::string& t = tokens[i];
        if (t.empty())
            continue;
        const std::string name = "arg" + std::to_string(argNo);
        if (t[0] == 'A' && t.size() > 2 && std::isdigit(static_cast<unsigned char>(t[1]))) {
            ArrayBinding a;
            a.name = name;
            size_t p = 1;
            int rank = 0;
            while (p < t.size() && std::isdigit(static_cast<unsigned char>(t[p])))
                rank = rank * 10 + (t[p++] - '0');
            a.elem = elemFromName(t.substr(p));
            if (a.elem == Elem::None && t.substr(p) == "f8e4m3fn")
                a.elem = Elem::F8E4M3FN;
            if (a.elem == Elem::None && t.substr(p) == "f8e5m2")
                a.elem = Elem::F8E5M2;
            if (a.elem == Elem::None) {
                error = "mangled token '" + t + "': unknown dtype";
                return false;
            }
            for (int d = 0; d < rank; ++d)
                a.shape.push_back("S");
            out.arrays.push_back(a);
            out.ref.params.push_back(name);
            params += 1 + 2 * size_t(rank);
            ++argNo;
        } else if (t[0] == 'S' && t.size() > 1) {
            ScalarBinding sc;
            sc.name = name;
            sc.elem = elemFromName(t.substr(1));
            out.scalars.push_back(sc);
            out.ref.params.push_back(name);
            ++params;
            ++argNo;
        } else if (t[0] == 'I' || t[0] == 'B' || t[0] == 'F') {
            ++argNo; // compile-time constant: no parameter ("I" alone precedes a negative value)
        }
        // anything else is a predicate of the preceding array (axis mask + hints)
    }
    if (params != paramCount) {
        error = "mangled name accounts for " + std::to_string(params) +
                " parameters, the entry has " + std::to_string(paramCount);
        return false;
    }
    return true;
}

bool defaultBinding(const ir::Function& ref, const ir::Function& gen, Binding& out,
                    std::string& error)
{
    if (ref.argumentTypes.size() != gen.argumentTypes.size()) {
        error = "the entries have " + std::to_string(ref.argumentTypes.size()) + " and " +
                std::to_string(gen.argumentTypes.size()) +
                " parameters: give a binding file (--binding)";
        return false;
    }
    for (size_t i = 0; i < ref.argumentTypes.size(); ++i)
        if (ref.argumentTypes[i]->canonical() != gen.argumentTypes[i]->canonical()) {
            error = "parameter " + std::to_string(i) + " is " + ref.argumentTypes[i]->canonical() +
                    " in the reference and " + gen.argumentTypes[i]->canonical() +
                    " in the generated entry: give a binding file (--binding)";
            return false;
        }
    std::string mangledError;
    if (!bindingFromMangledName(std::string(ref.name), ref.argumentTypes.size(), out,
                                mangledError)) {
        // Not mangled: arrays from the kernel's make_tensor_view ops (pointer, then its
        // dynamic shapes and strides as consecutive parameters); the rest are scalars.
        out = Binding();
        out.source = "positional";
        const ir::Block* body = ref.body ? ref.body->entryBlock() : nullptr;
        std::map<size_t, size_t> rankOfPtrParam;
        if (body)
            for (const ir::Op* op : body->ops)
                if (op->name.is("make_tensor_view") && !op->operands.empty()) {
                    const ir::Value* base = throughAssumes(op->operands[0]);
                    if (base && base->isBlockArgument() && base->ownerBlock == body)
                        rankOfPtrParam[base->index] = size_t(op->results[0]->type->rank());
                }
        const size_t n = ref.argumentTypes.size();
        for (size_t i = 0; i < n;) {
            const std::string name = "arg" + std::to_string(i);
            const ir::Type* t = ref.argumentTypes[i];
            auto r = rankOfPtrParam.find(i);
            if (r != rankOfPtrParam.end() && i + 2 * r->second < n) {
                ArrayBinding a;
                a.name = name;
                a.elem = elemFromName(t->element->element->name);
                a.shape.assign(r->second, "S");
                out.arrays.push_back(a);
                out.ref.params.push_back(name);
                i += 1 + 2 * r->second;
                continue;
            }
            if (t->element && t->element->kind == ir::TypeKind::Pointer) {
                error = "parameter " + std::to_string(i) +
                        " is a pointer whose tensor rank the kernel does not show: give a binding "
                        "file (--binding)";
                return false;
            }
            ScalarBinding s;
            s.name = name;
            s.elem = elemFromName(t->element ? t->element->name : std::string_view());
            out.scalars.push_back(s);
            out.ref.params.push_back(name);
            ++i;
        }
    }
    size_t maxRank = 1;
    for (const auto& a : out.arrays)
        maxRank = std::max(maxRank, a.shape.size());
    // One size S for every axis of every array: ragged against power-of-two tiles,
    // a multiple of 16 (the usual div_by facts), small enough for a quick run.
    out.dims["S"] = maxRank <= 2
                        ? std::vector<int64_t>{48, 144}
                        : (maxRank == 3 ? std::vector<int64_t>{16, 48} : std::vector<int64_t>{16});
    out.gen.params = out.ref.params;
    return true;
}

bool bindingForPair(const Binding* file, const ir::Function& ref, const ir::Function& gen,
                    Binding& out, std::string& error)
{
    if (file && expandParams(*file, file->ref.params).size() == ref.argumentTypes.size() &&
        expandParams(*file, file->gen.params).size() == gen.argumentTypes.size()) {
        out = *file;
        return true;
    }
    return defaultBinding(ref, gen, out, error);
}

} // namespace tilelens::eval
