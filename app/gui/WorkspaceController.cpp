#include "WorkspaceController.h"

#include "AppSettings.h"
#include "InspectorSession.h"
#include "KernelListModel.h"
#include "PlainText.h"
#include "common/WorkerPool.h"

#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QListWidgetItem>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolButton>
#include <QTreeView>

namespace tilelens::gui {

WorkspaceController::WorkspaceController(QMainWindow& window, InspectorSession& session,
                                         bool persistSettings)
    : QObject(&window), m_window(window), m_session(session), m_persistSettings(persistSettings),
      m_discovery(this, workerPool())
{
    buildKernelDock(window);
    buildDiagnosticsDock(window);
    buildStatusWidgets(window);
    connect(&m_session, &InspectorSession::selectionChanged, this,
            &WorkspaceController::onSelectionChanged);
}

void WorkspaceController::buildKernelDock(QMainWindow& window)
{
    m_kernelModel = new KernelListModel(this);
    m_kernelView = new QTreeView;
    m_kernelView->setObjectName(QStringLiteral("kernelList"));
    m_kernelView->setAccessibleName(tr("Kernels"));
    m_kernelView->setModel(m_kernelModel);
    m_kernelView->setHeaderHidden(true);
    m_kernelView->setUniformRowHeights(true);
    m_kernelView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_kernelView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    connect(m_kernelView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onKernelActivated(current); });

    m_kernelDock = new QDockWidget(tr("Kernels"), &window);
    m_kernelDock->setObjectName(QStringLiteral("kernelDock"));
    m_kernelDock->setWidget(m_kernelView);
    m_kernelDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    window.addDockWidget(Qt::LeftDockWidgetArea, m_kernelDock);
}

void WorkspaceController::buildDiagnosticsDock(QMainWindow& window)
{
    m_diagnosticsList = new QListWidget;
    m_diagnosticsList->setObjectName(QStringLiteral("diagnosticsList"));
    m_diagnosticsList->setAccessibleName(tr("Workspace diagnostics"));
    m_diagnosticsList->setWordWrap(true);
    m_diagnosticsDock = new QDockWidget(tr("Diagnostics"), &window);
    m_diagnosticsDock->setObjectName(QStringLiteral("diagnosticsDock"));
    m_diagnosticsDock->setWidget(m_diagnosticsList);
    window.addDockWidget(Qt::BottomDockWidgetArea, m_diagnosticsDock);
    window.resizeDocks({m_diagnosticsDock}, {140}, Qt::Vertical);
    m_diagnosticsDock->hide();
}

void WorkspaceController::buildStatusWidgets(QMainWindow& window)
{
    m_workspaceLabel = new ElidedLabel(Qt::ElideMiddle, &window);
    m_workspaceLabel->setObjectName(QStringLiteral("workspaceLabel"));
    m_workspaceLabel->setTextFormat(Qt::PlainText);
    m_workspaceLabel->setText(tr("No workspace open"));
    m_kernelCountLabel = new QLabel(&window);
    m_kernelCountLabel->setObjectName(QStringLiteral("kernelCountLabel"));
    m_diagnosticsButton = new QToolButton(&window);
    m_diagnosticsButton->setObjectName(QStringLiteral("diagnosticsButton"));
    m_diagnosticsButton->setAutoRaise(true);
    m_diagnosticsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_diagnosticsButton->setVisible(false);
    connect(m_diagnosticsButton, &QToolButton::clicked, this,
            [this] { m_diagnosticsDock->setVisible(!m_diagnosticsDock->isVisible()); });
}

void WorkspaceController::rescanKeepingSelection()
{
    if (const ws::Kernel* kernel = m_session.currentKernel()) {
        m_reselectKernel = kernel->name;
        m_reselectVariant = m_session.variantIndex();
    }
    reload();
}

void WorkspaceController::reload()
{
    if (m_irPairOnly) // the two files again, not the folder of the first one
        openIrPair(m_pairReference, m_pairGenerated);
    else if (!m_path.isEmpty())
        openWorkspace(m_path);
}

void WorkspaceController::chooseWorkspace()
{
    const QString start = m_path.isEmpty() ? QDir::homePath() : m_path;
    const QString dir = QFileDialog::getExistingDirectory(&m_window, tr("Open Workspace"), start);
    if (!dir.isEmpty())
        openWorkspace(dir);
}

void WorkspaceController::fillRecentMenu(QMenu* menu)
{
    menu->clear();
    const QStringList recent =
        m_persistSettings ? settings::recentWorkspaces(QSettings()) : QStringList();
    for (const QString& path : recent) {
        QAction* action = menu->addAction(QDir::toNativeSeparators(path));
        action->setEnabled(QFileInfo(path).isDir());
        connect(action, &QAction::triggered, this, [this, path] { openWorkspace(path); });
    }
    if (recent.isEmpty()) {
        menu->addAction(tr("No recent workspaces"))->setEnabled(false);
        return;
    }
    menu->addSeparator();
    menu->addAction(tr("&Clear List"), this, [] {
        QSettings settings;
        settings::clearRecentWorkspaces(settings);
    });
}

void WorkspaceController::openIrPair(const QString& referenceIr, const QString& generatedIr)
{
    m_discovery.cancel(); // supersedes any workspace being discovered
    ws::Workspace pair;
    ws::Kernel kernel;
    kernel.name =
        tr("%1 vs %2").arg(QFileInfo(referenceIr).fileName(), QFileInfo(generatedIr).fileName());
    ws::Variant variant;
    variant.referenceIr = QFileInfo(referenceIr).absoluteFilePath();
    variant.generatedIr = QFileInfo(generatedIr).absoluteFilePath();
    kernel.variants.push_back(variant);
    pair.root = variant.referenceIr;
    pair.kernels.push_back(kernel);
    m_irPairOnly = true;
    m_pairReference = referenceIr;
    m_pairGenerated = generatedIr;
    apply(variant.referenceIr, std::move(pair));
}

void WorkspaceController::openWorkspace(const QString& path)
{
    m_irPairOnly = false;
    // A file stands for the kernel directory it is in (e.g. kernel.rs).
    const QFileInfo info(path);
    const QString absolute = info.isFile() ? info.absolutePath() : info.absoluteFilePath();
    Q_EMIT opening();
    m_workspaceLabel->setText(tr("Opening %1\u2026").arg(QDir::toNativeSeparators(absolute)));
    // A newer open supersedes this one (discovery itself is not cancelled: it reads folders).
    m_discovery.start(
        [absolute](JobContext&) { return ws::discoverWorkspace(absolute); },
        [this, absolute](ws::Workspace&& workspace) { apply(absolute, std::move(workspace)); });
}

void WorkspaceController::apply(const QString& path, ws::Workspace workspace)
{
    m_path = path;
    Q_EMIT opened(path);
    auto shared = std::make_shared<const ws::Workspace>(std::move(workspace));
    const int kernelCount = static_cast<int>(shared->kernels.size());
    m_workspaceLabel->setText(QDir::toNativeSeparators(path));
    m_workspaceLabel->setToolTip(literalText(QDir::toNativeSeparators(path)));
    m_kernelCountLabel->setText(kernelCount == 1 ? tr("1 kernel")
                                                 : tr("%1 kernels").arg(kernelCount));
    showDiagnostics(*shared);

    if (m_persistSettings && QFileInfo(path).isDir()) {
        QSettings settings;
        settings::addRecentWorkspace(settings, path);
    }

    m_kernelModel->setWorkspace(shared);
    m_kernelView->expandAll(); // variants of multi-variant kernels visible at once
    m_session.setWorkspace(shared);
    if (kernelCount == 0) {
        Q_EMIT nothingSelected(
            QFileInfo(path).exists()
                ? tr("No kernels were found in %1. Open a TileGym checkout, a kernel "
                     "output root or one kernel working directory.")
                      .arg(QDir::toNativeSeparators(path))
                : tr("%1 does not exist.").arg(QDir::toNativeSeparators(path)));
        Q_EMIT busyChanged();
        return;
    }
    int kernel = 0;
    int variant = 0;
    if (!initialSelection(*shared, kernel, variant)) {
        Q_EMIT nothingSelected(tr("Pick a kernel in the Kernels list or on the dashboard."));
        Q_EMIT busyChanged();
        return;
    }
    m_session.select(kernel, variant);
}

bool WorkspaceController::initialSelection(const ws::Workspace& workspace, int& kernel,
                                           int& variant)
{
    // A rescan keeps the kernel the user was looking at.
    if (!m_reselectKernel.isEmpty()) {
        for (size_t i = 0; i < workspace.kernels.size(); ++i)
            if (workspace.kernels[i].name == m_reselectKernel) {
                kernel = static_cast<int>(i);
                variant = m_reselectVariant;
            }
        m_reselectKernel.clear();
        return true;
    }
    if (m_persistSettings && restoreKernel(workspace, kernel, variant)) {
        Q_EMIT inspectorWanted(); // session restore: back where the user left off
        return true;
    }
    if (workspace.kernels.size() > 1) {
        // The start page of a checkout: no kernel is shown, so none is selected and no
        // verdict is claimed until the user picks one. Hiding the inspector moves the focus
        // to the kernel list, whose focus-in makes row 0 current: that picks nothing.
        const QSignalBlocker blocker(m_kernelView->selectionModel());
        Q_EMIT dashboardWanted();
        m_kernelView->selectionModel()->clear();
        return false;
    }
    Q_EMIT inspectorWanted();
    return true;
}

bool WorkspaceController::restoreKernel(const ws::Workspace& workspace, int& kernel, int& variant)
{
    const QSettings settings;
    const QString name = settings.value(settings::lastKernelKey).toString();
    if (name.isEmpty())
        return false;
    for (size_t i = 0; i < workspace.kernels.size(); ++i) {
        if (workspace.kernels[i].name != name)
            continue;
        kernel = static_cast<int>(i);
        variant = settings.value(settings::lastVariantKey, 0).toInt();
        Q_EMIT divergenceToRestore(settings.value(settings::lastDivergenceKey).toString());
        return true;
    }
    return false;
}

void WorkspaceController::showDiagnostics(const ws::Workspace& workspace)
{
    m_diagnosticsList->clear();
    const QStyle* style = m_window.style();
    auto add = [this, style](const QString& prefix, const Diagnostic& d) {
        auto* item =
            new QListWidgetItem(prefix + QString::fromStdString(d.format()), m_diagnosticsList);
        const auto icon = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                          : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                            : QStyle::SP_MessageBoxInformation;
        item->setIcon(style->standardIcon(icon));
    };
    for (const Diagnostic& d : workspace.diagnostics)
        add({}, d);
    for (const ws::Kernel& k : workspace.kernels)
        for (const Diagnostic& d : k.diagnostics)
            add(QStringLiteral("[%1] ").arg(k.name), d);

    const int count = m_diagnosticsList->count();
    m_diagnosticsButton->setVisible(count > 0);
    m_diagnosticsButton->setText(tr("Diagnostics: %1").arg(count));
    m_diagnosticsButton->setToolTip(tr("Show or hide the Diagnostics panel"));
    m_diagnosticsButton->setIcon(style->standardIcon(hasErrors(workspace.diagnostics)
                                                         ? QStyle::SP_MessageBoxCritical
                                                         : QStyle::SP_MessageBoxWarning));
    if (count == 0)
        m_diagnosticsDock->hide(); // an empty panel only takes the divergences' rows
    // Nothing to show but problems: open the panel so the user sees why.
    if (workspace.kernels.empty() && count > 0) {
        m_diagnosticsDock->show();
        m_window.resizeDocks({m_diagnosticsDock}, {140}, Qt::Vertical);
    }
}

void WorkspaceController::onKernelActivated(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    if (m_kernelView->hasFocus())
        Q_EMIT inspectorWanted();
    m_session.select(index.data(KernelListModel::KernelIndexRole).toInt(),
                     index.data(KernelListModel::VariantIndexRole).toInt());
}

void WorkspaceController::onSelectionChanged(int kernel, int variant)
{
    // Mirror the selection in the list when it came from elsewhere.
    const QModelIndex index = m_kernelModel->indexFor(kernel, variant);
    if (index.isValid() && m_kernelView->currentIndex() != index) {
        m_kernelView->expand(index.parent());
        m_kernelView->setCurrentIndex(index);
    }
}

} // namespace tilelens::gui
