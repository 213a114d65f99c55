#pragma once
// Turns a StageSpec into exactly what will run: ${VAR} placeholders
// expanded, the environment changes, the working directory, and whether the
// stage can run on this machine at all (with the reason when it cannot).
//
// Placeholders: ${WS} (the kernel dir), ${KERNEL} (kernel name), ${PYTHON}
// (python3 unless set), then the stage's env, tilelens.json's env and the
// process environment. CUTILE_KERNEL_OUT_ROOT defaults to the parent of WS.

#include "pipeline/StageSet.h"

#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace tilelens::pipeline {

struct ResolvedStage
{
    QString stageId;
    StageKind kind = StageKind::External;
    QString builtin;
    bool runnable = false;
    QString reason; // why not runnable (one sentence)

    QStringList argv; // expanded command; for shell stages {"/bin/sh", "-c", script}
    QMap<QString, QString> envChanges; // what differs from the runner's environment
    QStringList envRemoved;
    QString cwd;         // absolute, as declared
    QString physicalCwd; // cwd with every symbolic link resolved (where the command runs)
    int timeoutMs = 0;   // 0 = none
    QStringList inputs;  // absolute paths or globs
    QStringList outputs;
    QString logCopy;     // absolute, may be empty
    QString verdictFile; // absolute, may be empty
    VerdictSource verdictSource = VerdictSource::ExitCode;
    QString passVerdict;
    QString failVerdict;
    LauncherSpec launcher;

    // The environment for the child process: `base` with the changes applied.
    QProcessEnvironment environment(const QProcessEnvironment& base) const;
    // Human-readable, exact: env changes, cwd, argv (one argument per line, quoted).
    QString describe() const;
};

// Expands every ${NAME}; unknown names stay as written and are collected in `missing`.
QString expandVariables(const QString& text, const QMap<QString, QString>& vars,
                        QStringList* missing);

ResolvedStage
resolveStage(const StageSet& set, const StageSpec& spec,
             const QProcessEnvironment& base = QProcessEnvironment::systemEnvironment());

// True when an NVIDIA device node is visible (or TILELENS_ASSUME_GPU=1 says so).
bool gpuAvailable();

// Quotes one argument for /bin/sh (used for display and for sbatch --wrap).
QString shellQuote(const QString& arg);

} // namespace tilelens::pipeline
