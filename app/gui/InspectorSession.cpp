#include "InspectorSession.h"

#include "common/WorkerPool.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace tilelens::gui {

InspectorSession::InspectorSession(QObject* parent) : QObject(parent) {}

void InspectorSession::setWorkspace(std::shared_ptr<const ws::Workspace> workspace)
{
    m_workspace = std::move(workspace);
    m_kernel = -1;
    m_variant = -1;
    startDiff();
    Q_EMIT workspaceChanged();
}

void InspectorSession::select(int kernel, int variant)
{
    if (!m_workspace || kernel < 0 || kernel >= static_cast<int>(m_workspace->kernels.size())) {
        kernel = -1;
        variant = -1;
    } else {
        const int variants =
            static_cast<int>(m_workspace->kernels[static_cast<size_t>(kernel)].variants.size());
        variant = variants == 0 ? -1 : std::clamp(variant, 0, variants - 1);
    }
    if (kernel == m_kernel && variant == m_variant)
        return;
    m_kernel = kernel;
    m_variant = variant;
    startDiff();
    Q_EMIT selectionChanged(m_kernel, m_variant);
}

void InspectorSession::startDiff()
{
    if (m_diffPending && m_diffObserver)
        m_diffObserver(stampJobEvent(JobEvent::Kind::Superseded, m_diffGeneration));
    const quint64 generation = ++m_diffGeneration;
    const bool hadDiff = m_diff != nullptr || m_divergence >= 0;
    m_diff.reset();
    m_divergence = -1;
    const ws::Variant* variant = currentVariant();
    m_diffPending = variant && !variant->referenceIr.isEmpty() && !variant->generatedIr.isEmpty();
    if (hadDiff)
        Q_EMIT diffChanged();
    if (!m_diffPending)
        return;

    const QString ref = variant->referenceIr;
    const QString gen = variant->generatedIr;
    const ws::Kernel* kernel = currentKernel();
    const QString rust = kernel ? kernel->rustKernel : QString();
    if (m_diffObserver)
        m_diffObserver(stampJobEvent(JobEvent::Kind::Started, generation));
    // Stamped on the pool thread when the work returns, reported with the result.
    auto returned = std::make_shared<JobEvent>();
    auto* watcher = new QFutureWatcher<DiffSnapshot>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, returned] {
        watcher->deleteLater();
        // Moved out of the future: a 100k-op pair's result is too big to copy here.
        DiffSnapshot snapshot = watcher->future().takeResult();
        const bool current = snapshot.generation == m_diffGeneration;
        if (m_diffObserver) {
            m_diffObserver(*returned);
            m_diffObserver(stampJobEvent(
                current ? JobEvent::Kind::Applied : JobEvent::Kind::Dropped, snapshot.generation));
        }
        if (!current)
            return; // the user has moved on
        m_diffPending = false;
        m_diff = std::make_shared<const DiffSnapshot>(std::move(snapshot));
        Q_EMIT diffChanged();
    });
    watcher->setFuture(QtConcurrent::run(workerPool(), [generation, ref, gen, rust, returned] {
        lowerWorkerPriority();
        DiffSnapshot snapshot = computeDiffSnapshot(generation, ref, gen, rust);
        *returned = stampJobEvent(JobEvent::Kind::Returned, generation);
        return snapshot;
    }));
}

const diff::DiffResult* InspectorSession::diffResult() const
{
    return m_diff && m_diff->result ? &*m_diff->result : nullptr;
}

void InspectorSession::selectDivergence(int index)
{
    const diff::DiffResult* result = diffResult();
    if (!result || index < 0 || index >= static_cast<int>(result->divergences.size()))
        index = -1;
    if (index == m_divergence)
        return;
    m_divergence = index;
    Q_EMIT currentDivergenceChanged(index);
}

const ws::Kernel* InspectorSession::currentKernel() const
{
    if (!m_workspace || m_kernel < 0)
        return nullptr;
    return &m_workspace->kernels[static_cast<size_t>(m_kernel)];
}

const ws::Variant* InspectorSession::currentVariant() const
{
    const ws::Kernel* kernel = currentKernel();
    if (!kernel || m_variant < 0)
        return nullptr;
    return &kernel->variants[static_cast<size_t>(m_variant)];
}

} // namespace tilelens::gui
