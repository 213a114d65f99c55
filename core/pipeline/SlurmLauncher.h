#pragma once
// The "slurm" launcher: wraps a resolved stage command for a Slurm cluster.
//   mode "srun"  : srun --job-name ... --unbuffered CMD...  (output streams back live)
//   mode "sbatch": sbatch --wait --parsable --output FILE --wrap "exec CMD..."
//                  (the runner tails FILE while the job runs)
// GPU resources come from the spec's gres (e.g. "gpu:1"). The runner polls
// the state with squeue and cancels with scancel --name JOB (then kills the
// local srun/sbatch process group).

#include "pipeline/StageResolver.h"

#include <QString>
#include <QStringList>

namespace tilelens::pipeline {

struct LaunchCommand
{
    QString program;
    QStringList arguments;
    QString jobName;    // slurm only
    QString outputFile; // sbatch only: where the job writes its output
};

// Job names are "tilelens-<stage>-<runId>" (Slurm allows these characters).
QString slurmJobName(const QString& stageId, const QString& runId);

// For local runs: argv[0] + the rest. For slurm: the wrapper command.
LaunchCommand buildLaunchCommand(const ResolvedStage& stage, const QString& runId,
                                 const QString& logsDir);

QStringList scancelArguments(const QString& jobName);
QStringList squeueStateArguments(const QString& jobName); // prints one state per line, e.g. RUNNING

} // namespace tilelens::pipeline
