#pragma once
// The one object that knows what the user is looking at: the opened
// workspace, the selected kernel and variant, the IR pair of that variant
// (read, verified and compared by core/pair) and the selected divergence.
// Panes subscribe to its signals instead of talking to each other, so new
// panes plug in without N×N wiring.
//
// Selecting a variant starts its analysis as a job (JobTracker): the analysis
// of a superseded selection is cancelled (it stops at its next function) and
// its result dropped.

#include "JobTracker.h"
#include "SourceFileLoader.h"
#include "common/Side.h"
#include "crosscheck/QuickSearch.h"
#include "pair/PairAnalysis.h"
#include "workspace/Workspace.h"

#include <QObject>
#include <memory>

namespace tilelens::gui {

class InspectorSession : public QObject
{
    Q_OBJECT
public:
    explicit InspectorSession(QObject* parent = nullptr);
    ~InspectorSession() override;

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

    // The analysis of the selected variant's IR pair; null while computing or without a
    // selection. diff()->result is nullopt when an input could not be read, parsed or verified.
    std::shared_ptr<const pair::PairAnalysis> diff() const { return m_diff; }
    const diff::DiffResult* diffResult() const;
    bool isDiffPending() const { return m_diffPending; }

    // Each IR side of the selection as the analysis reads it, ready before the diff ends (the
    // panes wait on them off the GUI thread). Invalid futures when no analysis runs (the
    // variant lacks one of its IR files).
    PerSide<IrSideFuture> irSides() const { return m_irSides; }

    // Index into diffResult()->divergences, -1 for none.
    int currentDivergence() const { return m_divergence; }
    void selectDivergence(int index);

    // The rules every IR verdict of the window is classified with (the inspector's, the
    // dashboard's rows, the IR stage's): the built-in rules merged with the user's rules file.
    // Never null. Setting others analyses the selection again and emits rulesChanged().
    void setRules(std::shared_ptr<const diff::RuleSet> rules);
    std::shared_ptr<const diff::RuleSet> rules() const { return m_rules; }
    // Wall budget of the quick CPU search of each later diff; 0 turns it off.
    void setCpuSearchSeconds(double seconds) { m_cpuSearchSeconds = seconds; }

    // Benchmarks and tests: the life of each diff job (`tilelens --bench-supersede`).
    void setDiffJobObserver(JobObserver observer) { m_pair.setObserver(std::move(observer)); }

Q_SIGNALS:
    void workspaceChanged();
    void selectionChanged(int kernel, int variant);
    void diffChanged();
    void currentDivergenceChanged(int index);
    void rulesChanged();

private:
    void startDiff();

    std::shared_ptr<const ws::Workspace> m_workspace;
    std::shared_ptr<const diff::RuleSet> m_rules;
    double m_cpuSearchSeconds = crosscheck::kDefaultQuickSearchSeconds;
    int m_kernel = -1;
    int m_variant = -1;
    std::shared_ptr<const pair::PairAnalysis> m_diff;
    PerSide<IrSideFuture> m_irSides;
    bool m_diffPending = false;
    int m_divergence = -1;
    JobTracker m_pair; // the selection's analysis
};

} // namespace tilelens::gui
