#pragma once
// A request to run one stage of one kernel directory.

#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tilelens::pipeline {

struct StageRequest
{
    QString runId; // unique; make() fills it so the caller can follow the run
    QString kernelDir;
    QString stageId;
    bool trustOverride = false; // CLI --trust: run without a stored decision (nothing is stored)
    bool ignoreCaps = false;    // run beyond the pipeline cap for this stage
    // Variables set for this run on top of the stage's own (the CUPTI injection
    // of a profiled run: CUDA_INJECTION64_PATH, TILELENS_CUPTI_OUT, ...).
    QMap<QString, QString> extraEnv;
    // An ad-hoc command (argv, never a shell string) run as stage `stageId`
    // instead of a declared stage, e.g. "Profile command…". It is what the user
    // typed, not a workspace command; the trust gate still applies unless
    // trustOverride is set.
    QStringList adhocArgv;

    static StageRequest make(const QString& kernelDir, const QString& stageId);
};

} // namespace tilelens::pipeline

Q_DECLARE_METATYPE(tilelens::pipeline::StageRequest)
