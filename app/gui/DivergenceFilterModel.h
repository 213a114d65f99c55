#pragma once
// Filters the divergence table: hidden severities (the "Hide noise" and
// "Hide equivalent" toggles, the severity filter), one owner or all, and a
// case-insensitive search over rule and message. Rows keep report order.

#include <QSet>
#include <QSortFilterProxyModel>

namespace tilelens::gui {

class DivergenceFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit DivergenceFilterModel(QObject* parent = nullptr);

    void setSeverityHidden(int severity, bool hidden);
    bool isSeverityHidden(int severity) const { return m_hiddenSeverities.contains(severity); }
    // -1 = every severity, else only that one (int(diff::Severity)).
    void setSeverityOnly(int severity);
    // -1 = both owners, else int(diff::Owner).
    void setOwner(int owner);
    void setSearchText(const QString& text);

    // Source row (divergence index) of proxy row \a row, -1 when out of range.
    int divergenceAt(int row) const;
    // Proxy row showing divergence \a index, -1 when filtered out.
    int rowOf(int divergenceIndex) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QSet<int> m_hiddenSeverities;
    int m_severityOnly = -1;
    int m_owner = -1;
    QString m_search;
};

} // namespace tilelens::gui
