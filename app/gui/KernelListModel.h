#pragma once
// The kernel list on the left: one row per kernel of the workspace, with its
// variants as child rows when it has more than one.

#include "workspace/Workspace.h"

#include <QAbstractItemModel>
#include <memory>

namespace tilelens::gui {

class KernelListModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Roles
    {
        KernelIndexRole = Qt::UserRole + 1, // int: index into Workspace::kernels
        VariantIndexRole,                   // int: index into Kernel::variants (0 on kernel rows)
        KernelDirRole,                      // QString: the kernel working directory
        DiagnosticCountRole,                // int: diagnostics of the kernel
    };

    explicit KernelListModel(QObject* parent = nullptr);

    void setWorkspace(std::shared_ptr<const ws::Workspace> workspace);

    // Index of the row showing kernel/variant: the variant's child row for
    // multi-variant kernels, else the kernel row.
    QModelIndex indexFor(int kernel, int variant) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    int childVariantCount(int kernel) const;

    std::shared_ptr<const ws::Workspace> m_workspace;
};

} // namespace tilelens::gui
