#pragma once
// The QScintilla headers TileLens uses. They spell Qt's 'signals' and 'slots'
// keywords, which the strict build removes (QT_NO_KEYWORDS), so include them
// only through this header, which maps the keywords for their duration.

#include <QObject>

#if !defined(signals)
#define signals Q_SIGNALS
#define TILELENS_QSCI_UNDEF_SIGNALS
#endif
#if !defined(slots)
#define slots Q_SLOTS
#define TILELENS_QSCI_UNDEF_SLOTS
#endif

#include <Qsci/qscilexercustom.h>
#include <Qsci/qscilexerpython.h>
#include <Qsci/qsciscintilla.h>
#include <Qsci/qsciscintillabase.h>

#if defined(TILELENS_QSCI_UNDEF_SIGNALS)
#undef signals
#undef TILELENS_QSCI_UNDEF_SIGNALS
#endif
#if defined(TILELENS_QSCI_UNDEF_SLOTS)
#undef slots
#undef TILELENS_QSCI_UNDEF_SLOTS
#endif

#include "common/Lines.h"

namespace tilelens::gui {

// QScintilla counts lines from 0 (EditorLine), files and the diff from 1 (FileLine): these
// adapters are where the two meet, through FileLine::toEditor() / EditorLine::toFile().

// The caret's line.
inline EditorLine caretLine(const QsciScintilla* e)
{
    int line = 0, index = 0;
    e->getCursorPosition(&line, &index);
    return EditorLine(line);
}

// SendScintilla's line argument.
inline unsigned long sciLine(EditorLine line)
{
    return static_cast<unsigned long>(line.index());
}

// \a line is a line of \a e's text.
inline bool holdsLine(const QsciScintilla* e, FileLine line)
{
    return line.known() && line.number() <= e->lines();
}

} // namespace tilelens::gui
