#include "PerformanceController.h"

#include "ShortDockContent.h"
#include "StagesController.h"
#include "panels/PerfPanel.h"
#include "panels/StagePanel.h"

#include <QDockWidget>
#include <QMainWindow>

namespace tilelens::gui {

PerformanceController::PerformanceController(QMainWindow& window, InspectorSession& session,
                                             const StagesController& stages)
    : QObject(&window)
{
    m_panel = new panels::PerfPanel(&session);
    m_dock = new QDockWidget(tr("Performance"), &window);
    m_dock->setObjectName(QStringLiteral("perfDock"));
    m_dock->setWidget(shortDockContent(m_panel));
    window.addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    window.tabifyDockWidget(stages.dock(), m_dock);
    // A profiled stage E run updates the perf view after every run.
    connect(stages.panel(), &panels::StagePanel::profiledRunUpdated, m_panel,
            &panels::PerfPanel::showProfiledRun);
}

} // namespace tilelens::gui
