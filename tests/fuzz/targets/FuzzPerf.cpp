// Fuzz targets for perf logs, CUPTI records and profile.json (see FuzzTargets.h).
#include "FuzzTargets.h"
#include "perf/TilegymLogParser.h"
#include "perf/cupti/CuptiTraceReader.h"
#include "perf/cupti/ProfileJson.h"

namespace tilelens::fuzz {

void perfLog(std::string_view bytes)
{
    const QByteArray text(bytes.data(), qsizetype(bytes.size()));
    (void)perf::looksLikeTilegymLog(text);
    (void)perf::countPerfLogLines(text);
    (void)perf::parseTilegymLog(text, QStringLiteral("perf.txt"));
}

void cuptiRecords(std::string_view bytes)
{
    const std::string text(bytes);
    perf::CuptiTrace trace;
    perf::parseCuptiRecords(text, QStringLiteral("run.jsonl"), trace);
    Diagnostics diags;
    (void)perf::parseProfileJson(text, QStringLiteral("profile.json"), diags);
}

} // namespace tilelens::fuzz
