// MainWindow: opening a workspace or an IR pair (discovery in a worker),
// selecting a kernel/variant, loading its four files in a worker and showing
// them; generation numbers drop results of superseded requests.

#include "AbiFindingsView.h"
#include "AlignedIrView.h"
#include "AppSettings.h"
#include "KernelListModel.h"
#include "MainWindow.h"
#include "SourcePane.h"
#include "common/WorkerPool.h"
#include "panels/DashboardView.h"
#include "pipeline/CheckoutIrStages.h"

#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QListWidget>
#include <QListWidgetItem>
#include <QSettings>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStyle>
#include <QToolButton>
#include <QTreeView>
#include <QtConcurrent/QtConcurrentRun>

namespace tilelens::gui {
namespace {

// What a landed port of a checkout shows where its IR is not produced yet: the stage that
// makes it and where it goes.
QString checkoutIrHint(const ws::Kernel& kernel, const ws::Variant& variant, SourceRole role)
{
    const QString entry =
        variant.rustEntries.isEmpty() ? variant.name : variant.rustEntries.front();
    const QString folder = QStringLiteral(".tilelens/ir/%1/%2/").arg(kernel.name, entry);
    if (role == SourceRole::ReferenceIr) {
        if (variant.kernelFunction.isEmpty())
            return MainWindow::tr("No reference IR: %1 has no paired Python kernel. Pair it "
                                  "with tilelens-cli kernels --pair %2/%1=FUNCTION.")
                .arg(entry, kernel.name);
        return MainWindow::tr("No reference IR yet. The stage %1 (Stages dock, Rerun) runs the "
                              "op's test with cuTile Python and CUDA_TILE_DUMP_BYTECODE and keeps "
                              "the bytecode of %2 in %3.")
            .arg(pipeline::checkoutRefStageId(kernel.name, entry), variant.kernelFunction, folder);
    }
    return MainWindow::tr("No generated IR yet. The stage %1 (Stages dock, Rerun) compiles %2 "
                          "with the cuTile Rust compiler into %3.")
        .arg(pipeline::checkoutGenStageId(kernel.name, entry), entry, folder);
}

} // namespace

void MainWindow::rescanKeepingSelection()
{
    if (const ws::Kernel* kernel = m_session.currentKernel()) {
        m_reselectKernel = kernel->name;
        m_reselectVariant = m_session.variantIndex();
    }
    reloadWorkspace();
}

bool MainWindow::isLoading() const
{
    return m_workspacePending || m_sourcesPending || m_session.isDiffPending() ||
           (m_session.diff() && !m_diffApplied) || m_aligned->isDecorating();
}

void MainWindow::finishIfIdle()
{
    if (isLoading())
        return;
    if (m_dashboard)
        m_dashboard->setHeld(false);
    Q_EMIT loadingFinished();
}

void MainWindow::openIrPair(const QString& referenceIr, const QString& generatedIr)
{
    ++m_workspaceGeneration; // supersedes any workspace being discovered
    m_workspacePending = false;
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
    applyWorkspace(variant.referenceIr, std::move(pair));
}

void MainWindow::openWorkspace(const QString& path)
{
    m_irPairOnly = false;
    // A file stands for the kernel directory it is in (e.g. kernel.rs).
    const QFileInfo info(path);
    const QString absolute = info.isFile() ? info.absolutePath() : info.absoluteFilePath();
    const quint64 generation = ++m_workspaceGeneration;
    ++m_sourcesGeneration; // whatever is loading belongs to the old workspace
    m_sourcesPending = false;
    m_workspacePending = true;
    m_workspaceLabel->setText(tr("Opening %1\u2026").arg(QDir::toNativeSeparators(absolute)));

    auto* watcher = new QFutureWatcher<ws::Workspace>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, absolute] {
        watcher->deleteLater();
        if (generation != m_workspaceGeneration)
            return; // superseded by a newer open
        m_workspacePending = false;
        applyWorkspace(absolute, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(workerPool(), [absolute] {
        lowerWorkerPriority();
        return ws::discoverWorkspace(absolute);
    }));
}

void MainWindow::applyWorkspace(const QString& path, ws::Workspace workspace)
{
    m_workspacePath = path;
    // A two-file comparison has no Python or Rust: its IR pair takes the whole height.
    m_sourceSplitter->widget(0)->setVisible(!m_irPairOnly);
    auto shared = std::make_shared<const ws::Workspace>(std::move(workspace));
    const int kernelCount = static_cast<int>(shared->kernels.size());

    setWindowTitle(tr("%1 \u2013 TileLens").arg(QFileInfo(path).fileName()));
    m_workspaceLabel->setText(QDir::toNativeSeparators(path));
    m_workspaceLabel->setToolTip(QDir::toNativeSeparators(path));
    m_kernelCountLabel->setText(kernelCount == 1 ? tr("1 kernel")
                                                 : tr("%1 kernels").arg(kernelCount));
    showDiagnostics(*shared);

    if (m_options.persistSettings && QFileInfo(path).isDir()) {
        QSettings settings;
        settings::addRecentWorkspace(settings, path);
    }

    m_kernelModel->setWorkspace(shared);
    m_kernelView->expandAll(); // variants of multi-variant kernels visible at once
    m_session.setWorkspace(shared);
    if (kernelCount == 0) {
        const QString message =
            QFileInfo(path).exists()
                ? tr("No kernels were found in %1. Open a TileGym checkout, a kernel "
                     "output root or one kernel working directory.")
                      .arg(QDir::toNativeSeparators(path))
                : tr("%1 does not exist.").arg(QDir::toNativeSeparators(path));
        for (SourcePane* p : m_panes)
            p->showMessage({}, message);
        finishIfIdle();
        return;
    }
    // A rescan keeps the kernel the user was looking at.
    int kernel = 0;
    int variant = 0;
    if (!m_reselectKernel.isEmpty()) {
        for (int i = 0; i < kernelCount; ++i)
            if (shared->kernels[static_cast<size_t>(i)].name == m_reselectKernel) {
                kernel = i;
                variant = m_reselectVariant;
            }
        m_reselectKernel.clear();
    } else if (m_options.persistSettings && restoreKernel(*shared, kernel, variant)) {
        showInspector(); // session restore: back where the user left off
    } else if (kernelCount > 1) {
        // The start page of a checkout: no kernel is shown, so none is selected and no
        // verdict is claimed until the user picks one. Hiding the inspector moves the focus
        // to the kernel list, whose focus-in makes row 0 current: that picks nothing.
        {
            const QSignalBlocker blocker(m_kernelView->selectionModel());
            showDashboard();
            m_kernelView->selectionModel()->clear();
        }
        for (SourcePane* p : m_panes)
            p->showMessage({}, tr("Pick a kernel in the Kernels list or on the dashboard."));
        finishIfIdle();
        return;
    } else {
        showInspector();
    }
    m_session.select(kernel, variant);
}

void MainWindow::showDiagnostics(const ws::Workspace& workspace)
{
    m_diagnosticsList->clear();
    auto add = [this](const QString& prefix, const Diagnostic& d) {
        auto* item =
            new QListWidgetItem(prefix + QString::fromStdString(d.format()), m_diagnosticsList);
        const auto icon = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                          : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                            : QStyle::SP_MessageBoxInformation;
        item->setIcon(style()->standardIcon(icon));
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
    m_diagnosticsButton->setIcon(style()->standardIcon(hasErrors(workspace.diagnostics)
                                                           ? QStyle::SP_MessageBoxCritical
                                                           : QStyle::SP_MessageBoxWarning));
    // Nothing to show but problems: open the panel so the user sees why.
    if (workspace.kernels.empty() && count > 0) {
        m_diagnosticsDock->show();
        resizeDocks({m_diagnosticsDock}, {140}, Qt::Vertical);
    }
}

void MainWindow::onKernelActivated(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    if (m_kernelView->hasFocus())
        showInspector();
    m_session.select(index.data(KernelListModel::KernelIndexRole).toInt(),
                     index.data(KernelListModel::VariantIndexRole).toInt());
}

void MainWindow::onSelectionChanged(int kernel, int variant)
{
    // Mirror the selection in the list when it came from elsewhere.
    const QModelIndex index = m_kernelModel->indexFor(kernel, variant);
    if (index.isValid() && m_kernelView->currentIndex() != index) {
        m_kernelView->expand(index.parent());
        m_kernelView->setCurrentIndex(index);
    }

    const ws::Kernel* k = m_session.currentKernel();
    if (!k)
        return;
    const ws::Variant* v = m_session.currentVariant();
    m_abiView->showKernel(k, v && !v->rustEntries.isEmpty() ? v->rustEntries.front() : QString());
    const std::array<QString, kSourceRoleCount> paths = {k->pythonSource, k->rustKernel,
                                                         v ? v->referenceIr : QString(),
                                                         v ? v->generatedIr : QString()};
    m_diffApplied = false;
    m_aligned->setSnapshot(nullptr);
    // The dashboard's rows diff every variant: after this one is shown.
    m_dashboard->setHeld(true);
    for (int i = 0; i < kSourceRoleCount; ++i)
        m_panes[static_cast<size_t>(i)]->showLoading(paths[static_cast<size_t>(i)]);

    const quint64 generation = ++m_sourcesGeneration;
    m_sourcesPending = true;
    auto* watcher = new QFutureWatcher<KernelSources>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        const KernelSources sources = watcher->result();
        if (sources.generation != m_sourcesGeneration)
            return; // the user has moved on to another kernel
        applySources(sources);
    });
    PreparedDocuments documents;
    for (size_t i = 0; i < size_t(kSourceRoleCount); ++i)
        documents[i] = m_panes[i]->prepareDocument();
    watcher->setFuture(QtConcurrent::run(workerPool(), [generation, paths, documents] {
        lowerWorkerPriority();
        return loadKernelSources(generation, paths, documents);
    }));
}

void MainWindow::applySources(const KernelSources& sources)
{
    m_applyingSources = true;
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    for (const LoadedSource& file : sources.files) {
        const bool ir =
            file.role == SourceRole::ReferenceIr || file.role == SourceRole::GeneratedIr;
        if (m_irPairOnly && !ir)
            pane(file.role)->showMessage({}, tr("No source for a two-file comparison"));
        else if (ir && file.path.isEmpty() && kernel && kernel->checkoutPort && variant)
            pane(file.role)->showMessage({}, checkoutIrHint(*kernel, *variant, file.role));
        else
            pane(file.role)->showSource(file);
    }
    m_applyingSources = false;
    onPaneShown();
}

void MainWindow::onPaneShown()
{
    // Done when every pane holds its whole text (big files fill in chunks).
    if (m_applyingSources || !m_sourcesPending)
        return;
    for (SourcePane* p : m_panes)
        if (p->isFilling())
            return;
    revealVariantSources();
    m_sourcesPending = false;
    Q_EMIT sourcesShown();
    applyDiffIfReady();
    finishIfIdle();
}

void MainWindow::revealVariantSources()
{
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    if (!kernel || !variant)
        return;
    pane(SourceRole::ReferencePython)->revealLine(variant->pythonFirstLine);
    for (const ws::RustEntry& entry : kernel->entries) {
        if (variant->rustEntries.contains(entry.name)) {
            pane(SourceRole::GeneratedRust)->revealLine(entry.line);
            break;
        }
    }
}

} // namespace tilelens::gui
