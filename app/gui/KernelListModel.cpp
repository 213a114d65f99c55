#include "KernelListModel.h"

#include "PlainText.h"
#include "common/HiddenText.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

namespace tilelens::gui {
namespace {
// internalId of a kernel row; variant rows store their kernel index + 1.
constexpr quintptr kKernelRowId = 0;

int problemCount(const Diagnostics& diagnostics)
{
    int n = 0;
    for (const Diagnostic& d : diagnostics)
        n += d.severity != Severity::Note ? 1 : 0;
    return n;
}

// "rust_entry <-> python_function (paired by name)" or the reference IR path.
QString variantToolTip(const ws::Kernel& kernel, const ws::Variant& variant)
{
    if (!kernel.checkoutPort)
        return variant.referenceIr;
    const QString entry = variant.rustEntries.isEmpty() ? QString() : variant.rustEntries.front();
    if (variant.kernelFunction.isEmpty())
        return KernelListModel::tr("%1: no paired Python kernel").arg(entry);
    const QString how = variant.pairing == QLatin1String("manual")
                            ? KernelListModel::tr("paired by hand in .tilelens/pairings.json")
                        : variant.pairing == QLatin1String("launch")
                            ? KernelListModel::tr("paired by what the Python wrapper launches")
                            : KernelListModel::tr("paired by name");
    return KernelListModel::tr("%1 \u2194 %2 (%3)").arg(entry, variant.kernelFunction, how);
}
// A kernel or variant name as the list shows it: a directory or analysis.json could name a
// kernel with hidden or bidirectional characters, spoofing another; they are named instead.
QString shownName(const QString& name)
{
    return QString::fromStdString(revealHiddenText(name.toStdString()));
}

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
            return shownName(kernel.name);
        {
            const QString name = kernel.variants[static_cast<size_t>(variantRow)].name;
            return name.isEmpty() ? tr("variant %1").arg(variantRow + 1) : shownName(name);
        }
    case Qt::ToolTipRole:
        if (!isKernelRow)
            return literalText(
                variantToolTip(kernel, kernel.variants[static_cast<size_t>(variantRow)]));
        {
            QString tip = kernel.dir;
            if (kernel.variants.size() == 1)
                tip += QLatin1Char('\n') + variantToolTip(kernel, kernel.variants.front());
            const int problems = problemCount(kernel.diagnostics);
            if (problems > 0)
                tip += QLatin1Char('\n') +
                       tr("Problems found: %1 (see View > Diagnostics)").arg(problems);
            return literalText(tip);
        }
    case Qt::DecorationRole:
        // Notes (e.g. "no analysis.json: only the IR is shown") are no problem: no icon.
        if (isKernelRow && hasErrors(kernel.diagnostics))
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        if (isKernelRow && problemCount(kernel.diagnostics) > 0)
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
