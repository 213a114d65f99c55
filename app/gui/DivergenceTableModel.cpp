#include "DivergenceTableModel.h"

#include "DivergenceText.h"
#include "SeverityStyle.h"
#include "crosscheck/DiffCrossCheck.h"

namespace tilelens::gui {

DivergenceTableModel::DivergenceTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void DivergenceTableModel::setSnapshot(std::shared_ptr<const pair::PairAnalysis> snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_withCpuRun.reset();
    endResetModel();
}

void DivergenceTableModel::setCpuRun(const crosscheck::CrossCheck& check)
{
    if (!m_snapshot || !m_snapshot->result)
        return;
    // The same rows in the same order: only counterexamples and reasons change.
    m_withCpuRun = std::make_shared<const diff::DiffResult>(
        crosscheck::withCpuRun(*m_snapshot->result, check));
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

const diff::DiffResult* DivergenceTableModel::result() const
{
    if (m_withCpuRun)
        return m_withCpuRun.get();
    return m_snapshot && m_snapshot->result ? &*m_snapshot->result : nullptr;
}

void DivergenceTableModel::setDarkTheme(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, SeverityColumn), index(rowCount() - 1, SeverityColumn),
                           {Qt::DecorationRole, SeverityColorRole});
}

const diff::Divergence* DivergenceTableModel::divergenceAt(int row) const
{
    const diff::DiffResult* shown = result();
    if (!shown || row < 0 || row >= static_cast<int>(shown->divergences.size()))
        return nullptr;
    return &shown->divergences[static_cast<size_t>(row)];
}

int DivergenceTableModel::rowCount(const QModelIndex& parent) const
{
    const diff::DiffResult* shown = result();
    if (parent.isValid() || !shown)
        return 0;
    return static_cast<int>(shown->divergences.size());
}

int DivergenceTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DivergenceTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const diff::Divergence* d = divergenceAt(index.row());
    if (!d)
        return {};
    const int refLine = d->reference ? d->reference->line : 0;
    const int genLine = d->generated ? d->generated->line : 0;
    switch (role) {
    case SeverityRole:
        return static_cast<int>(d->severity);
    case SeverityColorRole:
        return severityColor(d->severity, m_dark);
    case RuleRole:
        return QString::fromStdString(d->rule);
    case MessageRole:
        return DivergenceText::message(*d);
    case OwnerRole:
        return static_cast<int>(d->owner);
    case ReferenceLineRole:
        return refLine;
    case GeneratedLineRole:
        return genLine;
    case DivergenceIndexRole:
        return index.row();
    case Qt::DecorationRole:
        return index.column() == SeverityColumn ? QVariant(severityIcon(d->severity, m_dark))
                                                : QVariant();
    case Qt::ToolTipRole:
        return DivergenceText::tooltip(*d, m_dark);
    case Qt::TextAlignmentRole:
        if (index.column() == ReferenceLineColumn || index.column() == GeneratedLineColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    case Qt::DisplayRole:
        switch (static_cast<Column>(index.column())) {
        case SeverityColumn:
            return DivergenceText::severityText(*d);
        case RuleColumn:
            return QString::fromStdString(d->rule);
        case MessageColumn:
            return DivergenceText::message(*d);
        case OwnerColumn:
            return ownerLabel(d->owner);
        case ReferenceLineColumn:
            return refLine > 0 ? QVariant(refLine) : QVariant(QStringLiteral("\u2013"));
        case GeneratedLineColumn:
            return genLine > 0 ? QVariant(genLine) : QVariant(QStringLiteral("\u2013"));
        case ColumnCount:
            break;
        }
        return {};
    default:
        return {};
    }
}

QVariant DivergenceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case RuleColumn:
        return tr("Rule");
    case MessageColumn:
        return tr("Message");
    case OwnerColumn:
        return tr("Owner");
    case ReferenceLineColumn:
        return tr("Ref line");
    case GeneratedLineColumn:
        return tr("Gen line");
    default:
        return {};
    }
}

} // namespace tilelens::gui
