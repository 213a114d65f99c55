#include "EditorTheme.h"

#include "QsciHeaders.h"

#include <QFontDatabase>
#include <QPalette>

namespace tilelens::gui {
namespace {

// 0xRRGGBB, opaque.
QColor rgb(QRgb hex)
{
    return QColor::fromRgb(hex);
}

struct CategoryColors
{
    QColor comment, docComment, keyword, operation, type, number, string, value, symbol, attribute,
        location, macro, lifetime, function, punctuation, error;
};

// Own palettes, chosen for contrast on white and on a near-black background.
const CategoryColors& lightColors()
{
    static const CategoryColors c{rgb(0x6a737d), rgb(0x3f6e4a), rgb(0x9a1f8a), rgb(0x004fb3),
                                  rgb(0x007a70), rgb(0xa05000), rgb(0x1a7f24), rgb(0x6b3fa0),
                                  rgb(0xb31d28), rgb(0xb05a00), rgb(0x8c959f), rgb(0x2a6f9e),
                                  rgb(0xb04070), rgb(0x5b3cc4), rgb(0x505860), rgb(0xd00000)};
    return c;
}

const CategoryColors& darkColors()
{
    static const CategoryColors c{rgb(0x7f8893), rgb(0x8fb58f), rgb(0xd18ae6), rgb(0x61afef),
                                  rgb(0x56c8b8), rgb(0xe5a56b), rgb(0x98c379), rgb(0xc6a0f6),
                                  rgb(0xef797e), rgb(0xe5c07b), rgb(0x6c7580), rgb(0x6fc3df),
                                  rgb(0xf08db8), rgb(0x9cb8ff), rgb(0xabb2bf), rgb(0xff6b6b)};
    return c;
}

} // namespace

QColor EditorTheme::colorFor(TokenCategory category) const
{
    const CategoryColors& c = dark ? darkColors() : lightColors();
    switch (category) {
    case TokenCategory::Plain:
        return text;
    case TokenCategory::Comment:
        return c.comment;
    case TokenCategory::DocComment:
        return c.docComment;
    case TokenCategory::Keyword:
        return c.keyword;
    case TokenCategory::Operation:
        return c.operation;
    case TokenCategory::Type:
        return c.type;
    case TokenCategory::Number:
        return c.number;
    case TokenCategory::String:
        return c.string;
    case TokenCategory::Value:
        return c.value;
    case TokenCategory::Symbol:
        return c.symbol;
    case TokenCategory::Attribute:
        return c.attribute;
    case TokenCategory::Location:
        return c.location;
    case TokenCategory::Macro:
        return c.macro;
    case TokenCategory::Lifetime:
        return c.lifetime;
    case TokenCategory::Function:
        return c.function;
    case TokenCategory::Punctuation:
        return c.punctuation;
    case TokenCategory::Error:
        return c.error;
    }
    return text;
}

bool EditorTheme::boldFor(TokenCategory category) const
{
    return category == TokenCategory::Operation || category == TokenCategory::Keyword ||
           category == TokenCategory::Function;
}

bool EditorTheme::italicFor(TokenCategory category) const
{
    return category == TokenCategory::Comment || category == TokenCategory::DocComment ||
           category == TokenCategory::Location;
}

EditorTheme EditorTheme::light()
{
    // paper, text, caret line, selection, margin paper and text, messages
    // then the linked and the inferred line
    return {/*dark=*/false, rgb(0xffffff), rgb(0x24292e), rgb(0xf1f5fb), rgb(0xc8dcf8),
            rgb(0xf4f5f7),  rgb(0x8a929a), rgb(0x555d66), rgb(0xfff3bf), rgb(0xbfe8cf)};
}

EditorTheme EditorTheme::darkTheme()
{
    // paper, text, caret line, selection, margin paper and text, messages
    // then the linked and the inferred line
    return {/*dark=*/true, rgb(0x1e2127), rgb(0xd7dae0), rgb(0x2a2f38), rgb(0x3e4a5e),
            rgb(0x191c21), rgb(0x636d83), rgb(0xa0a8b4), rgb(0x4a4320), rgb(0x1d5a45)};
}

EditorTheme EditorTheme::forPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? darkTheme() : light();
}

QFont editorFont()
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setStyleHint(QFont::Monospace);
    if (font.pointSizeF() < 9.0)
        font.setPointSizeF(10.0);
    return font;
}

void applyThemeToLexer(QsciLexer& lexer, const EditorTheme& theme, StyleCategoryFn categoryOf)
{
    const QFont base = editorFont();
    lexer.setDefaultPaper(theme.paper);
    lexer.setDefaultColor(theme.text);
    lexer.setDefaultFont(base);
    // QScintilla has 128 style slots (and a few predefined ones above 32 that
    // the lexers leave alone); a style without description is unused.
    for (int style = 0; style < 128; ++style) {
        if (lexer.description(style).isEmpty())
            continue;
        const TokenCategory category = categoryOf(style);
        QFont font = base;
        font.setBold(theme.boldFor(category));
        font.setItalic(theme.italicFor(category));
        lexer.setFont(font, style);
        lexer.setColor(theme.colorFor(category), style);
        lexer.setPaper(theme.paper, style);
        lexer.setEolFill(false, style);
    }
}

void applyThemeToEditor(QsciScintilla& editor, const EditorTheme& theme)
{
    editor.setPaper(theme.paper);
    editor.setColor(theme.text);
    editor.setCaretForegroundColor(theme.text);
    editor.setCaretLineVisible(true);
    editor.setCaretLineBackgroundColor(theme.caretLine);
    editor.setSelectionBackgroundColor(theme.selection);
    editor.setMarginsBackgroundColor(theme.marginPaper);
    editor.setMarginsForegroundColor(theme.marginText);
    editor.setMarginsFont(editorFont());
    editor.setIndentationGuidesForegroundColor(theme.marginText);
    editor.setIndentationGuidesBackgroundColor(theme.paper);
    editor.setFoldMarginColors(theme.marginPaper, theme.marginPaper);
}

TokenCategory pythonStyleCategory(int style)
{
    switch (style) {
    case QsciLexerPython::Comment:
    case QsciLexerPython::CommentBlock:
        return TokenCategory::Comment;
    case QsciLexerPython::Number:
        return TokenCategory::Number;
    case QsciLexerPython::DoubleQuotedString:
    case QsciLexerPython::SingleQuotedString:
    case QsciLexerPython::DoubleQuotedFString:
    case QsciLexerPython::SingleQuotedFString:
        return TokenCategory::String;
    case QsciLexerPython::TripleSingleQuotedString:
    case QsciLexerPython::TripleDoubleQuotedString:
    case QsciLexerPython::TripleSingleQuotedFString:
    case QsciLexerPython::TripleDoubleQuotedFString:
        return TokenCategory::DocComment;
    case QsciLexerPython::Keyword:
        return TokenCategory::Keyword;
    case QsciLexerPython::ClassName:
    case QsciLexerPython::FunctionMethodName:
        return TokenCategory::Function;
    case QsciLexerPython::Operator:
        return TokenCategory::Punctuation;
    case QsciLexerPython::HighlightedIdentifier:
        return TokenCategory::Type;
    case QsciLexerPython::Decorator:
        return TokenCategory::Attribute;
    case QsciLexerPython::UnclosedString:
        return TokenCategory::Error;
    default:
        return TokenCategory::Plain;
    }
}

} // namespace tilelens::gui
