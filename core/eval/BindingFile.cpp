// Binding files (tilelens.eval-binding/1, docs/cli.md): read by the checked JSON reader, every
// field checked for its type and range, every expression for its syntax, each problem
// reported at its line and column. Nothing here throws: a hostile file is an error message.

#include "common/FileReader.h"
#include "common/JsonLocator.h"
#include "common/JsonText.h"
#include "eval/Binding.h"

#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>

namespace tilelens::eval {

// The file's text, kept for messages found later (while running). The locator over it is
// built for the first message only: for a large file it costs as much as the parsed document.
struct BindingFileText
{
    std::string file;
    std::string text;
    BindingFileText(std::string f, std::string t) : file(std::move(f)), text(std::move(t)) {}
    BindingFileText(const BindingFileText&) = delete;
    BindingFileText& operator=(const BindingFileText&) = delete;

    const JsonLocator& locator() const
    {
        std::call_once(m_once, [this] { m_locator = std::make_unique<JsonLocator>(text); });
        return *m_locator;
    }

private:
    mutable std::once_flag m_once;
    mutable std::unique_ptr<JsonLocator> m_locator;
};

std::string Binding::placeOf(const std::string& pointer) const
{
    if (!fileText)
        return {};
    int line = 0, column = 0;
    if (!fileText->locator().locate(pointer, line, column))
        return fileText->file + ": ";
    return fileText->file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
}

std::string BindingItem::pointerToken(const std::string& key)
{
    std::string token;
    for (char c : key)
        token += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    return token;
}

BindingItem BindingItem::key(const std::string& k) const
{
    return {pointer + "/" + pointerToken(k), name.empty() ? k : name + "." + k};
}

BindingItem BindingItem::index(size_t i) const
{
    return {pointer + "/" + std::to_string(i), name + "[" + std::to_string(i) + "]"};
}

namespace {
constexpr std::pair<std::string_view, ArrayInit> kInitWords[] = {
    {"normal", ArrayInit::Normal}, {"uniform", ArrayInit::Uniform}, {"iota", ArrayInit::Iota}};
} // namespace

std::optional<ArrayInit> arrayInitNamed(std::string_view word)
{
    for (const auto& [name, init] : kInitWords)
        if (word == name)
            return init;
    return std::nullopt;
}

std::string_view arrayInitWord(ArrayInit init)
{
    for (const auto& [name, value] : kInitWords)
        if (value == init)
            return name;
    return {};
}

namespace {

using Json = nlohmann::json; // keys sorted: arrays are allocated in name order, as always

constexpr int64_t kMaxBindingBytes = int64_t(64) << 20;

class Reader
{
public:
    Reader(const Binding& b, std::string& error) : m_binding(b), m_error(error) {}

    // Always false, so that `return fail(...)` reads as what it does.
    bool fail(const BindingItem& item, const std::string& message)
    {
        m_error =
            m_binding.placeOf(item.pointer) + (item.name.empty() ? "" : item.name + ": ") + message;
        return false;
    }

    // A member that must be present.
    const Json* member(const Json& object, const BindingItem& item, const char* key)
    {
        const auto it = object.find(key);
        if (it == object.end())
            return fail(item, std::string("needs \"") + key + "\""), nullptr;
        return &*it;
    }
    // An optional member: null when absent.
    static const Json* optional(const Json& object, const char* key)
    {
        const auto it = object.find(key);
        return it == object.end() ? nullptr : &*it;
    }

    bool object(const Json& j, const BindingItem& item)
    {
        return j.is_object() || fail(item, "must be an object");
    }
    bool list(const Json& j, const BindingItem& item)
    {
        return j.is_array() || fail(item, "must be a list");
    }
    bool string(const Json& j, const BindingItem& item, std::string& out)
    {
        if (!j.is_string())
            return fail(item, "must be a string");
        out = j.get<std::string>();
        return true;
    }
    bool integer(const Json& j, const BindingItem& item, int64_t& out)
    {
        if (j.is_number_unsigned() &&
            j.get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max()))
            return fail(item, j.dump() + " does not fit in 64-bit integers");
        if (!j.is_number_integer())
            return fail(item, "must be an integer, not " +
                                  (j.is_number() ? j.dump() : std::string(j.type_name())));
        out = j.get<int64_t>();
        return true;
    }
    // An integer or an expression string, kept as text and checked for its syntax.
    bool expression(const Json& j, const BindingItem& item, std::string& out)
    {
        if (j.is_number()) {
            int64_t v = 0;
            if (!integer(j, item, v))
                return false;
            out = std::to_string(v);
            return true;
        }
        if (!j.is_string())
            return fail(item, "must be an integer or an expression string, not " +
                                  std::string(j.type_name()));
        out = j.get<std::string>();
        ExpressionError e;
        return checkExpressionSyntax(out, e) || fail(item, formatExpressionError(out, e));
    }
    bool expressions(const Json& j, const BindingItem& item, std::vector<std::string>& out)
    {
        if (!list(j, item))
            return false;
        out.reserve(j.size());
        for (size_t i = 0; i < j.size(); ++i) {
            out.emplace_back();
            if (!expression(j[i], item.index(i), out.back()))
                return false;
        }
        return true;
    }
    bool elem(const Json& j, const BindingItem& item, Elem& out)
    {
        std::string name;
        if (!string(j, item, name))
            return false;
        out = elemFromName(name);
        return out != Elem::None || fail(item, "'" + name + "' is not a Tile IR element type");
    }

    bool dims(const Json& j, const BindingItem& item, Binding& out)
    {
        if (!object(j, item))
            return false;
        for (const auto& [name, values] : j.items()) {
            const BindingItem dim = item.key(name);
            std::vector<int64_t> v;
            if (values.is_array()) {
                v.resize(values.size());
                for (size_t i = 0; i < values.size(); ++i)
                    if (!integer(values[i], dim.index(i), v[i]))
                        return false;
            } else if (!integer(values, dim, v.emplace_back())) {
                return false;
            }
            if (v.empty())
                return fail(dim, "has no value");
            out.dims[name] = std::move(v);
        }
        return true;
    }

    bool range(const Json& j, const BindingItem& item, ArrayBinding& a)
    {
        if (!list(j, item))
            return false;
        if (j.size() != 2 || !j[0].is_number() || !j[1].is_number())
            return fail(item, "must be two numbers [low, high]");
        a.lo = j[0].get<double>();
        a.hi = j[1].get<double>();
        // Integer arrays draw int64 values between them: both must convert exactly.
        const double limit = isFloatElem(a.elem) ? std::numeric_limits<double>::max() : 0x1p62;
        if (!(std::fabs(a.lo) <= limit && std::fabs(a.hi) <= limit && a.lo <= a.hi))
            return fail(item, "must be [low, high] with low <= high" +
                                  std::string(isFloatElem(a.elem) ? ", both finite"
                                                                  : ", both within +-2^62"));
        return true;
    }

    bool arrayInit(const Json& j, const BindingItem& item, ArrayBinding& a)
    {
        std::string word;
        if (!string(j, item, word))
            return false;
        const std::optional<ArrayInit> init = arrayInitNamed(word);
        if (!init)
            return fail(item, "must be normal, uniform or iota, not '" + word + "'");
        a.init = *init;
        return true;
    }

    bool array(const Json& j, const BindingItem& item, ArrayBinding& a)
    {
        const Json* dtype = nullptr;
        const Json* shape = nullptr;
        if (!object(j, item) || !(dtype = member(j, item, "dtype")) ||
            !elem(*dtype, item.key("dtype"), a.elem) || !(shape = member(j, item, "shape")) ||
            !expressions(*shape, item.key("shape"), a.shape))
            return false;
        if (const Json* strides = optional(j, "strides")) {
            if (!expressions(*strides, item.key("strides"), a.strides))
                return false;
            if (!a.strides.empty() && a.strides.size() != a.shape.size())
                return fail(item.key("strides"), "must have one entry per dimension");
        }
        if (const Json* init = optional(j, "init"); init && !arrayInit(*init, item.key("init"), a))
            return false;
        if (const Json* values = optional(j, "values")) {
            if (isFloatElem(a.elem))
                return fail(item.key("values"), "is for integer arrays");
            if (!expressions(*values, item.key("values"), a.values))
                return false;
        }
        if (const Json* r = optional(j, "range"); r && !range(*r, item.key("range"), a))
            return false;
        return true;
    }

    bool scalar(const Json& j, const BindingItem& item, ScalarBinding& s)
    {
        const Json* dtype = nullptr;
        if (!object(j, item) || !(dtype = member(j, item, "dtype")) ||
            !elem(*dtype, item.key("dtype"), s.elem))
            return false;
        const Json* value = optional(j, "value");
        if (!value)
            return true;
        if (!isFloatElem(s.elem))
            return expression(*value, item.key("value"), s.value);
        if (!value->is_number() && !value->is_string())
            return fail(item.key("value"), "must be a number");
        s.value = value->is_string() ? value->get<std::string>() : value->dump();
        return true;
    }

    bool side(const Json& root, const BindingItem& item, SideBinding& sb)
    {
        const Json* j = member(root, {}, item.name.c_str());
        const Json* params = nullptr;
        if (!j || !object(*j, item) || !(params = member(*j, item, "params")) ||
            !expressions(*params, item.key("params"), sb.params))
            return false;
        if (const Json* grid = optional(*j, "grid")) {
            if (!expressions(*grid, item.key("grid"), sb.grid))
                return false;
            if (!sb.grid.empty() && sb.grid.size() != 3)
                return fail(item.key("grid"), "must have three entries");
        }
        return true;
    }

    bool binding(const Json& root, Binding& out)
    {
        const BindingItem top;
        if (!object(root, top))
            return false;
        const Json* schema = optional(root, "schema");
        if (!schema || !schema->is_string() ||
            schema->get<std::string>() != "tilelens.eval-binding/1")
            return fail(top.key("schema"), "must be \"tilelens.eval-binding/1\"");
        if (const Json* d = optional(root, "dims"); d && !dims(*d, top.key("dims"), out))
            return false;
        if (const Json* arrays = optional(root, "arrays")) {
            const BindingItem item = top.key("arrays");
            if (!object(*arrays, item))
                return false;
            out.arrays.reserve(arrays->size());
            for (const auto& [name, a] : arrays->items()) {
                out.arrays.emplace_back().name = name;
                if (!array(a, item.key(name), out.arrays.back()))
                    return false;
            }
        }
        if (const Json* scalars = optional(root, "scalars")) {
            const BindingItem item = top.key("scalars");
            if (!object(*scalars, item))
                return false;
            for (const auto& [name, s] : scalars->items()) {
                out.scalars.emplace_back().name = name;
                if (!scalar(s, item.key(name), out.scalars.back()))
                    return false;
            }
        }
        return side(root, top.key("ref"), out.ref) && side(root, top.key("gen"), out.gen);
    }

private:
    const Binding& m_binding;
    std::string& m_error;
};

} // namespace

bool loadBindingText(std::string_view text, const std::string& file, Binding& out,
                     std::string& error)
{
    out = Binding();
    out.source = "file";
    out.fileText = std::make_shared<const BindingFileText>(file, std::string(text));
    JsonTextError jsonError;
    const std::optional<Json> root = parseJsonText<Json>(out.fileText->text, jsonError);
    if (!root) {
        int line = 0, column = 0;
        lineColumnOfByte(out.fileText->text, jsonError.offset, line, column);
        error = file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                jsonError.message;
        return false;
    }
    try {
        return Reader(out, error).binding(*root, out);
    } catch (const std::exception& e) { // bad_alloc; the reader checks every type it reads
        error = file + ": " + e.what();
        return false;
    }
}

namespace {

// An expression as the reader takes it back: a plain integer as a number, the rest as a string.
nlohmann::ordered_json expressionJson(const std::string& e)
{
    const bool integer =
        !e.empty() && e.size() < 19 &&
        e.find_first_not_of("0123456789", e[0] == '-' ? 1 : 0) == std::string::npos && e != "-";
    return integer ? nlohmann::ordered_json(std::stoll(e)) : nlohmann::ordered_json(e);
}

nlohmann::ordered_json expressionsJson(const std::vector<std::string>& es)
{
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const std::string& e : es)
        list.push_back(expressionJson(e));
    return list;
}

// One line per item: `{"dtype": "f16", "shape": ["M", "K"]}`, as docs/cli.md writes bindings.
std::string inlineJson(const nlohmann::ordered_json& j)
{
    std::string s;
    if (j.is_object()) {
        for (const auto& [key, value] : j.items())
            s += (s.empty() ? "" : ", ") + Json(key).dump() + ": " + inlineJson(value);
        return "{" + s + "}";
    }
    if (j.is_array()) {
        for (const auto& value : j)
            s += (s.empty() ? "" : ", ") + inlineJson(value);
        return "[" + s + "]";
    }
    return j.dump();
}

// `{` + one member a line at `indent` + `}`; members already written.
std::string blockJson(const std::vector<std::pair<std::string, std::string>>& members,
                      const std::string& indent)
{
    std::string s = "{";
    for (size_t i = 0; i < members.size(); ++i)
        s += (i ? ",\n" : "\n") + indent + "  " + Json(members[i].first).dump() + ": " +
             members[i].second;
    return s + "\n" + indent + "}";
}

} // namespace

std::string bindingJsonText(const Binding& b)
{
    using Ordered = nlohmann::ordered_json;
    std::vector<std::pair<std::string, std::string>> top;
    top.emplace_back("schema", Json("tilelens.eval-binding/1").dump());
    Ordered dims = Ordered::object();
    for (const auto& [name, values] : b.dims)
        dims[name] = values;
    top.emplace_back("dims", inlineJson(dims));
    std::vector<std::pair<std::string, std::string>> arrays;
    for (const ArrayBinding& a : b.arrays) {
        Ordered x;
        x["dtype"] = elemName(a.elem);
        x["shape"] = expressionsJson(a.shape);
        if (!a.strides.empty())
            x["strides"] = expressionsJson(a.strides);
        if (a.init != ArrayInit::Normal) // the default goes unsaid, as in a hand-written file
            x["init"] = std::string(arrayInitWord(a.init));
        if (a.init == ArrayInit::Uniform || (!isFloatElem(a.elem) && (a.lo != -4 || a.hi != 4)))
            x["range"] = {a.lo, a.hi};
        if (!a.values.empty())
            x["values"] = expressionsJson(a.values);
        arrays.emplace_back(a.name, inlineJson(x));
    }
    top.emplace_back("arrays", blockJson(arrays, "  "));
    if (!b.scalars.empty()) {
        std::vector<std::pair<std::string, std::string>> scalars;
        for (const ScalarBinding& sc : b.scalars) {
            Ordered x;
            x["dtype"] = elemName(sc.elem);
            if (!sc.value.empty()) {
                // A float's value is a number (or the string the file gave), an integer's an
                // expression.
                const Ordered number = Ordered::parse(sc.value, nullptr, false);
                x["value"] =
                    isFloatElem(sc.elem) && number.is_number() ? number : expressionJson(sc.value);
            }
            scalars.emplace_back(sc.name, inlineJson(x));
        }
        top.emplace_back("scalars", blockJson(scalars, "  "));
    }
    for (const auto& [key, side] : {std::pair{"ref", &b.ref}, std::pair{"gen", &b.gen}}) {
        Ordered x;
        x["params"] = expressionsJson(side->params);
        if (!side->grid.empty())
            x["grid"] = expressionsJson(side->grid);
        top.emplace_back(key, inlineJson(x));
    }
    if (!b.facts.empty()) { // one a line: each is a sentence
        std::string facts = "[";
        for (size_t i = 0; i < b.facts.size(); ++i)
            facts += (i ? ",\n    " : "\n    ") + Json(b.facts[i]).dump();
        top.emplace_back("facts", facts + "\n  ]");
    }
    return blockJson(top, "") + "\n";
}

bool loadBinding(const std::string& path, Binding& out, std::string& error)
{
    Diagnostics diags;
    const std::optional<FileContents> contents = readFile(path, diags, kMaxBindingBytes);
    if (!contents) {
        error = diags.empty() ? path + ": cannot read the binding file" : diags.front().format();
        return false;
    }
    return loadBindingText(contents->bytes, path, out, error);
}

} // namespace tilelens::eval
