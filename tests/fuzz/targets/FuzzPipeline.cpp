// Fuzz targets for tilelens.json and the run history (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "pipeline/RunHistory.h"
#include "pipeline/StageSet.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace tilelens::fuzz {

void tilelensJson(std::string_view bytes)
{
    pipeline::StageSet set;
    set.stages = pipeline::defaultStageSpecs();
    pipeline::applyStageConfig(set, QByteArray(bytes.data(), qsizetype(bytes.size())),
                               QStringLiteral("tilelens.json"));
}

void runHistory(std::string_view bytes)
{
    // One kernel directory for the whole run: the history is read from its file.
    static QTemporaryDir dir;
    static const bool made = QDir().mkpath(pipeline::historyDir(dir.path()));
    QFile f(pipeline::historyFile(dir.path()));
    if (!made || !f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return;
    f.write(bytes.data(), qint64(bytes.size()));
    f.close();
    // The whole file, then only its tail (the reader starts mid-line and skips it).
    for (const qint64 maxBytes : {qint64(1) << 20, qint64(bytes.size() / 2 + 1)}) {
        const pipeline::RunHistory h = pipeline::loadRunHistory(dir.path(), maxBytes);
        for (const pipeline::StageRun& run : h.runs) {
            (void)pipeline::StageRun::fromJson(run.toJson());
            (void)h.forStage(run.stageId);
        }
    }
}

} // namespace tilelens::fuzz
