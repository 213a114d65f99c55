// MainWindow: session persistence — window geometry, dock and splitter state,
// last kernel / variant / divergence — saved on close, restored on start.

#include "AppSettings.h"
#include "InspectorController.h"
#include "MainWindow.h"
#include "StagesController.h"
#include "WorkspaceController.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QSettings>

namespace tilelens::gui {

void MainWindow::restoreSettings()
{
    const QSettings settings;
    if (const QByteArray geometry = settings.value(settings::windowGeometryKey).toByteArray();
        !geometry.isEmpty())
        restoreGeometry(geometry);
    if (const QByteArray state = settings.value(settings::windowStateKey).toByteArray();
        !state.isEmpty())
        m_dockLayoutRestored = restoreState(state);
    m_workspace->kernelDock()->setVisible(
        settings.value(settings::kernelListVisibleKey, true).toBool());
    m_inspector->restoreSplitters(settings);
}

void MainWindow::saveSettings() const
{
    if (!m_options.persistSettings)
        return;
    QSettings settings;
    settings.setValue(settings::windowGeometryKey, saveGeometry());
    settings.setValue(settings::windowStateKey, saveState());
    settings.setValue(settings::kernelListVisibleKey, m_workspace->kernelDock()->isVisible());
    m_inspector->saveSplitters(settings);
    const ws::Kernel* kernel = m_session.currentKernel();
    settings.setValue(settings::lastKernelKey, kernel ? kernel->name : QString());
    settings.setValue(settings::lastVariantKey, m_session.variantIndex());
    const diff::DiffResult* result = m_session.diffResult();
    const int divergence = m_session.currentDivergence();
    settings.setValue(
        settings::lastDivergenceKey,
        result && divergence >= 0
            ? QString::fromStdString(result->divergences[static_cast<size_t>(divergence)].id)
            : QString());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_stages->mayQuit()) {
        event->ignore();
        return;
    }
    saveSettings();
    event->accept();
}

} // namespace tilelens::gui
