// MainWindow: what opening a workspace means for the panes, and selecting a kernel/variant:
// loading its Python and Rust files in a worker (the IR panes take the text the session's
// analysis reads) and showing them; a newer selection supersedes the load (JobTracker).

#include "AbiFindingsView.h"
#include "AlignedIrView.h"
#include "MainWindow.h"
#include "SourcePane.h"
#include "WorkspaceController.h"
#include "common/WorkerPool.h"
#include "pair/VariantPair.h"
#include "panels/DashboardView.h"
#include "pipeline/CheckoutIrStages.h"

#include <QFileInfo>
#include <QSplitter>

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

bool MainWindow::isLoading() const
{
    return m_workspace->isDiscovering() || m_sourcesPending || m_session.isDiffPending() ||
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

void MainWindow::onWorkspaceOpening()
{
    m_sources.cancel(); // whatever is loading belongs to the old workspace
    m_sourcesPending = false;
}

void MainWindow::onWorkspaceOpened(const QString& path)
{
    // A two-file comparison has no Python or Rust: its IR pair takes the whole height.
    m_sourceSplitter->widget(0)->setVisible(!m_workspace->isIrPairOnly());
    setWindowTitle(tr("%1 \u2013 TileLens").arg(QFileInfo(path).fileName()));
}

void MainWindow::showMessageInPanes(const QString& message)
{
    for (SourcePane* p : m_panes)
        p->showMessage({}, message);
}

void MainWindow::onSelectionChanged()
{
    const ws::Kernel* k = m_session.currentKernel();
    if (!k)
        return;
    const ws::Variant* v = m_session.currentVariant();
    m_abiView->showKernel(k, v && !v->rustEntries.isEmpty() ? v->rustEntries.front() : QString());
    // The Python and IR files `tilelens-cli kernels` reports for this variant (pair::variantPair).
    pair::VariantPair vp;
    vp.pythonFile = k->pythonSource; // a kernel without variants: its Python file still shows
    if (v)
        vp = pair::variantPair(*k, *v);
    const std::array<QString, kSourceRoleCount> paths = {vp.pythonFile, k->rustKernel,
                                                         vp.referenceIr, vp.generatedIr};
    m_diffApplied = false;
    m_aligned->setSnapshot(nullptr);
    // The dashboard's rows diff every variant: after this one is shown.
    m_dashboard->setHeld(true);
    for (int i = 0; i < kSourceRoleCount; ++i)
        m_panes[static_cast<size_t>(i)]->showLoading(paths[static_cast<size_t>(i)]);

    m_sourcesPending = true;
    PreparedDocuments documents;
    for (size_t i = 0; i < size_t(kSourceRoleCount); ++i)
        documents[i] = m_panes[i]->prepareDocument();
    // The IR panes show the text the session's analysis reads (queued before this task, so it
    // has started when this one waits for it).
    const PerSide<IrSideFuture> irSides = m_session.irSides();
    m_sources.start(
        [paths, documents, irSides](JobContext&) {
            return std::make_shared<const KernelSources>(
                loadKernelSources(paths, documents, irSides));
        },
        [this](const std::shared_ptr<const KernelSources>& sources) { applySources(*sources); });
}

void MainWindow::applySources(const KernelSources& sources)
{
    m_applyingSources = true;
    const ws::Kernel* kernel = m_session.currentKernel();
    const ws::Variant* variant = m_session.currentVariant();
    for (const LoadedSource& file : sources.files) {
        const bool ir =
            file.role == SourceRole::ReferenceIr || file.role == SourceRole::GeneratedIr;
        if (m_workspace->isIrPairOnly() && !ir)
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
    pane(SourceRole::ReferencePython)->revealLine(pair::variantPair(*kernel, *variant).pythonLine);
    for (const ws::RustEntry& entry : kernel->entries) {
        if (variant->rustEntries.contains(entry.name)) {
            pane(SourceRole::GeneratedRust)->revealLine(entry.line);
            break;
        }
    }
}

} // namespace tilelens::gui
