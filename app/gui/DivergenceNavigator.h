#pragma once
// The divergence navigator dock: the verdict and counts above a filterable
// table of divergences. Selecting a row selects that divergence in the
// session; next()/previous() (F8 / Shift+F8) walk the visible rows, critical
// first unless file order is chosen. "N of M shown" and a message when the
// filters hide every row; each kernel keeps its own filters.

#include <QHash>
#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace tilelens::crosscheck {
struct CrossCheck;
}
namespace tilelens::diff {
struct DiffResult;
}

namespace tilelens::gui {

class DivergenceFilterModel;
class DivergenceTableModel;
class InspectorSession;

class DivergenceNavigator : public QWidget
{
    Q_OBJECT
public:
    explicit DivergenceNavigator(InspectorSession& session, QWidget* parent = nullptr);

    DivergenceTableModel* model() const { return m_model; }
    DivergenceFilterModel* filter() const { return m_filter; }
    QTableView* view() const { return m_view; }
    QLabel* headerLabel() const { return m_header; }
    QLineEdit* searchField() const { return m_search; }
    QComboBox* severityBox() const { return m_severityBox; }
    QComboBox* ownerBox() const { return m_ownerBox; }
    QComboBox* orderBox() const { return m_orderBox; }
    QLabel* countLabel() const { return m_count; }
    // Shown instead of the table while the filters hide every divergence.
    QLabel* emptyLabel() const { return m_empty; }

    // Selects the next / previous visible divergence (wraps around).
    void next();
    void previous();
    void setDarkTheme(bool dark);

    // A CPU run of the shown pair finished: the table and the header count its counterexamples
    // (a refuted critical is no longer unproven), as `diff --eval` does.
    void showCpuRun(const std::shared_ptr<const crosscheck::CrossCheck>& check);
    // The diff the table shows: the session's, with a CPU run's counterexamples once one ran.
    const diff::DiffResult* shownResult() const;

    // "FAIL_FIXABLE · 2 critical, 1 warn, ..." (empty without a diff). \a shown: the result
    // the table shows when a CPU run changed it (DivergenceTableModel::result).
    static QString summaryText(const InspectorSession& session,
                               const diff::DiffResult* shown = nullptr);

private:
    void onDiffChanged();
    void onCurrentDivergenceChanged(int index);
    void step(int delta);
    void updateHeader();
    void updateCount();
    void onSelectionChanged(int kernel, int variant);
    struct Filters
    {
        int severity = 0; // combo box indexes
        int owner = 0;
        QString search;
    };
    Filters currentFilters() const;
    void applyFilters(const Filters& filters);

    InspectorSession& m_session;
    DivergenceTableModel* m_model = nullptr;
    DivergenceFilterModel* m_filter = nullptr;
    QTableView* m_view = nullptr;
    QLabel* m_header = nullptr;
    QComboBox* m_severityBox = nullptr;
    QComboBox* m_ownerBox = nullptr;
    QLineEdit* m_search = nullptr;
    QComboBox* m_orderBox = nullptr;
    QLabel* m_count = nullptr;
    QLabel* m_empty = nullptr;
    QHash<QString, Filters> m_kernelFilters; // "kernel/variant" -> its filters
    QString m_kernelKey;
    bool m_dark = false;
    bool m_syncing = false;
};

} // namespace tilelens::gui
