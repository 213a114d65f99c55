#pragma once
// Internal to StageRunner: the state of one running stage.

#include "common/CancelToken.h"
#include "pipeline/BuiltinStage.h"
#include "pipeline/SlurmLauncher.h"
#include "pipeline/StageFreshness.h"
#include "pipeline/StageOutputParser.h"
#include "pipeline/StageResolver.h"
#include "pipeline/StageRun.h"
#include "pipeline/StageRunner.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFutureWatcher>
#include <QPointer>
#include <QProcess>
#include <QTimer>
#include <memory>

namespace tilelens::pipeline {

constexpr qsizetype kTailBytes = 16 * 1024; // output kept for StageRun::logTail

struct StageRunner::Pending
{
    StageRequest request;
    StageRun record;
    ResolvedStage stage;
    int capLimit = -1;
};

struct ActiveRun
{
    StageRun record;
    ResolvedStage stage;
    LaunchCommand launch;

    QProcess* process = nullptr;                      // external stages
    QFutureWatcher<BuiltinResult>* watcher = nullptr; // built-in stages
    CancelSource cancel; // a built-in polls its token; set when the run is cancelled or times out

    QFile log;
    QElapsedTimer clock;
    QTimer* timeoutTimer = nullptr;
    QTimer* killTimer = nullptr;
    RunStatus requestedEnd = RunStatus::Running; // Cancelled / TimedOut once we decided to kill it

    QByteArray pendingLive; // not yet sent to the GUI (bounded)
    qint64 pendingSkipped = 0;
    QByteArray tail; // last bytes of output for the record's logTail (bounded)
    StageOutputParser parser;
    bool progressDirty = false;
    OutputSnapshot outputsBefore;

    qint64 slurmOffset = 0; // sbatch: bytes of the job's output file already streamed
    QString slurmState;
    QPointer<QProcess> squeue; // running state poll, at most one
    bool done = false;
};

} // namespace tilelens::pipeline
