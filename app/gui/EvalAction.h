#pragma once
// "Run Both on CPU" (issue 16): runs the selected variant's reference and
// generated entries on the CPU interpreter in the inspector's worker pool and
// checks the diff's divergences against the outcome (core/crosscheck). Reports
// progress (one step per input case) and can be cancelled; a new diff (another
// variant) cancels a run and drops its result. The GUI side stays thin: the
// run, the binding and the judgement are core's.

#include "JobTracker.h"
#include "crosscheck/DiffCrossCheck.h"
#include "eval/Differential.h"
#include "pair/PairAnalysis.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <memory>

class QAction;

namespace tilelens::gui {

class InspectorSession;

class EvalAction : public QObject
{
    Q_OBJECT
public:
    explicit EvalAction(InspectorSession& session, QObject* parent = nullptr);
    ~EvalAction() override;

    QAction* runAction() const { return m_run; }
    QAction* cancelAction() const { return m_cancel; }
    bool isRunning() const { return m_running; }

    // The binding (tilelens.eval-binding/1) runs of the current pair use, given as a file or
    // as text (the binding dialog: `file` names where the text was read from, "" once edited).
    // Kept per pair for the session: another pair has its own, and the first comes back with
    // its pair. None given: derived from the port's launch chain, else guessed.
    void setBindingFile(const QString& path);
    void setBindingText(const QString& text, const QString& file = {});
    QString bindingFile() const { return currentBinding().file; }
    QString bindingText() const { return currentBinding().text; }
    bool hasBinding() const;

    // How a message that needs a binding says to give one in the GUI (eval::askForBinding).
    static QString bindingWay();
    // The options of a run from the GUI, its binding asked for with \a bindingWay.
    static eval::EvalOptions runOptions(const std::string& bindingWay);

    // The last finished check of the current diff (null: none yet).
    std::shared_ptr<const crosscheck::CrossCheck> result() const { return m_result; }

    void start();
    void cancel();
    // Runs again now: cancels a run still going and starts when it has stopped.
    void rerun();

    // One line for the status bar: "CPU run: different — counterexample attached to D3".
    static QString statusText(const crosscheck::CrossCheck& check);
    // What an inconclusive run says (the CLI's message, translated): "" when it is not one.
    static QString inconclusiveText(const crosscheck::CrossCheck& check);

Q_SIGNALS:
    void started();
    void progressChanged(int done, int total);
    // With the check, or null when the run was superseded or cancelled.
    void finished(std::shared_ptr<const crosscheck::CrossCheck> check);

private:
    void onDiffChanged();
    void updateActions();

    InspectorSession& m_session;
    QAction* m_run = nullptr;
    QAction* m_cancel = nullptr;
    struct GivenBinding
    {
        QString file; // read at run time when `text` is empty
        QString text;
    };
    GivenBinding currentBinding() const;
    QHash<QString, GivenBinding> m_bindings; // by "reference\ngenerated" path pair
    bool m_startWhenStopped = false;
    JobTracker m_job; // the running run
    std::shared_ptr<const crosscheck::CrossCheck> m_result;
    std::shared_ptr<const pair::PairAnalysis> m_runningFor; // the diff the run checks
    bool m_running = false;
};

} // namespace tilelens::gui
