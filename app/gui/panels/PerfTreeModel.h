#pragma once
// Per-configuration perf comparison as a tree: one top-level row per paired
// configuration (baseline ms, candidate ms, ratio, verdict; NA where a side
// has no median) and, for CUPTI profiles, one child row per kernel that
// contributed to that configuration on either side.

#include "perf/PerfComparison.h"
#include "perf/cupti/Profile.h"

#include <QAbstractItemModel>
#include <optional>
#include <vector>

namespace tilelens::gui::panels {

class PerfTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        ConfigColumn,
        BaselineColumn,
        CandidateColumn,
        RatioColumn,
        VerdictColumn,
        ColumnCount
    };
    enum Role
    {
        ConfigIdRole = Qt::UserRole + 1, // QString
        RatioRole,                       // double, invalid QVariant when NA
        BaselineMsRole,                  // double or invalid
        CandidateMsRole,                 // double or invalid
        VerdictRole,                     // "PASS" / "INVESTIGATE" / "NA"
        IsKernelRole,                    // bool: a kernel child row
        SourceRole,                      // "file:line" of the record, for navigation
    };

    explicit PerfTreeModel(QObject* parent = nullptr);

    // Profiles are optional: when given, their kernels become child rows.
    void setComparison(const perf::PerfComparison& comparison,
                       const std::optional<perf::Profile>& baseline = std::nullopt,
                       const std::optional<perf::Profile>& candidate = std::nullopt);
    const perf::PerfComparison& comparison() const { return m_comparison; }
    void setDark(bool dark);

    QModelIndex index(int row, int column,
                      const QModelIndex& parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct KernelRow
    {
        bool baselineSide = false;
        perf::ProfileKernel kernel;
    };
    perf::PerfComparison m_comparison;
    std::vector<std::vector<KernelRow>> m_kernels; // per comparison row
    bool m_dark = false;
};

// "1.234 ms"-free number text used by the panels: 3 significant decimals for
// small times, NA when missing.
QString formatMs(const std::optional<double>& ms);

} // namespace tilelens::gui::panels
