#pragma once
// The start page of a checkout: one row per kernel (DashboardModel) and a
// header line with the overall geomean across kernels. Double-clicking a
// row selects that kernel in the session and emits kernelActivated().

#include <QWidget>

class QLabel;
class QTableView;

namespace tilelens::gui {
class InspectorSession;
}

namespace tilelens::gui::panels {

class DashboardModel;

class DashboardView : public QWidget
{
    Q_OBJECT
public:
    DashboardView(InspectorSession* session, QWidget* parent = nullptr);

    DashboardModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString headerText() const;
    // The rows (a diff of every variant) wait while held here or while the
    // session diffs its selected variant; the window holds them until its
    // panes are decorated.
    void setHeld(bool held);

Q_SIGNALS:
    void kernelActivated(int kernel);

protected:
    void changeEvent(QEvent* event) override;

private:
    void followWorkspace();
    void updateHeader();
    void updateHold();

    InspectorSession* m_session;
    DashboardModel* m_model;
    QLabel* m_header;
    QTableView* m_table;
    bool m_held = false;
};

} // namespace tilelens::gui::panels
