#include "workspace/LaunchTokens.h"

#include <cctype>
#include <cstring>

namespace tilelens::ws::launch {
namespace {

bool isIdentStart(unsigned char c)
{
    return std::isalpha(c) || c == '_' || c >= 0x80; // UTF-8 letters pass as identifier bytes
}

bool isIdentChar(unsigned char c)
{
    return isIdentStart(c) || std::isdigit(c);
}

// The scanner state shared by both languages: position, line and column.
class Scanner
{
public:
    explicit Scanner(std::string_view text, TokenList& out)
        : m_text(text.substr(0, kMaxLaunchSourceBytes)), m_out(out)
    {
        if (text.size() > kMaxLaunchSourceBytes)
            out.errors.push_back({1, 1,
                                  "the file is larger than " +
                                      std::to_string(kMaxLaunchSourceBytes >> 20) +
                                      " MiB; only its start is read"});
    }

    bool atEnd() const { return m_pos >= m_text.size(); }
    unsigned char peek(size_t ahead = 0) const
    {
        return m_pos + ahead < m_text.size() ? static_cast<unsigned char>(m_text[m_pos + ahead])
                                             : 0;
    }
    void advance()
    {
        if (atEnd())
            return;
        if (m_text[m_pos] == '\n') {
            ++m_line;
            m_column = 1;
        } else {
            ++m_column;
        }
        ++m_pos;
    }
    size_t pos() const { return m_pos; }
    int line() const { return m_line; }
    int column() const { return m_column; }
    std::string_view slice(size_t from) const { return m_text.substr(from, m_pos - from); }

    // Room is kept for End: the list stays within the cap (a full vector doubled for it).
    bool full() const { return m_out.tokens.size() + 1 >= kMaxLaunchTokens; }
    // A token of the text was dropped at the cap: the reading loops stop.
    bool capped() const { return m_capped; }
    void emit(TokKind kind, std::string text, int line, int column)
    {
        if (!full()) {
            m_out.tokens.push_back({kind, std::move(text), line, column});
            return;
        }
        // Python's line structure carries no text of its own: dropped without a word. A token
        // of the text is said once, where it starts (blank lines and comments after the last
        // token that fits lose nothing).
        if (kind == TokKind::Newline || kind == TokKind::Indent || kind == TokKind::Dedent)
            return;
        if (!m_capped)
            m_out.errors.push_back({line, column, "too many tokens; the rest is not read"});
        m_capped = true;
    }
    void error(int line, int column, std::string message)
    {
        if (m_out.errors.size() < 200)
            m_out.errors.push_back({line, column, std::move(message)});
    }

    // An identifier or keyword.
    void name()
    {
        const int l = m_line, c = m_column;
        const size_t from = m_pos;
        while (!atEnd() && isIdentChar(peek()))
            advance();
        emit(TokKind::Name, std::string(slice(from)), l, c);
    }
    // Digits, letters (hex, exponents, type suffixes), '_' and one '.' followed by a digit.
    void number()
    {
        const int l = m_line, c = m_column;
        const size_t from = m_pos;
        bool dot = false;
        while (!atEnd()) {
            const unsigned char ch = peek();
            if (std::isalnum(ch) || ch == '_') {
                const bool hex = m_pos > from + 1 && m_text[from] == '0' &&
                                 (m_text[from + 1] == 'x' || m_text[from + 1] == 'X');
                const bool exponent =
                    !hex && (ch == 'e' || ch == 'E') && (peek(1) == '+' || peek(1) == '-');
                advance();
                if (exponent)
                    advance(); // the exponent's sign
            } else if (ch == '.' && !dot && std::isdigit(peek(1))) {
                dot = true;
                advance();
            } else if (ch == '.' && !dot && !isIdentStart(peek(1)) && peek(1) != '.') {
                dot = true; // "1." is a float in both languages
                advance();
            } else {
                break;
            }
        }
        emit(TokKind::Number, std::string(slice(from)), l, c);
    }
    // A quoted string from the opening quote; `raw` strings keep backslashes as text.
    void quoted(int l, int c, bool raw, bool allowNewline)
    {
        const unsigned char q = peek();
        const bool triple = peek(1) == q && peek(2) == q;
        const size_t quoteLen = triple ? 3 : 1;
        for (size_t i = 0; i < quoteLen; ++i)
            advance();
        const size_t from = m_pos;
        for (;;) {
            if (atEnd()) {
                error(l, c, "unterminated string");
                emit(TokKind::String, std::string(slice(from)), l, c);
                return;
            }
            const unsigned char ch = peek();
            if (ch == '\\' && !raw) {
                advance();
                advance();
                continue;
            }
            if (ch == '\n' && !triple && !allowNewline) {
                error(l, c, "unterminated string");
                emit(TokKind::String, std::string(slice(from)), l, c);
                return;
            }
            if (ch == q && (!triple || (peek(1) == q && peek(2) == q))) {
                const std::string body(slice(from));
                for (size_t i = 0; i < quoteLen; ++i)
                    advance();
                emit(TokKind::String, body, l, c);
                return;
            }
            advance();
        }
    }
    // The longest operator from `ops` at the current position, else one byte.
    void op(const std::vector<std::string_view>& ops)
    {
        const int l = m_line, c = m_column;
        for (std::string_view o : ops)
            if (m_text.substr(m_pos, o.size()) == o) {
                for (size_t i = 0; i < o.size(); ++i)
                    advance();
                emit(TokKind::Op, std::string(o), l, c);
                return;
            }
        const unsigned char ch = peek();
        advance();
        if (ch < 0x20 || ch == 0x7f) {
            error(l, c, "unexpected control byte");
            return;
        }
        emit(TokKind::Op, std::string(1, char(ch)), l, c);
    }

private:
    std::string_view m_text;
    TokenList& m_out;
    size_t m_pos = 0;
    int m_line = 1;
    int m_column = 1;
    bool m_capped = false;
};

const std::vector<std::string_view> kPythonOps = {
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "==", "!=", "<=", ">=", "->",
    ":=",  "+=",  "-=",  "*=",  "/=",  "%=", "&=", "|=", "^=", "<<", ">>", "@="};

const std::vector<std::string_view> kRustOps = {
    "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||",
    "+=",  "-=", "*=", "/=", "%=", "..", "|=", "&=", "^="};

bool isPythonStringPrefix(std::string_view p)
{
    if (p.size() > 2)
        return false;
    for (char ch : p)
        if (!std::strchr("rRbBuUfF", ch))
            return false;
    return true;
}

} // namespace

TokenList tokenizePython(std::string_view text)
{
    TokenList out;
    Scanner s(text, out);
    std::vector<int> indents{0};
    std::vector<std::pair<char, std::pair<int, int>>> brackets; // open bracket and its place
    bool lineStart = true;
    bool lineHasTokens = false;
    while (!s.atEnd() && !s.capped()) {
        if (lineStart && brackets.empty()) {
            // Measure the indentation of a new logical line.
            int width = 0;
            while (s.peek() == ' ' || s.peek() == '\t' || s.peek() == '\f') {
                width = s.peek() == '\t' ? (width / 8 + 1) * 8 : width + 1;
                s.advance();
            }
            const unsigned char ch = s.peek();
            if (ch == '\n' || ch == '\r' || ch == '#' || s.atEnd()) {
                while (!s.atEnd() && s.peek() != '\n')
                    s.advance();
                s.advance();
                continue; // blank or comment-only lines do not count
            }
            lineStart = false;
            if (width > indents.back()) {
                indents.push_back(width);
                s.emit(TokKind::Indent, {}, s.line(), s.column());
            } else {
                while (width < indents.back()) {
                    indents.pop_back();
                    s.emit(TokKind::Dedent, {}, s.line(), s.column());
                }
                if (width != indents.back()) {
                    s.error(s.line(), s.column(), "indentation matches no enclosing block");
                    indents.push_back(width);
                    s.emit(TokKind::Indent, {}, s.line(), s.column());
                }
            }
        }
        const unsigned char ch = s.peek();
        if (ch == '\n') {
            if (brackets.empty() && lineHasTokens) {
                s.emit(TokKind::Newline, {}, s.line(), s.column());
                lineHasTokens = false;
            }
            s.advance();
            lineStart = brackets.empty(); // inside brackets a new line continues the logical one
            continue;
        }
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f') {
            s.advance();
            continue;
        }
        if (ch == '#') {
            while (!s.atEnd() && s.peek() != '\n')
                s.advance();
            continue;
        }
        if (ch == '\\' && (s.peek(1) == '\n' || (s.peek(1) == '\r' && s.peek(2) == '\n'))) {
            s.advance();
            while (s.peek() != '\n')
                s.advance();
            s.advance(); // an explicit line join
            continue;
        }
        lineHasTokens = true;
        const int l = s.line(), c = s.column();
        if (ch == '"' || ch == '\'') {
            s.quoted(l, c, false, false);
            continue;
        }
        if (isIdentStart(ch)) {
            const size_t from = s.pos();
            size_t n = 0;
            while (isIdentChar(s.peek(n)))
                ++n;
            const std::string_view word = text.substr(from, n);
            if ((s.peek(n) == '"' || s.peek(n) == '\'') && isPythonStringPrefix(word)) {
                const bool raw = word.find_first_of("rR") != std::string_view::npos;
                for (size_t i = 0; i < n; ++i)
                    s.advance();
                s.quoted(l, c, raw, false);
                continue;
            }
            s.name();
            continue;
        }
        if (std::isdigit(ch) || (ch == '.' && std::isdigit(s.peek(1)))) {
            s.number();
            continue;
        }
        if (ch == '(' || ch == '[' || ch == '{') {
            if (brackets.size() < 256)
                brackets.push_back({char(ch), {l, c}});
            else
                s.error(l, c, "brackets nested too deeply");
        } else if (ch == ')' || ch == ']' || ch == '}') {
            const char open = ch == ')' ? '(' : ch == ']' ? '[' : '{';
            if (!brackets.empty() && brackets.back().first == open)
                brackets.pop_back();
            else
                s.error(l, c, std::string("unbalanced '") + char(ch) + "'");
        }
        s.op(kPythonOps);
    }
    for (const auto& [open, place] : brackets)
        s.error(place.first, place.second, std::string("'") + open + "' is never closed");
    if (lineHasTokens)
        s.emit(TokKind::Newline, {}, s.line(), s.column());
    for (size_t i = 1; i < indents.size(); ++i)
        s.emit(TokKind::Dedent, {}, s.line(), s.column());
    out.tokens.push_back({TokKind::End, {}, s.line(), s.column()});
    return out;
}

TokenList tokenizeRust(std::string_view text)
{
    TokenList out;
    Scanner s(text, out);
    while (!s.atEnd() && !s.capped()) {
        const unsigned char ch = s.peek();
        const int l = s.line(), c = s.column();
        if (std::isspace(ch)) {
            s.advance();
            continue;
        }
        if (ch == '/' && s.peek(1) == '/') {
            while (!s.atEnd() && s.peek() != '\n')
                s.advance();
            continue;
        }
        if (ch == '/' && s.peek(1) == '*') {
            int depth = 0;
            do {
                if (s.peek() == '/' && s.peek(1) == '*') {
                    ++depth;
                    s.advance();
                } else if (s.peek() == '*' && s.peek(1) == '/') {
                    --depth;
                    s.advance();
                }
                s.advance();
            } while (depth > 0 && !s.atEnd());
            if (depth > 0)
                s.error(l, c, "unterminated block comment");
            continue;
        }
        if (ch == '"') {
            s.quoted(l, c, false, true);
            continue;
        }
        if ((ch == 'r' || ch == 'b') &&
            (s.peek(1) == '"' || s.peek(1) == '#' || (ch == 'b' && s.peek(1) == 'r'))) {
            // r"..", r#".."#, b"..", br"..": raw strings end at the quote and as many '#'.
            size_t n = 1;
            if (ch == 'b' && s.peek(1) == 'r')
                n = 2;
            size_t hashes = 0;
            while (s.peek(n + hashes) == '#')
                ++hashes;
            if (s.peek(n + hashes) == '"') {
                const bool raw = ch == 'r' || n == 2;
                for (size_t i = 0; i < n + hashes; ++i)
                    s.advance();
                if (hashes == 0) {
                    s.quoted(l, c, raw, true);
                    continue;
                }
                s.advance(); // the opening quote
                const size_t from = s.pos();
                for (;;) {
                    if (s.atEnd()) {
                        s.error(l, c, "unterminated raw string");
                        break;
                    }
                    if (s.peek() == '"') {
                        size_t k = 0;
                        while (k < hashes && s.peek(1 + k) == '#')
                            ++k;
                        if (k == hashes)
                            break;
                    }
                    s.advance();
                }
                const std::string body(s.slice(from));
                for (size_t i = 0; i <= hashes && !s.atEnd(); ++i)
                    s.advance();
                s.emit(TokKind::String, body, l, c);
                continue;
            }
        }
        if (ch == '\'') {
            // A char literal ('x', '\n') or a lifetime ('a).
            if (s.peek(1) == '\\' || (s.peek(2) == '\'' && s.peek(1) != '\'')) {
                s.quoted(l, c, false, false);
                continue;
            }
            s.advance();
            const size_t from = s.pos();
            while (!s.atEnd() && isIdentChar(s.peek()))
                s.advance();
            s.emit(TokKind::Name, "'" + std::string(s.slice(from)), l, c);
            continue;
        }
        if (isIdentStart(ch)) {
            s.name();
            continue;
        }
        if (std::isdigit(ch)) {
            s.number();
            continue;
        }
        s.op(kRustOps);
    }
    out.tokens.push_back({TokKind::End, {}, s.line(), s.column()});
    return out;
}

} // namespace tilelens::ws::launch
