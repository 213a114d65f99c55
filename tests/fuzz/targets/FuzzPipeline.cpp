// Fuzz targets for tilelens.json (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "pipeline/StageSet.h"

namespace tilelens::fuzz {

void tilelensJson(std::string_view bytes)
{
    pipeline::StageSet set;
    set.stages = pipeline::defaultStageSpecs();
    pipeline::applyStageConfig(set, QByteArray(bytes.data(), qsizetype(bytes.size())),
                               QStringLiteral("tilelens.json"));
}

} // namespace tilelens::fuzz
