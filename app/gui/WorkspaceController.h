#pragma once
// Opening a workspace (a TileGym checkout, a kernel-out root or one kernel directory) or a
// two-file IR comparison: discovery on the worker pool, where a newer open supersedes an older
// one; the Kernels dock (list and model, kept in step with the session's selection), the
// Diagnostics dock, the status bar's workspace and kernel-count labels and diagnostics button,
// the recent-workspaces list, and the kernel of the last session. The selected kernel's files
// and diff are the inspector's.

#include "ElidedLabel.h"
#include "JobTracker.h"
#include "workspace/Workspace.h"

#include <QObject>
#include <QString>

class QDockWidget;
class QLabel;
class QListWidget;
class QMainWindow;
class QMenu;
class QModelIndex;
class QToolButton;
class QTreeView;

namespace tilelens::gui {

class InspectorSession;
class KernelListModel;

class WorkspaceController : public QObject
{
    Q_OBJECT
public:
    // Adds the Kernels dock (left) and the hidden Diagnostics dock (bottom) to \a window.
    // Without \a persistSettings neither the recent list nor the last kernel is read or written.
    WorkspaceController(QMainWindow& window, InspectorSession& session, bool persistSettings);

    void openWorkspace(const QString& path);
    // A plain comparison of two IR files: no workspace, no sources.
    void openIrPair(const QString& referenceIr, const QString& generatedIr);
    void reload();
    // Discovers the workspace again and selects the kernel and variant shown now.
    void rescanKeepingSelection();
    // The folder dialog of File > Open Workspace.
    void chooseWorkspace();
    // File > Open Recent: the recent workspaces, or a disabled "none".
    void fillRecentMenu(QMenu* menu);

    bool isDiscovering() const { return m_discovery.isRunning(); }
    bool isIrPairOnly() const { return m_irPairOnly; }
    const QString& path() const { return m_path; }

    QTreeView* kernelView() const { return m_kernelView; }
    QDockWidget* kernelDock() const { return m_kernelDock; }
    QListWidget* diagnosticsList() const { return m_diagnosticsList; }
    QDockWidget* diagnosticsDock() const { return m_diagnosticsDock; }
    // The status bar's widgets (MainWindow places them).
    QLabel* workspaceLabel() const { return m_workspaceLabel; }
    QLabel* kernelCountLabel() const { return m_kernelCountLabel; }
    QToolButton* diagnosticsButton() const { return m_diagnosticsButton; }

Q_SIGNALS:
    // A new workspace is being discovered: what loads for the old one is stale.
    void opening();
    // The workspace at \a path is in the session (its kernel not selected yet).
    void opened(const QString& path);
    // Nothing is selected after opening; the inspector shows \a message instead.
    void nothingSelected(const QString& message);
    void dashboardWanted();
    void inspectorWanted();
    // The divergence selected when the last session ended (its id), to select again.
    void divergenceToRestore(const QString& id);
    // Discovery ended or nothing is left to load: the window may be idle.
    void busyChanged();

private:
    void buildKernelDock(QMainWindow& window);
    void buildDiagnosticsDock(QMainWindow& window);
    void buildStatusWidgets(QMainWindow& window);
    void apply(const QString& path, ws::Workspace workspace);
    // Which kernel and variant to select in \a workspace; false: none (the dashboard).
    bool initialSelection(const ws::Workspace& workspace, int& kernel, int& variant);
    bool restoreKernel(const ws::Workspace& workspace, int& kernel, int& variant);
    void showDiagnostics(const ws::Workspace& workspace);
    void onKernelActivated(const QModelIndex& index);
    void onSelectionChanged(int kernel, int variant);

    QMainWindow& m_window;
    InspectorSession& m_session;
    bool m_persistSettings;
    KernelListModel* m_kernelModel = nullptr;
    QTreeView* m_kernelView = nullptr;
    QDockWidget* m_kernelDock = nullptr;
    QListWidget* m_diagnosticsList = nullptr;
    QDockWidget* m_diagnosticsDock = nullptr;
    ElidedLabel* m_workspaceLabel = nullptr;
    QLabel* m_kernelCountLabel = nullptr;
    QToolButton* m_diagnosticsButton = nullptr;

    QString m_path;
    JobTracker m_discovery;    // of the workspace being opened
    bool m_irPairOnly = false; // a two-file comparison: the source panes stay empty
    QString m_pairReference;   // its two files, which Reload (F5) reads again
    QString m_pairGenerated;
    QString m_reselectKernel; // kernel to select again after a rescan
    int m_reselectVariant = 0;
};

} // namespace tilelens::gui
