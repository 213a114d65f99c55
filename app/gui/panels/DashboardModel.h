#pragma once
// One row per kernel of a workspace: stage verdicts A–F, the IR verdict with
// its critical count (generated/diff_report.md), the perf geomean ratio and
// severity. Rows are computed off the GUI thread (backgroundPool()); a
// generation counter drops the results of a workspace that was replaced.

#include "workspace/Workspace.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QFutureWatcher>
#include <array>
#include <memory>
#include <optional>
#include <vector>

namespace tilelens::gui::panels {

struct DashboardRow
{
    QString kernel;
    QString dir;
    std::array<QString, 6> stageVerdicts; // A..F, empty when not run
    QString next;                         // routing table's next step
    QString irVerdict;                    // first line of diff_report.md
    int criticalCount = -1;               // -1: unknown
    QString irSource;                     // the diff_report.md the IR verdict was read from
    QDateTime irWritten;                  // when that report was written
    bool irStale = false;                 // the report is older than the IR it compares
    bool irComputed = false;              // compared from the IR files, not read from a report
    QString currentVerdict;               // the IR compared now (all variants: the worst)
    int currentCritical = -1;             // critical divergences of that comparison, -1: none
    std::optional<double> geomean;        // from the perf logs, else reports/performance.md
    QString severity;                     // DONE / MILD_GAP / ...
    QString perfSource;                   // "logs" or "performance.md"
};

// Reads one kernel's row (blocking; small files only). Exposed for tests.
DashboardRow computeDashboardRow(const ws::Kernel& kernel);
// "(N critical diff(s))" on the verdict line, else the count of "CRITICAL:" lines.
int countCriticalDiffs(const QString& diffReportText);

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
    bool isLoading() const { return m_loading; }
    // Geomean over the kernels' geomeans; nullopt when no kernel has one.
    std::optional<double> overallGeomean() const;
    int kernelsWithGeomean() const;
    const std::vector<DashboardRow>& rows() const { return m_rows; }
    void setDark(bool dark);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void loaded();

private:
    QString verdictAt(const DashboardRow& r, int column) const;
    void startPending();

    std::vector<DashboardRow> m_rows;
    QFutureWatcher<std::vector<DashboardRow>>* m_watcher;
    quint64 m_generation = 0;
    std::shared_ptr<const ws::Workspace> m_pending; // set, its rows not started yet
    bool m_held = false;
    bool m_loading = false;
    bool m_dark = false;
};

} // namespace tilelens::gui::panels
