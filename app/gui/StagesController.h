#pragma once
// The Stages dock of the main window: the stage panel (pipeline runs of the selected kernel),
// tabbed beside the Divergences. A stage that changes the workspace's files asks for a rescan;
// quitting with runs in flight asks first.

#include <QObject>

class QDockWidget;
class QMainWindow;

namespace tilelens::gui {

class InspectorSession;

namespace panels {
class StagePanel;
}

class StagesController : public QObject
{
    Q_OBJECT
public:
    // Adds the dock to \a window's bottom area, tabbed with \a tabbedWith.
    StagesController(QMainWindow& window, InspectorSession& session, QDockWidget* tabbedWith);

    panels::StagePanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }

    // Whether the window may close: true without runs in flight, else the user's answer to
    // "cancel them and quit?" (the runs are cancelled on yes).
    bool mayQuit();

Q_SIGNALS:
    // A stage wrote IR or reports: the workspace should be discovered again, keeping the
    // selection.
    void rescanRequested();

private:
    QMainWindow& m_window;
    panels::StagePanel* m_panel = nullptr;
    QDockWidget* m_dock = nullptr;
};

} // namespace tilelens::gui
