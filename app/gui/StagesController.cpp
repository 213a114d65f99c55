#include "StagesController.h"

#include "ShortDockContent.h"
#include "panels/StagePanel.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMessageBox>

namespace tilelens::gui {

StagesController::StagesController(QMainWindow& window, InspectorSession& session,
                                   QDockWidget* tabbedWith)
    : QObject(&window), m_window(window)
{
    m_panel = new panels::StagePanel(&session);
    connect(m_panel, &panels::StagePanel::workspaceRescanRequested, this,
            &StagesController::rescanRequested);
    m_dock = new QDockWidget(tr("Stages"), &window);
    m_dock->setObjectName(QStringLiteral("stageDock"));
    m_dock->setWidget(shortDockContent(m_panel));
    window.addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    window.tabifyDockWidget(tabbedWith, m_dock);
}

bool StagesController::mayQuit()
{
    if (!m_panel->hasRunsInFlight())
        return true;
    const auto answer = QMessageBox::question(&m_window, tr("Quit TileLens"),
                                              tr("Stages are still running. Cancel them and quit?"),
                                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return false;
    m_panel->cancelAll();
    return true;
}

} // namespace tilelens::gui
