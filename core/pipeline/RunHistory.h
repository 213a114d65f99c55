#pragma once
// Durable run history: KERNEL_DIR/.tilelens/runs.jsonl, one JSON object per
// line. A run writes a "start" line when it begins and an "end" line when it
// ends; each line goes out in a single O_APPEND write() followed by
// fdatasync(), so killing the app (even with SIGKILL) at any moment leaves
// every earlier line intact and, at worst, a run with a start but no end,
// which loadRunHistory() reports as Interrupted once the TileLens process that
// started it is gone (a start line names it: pid, start time and boot id, so a
// reused pid or a leftover process of the stage cannot pass for it). A torn or
// foreign line is skipped with a diagnostic, never fatal.

#include "common/Diagnostic.h"
#include "pipeline/StageRun.h"

#include <QString>
#include <vector>

namespace tilelens::pipeline {

QString historyDir(const QString& kernelDir);  // KERNEL_DIR/.tilelens
QString historyFile(const QString& kernelDir); // KERNEL_DIR/.tilelens/runs.jsonl
QString logsDir(const QString& kernelDir);     // KERNEL_DIR/.tilelens/logs

enum class HistoryEvent
{
    Start,
    End
};

// Appends one record; false (with a message) when the file cannot be written. Like every
// write under .tilelens it goes through OwnedDir: never through a symbolic link.
bool appendRunRecord(const StageRun& run, HistoryEvent event, QString* error = nullptr);
// Whether records can be appended now (runs.jsonl is created when missing): a run whose
// record could not be kept (a link in .tilelens, say) does not start.
bool runHistoryWritable(const QString& kernelDir, QString* error);

struct RunHistory
{
    std::vector<StageRun> runs; // in start order; the end record wins over the start record
    Diagnostics diagnostics;    // skipped lines (file:line)

    std::vector<StageRun> forStage(const QString& stageId) const; // newest first
};

// Reads at most `maxBytes` from the end of the file (older lines are dropped).
RunHistory loadRunHistory(const QString& kernelDir, qint64 maxBytes = 64 * 1024 * 1024);

} // namespace tilelens::pipeline
