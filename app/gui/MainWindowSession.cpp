// MainWindow: session persistence — window geometry, dock and splitter state,
// last kernel / variant / divergence — saved on close, restored on start.

#include "AppSettings.h"
#include "MainWindow.h"
#include "StagesController.h"
#include "WorkspaceController.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QSettings>
#include <QSplitter>

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
    m_sourceSplitter->restoreState(settings.value(settings::sourceSplitterKey).toByteArray());
    if (m_topSplitter->restoreState(settings.value(settings::topSplitterKey).toByteArray()) &&
        m_bottomSplitter->restoreState(settings.value(settings::bottomSplitterKey).toByteArray()))
        m_columnsInitialized = true;
}

void MainWindow::saveSettings() const
{
    if (!m_options.persistSettings)
        return;
    QSettings settings;
    settings.setValue(settings::windowGeometryKey, saveGeometry());
    settings.setValue(settings::windowStateKey, saveState());
    settings.setValue(settings::kernelListVisibleKey, m_workspace->kernelDock()->isVisible());
    // A two-file comparison hides the source row: the last workspace's heights stay saved.
    if (!m_workspace->isIrPairOnly())
        settings.setValue(settings::sourceSplitterKey, m_sourceSplitter->saveState());
    settings.setValue(settings::topSplitterKey, m_topSplitter->saveState());
    settings.setValue(settings::bottomSplitterKey, m_bottomSplitter->saveState());
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
