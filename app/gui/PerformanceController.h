#pragma once
// The Performance dock of the main window: the perf panel (the selected kernel's timings
// against its baseline), tabbed beside the Stages; a profiled stage run updates it after every
// run.

#include <QObject>

class QDockWidget;
class QMainWindow;

namespace tilelens::gui {

class InspectorSession;
class StagesController;

namespace panels {
class PerfPanel;
}

class PerformanceController : public QObject
{
    Q_OBJECT
public:
    // Adds the dock to \a window's bottom area, tabbed with the Stages dock.
    PerformanceController(QMainWindow& window, InspectorSession& session,
                          const StagesController& stages);

    panels::PerfPanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }

private:
    panels::PerfPanel* m_panel = nullptr;
    QDockWidget* m_dock = nullptr;
};

} // namespace tilelens::gui
