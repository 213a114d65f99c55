#include "DivergenceFilterModel.h"

#include "DivergenceTableModel.h"

namespace tilelens::gui {

DivergenceFilterModel::DivergenceFilterModel(QObject* parent) : QSortFilterProxyModel(parent)
{
    sort(0); // by lessThan(), kept while rows change
}

void DivergenceFilterModel::setOrder(Order order)
{
    if (order == m_order)
        return;
    m_order = order;
    invalidate();
}

bool DivergenceFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (m_order == Order::SeverityFirst) {
        const int a = left.data(DivergenceTableModel::SeverityRole).toInt();
        const int b = right.data(DivergenceTableModel::SeverityRole).toInt();
        if (a != b)
            return a < b;
        // Then by line: the reference's, else the generated one's.
        auto line = [](const QModelIndex& i) {
            const int ref = i.data(DivergenceTableModel::ReferenceLineRole).toInt();
            return ref > 0 ? ref : i.data(DivergenceTableModel::GeneratedLineRole).toInt();
        };
        const int la = line(left);
        const int lb = line(right);
        if (la != lb)
            return la < lb;
    }
    return left.row() < right.row();
}

void DivergenceFilterModel::setSeverityHidden(int severity, bool hidden)
{
    if (hidden == m_hiddenSeverities.contains(severity))
        return;
    if (hidden)
        m_hiddenSeverities.insert(severity);
    else
        m_hiddenSeverities.remove(severity);
    invalidateFilter();
}

void DivergenceFilterModel::setSeverityAtLeast(int severity)
{
    if (severity == m_severityAtLeast)
        return;
    m_severityAtLeast = severity;
    invalidateFilter();
}

void DivergenceFilterModel::setOwner(int owner)
{
    if (owner == m_owner)
        return;
    m_owner = owner;
    invalidateFilter();
}

void DivergenceFilterModel::setSearchText(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_search)
        return;
    m_search = trimmed;
    invalidateFilter();
}

int DivergenceFilterModel::divergenceAt(int row) const
{
    const QModelIndex proxy = index(row, 0);
    return proxy.isValid() ? mapToSource(proxy).row() : -1;
}

int DivergenceFilterModel::rowOf(int divergenceIndex) const
{
    if (!sourceModel() || divergenceIndex < 0)
        return -1;
    return mapFromSource(sourceModel()->index(divergenceIndex, 0)).row();
}

bool DivergenceFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex source = sourceModel()->index(sourceRow, 0, sourceParent);
    const int severity = source.data(DivergenceTableModel::SeverityRole).toInt();
    if (m_hiddenSeverities.contains(severity))
        return false;
    if (m_severityAtLeast >= 0 && severity > m_severityAtLeast)
        return false;
    if (m_owner >= 0 && source.data(DivergenceTableModel::OwnerRole).toInt() != m_owner)
        return false;
    if (!m_search.isEmpty()) {
        const QString rule = source.data(DivergenceTableModel::RuleRole).toString();
        const QString message = source.data(DivergenceTableModel::MessageRole).toString();
        if (!rule.contains(m_search, Qt::CaseInsensitive) &&
            !message.contains(m_search, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

} // namespace tilelens::gui
