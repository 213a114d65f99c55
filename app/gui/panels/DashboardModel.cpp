#include "panels/DashboardModel.h"

#include "PlainText.h"
#include "common/WorkerPool.h"
#include "panels/StatusStyle.h"
#include "perf/PerfStatistics.h"
#include "pipeline/StageSet.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QTimer>

namespace tilelens::gui::panels {

DashboardModel::DashboardModel(QObject* parent)
    // Not Qt's global pool (WorkerPool.h), nor the inspector's: a checkout's rows take long and
    // would hold up its loads.
    : QAbstractTableModel(parent), m_rowsJob(this, backgroundPool())
{
}

void DashboardModel::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    beginResetModel();
    m_dark = dark;
    endResetModel();
}

void DashboardModel::setWorkspace(std::shared_ptr<const ws::Workspace> workspace)
{
    m_rowsJob.cancel(); // the rows of the workspace replaced stop at their next IR function
    beginResetModel();
    m_rows.clear();
    endResetModel();
    if (!workspace || workspace->kernels.empty()) {
        m_loading = false;
        Q_EMIT loaded();
        return;
    }
    m_loading = true;
    m_pending = std::move(workspace);
    // A turn later: the window selects the kernel it shows (which holds the
    // rows) right after the workspace changed.
    QTimer::singleShot(0, this, &DashboardModel::startPending);
}

void DashboardModel::setHeld(bool held)
{
    m_held = held;
    startPending();
}

void DashboardModel::startPending()
{
    if (m_held || !m_pending)
        return;
    const std::shared_ptr<const ws::Workspace> workspace = std::move(m_pending);
    m_pending.reset();
    m_rowsJob.start(
        [workspace, rules = m_rules](JobContext& job) {
            std::vector<pair::KernelRow> rows;
            rows.reserve(workspace->kernels.size());
            for (const ws::Kernel& k : workspace->kernels)
                rows.push_back(pair::kernelRow(k, rules, job.token()));
            return rows;
        },
        [this](std::vector<pair::KernelRow>&& rows) {
            beginResetModel();
            m_rows = std::move(rows);
            m_loading = false;
            endResetModel();
            Q_EMIT loaded();
        });
}

std::optional<double> DashboardModel::overallGeomean() const
{
    std::vector<double> g;
    for (const pair::KernelRow& r : m_rows)
        if (r.geomean)
            g.push_back(*r.geomean);
    return perf::geomean(g);
}

int DashboardModel::kernelsWithGeomean() const
{
    int n = 0;
    for (const pair::KernelRow& r : m_rows)
        n += r.geomean ? 1 : 0;
    return n;
}

int DashboardModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DashboardModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DashboardModel::verdictAt(const pair::KernelRow& r, int column) const
{
    if (column >= AColumn && column <= FColumn)
        return r.stageVerdicts[size_t(column - AColumn)];
    if (column == IrColumn)
        return r.irVerdict;
    if (column == SeverityColumn)
        return r.severity;
    return {};
}

QVariant DashboardModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()) || index.column() >= ColumnCount)
        return {};
    const pair::KernelRow& r = m_rows[size_t(index.row())];
    const int col = index.column();
    const QString verdict = verdictAt(r, col);
    switch (role) {
    case KernelIndexRole:
        return index.row();
    case VerdictRole:
        return verdict;
    case CriticalCountRole:
        return r.criticalCount;
    case GeomeanRole:
        return r.geomean ? QVariant(*r.geomean) : QVariant();
    case StatusKeyRole:
        return statusKeyForVerdict(verdict);
    case Qt::DisplayRole:
        if (col == KernelColumn)
            return r.kernel;
        if (col == IrColumn) {
            if (r.irVerdict.isEmpty())
                return QStringLiteral("—");
            QStringList notes;
            if (r.criticalCount > 0)
                notes << tr("%1 critical").arg(r.criticalCount);
            if (r.irStale)
                notes << tr("stale");
            if (!r.irComputed && r.currentCritical >= 0 && r.currentCritical != r.criticalCount)
                notes << tr("now %1").arg(r.currentCritical);
            return notes.isEmpty()
                       ? r.irVerdict
                       : tr("%1 (%2)").arg(r.irVerdict, notes.join(QStringLiteral(", ")));
        }
        if (col == GeomeanColumn)
            return r.geomean ? QString::number(*r.geomean, 'f', 4) + QLatin1Char('x')
                             : QStringLiteral("—");
        return verdict.isEmpty() ? QStringLiteral("—") : verdict;
    case Qt::DecorationRole:
        if ((col >= AColumn && col <= IrColumn) || col == SeverityColumn)
            return statusIcon(statusKeyForVerdict(verdict), m_dark);
        return {};
    case Qt::ForegroundRole:
        if (col == SeverityColumn || col == GeomeanColumn)
            return r.severity.isEmpty()
                       ? QVariant()
                       : QVariant(statusColor(statusKeyForVerdict(r.severity), m_dark));
        return {};
    case Qt::TextAlignmentRole:
        if (col == GeomeanColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (col == KernelColumn)
            return literalText(tr("%1\nnext step: %2\nDouble-click to open")
                                   .arg(r.dir, r.next.isEmpty() ? tr("unknown") : r.next));
        if (col == GeomeanColumn && !r.perfSource.isEmpty())
            return literalText(tr("From %1").arg(r.perfSource));
        if (col == IrColumn && !r.irSource.isEmpty())
            return literalText(
                (r.irStale ? tr("From %1, written %2, before the IR it compares changed: "
                                "stale. Rerun stage C.")
                           : tr("From %1, written %2 by stage C."))
                    .arg(QDir::toNativeSeparators(r.irSource),
                         QLocale().toString(r.irWritten, QLocale::ShortFormat)) +
                QLatin1Char('\n') +
                (r.currentCritical >= 0
                     ? tr("Comparing the IR files now gives %1 (%2 critical), as the "
                          "Inspector shows.")
                           .arg(r.currentVerdict)
                           .arg(r.currentCritical)
                     : tr("The Inspector compares the IR files again when the kernel is "
                          "opened; its count is the current one.")));
        if (col == IrColumn && r.irComputed)
            return tr("Compared now from the reference and generated IR files (no diff_report.md; "
                      "all variants: the worst verdict, the critical divergences summed).");
        if (col == IrColumn)
            return tr("No diff_report.md yet: open the kernel to compare its IR.");
        return {};
    default:
        return {};
    }
}

QString DashboardModel::headerToolTip(int section)
{
    if (section >= AColumn && section <= FColumn) {
        // The stage's own title (pipeline::defaultStageSpecs, "A: reference dump + ...").
        const std::vector<pipeline::StageSpec> stages = pipeline::defaultStageSpecs();
        const auto index = static_cast<size_t>(section - AColumn);
        const QString title = index < stages.size() ? stages[index].title : QString();
        return tr("%1. The verdict of the kernel working directory's report or agent log for this "
                  "stage; a TileGym checkout's landed ports have no pipeline reports, so it stays "
                  "empty there.")
            .arg(title);
    }
    switch (section) {
    case IrColumn:
        return tr("TileLens's own IR diff of the kernel's variants: the worst verdict and its "
                  "critical divergences");
    case GeomeanColumn:
        return tr("Geometric mean of the generated / reference time ratios of the kernel's "
                  "performance report (below 1: the port is faster)");
    case SeverityColumn:
        return tr("Performance severity: how far the geomean is from the reference, not the IR "
                  "verdict");
    default:
        return {};
    }
}

QVariant DashboardModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole)
        return headerToolTip(section);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KernelColumn:
        return tr("Kernel");
    case AColumn:
        return QStringLiteral("A");
    case BColumn:
        return QStringLiteral("B");
    case CColumn:
        return QStringLiteral("C");
    case DColumn:
        return QStringLiteral("D");
    case EColumn:
        return QStringLiteral("E");
    case FColumn:
        return QStringLiteral("F");
    case IrColumn:
        return tr("IR verdict");
    case GeomeanColumn:
        return tr("Geomean");
    case SeverityColumn:
        return tr("Perf severity"); // beside the IR verdict, "Severity" read as the IR's
    default:
        return {};
    }
}

} // namespace tilelens::gui::panels
