#include "KernelListModel.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

namespace tilelens::gui {
namespace {
// internalId of a kernel row; variant rows store their kernel index + 1.
constexpr quintptr kKernelRowId = 0;
} // namespace

KernelListModel::KernelListModel(QObject* parent) : QAbstractItemModel(parent) {}

void KernelListModel::setWorkspace(std::shared_ptr<const ws::Workspace> workspace)
{
    beginResetModel();
    m_workspace = std::move(workspace);
    endResetModel();
}

int KernelListModel::childVariantCount(int kernel) const
{
    if (!m_workspace || kernel < 0 || kernel >= static_cast<int>(m_workspace->kernels.size()))
        return 0;
    const int n =
        static_cast<int>(m_workspace->kernels[static_cast<size_t>(kernel)].variants.size());
    return n > 1 ? n : 0;
}

QModelIndex KernelListModel::indexFor(int kernel, int variant) const
{
    if (!m_workspace || kernel < 0 || kernel >= static_cast<int>(m_workspace->kernels.size()))
        return {};
    const QModelIndex kernelIndex = index(kernel, 0);
    if (childVariantCount(kernel) > 0 && variant >= 0 && variant < childVariantCount(kernel))
        return index(variant, 0, kernelIndex);
    return kernelIndex;
}

QModelIndex KernelListModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kKernelRowId);
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex KernelListModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == kKernelRowId)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kKernelRowId);
}

int KernelListModel::rowCount(const QModelIndex& parent) const
{
    if (!m_workspace)
        return 0;
    if (!parent.isValid())
        return static_cast<int>(m_workspace->kernels.size());
    if (parent.column() != 0 || parent.internalId() != kKernelRowId)
        return 0;
    return childVariantCount(parent.row());
}

int KernelListModel::columnCount(const QModelIndex& /*parent*/) const
{
    return 1;
}

QVariant KernelListModel::data(const QModelIndex& index, int role) const
{
    if (!m_workspace || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const bool isKernelRow = index.internalId() == kKernelRowId;
    const int kernelRow = isKernelRow ? index.row() : static_cast<int>(index.internalId() - 1);
    const ws::Kernel& kernel = m_workspace->kernels[static_cast<size_t>(kernelRow)];
    const int variantRow = isKernelRow ? 0 : index.row();

    switch (role) {
    case Qt::DisplayRole:
        if (isKernelRow)
            return kernel.name;
        {
            const QString name = kernel.variants[static_cast<size_t>(variantRow)].name;
            return name.isEmpty() ? tr("variant %1").arg(variantRow + 1) : name;
        }
    case Qt::ToolTipRole:
        if (!isKernelRow)
            return kernel.variants[static_cast<size_t>(variantRow)].referenceIr;
        return kernel.diagnostics.empty() ? kernel.dir
                                          : tr("%1\nProblems found: %2 (see View > Diagnostics)")
                                                .arg(kernel.dir)
                                                .arg(kernel.diagnostics.size());
    case Qt::DecorationRole:
        if (isKernelRow && hasErrors(kernel.diagnostics))
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        if (isKernelRow && !kernel.diagnostics.empty())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case KernelIndexRole:
        return kernelRow;
    case VariantIndexRole:
        return variantRow;
    case KernelDirRole:
        return kernel.dir;
    case DiagnosticCountRole:
        return static_cast<int>(kernel.diagnostics.size());
    default:
        return {};
    }
}

QVariant KernelListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section == 0 && orientation == Qt::Horizontal && role == Qt::DisplayRole)
        return tr("Kernel");
    return {};
}

} // namespace tilelens::gui
