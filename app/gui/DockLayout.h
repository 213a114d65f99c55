#pragma once
// The docks' default arrangement and View > Reset Layout (issue 31, item 7). Docks move
// between areas but never float: the separator above the bottom docks sits a few pixels from
// their title bars, and a drag that missed it tore a dock off into a window of its own. A
// dock still floating from an older saved layout is docked again. The Diagnostics dock, once
// hidden again, gives its height back to the bottom group.

#include <QByteArray>
#include <QList>
#include <QObject>

class QDockWidget;
class QMainWindow;

namespace tilelens::gui {

class DockLayout : public QObject
{
public:
    // Takes \a window's docks as they are now (built, nothing restored yet) as the default.
    // \a bottomGroup: the tabbed bottom docks, the first one raised; \a side: the kernel list.
    DockLayout(QMainWindow& window, QList<QDockWidget*> bottomGroup, QDockWidget* side,
               QDockWidget* diagnostics);

    // The default sizes, from the window's size: the editors keep about three quarters of
    // the height (at 1024x700 a 210 px dock and a 230 px kernel list left them a few lines).
    void applyDefaultSizes();
    // View > Reset Layout: the default arrangement, visibility and sizes.
    void reset();

private:
    void keepDocked(QDockWidget* dock);

    QMainWindow& m_window;
    QList<QDockWidget*> m_bottomGroup;
    QDockWidget* m_side;
    QByteArray m_defaultState;
};

} // namespace tilelens::gui
