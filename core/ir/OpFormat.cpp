// Compiles the format column of the op table (ir/OpFormat.h) once per process.
#include "ir/OpFormat.h"

#include "ir/Op.h"
#include "ir/OpInfo.h"
#include "ir/Value.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace tilelens::ir {

namespace {

using S = AttrStyle;

// The dialect's attributes by name, as the custom form spells them (tile-ir.md §3).
const AttrDecl kDialectAttributes[] = {
    {"comparison_predicate", S::Keyword, "comparison_predicate", false, false, true},
    {"comparison_ordering", S::Keyword, "comparison_ordering", false, false, true},
    {"memory_ordering_semantics", S::Keyword, "memory_ordering", false, false, true},
    {"memory_scope", S::Keyword, "memory_scope", false, false, true},
    {"mode", S::Keyword, "atomic_mode", false, false, true},
    {"signedness", S::Keyword, "signedness", false, false, true},
    {"signedness_lhs", S::Keyword, "signedness"},
    {"signedness_rhs", S::Keyword, "signedness"},
    {"rounding_mode", S::Rounding, "rounding", false, false, true},
    {"overflow", S::Overflow, "overflow", false, false, true},
    {"flush_to_zero", S::Unit, ""},
    {"propagate_nan", S::Unit, ""},
    {"fast_acc", S::Unit, ""},
    {"global", S::Unit, ""},
    {"constant", S::Unit, ""},
    {"unsignedCmp", S::Unit, ""},
    {"dim", S::Integer, "", false, true},
    {"num_elem", S::Integer, "", false, true},
    {"alignment", S::Integer, "", false, true},
    {"identities", S::Value, "", false, true},
    {"reverse", S::Value, "", false, true},
    {"permutation", S::IntList, "", false, true},
    {"optimization_hints", S::Hints, "", false, true},
    {"predicate", S::Value, "", false, false, true},
    {"str", S::String, "", false, false, true},
    {"message", S::String, "", false, false, true},
    {"name", S::Symbol, "", false, false, true},
    {"value", S::Value, ""},
};

const std::unordered_map<std::string_view, std::vector<const char*>>& enumTable()
{
    static const std::unordered_map<std::string_view, std::vector<const char*>> t = {
        {"rounding",
         {"nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full",
          "nearest_int_to_zero"}},
        {"signedness", {"unsigned", "signed"}},
        {"overflow", {"none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"}},
        {"comparison_predicate",
         {"equal", "not_equal", "less_than", "less_than_or_equal", "greater_than",
          "greater_than_or_equal"}},
        {"comparison_ordering", {"unordered", "ordered"}},
        {"memory_ordering", {"weak", "relaxed", "acquire", "release", "acq_rel"}},
        {"memory_scope", {"tl_blk", "device", "sys"}},
        {"atomic_mode", {"and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"}},
    };
    return t;
}

[[noreturn]] void bad(const OpInfo& row, const std::string& what)
{
    // The table is code: a malformed row is a programming error, caught by OpFormatTest.
    throw std::logic_error("op table row '" + std::string(row.mnemonic) + "': " + what);
}

std::vector<std::string_view> words(std::string_view s)
{
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ')
            ++i;
        size_t j = i;
        while (j < s.size() && s[j] != ' ')
            ++j;
        if (j > i)
            out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

// Attributes of the bytecode layout ("flush_to_zero:unit?0", "dim:i32", ...), spelled as the
// dialect spells them, with the layout's integer width.
void declareLayoutAttributes(const OpInfo& row, OpFormat& f)
{
    for (std::string_view w : words(row.bytecode)) {
        const size_t colon = w.find(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view name = w.substr(0, colon);
        const std::string_view kind =
            w.substr(colon + 1, w.find_first_of("?>=", colon) - colon - 1);
        AttrDecl d;
        if (const AttrDecl* known = dialectAttribute(name))
            d = *known;
        d.name = name;
        d.i32 = kind == "i32";
        f.attributes.push_back(d);
    }
}

void declareOperands(const OpInfo& row, OpFormat& f)
{
    for (std::string_view w : words(row.operands)) {
        OperandGroup g;
        g.arity = w.back() == '*' || w.back() == '?' ? w.back() : '1';
        g.name = g.arity == '1' ? w : w.substr(0, w.size() - 1);
        g.token = g.name == "token";
        f.hasTokenOperand = f.hasTokenOperand || g.token;
        f.operands.push_back(g);
    }
    const std::vector<std::string_view> results = words(row.results);
    f.tokenResultOnly = results.size() == 1 && results[0] == "token";
    for (std::string_view r : results)
        if (const size_t colon = r.find(':'); colon != std::string_view::npos)
            for (size_t i = 0; i < f.operands.size(); ++i)
                if (f.operands[i].name == r.substr(colon + 1))
                    f.resultTypeOperand = int(i);
}

int operandGroup(const OpFormat& f, std::string_view name)
{
    for (size_t i = 0; i < f.operands.size(); ++i)
        if (f.operands[i].name == name)
            return int(i);
    return -1;
}

// The index of attribute `name` in f.attributes (declared from the dialect's spelling when
// the layout lacks it).
uint8_t attributeIndex(const OpInfo& row, OpFormat& f, std::string_view name)
{
    for (size_t i = 0; i < f.attributes.size(); ++i)
        if (f.attributes[i].name == name)
            return uint8_t(i);
    const AttrDecl* known = dialectAttribute(name);
    if (!known)
        bad(row, "'$" + std::string(name) + "' is neither an operand group nor an attribute");
    f.attributes.push_back(*known);
    return uint8_t(f.attributes.size() - 1);
}

class Compiler
{
public:
    Compiler(const OpInfo& row, OpFormat& f) : m_row(row), m_f(f), m_text(row.format) {}

    void run()
    {
        if (directive())
            return;
        std::vector<size_t> open; // optional groups being read
        while (skipSpaces()) {
            if (take("(")) {
                open.push_back(m_f.elements.size());
                m_f.elements.push_back(FormatElement(FormatItem::Optional));
            } else if (take(")?")) {
                if (open.empty())
                    bad(m_row, "')?' without '('");
                m_f.elements[open.back()].end = uint8_t(m_f.elements.size());
                open.pop_back();
            } else if (take("attr-dict")) {
                m_f.elements.push_back(FormatElement(FormatItem::AttrDict));
            } else if (take("`:`")) {
                types();
            } else if (take("$body")) {
                m_f.region = true;
                m_f.elements.push_back(FormatElement(FormatItem::Region));
            } else if (m_text[m_pos] == '`') {
                m_f.elements.push_back(FormatElement(FormatItem::Literal, quoted()));
            } else if (m_text[m_pos] == '$' || m_text.compare(m_pos, 7, "custom<") == 0) {
                reference(open.empty() ? size_t(-1) : open.back());
            } else {
                bad(m_row, "unexpected '" + std::string(m_text.substr(m_pos)) + "'");
            }
        }
        if (!open.empty())
            bad(m_row, "an optional group is not closed");
    }

private:
    const OpInfo& m_row;
    OpFormat& m_f;
    std::string_view m_text;
    size_t m_pos = 0;

    bool skipSpaces()
    {
        while (m_pos < m_text.size() && m_text[m_pos] == ' ')
            ++m_pos;
        return m_pos < m_text.size();
    }
    bool take(std::string_view s)
    {
        if (m_text.compare(m_pos, s.size(), s) != 0)
            return false;
        m_pos += s.size();
        return true;
    }
    std::string_view quoted()
    {
        const size_t close = m_text.find('`', m_pos + 1);
        if (close == std::string_view::npos)
            bad(m_row, "unclosed literal");
        const std::string_view lit = m_text.substr(m_pos + 1, close - m_pos - 1);
        m_pos = close + 1;
        return lit;
    }
    std::string_view identifier()
    {
        const size_t begin = m_pos;
        while (m_pos < m_text.size() &&
               (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
            ++m_pos;
        return m_text.substr(begin, m_pos - begin);
    }

    bool directive()
    {
        static const std::pair<std::string_view, Directive> kDirectives[] = {
            {"custom<DenseConstant>($value)", Directive::DenseConstant},
            {"custom<GlobalOp>", Directive::GlobalOp},
            {"custom<ForOp>", Directive::ForOp},
            {"custom<IfOp>", Directive::IfOp},
            {"custom<LoopOp>", Directive::LoopOp},
            {"custom<MakeTensorView>", Directive::MakeTensorView},
        };
        for (const auto& [spelling, d] : kDirectives)
            if (m_text == spelling)
                m_f.directive = d;
        return m_f.directive != Directive::None;
    }

    // `$name`, `$name^`, custom<IEEERoundingMode>($x), custom<IntegerOverflow>($x).
    void reference(size_t group)
    {
        AttrStyle forced = AttrStyle::Value;
        bool hasForced = false;
        if (take("custom<")) {
            const std::string_view d = identifier();
            forced = d == "IEEERoundingMode" ? AttrStyle::Rounding : AttrStyle::Overflow;
            if ((d != "IEEERoundingMode" && d != "IntegerOverflow") || !take(">("))
                bad(m_row, "unknown directive custom<" + std::string(d) + ">");
            hasForced = true;
        }
        if (!take("$"))
            bad(m_row, "expected '$'");
        const std::string_view name = identifier();
        if (hasForced && !take(")"))
            bad(m_row, "expected ')'");
        FormatElement e;
        e.text = name;
        if (const int g = operandGroup(m_f, name); g >= 0) {
            e.item = FormatItem::Operands;
            e.index = uint8_t(g);
            const bool afterBracket = !m_f.elements.empty() &&
                                      m_f.elements.back().item == FormatItem::Literal &&
                                      m_f.elements.back().text == "[";
            m_f.operands[size_t(g)].bracketed = afterBracket;
        } else {
            e.item = FormatItem::Attribute;
            e.index = attributeIndex(m_row, m_f, name);
            if (hasForced)
                m_f.attributes[e.index].style = forced;
        }
        if (take("^")) {
            if (group == size_t(-1))
                bad(m_row, "'^' outside an optional group");
            m_f.elements[group].anchor = uint8_t(m_f.elements.size());
        }
        m_f.elements.push_back(e);
    }

    uint8_t group()
    {
        if (!take("$"))
            bad(m_row, "expected '$'");
        const int g = operandGroup(m_f, identifier());
        if (g < 0)
            bad(m_row, "a type directive names no operand group");
        return uint8_t(g);
    }

    // After `:`: custom<Signature>, custom<ShapeSignature>, type($result), or
    // type($a) `,` type($b) ... for operand groups.
    void types()
    {
        skipSpaces();
        if (take("custom<Signature>")) {
            m_f.types = TypeList::Signature;
            if (take("("))
                do {
                    skipSpaces();
                    m_f.typeOperands.push_back(group());
                } while (take(","));
            if (!m_f.typeOperands.empty() && !take(")"))
                bad(m_row, "expected ')' after custom<Signature>(...");
        } else if (take("custom<ShapeSignature>")) {
            m_f.types = TypeList::ShapeSignature;
        } else if (take("type($result)")) {
            m_f.types = TypeList::ResultTypes;
        } else {
            m_f.types = TypeList::OperandTypes;
            do {
                skipSpaces();
                if (!take("type("))
                    bad(m_row, "expected a type directive after ':'");
                m_f.typeOperands.push_back(group());
                if (!take(")"))
                    bad(m_row, "expected ')' after type(...");
                skipSpaces();
            } while (take("`,`"));
        }
        m_f.elements.push_back(FormatElement(FormatItem::Types));
    }
};

// The facts the text parser reads (OpFormat's last fields), from the declarations.
void declareParseFacts(OpFormat& f)
{
    size_t signedness = 0;
    for (const AttrDecl& d : f.attributes) {
        if (d.style == AttrStyle::Keyword && d.category == "signedness" && signedness < 2)
            f.signedness[signedness++] = d.name;
        f.atomicMode = f.atomicMode || d.category == "atomic_mode";
        if (d.style == AttrStyle::String)
            f.stringAttribute = d.name;
    }
    if (signedness == 1) // one signedness attribute takes every bare signed/unsigned
        f.signedness[1] = f.signedness[0];
    f.resultTypeWritten =
        f.types == TypeList::ResultTypes || f.directive == Directive::MakeTensorView;
}

OpFormat compile(const OpInfo& row)
{
    OpFormat f;
    f.id = row.id;
    declareOperands(row, f);
    declareLayoutAttributes(row, f);
    Compiler(row, f).run();
    declareParseFacts(f);
    return f;
}

} // namespace

const AttrDecl* OpFormat::placed(std::string_view name) const
{
    for (const FormatElement& e : elements)
        if (e.item == FormatItem::Attribute && e.text == name)
            return &attributes[e.index];
    return nullptr;
}

const AttrDecl* OpFormat::declared(std::string_view name) const
{
    for (const AttrDecl& d : attributes)
        if (d.name == name)
            return &d;
    return nullptr;
}

bool OpFormat::segment(const Op& op, std::vector<OperandSegment>& segments) const
{
    const size_t n = op.operands.size();
    const bool tokenPresent =
        hasTokenOperand && n > 0 && op.operands[n - 1]->type->kind == TypeKind::Token;
    const size_t plain = n - (tokenPresent ? 1 : 0);
    size_t fixed = 0, optional = 0;
    for (const OperandGroup& g : operands)
        if (!g.token && g.arity != '*')
            ++(g.arity == '1' ? fixed : optional);
    size_t optionalLeft = plain > fixed ? std::min(plain - fixed, optional) : 0;
    const size_t variadic = plain > fixed + optionalLeft ? plain - fixed - optionalLeft : 0;
    segments.assign(operands.size(), OperandSegment{});
    uint32_t at = 0;
    int last = -1;
    for (size_t i = 0; i < operands.size(); ++i) {
        const OperandGroup& g = operands[i];
        if (g.token) {
            if (tokenPresent)
                segments[i] = {uint32_t(plain), uint32_t(n)};
            continue;
        }
        size_t take = variadic;
        if (g.arity == '1')
            take = at < plain ? 1 : 0;
        else if (g.arity == '?')
            take = optionalLeft > 0 && at < plain ? 1 : 0;
        optionalLeft -= g.arity == '?' ? take : 0;
        segments[i] = {at, uint32_t(at + take)};
        at += uint32_t(take);
        last = int(i);
    }
    if (at < plain && last >= 0) // more operands than the groups hold: the last group shows them
        segments[size_t(last)].end = uint32_t(plain);
    return at == plain || last >= 0;
}

const OpFormat* opFormats()
{
    static const std::array<OpFormat, kOpIdCount> formats = [] {
        std::array<OpFormat, kOpIdCount> all;
        for (size_t i = 1; i < kOpIdCount; ++i)
            all[i] = compile(opInfo(OpId(i)));
        return all;
    }();
    return formats.data();
}

const OpFormat& opFormat(OpId id)
{
    return opFormats()[size_t(id) < kOpIdCount ? size_t(id) : 0];
}

const AttrDecl* dialectAttribute(std::string_view name)
{
    for (const AttrDecl& d : kDialectAttributes)
        if (d.name == name)
            return &d;
    return nullptr;
}

const BareKeyword* bareKeyword(std::string_view keyword)
{
    // By first letter: the parser asks for every bare word, and a bucket of one to four
    // keywords compares faster than a hash (BM_ParseReplicated).
    using Bucket = std::vector<std::pair<std::string_view, BareKeyword>>;
    static const std::array<Bucket, 128> table = [] {
        std::array<Bucket, 128> t;
        const auto add = [&t](std::string_view k, BareKeyword meaning) {
            t[size_t(k[0]) & 127].emplace_back(k, meaning);
        };
        // The enum keywords of the dialect's keyword attributes (one attribute per category).
        for (const AttrDecl& d : kDialectAttributes) {
            if (d.style != AttrStyle::Keyword || !d.once)
                continue;
            const KeywordClass cls = d.category == "signedness"    ? KeywordClass::Signedness
                                     : d.category == "atomic_mode" ? KeywordClass::AtomicMode
                                                                   : KeywordClass::Enum;
            for (const char* k : *enumKeywords(d.category))
                add(k, BareKeyword{cls, d.name, d.category});
        }
        // Unit flags written bare ("new_flag" as the hand-written parser accepted it).
        for (std::string_view k :
             {"flush_to_zero", "propagate_nan", "fast_acc", "global", "constant", "new_flag"})
            add(k, BareKeyword{KeywordClass::UnitFlag, k, {}});
        return t;
    }();
    if (keyword.empty())
        return nullptr;
    for (const auto& [k, meaning] : table[size_t(keyword[0]) & 127])
        if (k == keyword)
            return &meaning;
    return nullptr;
}

const std::vector<const char*>* enumKeywords(std::string_view category)
{
    const auto it = enumTable().find(category);
    return it == enumTable().end() ? nullptr : &it->second;
}

std::string_view keywordCategory(std::string_view keyword,
                                 std::initializer_list<std::string_view> categories)
{
    for (std::string_view c : categories)
        if (const std::vector<const char*>* kws = enumKeywords(c))
            for (const char* k : *kws)
                if (keyword == k)
                    return c;
    return {};
}

} // namespace tilelens::ir
