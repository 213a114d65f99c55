#pragma once
// Is a stage's evidence up to date? A stage whose inputs are newer than its
// outputs is stale. Also snapshots outputs so a finished run can say which
// files it changed (and whether IR changed, which triggers a re-diff).

#include "pipeline/StageResolver.h"

#include <QDateTime>
#include <QMap>
#include <QString>
#include <QStringList>

namespace tilelens::pipeline {

enum class Freshness
{
    Unknown, // no inputs or no outputs declared
    Missing, // no output exists yet
    Stale,   // some input is newer than the oldest output
    UpToDate,
};

struct FreshnessInfo
{
    Freshness state = Freshness::Unknown;
    QString newestInput; // the input that makes it stale
    QString oldestOutput;
    QString explain() const; // one sentence for tooltips and `run --list`
};

const char* freshnessName(Freshness f); // "unknown", "missing", "stale", "up-to-date"

// Expands one absolute pattern whose components may hold * ? [..] wildcards.
// Bounded: at most `limit` matches.
QStringList expandGlob(const QString& absolutePattern, int limit = 10000);

FreshnessInfo stageFreshness(const ResolvedStage& stage);

// path -> (mtime ms, size) of every existing output.
using OutputSnapshot = QMap<QString, QPair<qint64, qint64>>;
OutputSnapshot snapshotOutputs(const QStringList& patterns);
// Paths added or modified between two snapshots.
QStringList changedOutputs(const OutputSnapshot& before, const OutputSnapshot& after);
bool isIrFile(const QString& path); // .mlir or .tileirbc

} // namespace tilelens::pipeline
