#include "eval/Expression.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace tilelens::eval {
namespace {

bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '[' ||
           c == ']';
}

// Recursive descent over sum := product (('+'|'-') product)*, product := unary (('*'|'/')
// unary)*, unary := '-' unary | atom, atom := '(' sum ')' | number | name | f '(' sum ','
// sum ')'. Without names it checks the syntax only and computes nothing.
class Parser
{
public:
    Parser(std::string_view text, const std::map<std::string, int64_t>* names)
        : m_t(text), m_names(names)
    {
    }

    bool parse(int64_t& value, ExpressionError& error)
    {
        if (sum(value) && (skip(), m_pos == m_t.size()))
            return true;
        if (m_error.message.empty())
            fail(m_pos, "unexpected '" + std::string(1, m_t[m_pos]) + "'");
        error = m_error;
        return false;
    }

private:
    // Keeps the first error (the innermost place that failed); always false.
    bool fail(size_t at, std::string message)
    {
        if (m_error.message.empty())
            m_error = {at + 1, std::move(message)};
        return false;
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
    bool enter(size_t at)
    {
        if (++m_depth <= kMaxExpressionDepth)
            return true;
        return fail(at, "nested more than " + std::to_string(kMaxExpressionDepth) +
                            " levels deep (parentheses, minus signs, calls)");
    }
    bool leave()
    {
        --m_depth;
        return true;
    }

    // a OP b with every overflow and division by zero reported at the operator.
    bool apply(char op, int64_t& a, int64_t b, size_t at)
    {
        if (!m_names)
            return true;
        int64_t r = 0;
        bool overflow = false;
        switch (op) {
        case '+':
            overflow = __builtin_add_overflow(a, b, &r);
            break;
        case '-':
            overflow = __builtin_sub_overflow(a, b, &r);
            break;
        case '*':
            overflow = __builtin_mul_overflow(a, b, &r);
            break;
        default: // '/', truncating
            if (b == 0)
                return fail(at, "division by zero");
            overflow = a == std::numeric_limits<int64_t>::min() && b == -1;
            r = overflow ? 0 : a / b;
        }
        if (overflow)
            return fail(at, std::to_string(a) + " " + op + " " + std::to_string(b) +
                                " overflows 64-bit integers");
        a = r;
        return true;
    }

    bool sum(int64_t& v)
    {
        if (!product(v))
            return false;
        for (;;) {
            skip();
            const size_t at = m_pos;
            const char op = eat('+') ? '+' : eat('-') ? '-' : 0;
            if (!op)
                return true;
            int64_t r = 0;
            if (!product(r) || !apply(op, v, r, at))
                return false;
        }
    }
    bool product(int64_t& v)
    {
        if (!unary(v))
            return false;
        for (;;) {
            skip();
            const size_t at = m_pos;
            const char op = eat('*') ? '*' : eat('/') ? '/' : 0;
            if (!op)
                return true;
            int64_t r = 0;
            if (!unary(r) || !apply(op, v, r, at))
                return false;
        }
    }
    bool unary(int64_t& v)
    {
        skip();
        const size_t at = m_pos;
        if (!eat('-'))
            return atom(v);
        if (!enter(at) || !unary(v) || !leave())
            return false;
        if (m_names && v == std::numeric_limits<int64_t>::min())
            return fail(at, "-(" + std::to_string(v) + ") overflows 64-bit integers");
        v = m_names ? -v : 0;
        return true;
    }
    bool atom(int64_t& v)
    {
        skip();
        const size_t start = m_pos;
        if (eat('(')) {
            if (!enter(start) || !sum(v))
                return false;
            if (!eat(')'))
                return fail(m_pos,
                            "expected ')' to close the '(' at column " + std::to_string(start + 1));
            return leave();
        }
        if (m_pos < m_t.size() && std::isdigit(static_cast<unsigned char>(m_t[m_pos])))
            return literal(v);
        while (m_pos < m_t.size() && isNameChar(m_t[m_pos]))
            ++m_pos;
        const std::string name(m_t.substr(start, m_pos - start));
        if (name.empty())
            return fail(start, m_pos < m_t.size() ? "expected a number or a name"
                                                  : "expected a number or a name, found the end");
        if (name == "cdiv" || name == "min" || name == "max")
            return call(name, start, v);
        if (!m_names) {
            v = 0;
            return true;
        }
        const auto it = m_names->find(name);
        if (it == m_names->end())
            return fail(start, "unknown name '" + name + "'");
        v = it->second;
        return true;
    }
    bool literal(int64_t& v)
    {
        const size_t start = m_pos;
        v = 0;
        for (; m_pos < m_t.size() && std::isdigit(static_cast<unsigned char>(m_t[m_pos])); ++m_pos)
            if (__builtin_mul_overflow(v, int64_t(10), &v) ||
                __builtin_add_overflow(v, int64_t(m_t[m_pos] - '0'), &v)) {
                while (m_pos < m_t.size() && std::isdigit(static_cast<unsigned char>(m_t[m_pos])))
                    ++m_pos;
                return fail(
                    start, "the number " +
                               std::string(m_t.substr(start, std::min<size_t>(m_pos - start, 40))) +
                               (m_pos - start > 40 ? "..." : "") +
                               " does not fit in 64-bit integers");
            }
        return true;
    }
    // cdiv(a, b) = (a + b - 1) / b, min, max.
    bool call(const std::string& name, size_t start, int64_t& v)
    {
        const std::string usage = "expected " + name + "(x, y)";
        if (!eat('('))
            return fail(m_pos, usage);
        if (!enter(start))
            return false;
        int64_t a = 0, b = 0;
        if (!sum(a))
            return false;
        if (!eat(','))
            return fail(m_pos, usage);
        if (!sum(b))
            return false;
        if (!eat(')'))
            return fail(m_pos, usage);
        leave();
        if (!m_names) {
            v = 0;
            return true;
        }
        if (name == "min" || name == "max") {
            v = name == "min" ? std::min(a, b) : std::max(a, b);
            return true;
        }
        if (b == 0)
            return fail(start, "cdiv by zero");
        if (a >= 0 && b > 0) { // (a + b - 1) / b without its overflow near INT64_MAX
            v = a / b + (a % b != 0 ? 1 : 0);
            return true;
        }
        v = a;
        return apply('+', v, b, start) && apply('-', v, 1, start) && apply('/', v, b, start);
    }

    std::string_view m_t;
    const std::map<std::string, int64_t>* m_names; // null: syntax only
    size_t m_pos = 0;
    int m_depth = 0;
    ExpressionError m_error;
};

// Control bytes of a hostile binding are not echoed to a terminal.
std::string printable(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return out;
}

} // namespace

bool evaluateExpression(std::string_view text, const std::map<std::string, int64_t>& names,
                        int64_t& value, ExpressionError& error)
{
    return Parser(text, &names).parse(value, error);
}

bool checkExpressionSyntax(std::string_view text, ExpressionError& error)
{
    int64_t ignored = 0;
    return Parser(text, nullptr).parse(ignored, error);
}

std::string formatExpressionError(std::string_view text, const ExpressionError& error)
{
    constexpr size_t kShown = 80;
    std::string shown;
    if (text.size() <= kShown) {
        shown = "'" + printable(text) + "'";
    } else {
        const size_t at = error.column > 0 ? error.column - 1 : 0;
        const size_t from = at > kShown / 2 ? std::min(at - kShown / 2, text.size() - kShown) : 0;
        shown = "of " + std::to_string(text.size()) + " characters ('" + (from > 0 ? "..." : "") +
                printable(text.substr(from, kShown)) + (from + kShown < text.size() ? "..." : "") +
                "')";
    }
    return "expression " + shown + " at column " + std::to_string(error.column) + ": " +
           error.message;
}

bool evalExpression(const std::string& text, const std::map<std::string, int64_t>& names,
                    int64_t& value, std::string& error)
{
    ExpressionError e;
    if (evaluateExpression(text, names, value, e))
        return true;
    error = formatExpressionError(text, e);
    return false;
}

} // namespace tilelens::eval
