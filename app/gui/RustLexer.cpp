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

} // namespace

RustLexer::RustLexer(QObject* parent) : LineLexer("Rust", kStyles, parent) {}

int RustLexer::styleLine(std::string_view s, int stateIn, char* styles) const
{
    auto paint = [styles](size_t from, size_t to, Style style) {
        std::fill(styles + from, styles + to, static_cast<char>(style));
    };
    size_t i = 0;

    // Continue what the previous line left open.
    switch (constructOf(stateIn)) {
    case BlockComment:
    case DocBlockComment: {
        int depth = std::max(1, extraOf(stateIn));
        const Style style = constructOf(stateIn) == DocBlockComment ? DocComment : Comment;
        i = scanBlockComment(s, 0, depth);
        paint(0, i, style);
        if (depth > 0)
            return makeState(constructOf(stateIn), depth);
        break;
    }
    case PlainString: {
        bool closed = false;
        i = scanStringBody(s, 0, closed);
        paint(0, i, String);
        if (!closed)
            return stateIn;
        break;
    }
    case RawString: {
        bool closed = false;
        i = scanRawStringBody(s, 0, extraOf(stateIn), closed);
        paint(0, i, String);
        if (!closed)
            return stateIn;
        break;
    }
    case None:
        break;
    }

    bool afterFn = false; // the identifier after `fn` / `struct` names a definition
    while (i < s.size()) {
        const char c = s[i];
        size_t j = i + 1;
        const char next = j < s.size() ? s[j] : '\0';
        if (isBlank(c)) {
            j = skipBlanks(s, j);
            paint(i, j, Default);
            i = j;
            continue;
        }
        if (c == '/' && next == '/') {
            const bool doc =
                (s.size() > i + 2 &&
                 (s[i + 2] == '!' || (s[i + 2] == '/' && (s.size() == i + 3 || s[i + 3] != '/'))));
            paint(i, s.size(), doc ? DocComment : Comment);
            return 0;
        }
        if (c == '/' && next == '*') {
            const bool doc =
                s.size() > i + 2 &&
                (s[i + 2] == '!' || (s[i + 2] == '*' && (s.size() == i + 3 || s[i + 3] != '/')));
            int depth = 1;
            j = scanBlockComment(s, i + 2, depth);
            paint(i, j, doc ? DocComment : Comment);
            if (depth > 0)
                return makeState(doc ? DocBlockComment : BlockComment, depth);
            i = j;
            continue;
        }
        if (c == '#' && (next == '[' || (next == '!' && i + 2 < s.size() && s[i + 2] == '['))) {
            // #[attr(...)] / #![attr]: up to the matching ']', strings skipped.
            int depth = 0;
            j = i;
            while (j < s.size()) {
                if (s[j] == '"') {
                    bool closed = false;
                    j = scanStringBody(s, j + 1, closed);
                    continue;
                }
                if (s[j] == '[')
                    ++depth;
                else if (s[j] == ']' && --depth == 0) {
                    ++j;
                    break;
                }
                ++j;
            }
            paint(i, j, Attribute);
            i = j;
            continue;
        }
        // Raw strings r"..", r#".."#, br".."; byte strings b"..".
        size_t q = i;
        if (c == 'b' && (next == 'r' || next == '"' || next == '\''))
            ++q;
        if (q < s.size() && s[q] == 'r' && q + 1 < s.size() &&
            (s[q + 1] == '"' || s[q + 1] == '#')) {
            size_t k = q + 1;
            int hashes = 0;
            while (k < s.size() && s[k] == '#') {
                ++hashes;
                ++k;
            }
            if (k < s.size() && s[k] == '"') {
                bool closed = false;
                j = scanRawStringBody(s, k + 1, hashes, closed);
                paint(i, j, String);
                if (!closed)
                    return makeState(RawString, hashes);
                i = j;
                continue;
            }
        }
        if (c == '"' || (c == 'b' && next == '"')) {
            bool closed = false;
            j = scanStringBody(s, c == '"' ? i + 1 : i + 2, closed);
            paint(i, j, String);
            if (!closed)
                return makeState(PlainString, 0);
            i = j;
            continue;
        }
        if (c == '\'' || (c == 'b' && next == '\'')) {
            const size_t body = c == '\'' ? i + 1 : i + 2;
            // 'x', '\n', '\u{1F600}' are chars; 'a (no closing quote) is a lifetime.
            size_t k = body;
            if (k < s.size() && s[k] == '\\') {
                k += 2;
                while (k < s.size() && s[k] != '\'' && k - body < 12)
                    ++k;
            } else if (k < s.size()) {
                ++k;
                while (k < s.size() && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80)
                    ++k; // rest of a UTF-8 sequence
            }
            if (k < s.size() && s[k] == '\'') {
                paint(i, k + 1, Character);
                i = k + 1;
                continue;
            }
            if (c == '\'' && body < s.size() && isIdentStart(s[body])) {
                j = body;
                while (j < s.size() && isIdentChar(s[j]))
                    ++j;
                paint(i, j, Lifetime);
                i = j;
                continue;
            }
            paint(i, j, Punctuation);
            i = j;
            continue;
        }
        if (isAsciiDigit(c)) {
            while (j < s.size() &&
                   (isIdentChar(s[j]) ||
                    (s[j] == '.' && j + 1 < s.size() && isAsciiDigit(s[j + 1])) ||
                    ((s[j] == '+' || s[j] == '-') && (s[j - 1] == 'e' || s[j - 1] == 'E') &&
                     !(s[i] == '0' && i + 1 < s.size() && s[i + 1] == 'x'))))
                ++j;
            paint(i, j, Number);
            i = j;
            continue;
        }
        if (isIdentStart(c) || c == 'r') {
            if (c == 'r' && next == '#' && i + 2 < s.size() && isIdentStart(s[i + 2]))
                j = i + 2; // raw identifier r#type
            while (j < s.size() && isIdentChar(s[j]))
                ++j;
            const Sv word = s.substr(i, j - i);
            if (j < s.size() && s[j] == '!' && (j + 1 >= s.size() || s[j + 1] != '=')) {
                paint(i, j + 1, Macro);
                j = j + 1;
            } else if (containsWord(kKeywords, word)) {
                paint(i, j, Keyword);
                afterFn = word == "fn" || word == "struct" || word == "enum" || word == "trait" ||
                          word == "mod";
                i = j;
                continue;
            } else if (afterFn) {
                paint(i, j, Function);
            } else if (containsWord(kPrimitiveTypes, word) || (c >= 'A' && c <= 'Z')) {
                paint(i, j, Type);
            } else {
                paint(i, j, Default);
            }
            afterFn = false;
            i = j;
            continue;
        }
        paint(i, j, Punctuation);
        i = j;
    }
    return 0;
}

} // namespace tilelens::gui
