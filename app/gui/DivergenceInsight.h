#pragma once
// What the inspector adds to a divergence beyond its table row (issues 13 and
// 16): a details pane beside the divergence table with the proof or counterexample in
// full and every site (clicking one selects its lines in both IR panes), the
// "Fold Equivalent && Noise" toggle (saved per user), and "Run Both on CPU"
// with its progress, cancel and result in the details and the status bar.
// Built by MainWindow::buildMenus(); kept out of MainWindow so that the window
// only places it.

#include "ElidedLabel.h"

#include <QObject>
#include <memory>

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QTextBrowser;
class QToolBar;
class QToolButton;
class QUrl;

namespace tilelens::crosscheck {
struct CrossCheck;
}
namespace tilelens::diff {
struct DiffResult;
}

namespace tilelens::gui {

class BindingDialog;
class EvalAction;
class MainWindow;

class DivergenceInsight : public QObject
{
    Q_OBJECT
public:
    // Adds its actions to `diffMenu` and `toolbar`, its dock beside the divergence
    // dock and its progress to the status bar. `persist`: read and save the fold toggle.
    DivergenceInsight(MainWindow& window, QMenu* diffMenu, QToolBar* toolbar, bool persist);

    QAction* foldAction() const { return m_fold; }
    EvalAction* evalAction() const { return m_eval; }
    QTextBrowser* details() const { return m_details; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* evalStatus() const { return m_status; }

    static const char* const kFoldSettingKey;

    // What a click on a link of the details does: "site:N" selects the lines of site N
    // of the divergence, "store:0" those of the CPU run's first diverging stores.
    void activateLink(const QUrl& link);

    // Diff > CPU Run Binding…: opens the binding dialog on the shown pair (null without one);
    // its Run (or a picked file) gives the pair that binding and runs both sides again.
    BindingDialog* editBinding();

private:
    void showDetails();
    void onFoldToggled(bool on);
    void syncFoldAction();
    void onEvalFinished(const std::shared_ptr<const crosscheck::CrossCheck>& check);
    // The run's outcome line; with its counterexample (unless a selected row already says it),
    // the inputs of its case and the first diverging stores when `aboutThisRow`.
    QString cpuRunDetails(const crosscheck::CrossCheck& check, bool aboutThisRow,
                          bool rowSelected) const;

    MainWindow& m_window;
    bool m_persist = false;
    QAction* m_fold = nullptr;
    QAction* m_binding = nullptr;
    EvalAction* m_eval = nullptr;
    QTextBrowser* m_details = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;
    ElidedLabel* m_status = nullptr;
    bool m_syncing = false;
    std::shared_ptr<const diff::DiffResult> m_withRun; // the diff as the last run left it
};

} // namespace tilelens::gui
