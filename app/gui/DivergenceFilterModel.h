#pragma once
// Filters and orders the divergence table: hidden severities (the "Hide
// noise" and "Hide equivalent" toggles), "severity and above", one owner or
// all, and a case-insensitive search over rule and message. Rows are ordered
// critical first (then by line) or in the report's file order; F8 walks them.

#include <QSet>
#include <QSortFilterProxyModel>

namespace tilelens::gui {

class DivergenceFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    enum class Order
    {
        SeverityFirst, // critical first, then by line
        File,          // the report's order (reference file order)
    };

    explicit DivergenceFilterModel(QObject* parent = nullptr);

    void setSeverityHidden(int severity, bool hidden);
    bool isSeverityHidden(int severity) const { return m_hiddenSeverities.contains(severity); }
    // -1 = every severity, else that one and the more severe ones
    // (int(diff::Severity): Critical is 0, the most severe).
    void setSeverityAtLeast(int severity);
    // -1 = both owners, else int(diff::Owner).
    void setOwner(int owner);
    void setSearchText(const QString& text);
    void setOrder(Order order);
    Order order() const { return m_order; }

    // Source row (divergence index) of proxy row \a row, -1 when out of range.
    int divergenceAt(int row) const;
    // Proxy row showing divergence \a index, -1 when filtered out.
    int rowOf(int divergenceIndex) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QSet<int> m_hiddenSeverities;
    int m_severityAtLeast = -1;
    int m_owner = -1;
    QString m_search;
    Order m_order = Order::SeverityFirst;
};

} // namespace tilelens::gui
