#pragma once
// One run of one stage: the typed record the runner emits (queued, started,
// finished), the history stores and the GUI shows. Registered as a Qt
// metatype so it travels through queued signal connections.

#include <QDateTime>
#include <QJsonObject>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tilelens::pipeline {

enum class RunStatus
{
    Queued, // waiting for a free slot
    Running,
    Exited,        // the process ended by itself (see exitCode) or the built-in returned
    Crashed,       // killed by a signal it did not get from us (see signal)
    TimedOut,      // we killed it after timeoutMs
    Cancelled,     // cancelled by the user (or the app quitting)
    FailedToStart, // program missing, not executable, fork failed, log not writable
    Rejected,      // never started: untrusted, not runnable here, cap reached, unknown stage
    Superseded,    // a newer request for the same stage replaced it in the queue
    Interrupted,   // history only: a start record without an end (the app died)
};

const char* runStatusName(RunStatus s);
bool parseRunStatus(const QString& text, RunStatus* out);
bool isTerminal(RunStatus s);

// Live progress: pytest counts where the tool reports them, elapsed time always.
struct StageProgress
{
    qint64 elapsedMs = 0;
    int percent = -1; // 0..100, -1 = unknown
    int done = 0;     // tests finished (pytest)
    int total = 0;    // tests selected (pytest), 0 = unknown
    QString state;    // e.g. slurm job state "PENDING"/"RUNNING"; empty when local
};

struct StageRun
{
    QString runId;     // unique, also names the log file
    QString kernelDir; // absolute
    QString stageId;
    QString title;
    QString kind;     // "external" | "builtin"
    QString launcher; // "local" | "slurm" | "builtin"
    QStringList argv; // as run (after placeholder expansion, before the launcher wrapper)
    QMap<QString, QString> envChanges;
    QStringList envRemoved;
    QString cwd;

    QDateTime queuedAt;
    QDateTime startedAt;
    QDateTime endedAt;
    RunStatus status = RunStatus::Queued;
    int exitCode = -1;    // valid when status is Exited
    int signal = 0;       // valid when status is Crashed (or the kill signal otherwise)
    QString verdict;      // parsed from the outputs, e.g. "ALL_PASS"; empty when none
    QString message;      // why it was rejected / failed / what happened, one sentence
    QString logPath;      // full log (absolute) under KERNEL_DIR/.tilelens/logs/
    qint64 pid = 0;       // process group leader while it runs
    QString slurmJobName; // when run through slurm
    qint64 outputBytes = 0;
    QString logTail; // the last lines of output (bounded), not stored in history
    QStringList changedOutputs;
    bool irChanged = false;
    int capUsed = 0;   // runs of this stage counted against its cap, including this one
    int capLimit = -1; // -1 = no cap

    qint64 elapsedMs() const;
    bool passed() const; // verdict is a success word, or no verdict and exit 0

    QJsonObject toJson() const; // schema tilelens.run/1 (no logTail)
    static StageRun fromJson(const QJsonObject& o);
};

// Verdict words counted as success / success with notes (CLI exit mapping).
bool isPassingVerdict(const QString& verdict);
bool isNotesVerdict(const QString& verdict);

void registerPipelineMetaTypes(); // idempotent; StageRunner calls it too

} // namespace tilelens::pipeline

Q_DECLARE_METATYPE(tilelens::pipeline::StageRun)
Q_DECLARE_METATYPE(tilelens::pipeline::StageProgress)
