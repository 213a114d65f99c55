#include "panels/PerfTreeModel.h"

#include "PlainText.h"
#include "panels/StatusStyle.h"
#include "perf/PerfData.h"

#include <QFont>

namespace tilelens::gui::panels {
namespace {

// Internal id of a child row: its parent row + 1 (0 marks a top-level row).
constexpr quintptr kTopLevel = 0;

// Matches a profile config to a comparison row: range names may still carry
// the backend segment ("triton-softmax-4096").
const perf::ProfileConfig* findConfig(const perf::Profile& p, const QString& configId)
{
    for (const perf::ProfileConfig& c : p.configs) {
        if (c.name == configId)
            return &c;
        if (perf::configIdWithoutBackend(c.name, perf::normalizeBackend(p.label)) == configId)
            return &c;
    }
    return nullptr;
}

} // namespace

QString formatMs(const std::optional<double>& ms)
{
    if (!ms)
        return QStringLiteral("NA");
    const double v = *ms;
    return QString::number(v, 'f', v < 0.1 ? 5 : (v < 10 ? 4 : 2));
}

PerfTreeModel::PerfTreeModel(QObject* parent) : QAbstractItemModel(parent) {}

void PerfTreeModel::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    beginResetModel();
    m_dark = dark;
    endResetModel();
}

void PerfTreeModel::setComparison(const perf::PerfComparison& comparison,
                                  const std::optional<perf::Profile>& baseline,
                                  const std::optional<perf::Profile>& candidate)
{
    beginResetModel();
    m_comparison = comparison;
    m_kernels.assign(m_comparison.rows.size(), {});
    for (size_t i = 0; i < m_comparison.rows.size(); ++i) {
        const QString& id = m_comparison.rows[i].configId;
        if (baseline)
            if (const perf::ProfileConfig* c = findConfig(*baseline, id))
                for (const perf::ProfileKernel& k : c->kernels)
                    m_kernels[i].push_back({true, k});
        if (candidate)
            if (const perf::ProfileConfig* c = findConfig(*candidate, id))
                for (const perf::ProfileKernel& k : c->kernels)
                    m_kernels[i].push_back({false, k});
    }
    endResetModel();
}

QModelIndex PerfTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < int(m_comparison.rows.size()) ? createIndex(row, column, kTopLevel)
                                                   : QModelIndex();
    if (parent.column() != 0 || parent.internalId() != kTopLevel ||
        parent.row() >= int(m_kernels.size()))
        return {};
    if (row >= int(m_kernels[size_t(parent.row())].size()))
        return {};
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex PerfTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == kTopLevel)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kTopLevel);
}

int PerfTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_comparison.rows.size());
    if (parent.column() != 0 || parent.internalId() != kTopLevel ||
        parent.row() >= int(m_kernels.size()))
        return 0;
    return int(m_kernels[size_t(parent.row())].size());
}

int PerfTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant PerfTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const int col = index.column();
    if (index.internalId() != kTopLevel) {
        const size_t parentRow = size_t(index.internalId() - 1);
        if (parentRow >= m_kernels.size() || index.row() >= int(m_kernels[parentRow].size()))
            return {};
        const KernelRow& k = m_kernels[parentRow][size_t(index.row())];
        switch (role) {
        case IsKernelRole:
            return true;
        case ConfigIdRole:
            return m_comparison.rows[parentRow].configId;
        case Qt::DisplayRole:
            if (col == ConfigColumn)
                return (k.baselineSide ? tr("baseline: %1") : tr("candidate: %1"))
                    .arg(k.kernel.demangled.isEmpty() ? k.kernel.name : k.kernel.demangled);
            if ((col == BaselineColumn && k.baselineSide) ||
                (col == CandidateColumn && !k.baselineSide))
                return formatMs(k.kernel.msPerIteration);
            if (col == VerdictColumn)
                return tr("%1 launch(es)/iter, grid %2×%3×%4, block %5×%6×%7")
                    .arg(k.kernel.launchesPerIteration)
                    .arg(k.kernel.grid[0])
                    .arg(k.kernel.grid[1])
                    .arg(k.kernel.grid[2])
                    .arg(k.kernel.block[0])
                    .arg(k.kernel.block[1])
                    .arg(k.kernel.block[2]);
            return {};
        case Qt::ToolTipRole:
            return literalText(k.kernel.name);
        case Qt::TextAlignmentRole:
            if (col == BaselineColumn || col == CandidateColumn)
                return int(Qt::AlignRight | Qt::AlignVCenter);
            return {};
        default:
            return {};
        }
    }
    if (index.row() >= int(m_comparison.rows.size()))
        return {};
    const perf::PairedConfig& r = m_comparison.rows[size_t(index.row())];
    const auto opt = [](const std::optional<double>& v) { return v ? QVariant(*v) : QVariant(); };
    switch (role) {
    case ConfigIdRole:
        return r.configId;
    case RatioRole:
        return opt(r.ratio);
    case BaselineMsRole:
        return opt(r.baselineMs);
    case CandidateMsRole:
        return opt(r.candidateMs);
    case VerdictRole:
        return r.rowVerdict();
    case IsKernelRole:
        return false;
    case SourceRole:
        return r.candidateSource.isEmpty() ? r.baselineSource : r.candidateSource;
    case Qt::DisplayRole:
        switch (col) {
        case ConfigColumn:
            return r.configId;
        case BaselineColumn:
            return formatMs(r.baselineMs);
        case CandidateColumn:
            return formatMs(r.candidateMs);
        case RatioColumn:
            return r.ratio ? QString::number(*r.ratio, 'f', 3) + QLatin1Char('x')
                           : QStringLiteral("NA");
        case VerdictColumn:
            return r.rowVerdict();
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        if (col != ConfigColumn && col != VerdictColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (col == VerdictColumn || col == RatioColumn) {
            const QString v = r.rowVerdict();
            return statusColor(v == QLatin1String("PASS") ? QStringLiteral("pass")
                               : v == QLatin1String("NA") ? QStringLiteral("none")
                                                          : QStringLiteral("warn"),
                               m_dark);
        }
        return {};
    case Qt::ToolTipRole: {
        QStringList tip;
        if (!r.baselineSource.isEmpty())
            tip << tr("Baseline (%1): %2").arg(r.baselineBackend, r.baselineSource);
        if (!r.candidateSource.isEmpty())
            tip << tr("Candidate: %1").arg(r.candidateSource);
        if (!r.inBaseline)
            tip << tr("Not in the baseline: listed, not averaged.");
        if (!r.inCandidate || !r.candidateMs)
            tip << tr("No candidate median: the severity is MISSING_DATA.");
        return literalText(tip.join(QLatin1Char('\n')));
    }
    default:
        return {};
    }
}

QVariant PerfTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case ConfigColumn:
        return tr("Configuration");
    case BaselineColumn:
        return tr("Baseline (ms)");
    case CandidateColumn:
        return tr("Candidate (ms)");
    case RatioColumn:
        return tr("Ratio");
    case VerdictColumn:
        return tr("Verdict");
    default:
        return {};
    }
}

} // namespace tilelens::gui::panels
