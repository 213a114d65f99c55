#pragma once
// The one object that knows what the user is looking at: the opened
// workspace, the selected kernel and variant, the IR diff of that variant
// and the selected divergence. Panes subscribe to its signals instead of
// talking to each other, so new panes plug in without N×N wiring.
//
// Selecting a variant starts its diff in a worker thread (QtConcurrent);
// a generation counter drops results of superseded selections.

#include "DiffSnapshot.h"
#include "JobEvent.h"
#include "workspace/Workspace.h"

#include <QObject>
#include <memory>

namespace tilelens::gui {

class InspectorSession : public QObject
{
    Q_OBJECT
public:
    explicit InspectorSession(QObject* parent = nullptr);

    // Replaces the workspace and clears the selection (kernel -1).
    void setWorkspace(std::shared_ptr<const ws::Workspace> workspace);
    std::shared_ptr<const ws::Workspace> workspace() const { return m_workspace; }

    // Selects kernel \a kernel, variant \a variant (clamped to what exists);
    // emits selectionChanged() only when something changed.
    void select(int kernel, int variant = 0);

    int kernelIndex() const { return m_kernel; }
    int variantIndex() const { return m_variant; }
    const ws::Kernel* currentKernel() const;
    const ws::Variant* currentVariant() const;

    // The diff of the selected variant; null while computing or without a
    // selection. snapshot()->result is nullopt when an input did not parse.
    std::shared_ptr<const DiffSnapshot> diff() const { return m_diff; }
    const diff::DiffResult* diffResult() const;
    bool isDiffPending() const { return m_diffPending; }

    // Index into diffResult()->divergences, -1 for none.
    int currentDivergence() const { return m_divergence; }
    void selectDivergence(int index);

    // Benchmarks and tests: the life of each diff job (`tilelens --bench-supersede`).
    void setDiffJobObserver(JobObserver observer) { m_diffObserver = std::move(observer); }

Q_SIGNALS:
    void workspaceChanged();
    void selectionChanged(int kernel, int variant);
    void diffChanged();
    void currentDivergenceChanged(int index);

private:
    void startDiff();

    std::shared_ptr<const ws::Workspace> m_workspace;
    int m_kernel = -1;
    int m_variant = -1;
    std::shared_ptr<const DiffSnapshot> m_diff;
    quint64 m_diffGeneration = 0;
    bool m_diffPending = false;
    int m_divergence = -1;
    JobObserver m_diffObserver;
};

} // namespace tilelens::gui
