#pragma once
// Hidden and bidirectional Unicode in a pane ("Trojan Source"; core/common/HiddenText.h):
// the editor draws each such character as a labelled box (a Scintilla representation:
// RLO, ZWSP, ...) instead of nothing, so a reordered line shows in the order the
// compiler reads it; and a warning strip under the pane's title says how many there are
// and on which lines, with a link to the first. The strip also names the first name that
// reads as another (a Cyrillic a in a Latin name, or a name of Cyrillic lookalikes of Latin
// letters), which no box can show.

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

// The indicator under each listed name of `scan` (a warn-coloured squiggle), in `editor`
// holding the scanned text: the reader sees which name the strip means. Its own number: the
// IR panes' differing-text boxes are 8 to 13 (AlignedIrViewMarks.h).
constexpr int kLookalikeNameIndicator = 20;
void underlineLookalikeNames(QsciScintilla& editor, const LookalikeNameScan& scan);
// Its style and colour for a light or dark theme (SourcePane::applyTheme).
void styleLookalikeNameIndicator(QsciScintilla& editor, const EditorTheme& theme);

class HiddenTextNote : public QLabel
{
    Q_OBJECT
public:
    explicit HiddenTextNote(QWidget* parent = nullptr);

    // Shows what the scans found in the pane's text; hides the strip when they found nothing.
    void showScan(const HiddenTextScan& hidden, const LookalikeNameScan& lookalike = {});
    void clear();
    void applyTheme(const EditorTheme& theme);

    // The sentence shown ("" when hidden), for tests.
    QString sentence() const { return isHidden() ? QString() : m_sentence; }

    static QString sentenceFor(const HiddenTextScan& scan);
    static QString sentenceFor(const LookalikeNameScan& scan);

Q_SIGNALS:
    // The user followed the link: show the first line the strip names.
    void revealRequested(tilelens::FileLine line);

private:
    QString m_sentence;
    FileLine m_first;
};

} // namespace tilelens::gui
