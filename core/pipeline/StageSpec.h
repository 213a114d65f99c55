#pragma once
// What one pipeline stage runs: the declarative description that defaults
// (port-workspace.md §3, §5, §6) and a workspace's tilelens.json produce.
// Values may hold ${VAR} placeholders; StageResolver turns a spec into the
// exact argv/env/cwd that will run.

#include <QMap>
#include <QString>
#include <QStringList>

namespace tilelens::pipeline {

enum class StageKind
{
    External, // a command (argv) run in a child process
    Builtin,  // a function of TileLens run in-process (no trust needed)
};

// Where an external command runs.
struct LauncherSpec
{
    QString kind = QStringLiteral("local"); // "local" | "slurm"
    // slurm only:
    QString mode = QStringLiteral("srun"); // "srun" (streams output) | "sbatch" (sbatch --wait)
    QString partition;                     // -p, empty = cluster default
    QString gres;                          // e.g. "gpu:1"
    QString timeLimit;                     // --time, e.g. "00:30:00"
    QStringList extraArgs;                 // appended verbatim before the command

    bool isSlurm() const { return kind == QLatin1String("slurm"); }
};

// How the verdict of a finished run is read.
enum class VerdictSource
{
    ExitCode, // 0 -> PASS, otherwise FAIL
    Pytest,   // 0 -> ALL_PASS, 1 -> FAIL, 5 (nothing collected) -> FAIL, else ERROR
    LogLine,  // the last "VERDICT: X" line of the run's output
    File,     // the first line "VERDICT: X" of verdictFile (relative to the kernel dir)
    Builtin,  // the built-in function returns it
};

struct StageSpec
{
    QString id;    // "A".."F", "validate", "perf" or a name from tilelens.json
    QString title; // one line for menus and logs
    StageKind kind = StageKind::External;
    QString builtin; // registry name when kind == Builtin

    QStringList argv;           // program + arguments, never joined into a shell string
    bool shell = false;         // run argv[0] as a script with `/bin/sh -c` (explicit opt-in)
    QMap<QString, QString> env; // variables set (or, with an empty value, left empty) for the run
    QStringList unsetEnv;       // variables removed for the run
    QString cwd;                // default: the kernel directory
    int timeoutSec = 0;         // 0 = no timeout

    QStringList inputs;  // paths or globs; relative ones are relative to the kernel dir
    QStringList outputs; // same; decide staleness and "what changed"
    QString logCopy;     // after the run, the full log is copied here (relative to the kernel dir)

    VerdictSource verdictSource = VerdictSource::ExitCode;
    QString verdictFile;                          // for VerdictSource::File
    QString passVerdict = QStringLiteral("PASS"); // ExitCode/Pytest: the word for success
    QString failVerdict = QStringLiteral("FAIL"); // ExitCode/Pytest: the word for failure

    QStringList requiredEnv; // variables the command reads itself (checked before running)

    bool requiresGpu = false; // not runnable locally without an NVIDIA device
    QString disabledReason;   // non-empty: the stage can never run as declared (and why)
    LauncherSpec launcher;

    QString origin; // "default" or the tilelens.json that declared/overrode it
};

// Pipeline caps (port-workspace.md §3.5): semantic runs per pipeline run.
QMap<QString, int> defaultStageCaps();

const char* verdictSourceName(VerdictSource s);
bool parseVerdictSource(const QString& text, VerdictSource* out);

} // namespace tilelens::pipeline
