// Attributes (builtin and cuda_tile, tile-ir.md §1.4), dense literals (§1.5)
// and locations (§1.6).
#include "ir/FloatBits.h"
#include "ir/ParserImpl.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace tilelens::ir::detail {

namespace {
struct EnumTable
{
    std::string_view attrName; // string_view: compared per attribute of every op
    std::string_view category;
    std::vector<std::string_view> words;
};
const std::vector<EnumTable>& enumTables()
{
    static const std::vector<EnumTable> t = {
        {"rounding_mode",
         "rounding",
         {"nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full",
          "nearest_int_to_zero"}},
        {"signedness", "signedness", {"unsigned", "signed"}},
        {"signedness_lhs", "signedness", {"unsigned", "signed"}},
        {"signedness_rhs", "signedness", {"unsigned", "signed"}},
        {"overflow", "overflow", {"none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"}},
        {"comparison_predicate",
         "comparison_predicate",
         {"equal", "not_equal", "less_than", "less_than_or_equal", "greater_than",
          "greater_than_or_equal"}},
        {"comparison_ordering", "comparison_ordering", {"unordered", "ordered"}},
        {"memory_ordering_semantics",
         "memory_ordering",
         {"weak", "relaxed", "acquire", "release", "acq_rel"}},
        {"memory_scope", "memory_scope", {"tl_blk", "device", "sys"}},
        {"mode",
         "atomic_mode",
         {"and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"}},
        {"sym_visibility", "symbol_visibility", {"public", "private"}},
    };
    return t;
}
} // namespace

namespace {
// Shallow identity of an attribute: nested attributes and types are already
// uniqued, so comparing their pointers (and span contents) is deep equality.
bool same(int64_t x, int64_t y)
{
    return x == y;
}
bool same(const Attribute* x, const Attribute* y)
{
    return x == y;
}
bool same(const NamedAttribute& x, const NamedAttribute& y)
{
    return x.name == y.name && x.value == y.value;
}
template <typename T> bool sameSpan(Span<T> x, Span<T> y)
{
    if (x.size() != y.size())
        return false;
    for (size_t i = 0; i < x.size(); ++i)
        if (!same(x[i], y[i]))
            return false;
    return true;
}
} // namespace

size_t Parser::AttrHash::operator()(const Attribute* a) const
{
    // Cheap mixing (std::hash of strings cost more than the lookup itself).
    const uint64_t k = 0x9E3779B97F4A7C15ull;
    uint64_t h = (uint64_t(a->kind) + 1) * k;
    auto mix = [&](uint64_t v) { h = (h ^ v) * k, h ^= h >> 31; };
    mix(uint64_t(a->intValue));
    mix(a->bits);
    mix(uint64_t(reinterpret_cast<uintptr_t>(a->type)));
    if (!a->text.empty())
        mix(hashBytes(a->text));
    if (!a->category.empty())
        mix(hashBytes(a->category));
    for (int64_t v : a->intList)
        mix(uint64_t(v));
    for (const Attribute* e : a->elements)
        mix(uint64_t(reinterpret_cast<uintptr_t>(e)));
    for (const NamedAttribute& e : a->entries)
        mix(uint64_t(reinterpret_cast<uintptr_t>(e.value)) ^ hashBytes(e.name));
    return size_t(h);
}

bool Parser::AttrEq::operator()(const Attribute* a, const Attribute* b) const
{
    return a->kind == b->kind && a->intValue == b->intValue && a->bits == b->bits &&
           a->type == b->type && a->elementType == b->elementType && a->category == b->category &&
           a->text == b->text && a->every == b->every && a->along == b->along &&
           a->lower == b->lower && a->upper == b->upper && a->hasLower == b->hasLower &&
           a->hasUpper == b->hasUpper && a->splat == b->splat && sameSpan(a->intList, b->intList) &&
           sameSpan(a->elements, b->elements) && sameSpan(a->entries, b->entries);
}

// Attributes are immutable values: identical ones are stored once (a module
// repeats `div_by<16>`, `<i32: 0> : tile<i32>`, ... thousands of times).
const Attribute* Parser::makeAttr(Attribute a)
{
    auto it = m_attrs.find(&a);
    if (it != m_attrs.end())
        return *it;
    const Attribute* made = arena().make<Attribute>(a);
    m_attrs.insert(made);
    return made;
}

std::string_view Parser::keep(std::string_view s)
{
    if (const std::string_view* hit = m_kept.find(s))
        return *hit;
    std::string_view copy = arena().copyString(s);
    m_kept.insert(copy, copy);
    return copy;
}

const Attribute* Parser::makeEnum(std::string_view category, std::string_view keyword)
{
    // The key "category\0keyword" is built in a stack buffer: three string appends cost
    // more than the lookup.
    char buf[96];
    const size_t keySize = category.size() + 1 + keyword.size();
    std::string_view key;
    if (keySize <= sizeof buf) {
        // An empty view may have no data: memcpy from null is undefined even for 0 bytes.
        if (!category.empty())
            std::memcpy(buf, category.data(), category.size());
        buf[category.size()] = '\0';
        if (!keyword.empty())
            std::memcpy(buf + category.size() + 1, keyword.data(), keyword.size());
        key = std::string_view(buf, keySize);
    } else {
        m_scratch.assign(category);
        m_scratch += '\0';
        m_scratch += keyword;
        key = m_scratch;
    }
    if (const Attribute* const* hit = m_enumCache.find(key))
        return *hit;
    std::string_view text = arena().copyString(keyword); // copied first: same arena layout
    const Attribute* made = makeAttr(enumAttribute(arena().copyString(category), text));
    m_enumCache.insert(arena().copyString(key), made);
    return made;
}

const Attribute* Parser::makeUnit()
{
    if (!m_unit)
        m_unit = makeAttr(unitAttribute());
    return m_unit;
}

const Attribute* Parser::makeInt(int64_t v, const Type* type)
{
    return makeAttr(integerAttribute(v, type));
}

const Attribute* Parser::makeString(std::string_view s)
{
    return makeAttr(stringAttribute(arena().copyString(s)));
}

const Attribute* Parser::normalizeAttr(std::string_view name, const Attribute* a)
{
    // Only integers and enums are rewritten; the loop compares the name with every table's.
    if (!a || (a->kind != AttrKind::Integer && a->kind != AttrKind::Enum))
        return a;
    for (const EnumTable& t : enumTables()) {
        if (name != t.attrName)
            continue;
        if (a->kind == AttrKind::Integer && a->intValue >= 0 &&
            size_t(a->intValue) < t.words.size())
            return makeEnum(t.category, t.words[size_t(a->intValue)]);
        if (a->kind == AttrKind::Enum && a->category != t.category)
            return makeEnum(t.category, a->text);
    }
    return a;
}

bool Parser::fitsWidth(int64_t v, const Type* integerType)
{
    // MLIR accepts a literal that fits the width read as signed or as unsigned.
    const int w = integerType->bitWidth();
    if (w <= 0 || w >= 64)
        return true;
    return v >= -(int64_t(1) << (w - 1)) && v < (int64_t(1) << w);
}

// Retypes an untyped scalar (cutile-ir identities `[0]`, `[-inf]`) to an element type.
const Attribute* Parser::retypeScalar(const Attribute* a, const Type* elem)
{
    if (!a || !elem || elem->kind != TypeKind::Number || a->type)
        return a;
    Attribute b = *a;
    if (elem->isFloat()) {
        double v = a->kind == AttrKind::Float ? bitsToFloat(a->bits, "f64") : double(a->intValue);
        b.kind = AttrKind::Float;
        b.bits = floatToBits(v, elem->name);
    } else if (a->kind == AttrKind::Integer || a->kind == AttrKind::Bool) {
        b.kind = AttrKind::Integer;
    }
    b.type = elem;
    return makeAttr(b);
}

// A dictionary or hints key: "quoted" or a bare identifier (kept interned).
std::string_view Parser::parseAttrKey()
{
    if (peek() != '"')
        return keep(identifier());
    std::string s;
    quotedName(s, "attribute name");
    return arena().copyString(s);
}

void Parser::parseDictionary(std::vector<NamedAttribute>& out)
{
    expect('{', "to open an attribute dictionary");
    enter();
    if (!consume('}')) {
        do {
            std::string_view key = parseAttrKey();
            if (key.empty()) {
                error("expected an attribute name");
                skipBalanced();
                break;
            }
            const Attribute* v = nullptr;
            if (!consume('=')) {
                v = makeUnit();
            } else if (key == "sym_name" && peek() == '"') { // the generic form's symbol
                std::string name;
                quotedName(name, "symbol name");
                v = makeString(name);
            } else {
                const int line = m_line, col = column();
                v = parseAttribute();
                if (key == "sym_name" && v && v->kind == AttrKind::String) // through an alias
                    checkName(v->text, line, col, "symbol name");
            }
            out.push_back({key, normalizeAttr(key, v)});
        } while (consume(','));
        expect('}', "to close the attribute dictionary");
    }
    leave();
    sortByName(out.begin(), out.end());
}

const Attribute* Parser::parseOptimizationHints()
{
    Attribute a;
    a.kind = AttrKind::OptimizationHints;
    std::vector<NamedAttribute> keys;
    expect('<', "to open optimization hints");
    if (!consume('>')) {
        do {
            std::string_view key = parseAttrKey();
            expect('=', "after an optimization hints key");
            std::vector<NamedAttribute> inner;
            parseDictionary(inner);
            for (const NamedAttribute& k : keys)
                if (k.name == key)
                    error("duplicate optimization hints key '" + std::string(key) + "'");
            Attribute d;
            d.kind = AttrKind::Dictionary;
            d.entries = arena().copy(inner);
            keys.push_back({key, makeAttr(d)});
        } while (consume(','));
        expect('>', "to close optimization hints");
    }
    sortByName(keys.begin(), keys.end());
    a.entries = arena().copy(keys);
    return makeAttr(a);
}

const Attribute* Parser::parseCudaTileAttr(std::string_view m)
{
    Attribute a;
    if (m == "optimization_hints")
        return parseOptimizationHints();
    if (m == "rounding" || m == "signedness" || m == "overflow" || m == "comparison_predicate" ||
        m == "comparison_ordering" || m == "symbol_visibility" || m == "padding_value" ||
        m == "memory_ordering" || m == "memory_scope" || m == "atomic_mode") {
        expect('<', "after the attribute name");
        std::string_view kw = identifier();
        expect('>', "to close the attribute");
        return makeEnum(m, kw); // makeEnum copies what it keeps
    }
    if (m == "array")
        return parseDenseArray();
    if (m == "dense") { // our generic-form spelling of a dense literal: #cuda_tile.dense<<f32: 1.0>
                        // : tile<..>>
        expect('<', "after 'dense'");
        const Attribute* d = parseDense(nullptr);
        expect('>', "to close #cuda_tile.dense<...>");
        return d;
    }
    if (m == "div_by") {
        a.kind = AttrKind::DivBy;
        expect('<', "after 'div_by'");
        if (!parseInteger(a.intValue))
            error("expected a divisor in div_by<...>");
        if (consume(',')) {
            expectKeyword("every");
            parseInteger(a.every);
            expectKeyword("along");
            parseInteger(a.along);
        }
        expect('>', "to close div_by<...>");
        return makeAttr(a);
    }
    if (m == "bounded") {
        a.kind = AttrKind::Bounded;
        expect('<', "after 'bounded'");
        a.hasLower = !consume('?') && parseInteger(a.lower);
        expect(',', "between the bounds");
        a.hasUpper = !consume('?') && parseInteger(a.upper);
        expect('>', "to close bounded<...>");
        return makeAttr(a);
    }
    if (m == "same_elements") {
        a.kind = AttrKind::SameElements;
        expect('<', "after 'same_elements'");
        std::vector<int64_t> v;
        parseIntList(v, '[', ']', false);
        a.intList = arena().copy(v);
        expect('>', "to close same_elements<...>");
        return makeAttr(a);
    }
    // Debug info and unknown cuda_tile attributes: normalized text.
    a.kind = m.substr(0, 3) == "di_" ? AttrKind::DebugInfo : AttrKind::Opaque;
    if (a.kind == AttrKind::Opaque)
        warning("unknown attribute 'cuda_tile." + std::string(m) + "' kept as written");
    a.category = arena().copyString(m);
    size_t start = m_pos;
    if (peek() == '<')
        skipBalanced();
    std::string text;
    bool space = false;
    for (char c : m_text.substr(start, m_pos - start)) {
        bool ws = c == ' ' || c == '\t' || c == '\r' || c == '\n';
        if (ws) {
            space = !text.empty();
            continue;
        }
        if (space && text.back() != '<')
            text += ' ';
        space = false;
        text += c;
    }
    a.text = arena().copyString(text);
    return makeAttr(a);
}

// After '#' is next: `#cuda_tile.x<...>`, another dialect's attribute (kept as written), or
// an alias (resolved now or at the end of the file).
const Attribute* Parser::parseHashAttribute(int line, int col)
{
    Attribute a;
    ++m_pos;
    std::string_view id = suffixId();
    if (id.substr(0, 10) == "cuda_tile.")
        return parseCudaTileAttr(id.substr(10));
    if (id.find('.') != std::string_view::npos) {
        size_t start = m_pos - id.size() - 1;
        if (peek() == '<')
            skipBalanced();
        a.kind = AttrKind::Opaque;
        a.text = arena().copyString(m_text.substr(start, m_pos - start));
        warningAt(line, col, "unknown attribute '" + std::string(a.text) + "' kept as written");
        return makeAttr(a);
    }
    auto it = m_attrAliases.find(std::string(id));
    if (it != m_attrAliases.end())
        return it->second;
    Attribute* ph = arena().make<Attribute>();
    ph->kind = AttrKind::Opaque;
    ph->text = arena().copyString("#" + std::string(id));
    m_pendingAttrs.push_back({ph, std::string(id), line, col});
    return ph;
}

// A number: `1`, `-2.5`, `0x7F800000 : f32` (a float's bits), cutile-ir's `-inf`; typed by
// `: type` or by `hint`.
const Attribute* Parser::parseNumberAttribute(const Type* hint)
{
    const char c = peek();
    Attribute a;
    std::string_view tok;
    int tokLine = 0;
    int tokColumn = 0;
    if (c == '-' && (peekAt(1) == 'i' || peekAt(1) == 'n')) { // cutile-ir: -inf
        ++m_pos;
        identifier();
        a.kind = AttrKind::Float;
        a.bits = floatToBits(-INFINITY, "f64");
    } else {
        bool isFloat;
        parseNumberToken(tok, isFloat);
        tokLine = m_line;
        tokColumn = int(size_t(tok.data() - m_text.data()) - m_lineStart) + 1;
        if (isFloat) {
            a.kind = AttrKind::Float;
            a.bits = floatToBits(std::strtod(std::string(tok).c_str(), nullptr), "f64");
        } else {
            size_t save = m_pos;
            m_pos -= tok.size();
            parseInteger(a.intValue);
            m_pos = save;
            a.kind = AttrKind::Integer;
            a.text = tok;
        }
    }
    const Type* ty = hint;
    if (consume(':'))
        ty = parseType();
    const Attribute* r = makeAttr(a);
    if (ty && ty->isFloat() && r->kind == AttrKind::Integer && r->text.size() > 2 &&
        (r->text[1] == 'x' || r->text[1] == 'X')) { // hex bit pattern of a float
        a.kind = AttrKind::Float;
        a.bits = uint64_t(r->intValue);
        a.type = ty;
        a.text = {};
        return makeAttr(a);
    }
    if (ty) {
        if (r->kind == AttrKind::Integer && ty->isInteger() && !fitsWidth(r->intValue, ty))
            errorAt(tokLine, tokColumn,
                    "integer " + std::string(tok) + " does not fit in " + ty->canonical());
        Attribute b = *r;
        b.text = {};
        b.type = nullptr;
        return retypeScalar(makeAttr(b), ty);
    }
    Attribute b = *r;
    b.text = {};
    return makeAttr(b);
}

const Attribute* Parser::parseAttribute(const Type* hint)
{
    enter();
    struct Guard
    {
        Parser* p;
        ~Guard() { p->leave(); }
    } guard{this};
    char c = peek();
    int line = m_line, col = column();
    Attribute a;
    if (c == '#')
        return parseHashAttribute(line, col);
    if (c == '@') {
        ++m_pos;
        a.kind = AttrKind::SymbolRef;
        a.text = keep(suffixId());
        return makeAttr(a);
    }
    if (c == '"') {
        std::string s;
        parseString(s);
        const Attribute* r = makeString(s);
        if (consume(':'))
            parseType(); // typed string: type is not semantic here
        return r;
    }
    if (c == '[') {
        ++m_pos;
        std::vector<const Attribute*> elems;
        if (!consume(']')) {
            do
                elems.push_back(parseAttribute(hint));
            while (consume(','));
            expect(']', "to close the array");
        }
        a.kind = AttrKind::Array;
        a.elements = arena().copy(elems);
        return makeAttr(a);
    }
    if (c == '{') {
        std::vector<NamedAttribute> entries;
        parseDictionary(entries);
        a.kind = AttrKind::Dictionary;
        a.entries = arena().copy(entries);
        return makeAttr(a);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
        return parseNumberAttribute(hint);
    std::string_view id = peekIdentifier();
    if (id == "true" || id == "false") {
        identifier();
        a.kind = AttrKind::Bool;
        a.intValue = id == "true";
        return makeAttr(a);
    }
    if (id == "unit") {
        identifier();
        return makeUnit();
    }
    if (id == "inf" || id == "nan") {
        identifier();
        a.kind = AttrKind::Float;
        a.bits = floatToBits(id == "inf" ? INFINITY : NAN, "f64");
        const Type* ty = consume(':') ? parseType() : hint;
        return ty ? retypeScalar(makeAttr(a), ty) : makeAttr(a);
    }
    if (id == "loc") {
        const Location* l = parseTrailingLoc();
        a.kind = AttrKind::Location;
        a.text = arena().copyString(l ? l->canonical() : "unknown");
        return makeAttr(a);
    }
    if (id == "array") {
        identifier();
        return parseCudaTileAttr("array");
    }
    if (id == "dense") {
        identifier();
        return parseDense(nullptr);
    }
    if (id == "div_by" || id == "bounded" || id == "same_elements" || id == "optimization_hints" ||
        id == "rounding" || id == "signedness" || id == "overflow" ||
        id == "comparison_predicate" || id == "comparison_ordering" || id == "symbol_visibility") {
        identifier();
        return parseCudaTileAttr(id);
    }
    if (c == '!' || c == '(' || !id.empty()) {
        a.kind = AttrKind::TypeAttr;
        a.type = parseType();
        return makeAttr(a);
    }
    error("expected an attribute value");
    skipBalanced();
    a.kind = AttrKind::Opaque;
    return makeAttr(a);
}

// `array<i32: 1, 0>` (dense array); also read as `#cuda_tile.array<...>` (our MLIR-15 generic
// spelling).
const Attribute* Parser::parseDenseArray()
{
    Attribute a;
    {
        expect('<', "after 'array'");
        std::string_view elt = identifier();
        std::vector<int64_t> v;
        if (consume(':')) {
            do {
                int64_t x;
                if (consumeKeyword("true"))
                    x = 1;
                else if (consumeKeyword("false"))
                    x = 0;
                else if (!parseInteger(x)) {
                    error("expected an integer in array<...>");
                    break;
                }
                v.push_back(x);
            } while (consume(','));
        }
        expect('>', "to close array<...>");
        a.kind = AttrKind::Array;
        a.category = arena().copyString(elt);
        a.intList = arena().copy(v);
        return makeAttr(a);
    }
}

} // namespace tilelens::ir::detail
