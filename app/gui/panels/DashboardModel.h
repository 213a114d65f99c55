#pragma once
// One row per kernel of a workspace (pair::KernelRow: stage verdicts A–F, the
// IR verdict with its critical count, the perf geomean ratio and severity).
// Rows are computed off the GUI thread (backgroundPool()); the rows of a
// workspace that was replaced are cancelled and dropped.

#include "JobTracker.h"
#include "pair/KernelRow.h"
#include "workspace/Workspace.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <array>
#include <memory>
#include <optional>
#include <vector>

namespace tilelens::gui::panels {

class DashboardModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        KernelColumn,
        AColumn,
        BColumn,
        CColumn,
        DColumn,
        EColumn,
        FColumn,
        IrColumn,
        GeomeanColumn,
        SeverityColumn,
        ColumnCount
    };
    enum Role
    {
        KernelIndexRole = Qt::UserRole + 1, // int: index in Workspace::kernels
        VerdictRole,                        // QString: the verdict word of a stage / IR column
        CriticalCountRole,                  // int
        GeomeanRole,                        // double or invalid
        StatusKeyRole,                      // QString
    };

    explicit DashboardModel(QObject* parent = nullptr);

    // Computes the rows in the background, from the next event-loop turn on
    // and not while held; loaded() when done.
    void setWorkspace(std::shared_ptr<const ws::Workspace> workspace);
    // While held, a new workspace's rows wait (isLoading() stays true) until
    // released. They diff every variant: the view holds them while the
    // inspector loads the selected one, so as not to diff it twice at once.
    void setHeld(bool held);
    // The rules the rows' IR verdicts are classified with (null: the built-in rules); used by
    // the rows started after the call (setWorkspace() starts them again).
    void setRules(std::shared_ptr<const diff::RuleSet> rules) { m_rules = std::move(rules); }
    bool isLoading() const { return m_loading; }
    // Geomean over the kernels' geomeans; nullopt when no kernel has one.
    std::optional<double> overallGeomean() const;
    int kernelsWithGeomean() const;
    const std::vector<pair::KernelRow>& rows() const { return m_rows; }
    void setDark(bool dark);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void loaded();

private:
    // The column headers' tooltips: what A–F, the IR verdict, geomean and severity are.
    static QString headerToolTip(int section);
    QString verdictAt(const pair::KernelRow& r, int column) const;
    void startPending();

    std::vector<pair::KernelRow> m_rows;
    JobTracker m_rowsJob;                           // the rows being computed
    std::shared_ptr<const ws::Workspace> m_pending; // set, its rows not started yet
    std::shared_ptr<const diff::RuleSet> m_rules;
    bool m_held = false;
    bool m_loading = false;
    bool m_dark = false;
};

} // namespace tilelens::gui::panels
