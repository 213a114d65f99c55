#pragma once
// Readers for the stage reports of a kernel working directory
// (port-workspace.md §4): reports/correctness.md (D), reports/performance.md
// (E), generated/diff_report.md (C), reports/perf_investigation_*.md (F) and
// SKILL_METHODOLOGY_BLOCKED.txt. Each reader returns what it could read plus
// diagnostics for what the TileGym validators would reject (placed on a line).

#include "common/Diagnostic.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace tilelens::ws {

// A diagnostic on `line` of the report or log at `path` (column 1; line 0: the whole file).
Diagnostic diagnosticAt(const QString& path, int line, Severity sev, const QString& message);

struct ReportFile
{
    QString path;
    bool exists = false;
    QString verdict;             // word after "VERDICT:" on line 1, even when not an allowed one
    bool firstLineValid = false; // line 1 matches the validator's anchored regex
    Diagnostics diagnostics;
};

struct CorrectnessReport : ReportFile
{
    QString failClass;  // "host" / "kernel" / empty
    QString blockClass; // "host" / "kernel" / "env" / empty (BLOCKED routing, §3.6)
    QString hostFix;
    QString agentBFollowup;
    QString pytestLog;
    bool hasResultsTable = false;               // a "| Test " header
    int passed = -1, failed = -1, skipped = -1; // from "Summary: N passed, ..." when present
};

struct PerformanceRow
{
    QString config; // as written, brackets removed
    std::optional<double> baselineMs;
    std::optional<double> candidateMs;
    std::optional<double> ratio;
    QString verdict; // PASS / INVESTIGATE
    int line = 0;
};

struct PerformanceReport : ReportFile
{
    std::vector<PerformanceRow> rows;
    std::optional<double> geomeanRatio; // the single machine-read `geomean_ratio=` line
    int geomeanLines = 0;
    int geomeanLine = 0; // line of the first geomean_ratio= line
    QString severity;    // "Severity: ..." word
};

struct DiffReportFile : ReportFile
{
    QString owner; // "host" / "kernel"; empty when the line is missing (routing: kernel)
    bool hasActionItems = false;
};

// Parsers over text (`path` only names the file in diagnostics).
CorrectnessReport parseCorrectnessReport(const QString& text, const QString& path);
PerformanceReport parsePerformanceReport(const QString& text, const QString& path);
DiffReportFile parseDiffReport(const QString& text, const QString& path);
ReportFile parseInvestigationReport(const QString& text, const QString& path);

// File readers: a missing file gives exists == false and no diagnostics.
CorrectnessReport readCorrectnessReport(const QString& path);
PerformanceReport readPerformanceReport(const QString& path);
DiffReportFile readDiffReport(const QString& path);
ReportFile readInvestigationReport(const QString& path);

// Text of a file up to `maxBytes` (reports are small; larger files are cut
// with a diagnostic); nullopt when missing or unreadable.
std::optional<QString> readSmallText(const QString& path, Diagnostics* diags = nullptr,
                                     int64_t maxBytes = int64_t(8) << 20);

} // namespace tilelens::ws
