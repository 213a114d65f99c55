#pragma once
// Reads one perf input file into PerfData, dispatching on its content: a
// TileLens CUPTI profile (JSON with "schema": "tilelens.profile/1") or a
// tilegym `--print-record` log. Used by `tilelens-cli perf --baseline/--candidate`.

#include "perf/PerfData.h"

#include <QString>
#include <QStringList>

namespace tilelens::perf {

enum class PerfInputKind
{
    TilegymLog,
    ProfileJson,
    Unknown
};

// Decides from the first bytes of the file.
PerfInputKind detectPerfInput(const QByteArray& head);

// `runIndex` numbers the file among several runs of the same role.
PerfData readPerfInput(const QString& path, int runIndex = 0);

// Reads several runs and keeps the best (minimum) median per configuration.
PerfData readPerfRuns(const QStringList& paths);

} // namespace tilelens::perf
