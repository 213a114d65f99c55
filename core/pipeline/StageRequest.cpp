#include "pipeline/StageRequest.h"

#include <QDateTime>
#include <QUuid>

namespace tilelens::pipeline {

StageRequest StageRequest::make(const QString& kernelDir, const QString& stageId)
{
    StageRequest r;
    // Sortable and unique: UTC time + a random suffix.
    r.runId = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) +
              QLatin1Char('-') + QUuid::createUuid().toString(QUuid::Id128).left(8);
    r.kernelDir = kernelDir;
    r.stageId = stageId;
    return r;
}

} // namespace tilelens::pipeline
