#pragma once
// Colours for the source editors. A light and a dark theme; which one applies
// follows the system palette (a dark window background selects the dark one).

#include "TokenCategory.h"

#include <QColor>
#include <QFont>

class QPalette;
class QsciLexer;
class QsciScintilla;

namespace tilelens::gui {

struct EditorTheme
{
    bool dark = false;
    QColor paper;     // editor background
    QColor text;      // plain text
    QColor caretLine; // current-line highlight
    QColor selection;
    QColor marginPaper;
    QColor marginText;
    QColor messageText; // pane messages (missing file, loading)
    // Source lines linked to the selected IR op: by a recorded loc(), and inferred (kernel.rs,
    // cuTile Rust emits no locations) in a colour of its own that stands out from the paper,
    // the caret line and the selection as clearly as the recorded one (issue 31 item 8).
    QColor linkedLine;
    QColor inferredLine;

    QColor colorFor(TokenCategory category) const;
    bool boldFor(TokenCategory category) const;
    bool italicFor(TokenCategory category) const;

    static EditorTheme light();
    static EditorTheme darkTheme();
    // Picks light or dark from the palette's window colour.
    static EditorTheme forPalette(const QPalette& palette);
};

// The monospace font every editor uses.
QFont editorFont();

// Maps a style number of the lexer to a category; nullptr lexers are ignored.
using StyleCategoryFn = TokenCategory (*)(int style);

// Colours every style of \a lexer that has a description.
void applyThemeToLexer(QsciLexer& lexer, const EditorTheme& theme, StyleCategoryFn categoryOf);

// Margins, caret line, selection and paper of the editor itself.
void applyThemeToEditor(QsciScintilla& editor, const EditorTheme& theme);

// Category of each QsciLexerPython style.
TokenCategory pythonStyleCategory(int style);

} // namespace tilelens::gui
