#pragma once
// The one object that knows what the user is looking at: the opened
// workspace and the selected kernel and variant. Panes subscribe to its
// signals instead of talking to each other, so new panes (diff view,
// divergence navigator, stage and perf panels) plug in without N×N wiring.

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

Q_SIGNALS:
    void workspaceChanged();
    void selectionChanged(int kernel, int variant);

private:
    std::shared_ptr<const ws::Workspace> m_workspace;
    int m_kernel = -1;
    int m_variant = -1;
};

} // namespace tilelens::gui
