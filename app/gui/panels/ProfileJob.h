#pragma once
// Runs two commands (baseline, candidate) N times each with the CUPTI
// injection library (core/profiler README: CUDA_INJECTION64_PATH,
// NVTX_INJECTION64_PATH, TILELENS_CUPTI_OUT) — what `tilelens-cli profile`
// does — as ad-hoc stage runs through the stage runner (its own worker
// thread; logs and run history under the working directory's .tilelens/).
// After every run pipeline::ProfiledRun rebuilds that side's profile JSON from
// the runs so far, so the perf panel updates live.

#include <QMap>
#include <QObject>
#include <QStringList>
#include <memory>

namespace tilelens::pipeline {
class ProfiledRun;
class StageRunnerThread;
struct ProfiledRunUpdate;
} // namespace tilelens::pipeline

namespace tilelens::gui::panels {

class ProfileJob : public QObject
{
    Q_OBJECT
public:
    struct Side
    {
        QString label;       // pairing name, e.g. "torch" / "triton"
        QStringList command; // program + arguments
    };

    explicit ProfileJob(QObject* parent = nullptr);
    ~ProfileJob() override;

    // libtilelens_cupti.so: $TILELENS_CUPTI_LIBRARY, else next to the
    // executable (installed lib dirs, build tree). Empty when not found.
    static QString findCuptiLibrary();
    // Why profiling cannot work here (no library, no GPU); empty when it can.
    static QString unavailableReason(const QString& library);

    // Starts; false (with `error`) when the library or a command is missing.
    bool start(const Side& baseline, const Side& candidate, int runs, const QString& outDir,
               const QString& library, QString* error = nullptr);
    void cancel();
    bool isRunning() const;
    // Where the commands run and the run logs go (default: the output folder).
    void setWorkingDirectory(const QString& dir) { m_workDir = dir; }

    QString profilePath(int side) const; // OUT/baseline/profile.json, OUT/candidate/profile.json

Q_SIGNALS:
    void logLine(const QString& line);
    void sideUpdated(int side, const QString& profileJson); // after each run
    void finished(bool ok, const QString& message);

private:
    bool startSide(int side, QString* error);
    void onMeasured(const pipeline::ProfiledRunUpdate& u);
    void onSideFinished(bool ok, const QString& message);

    Side m_sides[2];
    int m_runs = 4;
    QString m_outDir;
    QString m_workDir;
    QString m_library;
    int m_side = 0;
    bool m_running = false;
    bool m_anyFailed = false;
    std::unique_ptr<pipeline::StageRunnerThread> m_worker;
    pipeline::ProfiledRun* m_profiled = nullptr;
    QMap<QString, int> m_runOf; // stage run id -> run index, for the output lines
};

} // namespace tilelens::gui::panels
