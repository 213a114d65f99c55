#include "DivergenceFilterModel.h"

#include "DivergenceTableModel.h"

namespace tilelens::gui {

DivergenceFilterModel::DivergenceFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {}

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

void DivergenceFilterModel::setSeverityOnly(int severity)
{
    if (severity == m_severityOnly)
        return;
    m_severityOnly = severity;
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
    if (m_severityOnly >= 0 && severity != m_severityOnly)
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
