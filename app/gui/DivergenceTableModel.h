#pragma once
// The divergences of one DiffResult as a table: severity (icon + word),
// rule, message, owner, reference line, generated line. Custom roles give
// views and the filter model typed values instead of display strings.

#include "pair/PairAnalysis.h"

namespace tilelens::crosscheck {
struct CrossCheck;
}

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
    // Shows the snapshot's divergences as a CPU run of both sides leaves them, as
    // `diff --eval` prints them (crosscheck::withCpuRun): a critical the run gave a
    // counterexample is no longer unproven; the others say why the run gives none.
    void setCpuRun(const crosscheck::CrossCheck& check);
    // The result the table shows: the snapshot's, or the CPU run's view of it.
    const diff::DiffResult* result() const;
    void setDarkTheme(bool dark);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    const diff::Divergence* divergenceAt(int row) const;

    std::shared_ptr<const pair::PairAnalysis> m_snapshot;
    std::shared_ptr<const diff::DiffResult> m_withCpuRun; // null until a run of this snapshot
    bool m_dark = false;
};

} // namespace tilelens::gui
