#pragma once
// Built-in stages run in-process (no trust needed): C = IR diff writing
// generated/diff_report.md, `validate`, `perf`. The pipeline only knows them
// by name; the functions are registered by whoever links the real
// implementations (core/diff, core/workspace, core/perf), e.g. at startup:
//
//   BuiltinStageRegistry::add(QStringLiteral("ir-diff"), &runIrDiffStage);
//
// A stage whose built-in is not registered shows as not runnable.

#include "common/CancelToken.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <functional>

namespace tilelens::pipeline {

struct BuiltinContext
{
    QString kernelDir; // absolute
    QString stageId;
    QString logPath;                            // where the runner keeps the full log
    std::function<void(const QByteArray&)> log; // thread-safe: streams into the live log
    // Cancelled when the run is cancelled or times out: poll it and return early, or let
    // Cancelled (throwIfCancelled, or from code the token is passed to) end the built-in.
    CancelToken cancel;
    bool isCancelled() const { return cancel.isCancelled(); }
};

struct BuiltinResult
{
    int exitCode = 0; // follows the CLI contract: 0 PASS, 1 FAIL, 2 PASS_WITH_NOTES, 3 input error
    QString verdict;  // e.g. "PASS_WITH_NOTES"; empty = derive from exitCode
    QString message;  // one sentence for the run record
    QStringList writtenFiles; // absolute paths the built-in wrote (e.g. diff_report.md)
};

// Runs on backgroundPool() (common/WorkerPool.h) at lowered priority, never on the GUI thread
// nor on Qt's global pool.
using BuiltinFunction = std::function<BuiltinResult(const BuiltinContext&)>;

class BuiltinStageRegistry
{
public:
    static void add(const QString& name, BuiltinFunction fn); // replaces an earlier one
    static void remove(const QString& name);
    static BuiltinFunction find(const QString& name); // empty function when absent
    static QStringList names();
};

} // namespace tilelens::pipeline
