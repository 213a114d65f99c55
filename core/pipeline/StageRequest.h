#pragma once
// A request to run one stage of one kernel directory.

#include <QMetaType>
#include <QString>

namespace tilelens::pipeline {

struct StageRequest
{
    QString runId; // unique; make() fills it so the caller can follow the run
    QString kernelDir;
    QString stageId;
    bool trustOverride = false; // CLI --trust: run without a stored decision (nothing is stored)
    bool ignoreCaps = false;    // run beyond the pipeline cap for this stage

    static StageRequest make(const QString& kernelDir, const QString& stageId);
};

} // namespace tilelens::pipeline

Q_DECLARE_METATYPE(tilelens::pipeline::StageRequest)
