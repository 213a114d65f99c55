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
#include <string_view>

namespace tilelens::gui {

class LineLexer : public QsciLexerCustom
{
    Q_OBJECT
public:
    explicit LineLexer(QObject* parent = nullptr);

    void styleText(int start, int end) override;

    // Category of one of this lexer's style numbers (for themes and tests).
    virtual TokenCategory categoryOf(int style) const = 0;

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
    // For applyThemeToLexer(), which needs a plain function.
    static TokenCategory dispatchCategory(int style);
};

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

} // namespace tilelens::gui
