#include "EditorTheme.h"

#include "QsciHeaders.h"

#include <QFontDatabase>
#include <QPalette>

namespace tilelens::gui {
namespace {

struct CategoryColors
{
    QColor comment, docComment, keyword, operation, type, number, string, value, symbol, attribute,
        location, macro, lifetime, function, punctuation, error;
};

// Own palettes, chosen for contrast on white and on a near-black background.
const CategoryColors& lightColors()
{
    static const CategoryColors c{
        QColor(0x6a, 0x73, 0x7d), QColor(0x3f, 0x6e, 0x4a), QColor(0x9a, 0x1f, 0x8a),
        QColor(0x00, 0x4f, 0xb3), QColor(0x00, 0x7a, 0x70), QColor(0xa0, 0x50, 0x00),
        QColor(0x1a, 0x7f, 0x24), QColor(0x6b, 0x3f, 0xa0), QColor(0xb3, 0x1d, 0x28),
        QColor(0xb0, 0x5a, 0x00), QColor(0x8c, 0x95, 0x9f), QColor(0x2a, 0x6f, 0x9e),
        QColor(0xb0, 0x40, 0x70), QColor(0x5b, 0x3c, 0xc4), QColor(0x50, 0x58, 0x60),
        QColor(0xd0, 0x00, 0x00)};
    return c;
}

const CategoryColors& darkColors()
{
    static const CategoryColors c{
        QColor(0x7f, 0x88, 0x93), QColor(0x8f, 0xb5, 0x8f), QColor(0xd1, 0x8a, 0xe6),
        QColor(0x61, 0xaf, 0xef), QColor(0x56, 0xc8, 0xb8), QColor(0xe5, 0xa5, 0x6b),
        QColor(0x98, 0xc3, 0x79), QColor(0xc6, 0xa0, 0xf6), QColor(0xef, 0x79, 0x7e),
        QColor(0xe5, 0xc0, 0x7b), QColor(0x6c, 0x75, 0x80), QColor(0x6f, 0xc3, 0xdf),
        QColor(0xf0, 0x8d, 0xb8), QColor(0x9c, 0xb8, 0xff), QColor(0xab, 0xb2, 0xbf),
        QColor(0xff, 0x6b, 0x6b)};
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
    EditorTheme t;
    t.dark = false;
    t.paper = QColor(0xff, 0xff, 0xff);
    t.text = QColor(0x24, 0x29, 0x2e);
    t.caretLine = QColor(0xf1, 0xf5, 0xfb);
    t.selection = QColor(0xc8, 0xdc, 0xf8);
    t.marginPaper = QColor(0xf4, 0xf5, 0xf7);
    t.marginText = QColor(0x8a, 0x92, 0x9a);
    t.messageText = QColor(0x55, 0x5d, 0x66);
    return t;
}

EditorTheme EditorTheme::darkTheme()
{
    EditorTheme t;
    t.dark = true;
    t.paper = QColor(0x1e, 0x21, 0x27);
    t.text = QColor(0xd7, 0xda, 0xe0);
    t.caretLine = QColor(0x2a, 0x2f, 0x38);
    t.selection = QColor(0x3e, 0x4a, 0x5e);
    t.marginPaper = QColor(0x19, 0x1c, 0x21);
    t.marginText = QColor(0x63, 0x6d, 0x83);
    t.messageText = QColor(0xa0, 0xa8, 0xb4);
    return t;
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
