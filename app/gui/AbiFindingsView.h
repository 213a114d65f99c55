#pragma once
// The ABI findings of the selected port's launch chain (core: workspace/AbiCheck.h),
// beside the Python and Rust panes: one row per finding with its severity, rule, place and
// translated message; activating a row asks the window to show that line. The chain is
// read on the worker pool; a newer selection drops an older result.

#include "JobTracker.h"

#include <QString>
#include <QWidget>

class QLabel;
class QTreeWidget;

namespace tilelens::ws {
struct Kernel;
struct AbiFinding;
} // namespace tilelens::ws

namespace tilelens::gui {

class AbiFindingsView : public QWidget
{
    Q_OBJECT
public:
    explicit AbiFindingsView(QWidget* parent = nullptr);

    // Reads the chain of `kernel` (only `entry` when not empty); null clears the list.
    void showKernel(const ws::Kernel* kernel, const QString& entry);

    QTreeWidget* tree() const { return m_tree; }
    QLabel* summary() const { return m_summary; }

    // The finding's message in the UI language (context "AbiRule").
    static QString messageText(const ws::AbiFinding& f);

Q_SIGNALS:
    void locationActivated(const QString& file, int line);
    // The list holds the result of the last showKernel() call.
    void updated();

private:
    QTreeWidget* m_tree = nullptr;
    QLabel* m_summary = nullptr;
    JobTracker m_chain; // reading the selected port's launch chain
};

} // namespace tilelens::gui
