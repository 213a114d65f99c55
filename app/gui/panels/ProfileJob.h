#pragma once
// Runs two commands (baseline, candidate) N times each with the CUPTI
// injection library (core/profiler README: CUDA_INJECTION64_PATH,
// NVTX_INJECTION64_PATH, TILELENS_CUPTI_OUT) — what `tilelens-cli profile`
// does — asynchronously through QProcess. After every run it rebuilds that
// side's profile JSON from the runs so far, so the perf panel updates live.

#include <QObject>
#include <QStringList>

class QProcess;

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
    bool isRunning() const { return m_process != nullptr; }

    QString profilePath(int side) const; // OUT/baseline/profile.json, OUT/candidate/profile.json

Q_SIGNALS:
    void logLine(const QString& line);
    void sideUpdated(int side, const QString& profileJson); // after each run
    void finished(bool ok, const QString& message);

private:
    void startNext();
    void onRunFinished(int exitCode, bool crashed);

    Side m_sides[2];
    int m_runs = 4;
    QString m_outDir;
    QString m_library;
    int m_side = 0;
    int m_run = 0;
    QProcess* m_process = nullptr;
    qint64 m_startMs = 0;
    bool m_cancelled = false;
    bool m_anyFailed = false;
    QList<int> m_exitCodes[2];
    QList<double> m_wall[2];
};

} // namespace tilelens::gui::panels
