#pragma once
// The in-memory form of a set of perf measurements, whatever produced them:
// a tilegym `pytest --print-record` log (TilegymLogParser) or a TileLens CUPTI
// profile JSON (`"schema": "tilelens.profile/1"`, core/perf/cupti/). Pairing,
// statistics and verdicts (PerfComparison.h, PerfStatistics.h) consume only
// this type, so both producers get the same ratios, geomean and thresholds.

#include "common/Diagnostic.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace tilelens::perf {

// One measured configuration of one backend in one run (one pytest test id,
// one direction). Times are milliseconds of device time.
struct PerfRecord
{
    // Configuration id without the backend segment (port-workspace.md §5.5):
    // "True-1024-1024-512-torch.float16". This is the pairing key.
    QString configId;
    // The id as found in the input, e.g. "cutile_rs-True-1024-1024-512-torch.float16"
    // (a pytest param id, or the NVTX range name of a CUPTI profile).
    QString fullId;
    // Backend token as it appears in pytest ids: "cutile_rs", "cutile", "triton",
    // "tilecpp" ... ('-' normalized to '_', so the record key "cutile-rs" matches).
    QString backend;
    QString direction = QStringLiteral("forward"); // "forward" or "backward"

    // Missing when the test failed, was skipped or printed no usable median.
    std::optional<double> medianMs;
    std::optional<double> meanMs;
    std::optional<double> stdMs;
    std::optional<double> relStdPercent; // std/mean*100 (tilegym's rel_std is a percentage)
    std::optional<double> minMs;
    std::optional<double> maxMs;
    int64_t nrep = -1;      // number of timed samples; -1 = unknown
    int64_t peakMemMb = -1; // -1 = unknown
    QString kernelName;     // largest self-time kernel, when reported
    QString status;         // "PASSED", "FAILED", "SKIPPED" or empty when unknown

    // Where the record came from, for navigation and messages.
    QString sourceFile;
    int sourceLine = 0; // 1-based line of the record (the median) in sourceFile
    int runIndex = 0;   // which of several runs (files) it came from, 0-based
};

// All records read from one or several inputs of the same role (baseline or
// candidate). Problems found while reading are diagnostics, never exceptions.
struct PerfData
{
    QString format;      // "tilegym-print-record", "tilelens.profile/1", or empty
    QStringList sources; // input files, in run order
    QString device;      // GPU name when the input names it ("device = ..."), else empty
    std::vector<PerfRecord> records;
    Diagnostics diagnostics;

    bool empty() const { return records.empty(); }
};

// Backend tokens that may appear as a segment of a tilegym test id.
const QStringList& knownBackendTokens();

// "cutile-rs" -> "cutile_rs" (tilegym's id hook replaces '-' by '_' in values).
QString normalizeBackend(const QString& backend);

// Removes the backend segment from a '-'-joined pytest param id by token
// equality, not by position (§5.5.1). `backend` is the record's framework when
// known; otherwise the first token equal to a known backend is removed.
// Sets *removed to the token taken out (empty when none).
QString configIdWithoutBackend(const QString& paramId, const QString& backend = QString(),
                               QString* removed = nullptr);

} // namespace tilelens::perf
