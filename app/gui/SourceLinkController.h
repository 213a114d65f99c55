#pragma once
// The links between IR ops and source lines in the inspector: selecting a divergence marks
// its Python and Rust lines (a recorded loc() in one colour, a link TileLens inferred in
// another); the user's click or key on a Python or Rust line highlights the IR ops it
// produced, on an IR line the source lines of that op (or of its aligned partner).

#include "SourceFileLoader.h"
#include "common/Lines.h"
#include "common/Side.h"

#include <QObject>
#include <vector>

class QWidget;
class QsciScintilla;

namespace tilelens::pair {
struct SourceLink;
} // namespace tilelens::pair

namespace tilelens::gui {

class InspectorController;
class InspectorSession;
struct EditorTheme;

class SourceLinkController : public QObject
{
    Q_OBJECT
public:
    // Watches the carets of \a inspector's panes.
    SourceLinkController(QWidget& window, InspectorController& inspector,
                         InspectorSession& session);

    // The session's signal (connected by the window, in its order of subscribers).
    void onCurrentDivergenceChanged(int index);

    // 1-based lines highlighted as linked in the Python or Rust pane (from a loc() or
    // inferred; inferredSourceLines: only the inferred ones).
    std::vector<int> linkedSourceLines(SourceRole role) const;
    std::vector<int> inferredSourceLines(SourceRole role) const;
    // A click on \a line of the Python or Rust pane.
    void linkSourceLine(SourceRole role, FileLine line);
    // A click on \a line of an IR pane.
    void linkIrLine(Side side, FileLine line);

    void applyTheme(const EditorTheme& theme);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setLinkedLines(SourceRole role, FileLine first, FileLine last,
                        const pair::SourceLink* link = nullptr);
    static std::vector<int> markedLines(QsciScintilla* editor, unsigned long mask);

    InspectorController& m_inspector;
    InspectorSession& m_session;
};

} // namespace tilelens::gui
