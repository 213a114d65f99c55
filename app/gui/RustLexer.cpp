#include "RustLexer.h"

#include <algorithm>
#include <array>

namespace tilelens::gui {
namespace {

using Sv = std::string_view;

// Line state: low 4 bits the construct open at the end of the line, the
// rest its depth (block comments nest) or the '#' count of a raw string.
enum OpenConstruct
{
    None = 0,
    BlockComment = 1,
    DocBlockComment = 2,
    PlainString = 3,
    RawString = 4
};

int makeState(OpenConstruct c, int extra)
{
    return static_cast<int>(c) | (extra << 4);
}
OpenConstruct constructOf(int state)
{
    return static_cast<OpenConstruct>(state & 0xf);
}
int extraOf(int state)
{
    return state >> 4;
}

// Sorted for binary search.
constexpr std::array<Sv, 38> kKeywords = {
    "as",     "async", "await", "break", "const",  "continue", "crate", "dyn",    "else",   "enum",
    "extern", "false", "fn",    "for",   "if",     "impl",     "in",    "let",    "loop",   "match",
    "mod",    "move",  "mut",   "pub",   "ref",    "return",   "self",  "static", "struct", "super",
    "trait",  "true",  "type",  "union", "unsafe", "use",      "where", "while"};

constexpr std::array<Sv, 19> kPrimitiveTypes = {
    "Self", "bool",  "char", "f16",  "f32", "f64", "i128", "i16", "i32",  "i64",
    "i8",   "isize", "str",  "u128", "u16", "u32", "u64",  "u8",  "usize"};

// Scans a block comment body from \a i with nesting \a depth; returns the end
// and updates depth (0 when closed on this line).
size_t scanBlockComment(Sv s, size_t i, int& depth)
{
    while (i < s.size()) {
        if (s[i] == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            ++depth;
            i += 2;
        } else if (s[i] == '*' && i + 1 < s.size() && s[i + 1] == '/') {
            i += 2;
            if (--depth == 0)
                return i;
        } else {
            ++i;
        }
    }
    return i;
}

// Scans a string body from \a i; sets closed when the quote was found.
size_t scanStringBody(Sv s, size_t i, bool& closed)
{
    while (i < s.size()) {
        if (s[i] == '\\') {
            i += 2;
            continue;
        }
        if (s[i] == '"') {
            closed = true;
            return i + 1;
        }
        ++i;
    }
    closed = false;
    return s.size();
}

size_t scanRawStringBody(Sv s, size_t i, int hashes, bool& closed)
{
    while (i < s.size()) {
        if (s[i] == '"') {
            size_t k = i + 1;
            int n = 0;
            while (n < hashes && k < s.size() && s[k] == '#') {
                ++n;
                ++k;
            }
            if (n == hashes) {
                closed = true;
                return k;
            }
        }
        ++i;
    }
    closed = false;
    return s.size();
}

// Indexed by RustLexer::Style.
constexpr LexerStyle kStyles[] = {
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Default"), TokenCategory::Plain},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Comment"), TokenCategory::Comment},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Documentation comment"),
     TokenCategory::DocComment},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Keyword"), TokenCategory::Keyword},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Type"), TokenCategory::Type},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Number"), TokenCategory::Number},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "String"), TokenCategory::String},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Character"), TokenCategory::String},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Lifetime"), TokenCategory::Lifetime},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Attribute"), TokenCategory::Attribute},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Macro"), TokenCategory::Macro},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Function name"), TokenCategory::Function},
    {QT_TRANSLATE_NOOP("tilelens::gui::RustLexer", "Punctuation"), TokenCategory::Punctuation},
};
static_assert(std::size(kStyles) == RustLexer::StyleCount);

// Styles one line, token by token; the state it returns is what the line leaves open.
class LineStyler
{
public:
    using Style = RustLexer::Style;

    LineStyler(Sv s, char* styles) : m_s(s), m_styles(styles) {}

    int run(int stateIn)
    {
        if (resume(stateIn) == Read::LineOpen)
            return m_state;
        while (m_i < m_s.size())
            if (token() == Read::LineOpen)
                return m_state;
        return 0;
    }

private:
    enum class Read
    {
        No,       // not this kind of token
        Token,    // one token read
        LineOpen, // the rest of the line is read; m_state is the line's end state
    };

    char at(size_t k) const { return k < m_s.size() ? m_s[k] : '\0'; }

    void paintTo(size_t end, Style style)
    {
        std::fill(m_styles + m_i, m_styles + end, static_cast<char>(style));
        m_i = end;
    }

    Read openUntilNextLine(int state)
    {
        m_state = state;
        return Read::LineOpen;
    }

    // Continues what the previous line left open.
    Read resume(int stateIn)
    {
        bool closed = false;
        switch (constructOf(stateIn)) {
        case BlockComment:
        case DocBlockComment: {
            int depth = std::max(1, extraOf(stateIn));
            paintTo(scanBlockComment(m_s, 0, depth), constructOf(stateIn) == DocBlockComment
                                                         ? RustLexer::DocComment
                                                         : RustLexer::Comment);
            return depth > 0 ? openUntilNextLine(makeState(constructOf(stateIn), depth))
                             : Read::Token;
        }
        case PlainString:
            paintTo(scanStringBody(m_s, 0, closed), RustLexer::String);
            return closed ? Read::Token : openUntilNextLine(stateIn);
        case RawString:
            paintTo(scanRawStringBody(m_s, 0, extraOf(stateIn), closed), RustLexer::String);
            return closed ? Read::Token : openUntilNextLine(stateIn);
        case None:
            break;
        }
        return Read::No;
    }

    Read token()
    {
        const char c = m_s[m_i];
        const char next = at(m_i + 1);
        if (isBlank(c)) {
            paintTo(skipBlanks(m_s, m_i + 1), RustLexer::Default);
            return Read::Token;
        }
        if (c == '/' && (next == '/' || next == '*'))
            return comment(next == '*');
        if (c == '#' && (next == '[' || (next == '!' && at(m_i + 2) == '[')))
            return attribute();
        for (Read (LineStyler::*lex)(char, char) :
             {&LineStyler::rawString, &LineStyler::string, &LineStyler::charOrLifetime,
              &LineStyler::number, &LineStyler::word})
            if (const Read r = (this->*lex)(c, next); r != Read::No)
                return r;
        paintTo(m_i + 1, RustLexer::Punctuation);
        return Read::Token;
    }

    // `//` to the end of the line, `/* */` (nested) possibly past it; `///`, `//!`, `/**`,
    // `/*!` are documentation.
    Read comment(bool block)
    {
        const size_t i = m_i;
        const char third = at(i + 2);
        if (!block) {
            const bool doc =
                m_s.size() > i + 2 &&
                (third == '!' || (third == '/' && (m_s.size() == i + 3 || m_s[i + 3] != '/')));
            paintTo(m_s.size(), doc ? RustLexer::DocComment : RustLexer::Comment);
            return openUntilNextLine(0);
        }
        const bool doc =
            m_s.size() > i + 2 &&
            (third == '!' || (third == '*' && (m_s.size() == i + 3 || m_s[i + 3] != '/')));
        int depth = 1;
        paintTo(scanBlockComment(m_s, i + 2, depth),
                doc ? RustLexer::DocComment : RustLexer::Comment);
        return depth > 0 ? openUntilNextLine(makeState(doc ? DocBlockComment : BlockComment, depth))
                         : Read::Token;
    }

    // #[attr(...)] / #![attr]: up to the matching ']', strings skipped.
    Read attribute()
    {
        int depth = 0;
        size_t j = m_i;
        while (j < m_s.size()) {
            if (m_s[j] == '"') {
                bool closed = false;
                j = scanStringBody(m_s, j + 1, closed);
                continue;
            }
            if (m_s[j] == '[')
                ++depth;
            else if (m_s[j] == ']' && --depth == 0) {
                ++j;
                break;
            }
            ++j;
        }
        paintTo(j, RustLexer::Attribute);
        return Read::Token;
    }

    // Raw strings r"..", r#".."#, br"..".
    Read rawString(char c, char next)
    {
        size_t q = m_i;
        if (c == 'b' && (next == 'r' || next == '"' || next == '\''))
            ++q;
        if (at(q) != 'r' || (at(q + 1) != '"' && at(q + 1) != '#'))
            return Read::No;
        size_t k = q + 1;
        int hashes = 0;
        while (k < m_s.size() && m_s[k] == '#') {
            ++hashes;
            ++k;
        }
        if (at(k) != '"')
            return Read::No;
        bool closed = false;
        paintTo(scanRawStringBody(m_s, k + 1, hashes, closed), RustLexer::String);
        return closed ? Read::Token : openUntilNextLine(makeState(RawString, hashes));
    }

    // Strings ".." and byte strings b"..".
    Read string(char c, char next)
    {
        if (c != '"' && !(c == 'b' && next == '"'))
            return Read::No;
        bool closed = false;
        paintTo(scanStringBody(m_s, c == '"' ? m_i + 1 : m_i + 2, closed), RustLexer::String);
        return closed ? Read::Token : openUntilNextLine(makeState(PlainString, 0));
    }

    // 'x', '\\n', '\\u{1F600}' and b'x' are chars; 'a (no closing quote) is a lifetime.
    Read charOrLifetime(char c, char next)
    {
        if (c != '\'' && !(c == 'b' && next == '\''))
            return Read::No;
        const size_t body = c == '\'' ? m_i + 1 : m_i + 2;
        size_t k = body;
        if (k < m_s.size() && m_s[k] == '\\') {
            k += 2;
            while (k < m_s.size() && m_s[k] != '\'' && k - body < 12)
                ++k;
        } else if (k < m_s.size()) {
            ++k;
            while (k < m_s.size() && (static_cast<unsigned char>(m_s[k]) & 0xC0) == 0x80)
                ++k; // rest of a UTF-8 sequence
        }
        if (k < m_s.size() && m_s[k] == '\'') {
            paintTo(k + 1, RustLexer::Character);
            return Read::Token;
        }
        if (c == '\'' && body < m_s.size() && isIdentStart(m_s[body])) {
            size_t j = body;
            while (j < m_s.size() && isIdentChar(m_s[j]))
                ++j;
            paintTo(j, RustLexer::Lifetime);
            return Read::Token;
        }
        paintTo(m_i + 1, RustLexer::Punctuation);
        return Read::Token;
    }

    // Digits, suffixes and separators, a fraction, an exponent's sign (not in hex).
    Read number(char c, char)
    {
        if (!isAsciiDigit(c))
            return Read::No;
        const size_t i = m_i;
        size_t j = i + 1;
        while (j < m_s.size() &&
               (isIdentChar(m_s[j]) ||
                (m_s[j] == '.' && j + 1 < m_s.size() && isAsciiDigit(m_s[j + 1])) ||
                ((m_s[j] == '+' || m_s[j] == '-') && (m_s[j - 1] == 'e' || m_s[j - 1] == 'E') &&
                 !(m_s[i] == '0' && i + 1 < m_s.size() && m_s[i + 1] == 'x'))))
            ++j;
        paintTo(j, RustLexer::Number);
        return Read::Token;
    }

    // Identifiers (and raw identifiers r#type): a macro call, a keyword, the name a `fn`,
    // `struct`, `enum`, `trait` or `mod` defines, a type, or plain.
    Read word(char c, char next)
    {
        if (!isIdentStart(c) && c != 'r')
            return Read::No;
        const size_t i = m_i;
        size_t j = i + 1;
        if (c == 'r' && next == '#' && i + 2 < m_s.size() && isIdentStart(m_s[i + 2]))
            j = i + 2;
        while (j < m_s.size() && isIdentChar(m_s[j]))
            ++j;
        const Sv word = m_s.substr(i, j - i);
        if (j < m_s.size() && m_s[j] == '!' && (j + 1 >= m_s.size() || m_s[j + 1] != '=')) {
            paintTo(j + 1, RustLexer::Macro);
        } else if (containsWord(kKeywords, word)) {
            paintTo(j, RustLexer::Keyword);
            m_afterFn = word == "fn" || word == "struct" || word == "enum" || word == "trait" ||
                        word == "mod";
            return Read::Token;
        } else if (m_afterFn) {
            paintTo(j, RustLexer::Function);
        } else if (containsWord(kPrimitiveTypes, word) || (c >= 'A' && c <= 'Z')) {
            paintTo(j, RustLexer::Type);
        } else {
            paintTo(j, RustLexer::Default);
        }
        m_afterFn = false;
        return Read::Token;
    }

    Sv m_s;
    char* m_styles;
    size_t m_i = 0;
    int m_state = 0;
    bool m_afterFn = false; // the identifier after `fn` / `struct` names a definition
};

} // namespace

RustLexer::RustLexer(QObject* parent) : LineLexer("Rust", kStyles, parent) {}

int RustLexer::styleLine(std::string_view s, int stateIn, char* styles) const
{
    return LineStyler(s, styles).run(stateIn);
}

} // namespace tilelens::gui
