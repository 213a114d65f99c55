#pragma once
// The divergences of one DiffResult as a table: severity (icon + word),
// rule, message, owner, reference line, generated line. Custom roles give
// views and the filter model typed values instead of display strings.

#include "pair/PairAnalysis.h"

#include <QAbstractTableModel>
#include <memory>

namespace tilelens::gui {

class DivergenceTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SeverityColumn,
        RuleColumn,
        MessageColumn,
        OwnerColumn,
        ReferenceLineColumn,
        GeneratedLineColumn,
        ColumnCount
    };
    enum Role
    {
        SeverityRole = Qt::UserRole + 1, // int(diff::Severity)
        SeverityColorRole,               // QColor of the severity marker
        RuleRole,                        // QString rule id
        MessageRole,                     // QString
        OwnerRole,                       // int(diff::Owner)
        ReferenceLineRole,               // int, 0 = absent on that side
        GeneratedLineRole,               // int, 0 = absent
        DivergenceIndexRole,             // int index into DiffResult::divergences
    };

    explicit DivergenceTableModel(QObject* parent = nullptr);

    // Shows the divergences of \a snapshot (null or unparsed: empty table).
    void setSnapshot(std::shared_ptr<const pair::PairAnalysis> snapshot);
    void setDarkTheme(bool dark);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    const diff::Divergence* divergenceAt(int row) const;

    std::shared_ptr<const pair::PairAnalysis> m_snapshot;
    bool m_dark = false;
};

} // namespace tilelens::gui
