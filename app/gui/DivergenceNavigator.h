#pragma once
// The divergence navigator dock: the verdict and counts above a filterable
// table of divergences. Selecting a row selects that divergence in the
// session; next()/previous() (F8 / Shift+F8) walk the visible rows.

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

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

    // Selects the next / previous visible divergence (wraps around).
    void next();
    void previous();
    void setDarkTheme(bool dark);

    // "FAIL_FIXABLE · 2 critical, 1 warn, ..." (empty without a diff).
    static QString summaryText(const InspectorSession& session);

private:
    void onDiffChanged();
    void onCurrentDivergenceChanged(int index);
    void step(int delta);
    void updateHeader();

    InspectorSession& m_session;
    DivergenceTableModel* m_model = nullptr;
    DivergenceFilterModel* m_filter = nullptr;
    QTableView* m_view = nullptr;
    QLabel* m_header = nullptr;
    QComboBox* m_severityBox = nullptr;
    QComboBox* m_ownerBox = nullptr;
    QLineEdit* m_search = nullptr;
    bool m_dark = false;
    bool m_syncing = false;
};

} // namespace tilelens::gui
