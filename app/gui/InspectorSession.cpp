#include "InspectorSession.h"

#include <algorithm>

namespace tilelens::gui {

InspectorSession::InspectorSession(QObject* parent) : QObject(parent) {}

void InspectorSession::setWorkspace(std::shared_ptr<const ws::Workspace> workspace)
{
    m_workspace = std::move(workspace);
    m_kernel = -1;
    m_variant = -1;
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
    Q_EMIT selectionChanged(m_kernel, m_variant);
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
