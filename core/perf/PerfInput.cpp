#include "perf/PerfInput.h"

#include "perf/PerfComparison.h"
#include "perf/TilegymLogParser.h"
#include "perf/cupti/ProfileJson.h"

#include <QFile>

namespace tilelens::perf {

namespace {

PerfData withError(const QString& path, const std::string& message)
{
    PerfData data;
    data.sources = QStringList{path};
    Diagnostic d;
    d.place.file = path.toStdString();
    d.message = message;
    data.diagnostics.push_back(std::move(d));
    return data;
}

} // namespace

PerfInputKind detectPerfInput(const QByteArray& head)
{
    const QByteArray t = head.trimmed();
    if (t.startsWith('{') && t.contains("\"schema\"") && t.contains("tilelens.profile/"))
        return PerfInputKind::ProfileJson;
    if (looksLikeTilegymLog(head))
        return PerfInputKind::TilegymLog;
    return PerfInputKind::Unknown;
}

PerfData readPerfInput(const QString& path, int runIndex)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return withError(path, "cannot open file: " + f.errorString().toStdString());
    const QByteArray head = f.read(qint64{64} * 1024); // enough to tell a profile from a log
    f.close();
    switch (detectPerfInput(head)) {
    case PerfInputKind::ProfileJson:
        return readProfilePerfData(path); // core/perf/cupti
    case PerfInputKind::TilegymLog:
    case PerfInputKind::Unknown:
        // Unknown text is handed to the lenient log reader, which says what it missed.
        return readTilegymLog(path, runIndex);
    }
    return readTilegymLog(path, runIndex);
}

PerfData readPerfRuns(const QStringList& paths)
{
    std::vector<PerfData> runs;
    runs.reserve(size_t(paths.size()));
    for (int i = 0; i < paths.size(); ++i)
        runs.push_back(readPerfInput(paths.at(i), i));
    if (runs.size() == 1)
        return runs.front();
    return bestOfRuns(runs);
}

} // namespace tilelens::perf
