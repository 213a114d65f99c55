#pragma once
// A CUPTI-profiled stage run: one stage (stage E, or an ad-hoc command such as
// the perf panel's "Profile command…") run N times through the StageRunner —
// trust gate, caps, logs and run history as for any stage — with
// libtilelens_cupti.so injected (CUDA_INJECTION64_PATH, NVTX_INJECTION64_PATH,
// TILELENS_CUPTI_OUT = OUT/run-<i>). After every run the records of the runs so
// far are grouped into OUT/profile.json (core/perf/cupti) and runMeasured()
// fires, so a view can update live; after the last run the profile is paired
// with the baseline (profile JSON or tilegym logs) like tilegym logs.
//
// Without the library the stage still runs (once, nothing injected); without
// a GPU it runs as declared. Each update then says why no device time came.

#include "perf/PerfComparison.h"
#include "pipeline/StageRun.h"

#include <QObject>
#include <QStringList>

namespace tilelens::pipeline {

class StageRunnerThread;

struct ProfiledRunOptions
{
    QString kernelDir;
    QString stageId = QStringLiteral("E");
    QStringList adhocArgv; // non-empty: run this command (as stage `stageId`) instead
    QString label;         // the profile's label; default: "stage-<id>"
    int runs = 4;
    QString library;      // libtilelens_cupti.so; empty: one plain run, no device times
    QString outDir;       // default: KERNEL_DIR/.tilelens/profiles/<stageId>
    QStringList baseline; // perf inputs to pair with at the end; empty: no pairing
    bool trustOverride = false;
    bool ignoreCaps = false; // the first run counts against the stage's cap, later ones never
};

// What one finished run (and, with last set, the whole profile) gave.
struct ProfiledRunUpdate
{
    int run = 0; // 0-based
    int runs = 0;
    bool last = false;
    StageRun stageRun;
    QString profilePath; // OUT/profile.json, rewritten after every run
    int configs = 0;     // configurations measured so far
    QString stageId;
    QStringList baseline;  // the options' baseline inputs (a view pairs every update with them)
    QString noDeviceTimes; // why this run gave no device time; empty when it did
    // last only:
    bool paired = false; // a baseline was read and paired
    perf::PerfComparison comparison;
    QStringList baselineProblems;
};

class ProfiledRun : public QObject
{
    Q_OBJECT
public:
    // `worker` must outlive this object (the stage panel's or a private one).
    explicit ProfiledRun(StageRunnerThread* worker, QObject* parent = nullptr);

    // False (with `error`) when nothing was started (bad options, already running).
    bool start(const ProfiledRunOptions& options, QString* error = nullptr);
    void cancel();
    bool isRunning() const { return !m_currentRunId.isEmpty(); }
    QString currentRunId() const { return m_currentRunId; }
    const ProfiledRunOptions& options() const { return m_options; }
    QString profilePath() const;
    QString runDir(int run) const; // OUT/run-<run+1>

Q_SIGNALS:
    void runRequested(const QString& runId, int run, int runs);
    void runStarted(const QString& runId, int run, int runs);
    void runMeasured(const tilelens::pipeline::ProfiledRunUpdate& update);
    void finished(bool ok, const QString& message);

private:
    void requestNext();
    void onStageFinished(const StageRun& run);
    void measure(const StageRun& run);
    bool clearEarlierProfile(QString* error);
    bool makeRunDir(const QString& dir, QString* error);
    void writeProfile(const QByteArray& json);

    StageRunnerThread* m_worker;
    ProfiledRunOptions m_options;
    // outDir relative to the kernel dir when it is one of TileLens's own folders
    // (.tilelens/...): written through OwnedDir then, never through a link. Else empty.
    QString m_ownedDir;
    int m_run = 0;
    int m_runs = 0;
    QString m_currentRunId;
    bool m_cancelled = false;
    bool m_anyFailed = false;
    QList<StageRun> m_done;
};

// libtilelens_cupti.so: $TILELENS_CUPTI_LIBRARY, else the package's private
// directory (<prefix>/lib/<multiarch>/tilelens, found relative to `appDir`, the
// executable's folder, then as configured), else beside `appDir` (other lib dirs,
// the build tree). Empty when not found.
QString findCuptiLibrary(const QString& appDir);
// Why no device time can come here (no library, no GPU); empty when it can.
QString cuptiUnavailableReason(const QString& library);
// The baseline a profiled stage E pairs with: a profiled stage A
// (.tilelens/profiles/A/profile.json) if there is one, else the kernel's
// tilegym baseline logs (baseline_perf*.txt). Empty for other stages.
QStringList defaultProfileBaseline(const QString& kernelDir, const QString& stageId);

// Pairs a profile (the candidate) with baseline inputs (profile JSON or
// tilegym logs, best of them per configuration) like tilegym logs. `paired` is
// false when no baseline record could be read; reading problems land in `problems`.
perf::PerfComparison pairWithBaseline(const perf::PerfData& candidateProfile,
                                      const QStringList& baseline, QStringList* problems,
                                      bool* paired);

} // namespace tilelens::pipeline

Q_DECLARE_METATYPE(tilelens::pipeline::ProfiledRunUpdate)
