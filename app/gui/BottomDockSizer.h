#pragma once
// The bottom docks are tabbed together and share one height. The Divergences
// tab is kept short (a quarter of the window) so the editors keep their
// lines; the Stages and Performance panels need more (their tables, log and
// chart), so raising one of them grows the group to that panel's minimum,
// and raising Divergences again gives back the height it had.

#include <QObject>

class QDockWidget;
class QMainWindow;
class QScrollArea;

namespace tilelens::gui {

class BottomDockSizer : public QObject
{
public:
    // \a roomy: docks whose widget is a QScrollArea around a panel.
    BottomDockSizer(QMainWindow* window, QDockWidget* compact, QList<QDockWidget*> roomy);

private:
    void onRaised(QDockWidget* dock);
    void resizeTo(QDockWidget* dock, int height, int tries);

    QMainWindow* m_window;
    QDockWidget* m_compact;
    QDockWidget* m_current = nullptr; // the raised tab
    int m_compactHeight = 0;          // the compact tab's height when it was left
    int m_correction = 0;             // what resizeDocks adds to a dock's own height
};

} // namespace tilelens::gui
