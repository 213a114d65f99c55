#pragma once
// Table of the pipeline stages of one kernel directory: A–F from the
// reports and agent logs (workspace StageState), the built-ins (validate,
// perf) and any stage of tilelens.json, with the durable run history and the
// live state of runs in flight. Reload() reads small files only (reports,
// tilelens.json, the tail of .tilelens/runs.jsonl).

#include "pipeline/StageRun.h"
#include "pipeline/StageSet.h"
#include "workspace/StageState.h"

#include <QAbstractTableModel>
#include <QMap>
#include <vector>

namespace tilelens::gui::panels {

struct StageRow
{
    QString id; // "A".."F", "validate", "perf", custom
    QString title;
    bool builtin = false;
    bool runnable = false;
    QString notRunnableReason;
    QString verdict;       // latest: last finished run, else the report/agent log
    QString verdictSource; // file the verdict came from, or "run <time>"
    bool computed = false; // the verdict is TileLens's own diff, not a stage's record
    bool failed = false;   // the run that decided the verdict failed ("NO_IR" is no "done")
    QString classLine;
    int runs = 0; // runs the logs / history show
    int cap = -1; // -1: no cap
    bool stale = false;
    QString freshness;                       // explanation for the tooltip
    QString next;                            // routing: "B(1)" on the stage that runs next
    QString evidence;                        // report file of A-F
    QString agentLog;                        // reports/agent_logs/agent_x.md when present
    std::vector<pipeline::StageRun> history; // newest first
    // live
    bool live = false;
    pipeline::StageRun liveRun;
    pipeline::StageProgress progress;
};

class StageTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        StageColumn,
        StatusColumn,
        VerdictColumn,
        ClassColumn,
        RunsColumn,
        StaleColumn,
        NextColumn,
        ColumnCount
    };
    enum Role
    {
        StageIdRole = Qt::UserRole + 1, // QString
        StatusKeyRole,                  // QString: pass/notes/warn/fail/running/queued/none
        VerdictRole,                    // QString
        RunnableRole,                   // bool
        ReasonRole,                     // QString: why it cannot run here
        StaleRole,                      // bool
        RunCountRole,                   // int
        CapRole,                        // int (-1 = none)
        RunningRole,                    // bool
        BuiltinRole,                    // bool
    };

    explicit StageTableModel(QObject* parent = nullptr);

    // Reads the stages of `kernelDir` (empty: no rows). Keeps live runs. A checkout lists the
    // IR stages (ir-ref:/ir-gen:) of every landed port: only those in \a checkoutStages are
    // rows (the selected kernel's); its other stages stay.
    void reload(const QString& kernelDir, const QStringList& checkoutStages = {});
    // The IR verdict TileLens computed for the shown kernel (empty: none) and
    // from what: stage C shows it when no report or run gave C a verdict, so
    // the table never says "not run" beside a verdict in the status bar.
    void setComputedIrVerdict(const QString& verdict, const QString& source);
    void reload() { reload(m_kernelDir, m_checkoutStages); }
    const QString& kernelDir() const { return m_kernelDir; }
    const QStringList& checkoutStages() const { return m_checkoutStages; }
    const pipeline::StageSet& stageSet() const { return m_set; }
    const ws::PipelineState& pipelineState() const { return m_state; }

    int rowOf(const QString& stageId) const;
    const StageRow* row(int r) const;

    // Live updates from the runner (ignored for another kernel dir).
    void runQueued(const pipeline::StageRun& run);
    void runStarted(const pipeline::StageRun& run);
    void runProgress(const QString& runId, const pipeline::StageProgress& progress);
    void runFinished(const pipeline::StageRun& run);
    bool anyLive() const;

    void setDark(bool dark);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString statusKey(const StageRow& r) const;
    QString statusText(const StageRow& r) const;
    int rowOfRun(const QString& runId) const;

    QString m_computedVerdict; // setComputedIrVerdict
    QString m_computedSource;
    QString m_kernelDir;
    QStringList m_checkoutStages;
    pipeline::StageSet m_set;
    ws::PipelineState m_state;
    std::vector<StageRow> m_rows;
    QMap<QString, pipeline::StageRun> m_live; // runId -> run (queued or running)
    QMap<QString, pipeline::StageProgress> m_progress;
    bool m_dark = false;
};

} // namespace tilelens::gui::panels
