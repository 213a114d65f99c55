#pragma once
// Base of TileLens's own QScintilla lexers. It styles only the range that
// QScintilla asks for, line by line, and writes all styles of the range with
// one SCI_SETSTYLINGEX call, which keeps 100k-line IR files fast.
// A lexer with state across lines (Rust block comments, strings) gets the
// previous line's end state and returns the new one (kept as line state).

#include "EditorTheme.h"
#include "QsciHeaders.h"
#include "TokenCategory.h"

#include <QByteArray>
#include <algorithm>
#include <array>
#include <string_view>

namespace tilelens::gui {

// One row of a lexer's style table, indexed by style number: the style's
// name (marked with QT_TRANSLATE_NOOP in the lexer's own context) and what it
// means to a theme.
struct LexerStyle
{
    const char* name;
    TokenCategory category;
};

class LineLexer : public QsciLexerCustom
{
    Q_OBJECT
public:
    void styleText(int start, int end) override;

    const char* language() const override { return m_language; }

    // Translated name of a style; empty past the table (QScintilla's end mark).
    QString description(int style) const override;

    // Category of one of this lexer's style numbers (for themes and tests).
    TokenCategory categoryOf(int style) const;

    // Re-colours all styles; call when the system palette changes.
    void applyTheme(const EditorTheme& theme);

    // Styles \a line (without its newline) into \a styles (same length) and
    // returns the state at its end. Public so tests can lex without an editor.
    virtual int styleLine(std::string_view line, int stateIn, char* styles) const = 0;

    // True if the line state is a nesting depth: styleText() then sets each
    // line's fold level to its depth at the start, with the header flag on
    // lines that open a region.
    virtual bool foldsByState() const { return false; }

protected:
    // \a language and \a styles must outlive the lexer (static data of the subclass).
    template <size_t N>
    LineLexer(const char* language, const LexerStyle (&styles)[N], QObject* parent)
        : QsciLexerCustom(parent), m_language(language), m_styles(styles),
          m_styleCount(static_cast<int>(N))
    {
    }

    // For applyThemeToLexer(), which needs a plain function.
    static TokenCategory dispatchCategory(int style);

private:
    const char* m_language;
    const LexerStyle* m_styles;
    int m_styleCount;
};

// True if \a word is in \a sortedWords (sorted for binary search).
template <size_t N>
bool containsWord(const std::array<std::string_view, N>& sortedWords, std::string_view word)
{
    return std::binary_search(sortedWords.begin(), sortedWords.end(), word);
}

// Character classes shared by the lexers (ASCII only; bytes >= 0x80 are text).
inline bool isAsciiDigit(char c)
{
    return c >= '0' && c <= '9';
}
inline bool isAsciiAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
inline bool isIdentStart(char c)
{
    return isAsciiAlpha(c) || c == '_';
}
inline bool isIdentChar(char c)
{
    return isIdentStart(c) || isAsciiDigit(c);
}
inline bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}
// End of the run of blanks that starts at \a i (\a i itself if none).
inline size_t skipBlanks(std::string_view s, size_t i)
{
    while (i < s.size() && isBlank(s[i]))
        ++i;
    return i;
}

} // namespace tilelens::gui
