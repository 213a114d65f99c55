#include "panels/DashboardModel.h"

#include "common/WorkerPool.h"
#include "diff/DiffVocabulary.h"
#include "diff/IrDiff.h"
#include "diff/RuleSet.h"
#include "panels/StatusStyle.h"
#include "perf/PerfStatistics.h"
#include "workspace/KernelPerf.h"
#include "workspace/Reports.h"
#include "workspace/StageState.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace tilelens::gui::panels {

int countCriticalDiffs(const QString& text)
{
    static const QRegularExpression onVerdict(QStringLiteral("^VERDICT:.*\\((\\d+) critical"),
                                              QRegularExpression::MultilineOption |
                                                  QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = onVerdict.match(text);
    if (m.hasMatch())
        return m.captured(1).toInt();
    static const QRegularExpression line(QStringLiteral("^CRITICAL:"),
                                         QRegularExpression::MultilineOption);
    int n = 0;
    auto it = line.globalMatch(text);
    while (it.hasNext()) {
        it.next();
        ++n;
    }
    return n;
}

DashboardRow computeDashboardRow(const ws::Kernel& kernel)
{
    DashboardRow row;
    row.kernel = kernel.name;
    row.dir = kernel.dir;
    const ws::PipelineState st = ws::derivePipelineState(kernel.dir);
    for (int i = 0; i < 6; ++i)
        row.stageVerdicts[size_t(i)] = st.stages[size_t(i)].verdict;
    row.next = st.next;
    // The IR compared now: a landed port (or a kernel before stage C) has no report, and a
    // report's count may predate the IR it describes.
    int worst = -1;
    for (const ws::Variant& v : kernel.variants) {
        if (v.referenceIr.isEmpty() || v.generatedIr.isEmpty())
            continue;
        Diagnostics diags;
        const auto result =
            diff::compareFiles(v.referenceIr.toStdString(), v.generatedIr.toStdString(),
                               diff::RuleSet::defaults(), diags);
        if (!result)
            continue;
        row.currentCritical =
            std::max(row.currentCritical, 0) + result->count(diff::Severity::Critical);
        if (int(result->verdict) > worst) {
            worst = int(result->verdict);
            row.currentVerdict = QString::fromLatin1(diff::verdictName(result->verdict));
        }
    }
    const QString diffPath = QDir(kernel.dir).filePath(QStringLiteral("generated/diff_report.md"));
    const ws::DiffReportFile diff =
        kernel.checkoutPort ? ws::DiffReportFile() : ws::readDiffReport(diffPath);
    if (!diff.exists) {
        row.irVerdict = row.currentVerdict;
        row.criticalCount = row.currentCritical;
        row.irComputed = worst >= 0;
    } else {
        row.irVerdict = diff.verdict;
        if (const std::optional<QString> text = ws::readSmallText(diffPath))
            row.criticalCount = countCriticalDiffs(*text);
        row.irSource = diffPath;
        row.irWritten = QFileInfo(diffPath).lastModified();
        // A checkout writes all files within moments: only a clearly newer IR counts.
        for (const ws::Variant& v : kernel.variants)
            for (const QString& ir : {v.referenceIr, v.generatedIr})
                if (!ir.isEmpty() && QFileInfo(ir).lastModified() > row.irWritten.addSecs(2))
                    row.irStale = true;
    }
    if (kernel.checkoutPort) // no stages, no perf logs: the IR is all there is
        return row;
    const ws::KernelPerf kp = ws::compareKernelPerf(kernel);
    if (!kp.inputError && kp.comparison.geomean) {
        row.geomean = kp.comparison.geomean;
        row.severity = perf::severityName(kp.comparison.severity);
        row.perfSource = QStringLiteral("logs");
    } else {
        const ws::PerformanceReport rep = ws::readPerformanceReport(
            QDir(kernel.dir).filePath(QStringLiteral("reports/performance.md")));
        if (rep.exists && rep.geomeanRatio) {
            row.geomean = rep.geomeanRatio;
            row.severity = rep.severity;
            row.perfSource = QStringLiteral("performance.md");
        }
    }
    return row;
}

DashboardModel::DashboardModel(QObject* parent)
    : QAbstractTableModel(parent), m_watcher(new QFutureWatcher<std::vector<DashboardRow>>(this))
{
    connect(m_watcher, &QFutureWatcherBase::finished, this, [this] {
        const quint64 generation = m_watcher->property("generation").toULongLong();
        if (generation != m_generation || m_watcher->future().isCanceled())
            return; // a newer workspace is being computed
        beginResetModel();
        m_rows = m_watcher->result();
        m_loading = false;
        endResetModel();
        Q_EMIT loaded();
    });
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
    ++m_generation;
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
    m_watcher->setProperty("generation", QVariant::fromValue(m_generation));
    // Not Qt's global pool (WorkerPool.h), nor the inspector's: a checkout's
    // rows take long and would hold up its loads.
    m_watcher->setFuture(QtConcurrent::run(backgroundPool(), [workspace] {
        lowerWorkerPriority();
        std::vector<DashboardRow> rows;
        rows.reserve(workspace->kernels.size());
        for (const ws::Kernel& k : workspace->kernels)
            rows.push_back(computeDashboardRow(k));
        return rows;
    }));
}

std::optional<double> DashboardModel::overallGeomean() const
{
    std::vector<double> g;
    for (const DashboardRow& r : m_rows)
        if (r.geomean)
            g.push_back(*r.geomean);
    return perf::geomean(g);
}

int DashboardModel::kernelsWithGeomean() const
{
    int n = 0;
    for (const DashboardRow& r : m_rows)
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

QString DashboardModel::verdictAt(const DashboardRow& r, int column) const
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
    const DashboardRow& r = m_rows[size_t(index.row())];
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
            return tr("%1\nnext step: %2\nDouble-click to open")
                .arg(r.dir, r.next.isEmpty() ? tr("unknown") : r.next);
        if (col == GeomeanColumn && !r.perfSource.isEmpty())
            return tr("From %1").arg(r.perfSource);
        if (col == IrColumn && !r.irSource.isEmpty())
            return (r.irStale ? tr("From %1, written %2, before the IR it compares changed: "
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
                             "opened; its count is the current one."));
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

QVariant DashboardModel::headerData(int section, Qt::Orientation orientation, int role) const
{
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
        return tr("Severity");
    default:
        return {};
    }
}

} // namespace tilelens::gui::panels
