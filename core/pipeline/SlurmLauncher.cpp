#include "pipeline/SlurmLauncher.h"

#include <QRegularExpression>

namespace tilelens::pipeline {

QString slurmJobName(const QString& stageId, const QString& runId)
{
    QString stage = stageId;
    stage.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("_"));
    return QStringLiteral("tilelens-%1-%2").arg(stage, runId);
}

LaunchCommand buildLaunchCommand(const ResolvedStage& stage, const QString& runId,
                                 const QString& logsDir)
{
    LaunchCommand cmd;
    if (!stage.launcher.isSlurm()) {
        cmd.program = stage.argv.value(0);
        cmd.arguments = stage.argv.mid(1);
        return cmd;
    }
    const LauncherSpec& l = stage.launcher;
    cmd.jobName = slurmJobName(stage.stageId, runId);
    QStringList common = {QStringLiteral("--job-name=") + cmd.jobName,
                          QStringLiteral("--chdir=") + stage.cwd, QStringLiteral("--ntasks=1")};
    if (!l.partition.isEmpty())
        common << QStringLiteral("--partition=") + l.partition;
    if (!l.gres.isEmpty())
        common << QStringLiteral("--gres=") + l.gres;
    if (!l.timeLimit.isEmpty())
        common << QStringLiteral("--time=") + l.timeLimit;
    if (l.mode == QLatin1String("sbatch")) {
        cmd.program = QStringLiteral("sbatch");
        cmd.outputFile = logsDir + QStringLiteral("/slurm-") + runId + QStringLiteral(".out");
        QStringList quoted;
        for (const QString& a : stage.argv)
            quoted << shellQuote(a);
        cmd.arguments = QStringList{QStringLiteral("--wait"), QStringLiteral("--parsable"),
                                    QStringLiteral("--output=") + cmd.outputFile} +
                        common + l.extraArgs +
                        QStringList{QStringLiteral("--wrap=exec ") + quoted.join(QLatin1Char(' '))};
    } else {
        cmd.program = QStringLiteral("srun");
        cmd.arguments =
            common + QStringList{QStringLiteral("--unbuffered")} + l.extraArgs + stage.argv;
    }
    return cmd;
}

QStringList scancelArguments(const QString& jobName)
{
    return {QStringLiteral("--name=") + jobName};
}

QStringList squeueStateArguments(const QString& jobName)
{
    return {QStringLiteral("--noheader"), QStringLiteral("--name=") + jobName,
            QStringLiteral("--format=%T")};
}

} // namespace tilelens::pipeline
