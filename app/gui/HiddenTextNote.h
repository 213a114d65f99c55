#pragma once
// Hidden and bidirectional Unicode in a pane ("Trojan Source"; core/common/HiddenText.h):
// the editor draws each such character as a labelled box (a Scintilla representation:
// RLO, ZWSP, ...) instead of nothing, so a reordered line shows in the order the
// compiler reads it; and a warning strip under the pane's title says how many there are
// and on which lines, with a link to the first.

#include "common/HiddenText.h"
#include "common/Lines.h"

#include <QLabel>

class QsciScintilla;

namespace tilelens::gui {

struct EditorTheme;

// Makes `editor` draw every character of hiddenCharacterTable() as a box with its
// abbreviation. Scintilla keeps these per view, and setting the code page resets them:
// call it again after that (PreparedDocument::attachTo sets it).
void markHiddenCharacters(QsciScintilla& editor);

class HiddenTextNote : public QLabel
{
    Q_OBJECT
public:
    explicit HiddenTextNote(QWidget* parent = nullptr);

    // Shows what `scan` found in the pane's text; hides the strip when it found nothing.
    void showScan(const HiddenTextScan& scan);
    void clear();
    void applyTheme(const EditorTheme& theme);

    // The sentence shown ("" when hidden), for tests.
    QString sentence() const { return isHidden() ? QString() : m_sentence; }

    static QString sentenceFor(const HiddenTextScan& scan);

Q_SIGNALS:
    // The user followed the link: show the first hidden character's line.
    void revealRequested(tilelens::FileLine line);

private:
    QString m_sentence;
    FileLine m_first;
};

} // namespace tilelens::gui
