#pragma once
// Reader for tilegym `pytest --print-record` logs (baseline_perf_*.txt,
// perf_cutile_rs*.txt; port-workspace.md §5). The printer is not public, so
// the layout is read leniently: the text is split at each
// "Performance Test Results" marker, a block belongs to the pytest id inside
// it or the nearest one before it, and the record is the `{framework:
// {forward: {...}}}` dict (or, failing that, any `median` key) in the block.
// Numbers are read strictly: a median that is not a finite positive decimal
// is an error with line and column, and the record keeps no median.

#include "perf/PerfData.h"

#include <QByteArray>
#include <QString>

namespace tilelens::perf {

// Logs larger than this are refused (a real log is a few hundred KiB).
constexpr int64_t kMaxPerfLogBytes = int64_t(256) << 20;

// Parses log text. `fileName` is used for record places and diagnostics.
PerfData parseTilegymLog(const QByteArray& text, const QString& fileName, int runIndex = 0);

// Reads and parses a log file; unreadable files give a PerfData with an error.
PerfData readTilegymLog(const QString& path, int runIndex = 0);

// Counts of validate_perf_log.sh (§5.4): lines containing each word.
struct PerfLogCounts
{
    int sections = 0; // "Performance Test Results"
    int passed = 0;
    int failed = 0;
    int skipped = 0;
};

PerfLogCounts countPerfLogLines(const QByteArray& text);

// validate_perf_log.sh parity: errors (missing/empty file, no marker, any
// FAILED line) and a warning when marker and PASSED counts differ.
// `label` prefixes the messages as the script does.
Diagnostics checkPerfLog(const QString& path, const QString& label);

// True when the text looks like a tilegym perf log (marker or a test_* id).
bool looksLikeTilegymLog(const QByteArray& text);

} // namespace tilelens::perf
