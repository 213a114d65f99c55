#pragma once
// The stage panel: stages A–F and the built-ins of the current kernel with
// status, verdict, class/owner, runs vs cap, freshness and the routing
// table's next step; a log viewer (reports, agent logs, old run logs from
// .tilelens/runs.jsonl, live output); Rerun / Cancel with progress. Runs go
// through pipeline::StageRunner in its own thread; the GUI thread never waits
// on a child. External commands run only in a trusted workspace: the first
// time, a dialog shows exactly what will run and the decision is stored.
// Stage E is a profiled run (pipeline::ProfiledRun): N runs with the CUPTI
// injection, one update per run (profiledRunUpdated, for the perf panel).

#include "pipeline/ProfiledRun.h"
#include "pipeline/StageRun.h"

#include <QMap>
#include <QWidget>
#include <functional>
#include <memory>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace tilelens::pipeline {
class StageRunnerThread;
}

namespace tilelens::gui {
class InspectorSession;
}

namespace tilelens::gui::panels {

class StageTableModel;

class StagePanel : public QWidget
{
    Q_OBJECT
public:
    // Asked before the first external command of a workspace; true = trust.
    using TrustPrompt = std::function<bool(const QString& kernelDir, const QString& description)>;

    StagePanel(InspectorSession* session, QWidget* parent = nullptr);
    ~StagePanel() override; // cancels every run and waits until no child is left

    bool hasRunsInFlight() const;
    void cancelAll();

    // Where trust decisions are stored (default pipeline::TrustStore::defaultPath()).
    void setTrustStorePath(const QString& path);
    // Replaces the modal dialog (tests, headless use).
    void setTrustPrompt(TrustPrompt prompt);
    // libtilelens_cupti.so for stage E (default: found beside the executable or
    // $TILELENS_CUPTI_LIBRARY; empty: E runs once without device times) and its runs.
    void setCuptiLibrary(const QString& path) { m_cuptiLibrary = path; }
    QString cuptiLibrary() const { return m_cuptiLibrary; }
    void setProfileRuns(int runs) { m_profileRuns = runs; }
    pipeline::ProfiledRun* profiledRun() const { return m_profiled; }

    StageTableModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QPlainTextEdit* logView() const { return m_log; }
    QComboBox* logSourceBox() const { return m_logSource; }
    QString runStatusText() const;

    // Runs a stage of the current kernel (trust check first). False when
    // nothing was requested (no kernel, not runnable, trust denied).
    bool rerun(const QString& stageId, bool ignoreCaps = false);
    void cancelStage(const QString& stageId);
    void selectStage(const QString& stageId);
    QString selectedStage() const;

Q_SIGNALS:
    void workspaceRescanRequested();
    void runFinished(const tilelens::pipeline::StageRun& run);
    // After every run of a profiled stage (E): the profile so far, and why no
    // device time came when none did. Connect the perf panel's showProfiledRun.
    void profiledRunUpdated(const tilelens::pipeline::ProfiledRunUpdate& update);

protected:
    void changeEvent(QEvent* event) override;

private:
    void followSession();
    void followComputedDiff();
    void reloadKeepingSelection();
    void updateHeader();
    // The step the header names: a kernel dir's routing (A-F), or for a checkout's landed port
    // the IR stage whose file is missing, never a stage the checkout does not have.
    QString nextStep() const;
    void updateControls();
    void fillLogSources();
    void showLogSource(int index);
    void showContextMenu(const QPoint& pos);
    bool ensureTrusted(const QString& kernelDir);
    bool startProfiled(const QString& kernelDir, const QString& stageId, bool ignoreCaps);
    void onProfiledUpdate(const pipeline::ProfiledRunUpdate& update);

    void onQueued(const pipeline::StageRun& run);
    void onStarted(const pipeline::StageRun& run);
    void onOutput(const QString& runId, const QByteArray& data, qint64 skipped);
    void onProgress(const QString& runId, const pipeline::StageProgress& progress);
    void onFinished(const pipeline::StageRun& run);

    InspectorSession* m_session;
    StageTableModel* m_model;
    QLabel* m_header;
    QTableView* m_table;
    QPushButton* m_rerun;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_runStatus;
    QComboBox* m_logSource;
    QPlainTextEdit* m_log;

    std::unique_ptr<pipeline::StageRunnerThread> m_worker;
    pipeline::ProfiledRun* m_profiled = nullptr;
    QString m_cuptiLibrary;
    int m_profileRuns = 4; // best of 4, as TileGym's headline numbers
    QString m_trustFile;
    TrustPrompt m_trustPrompt;
    QMap<QString, QByteArray> m_liveOutput;      // runId -> bounded tail of the live stream
    QMap<QString, QString> m_liveStage;          // runId -> stage id
    QMap<QString, pipeline::StageRun> m_lastRun; // stage id -> last finished run (this session)
    // The stage the user picked or ran: selected again when the table is read anew (the rescan
    // after a run empties it and fills it again), not row 0.
    QString m_wantedStage;
};

} // namespace tilelens::gui::panels
