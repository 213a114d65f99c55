#pragma once
// The English texts a stage run or a profiled run reports (a run's message, why a
// stage cannot run here, why a run gave no device time), as templates with %1..%n.
// Run records, the run history and the CLI keep them in English; the GUI shows them
// translated (context "RunMessage": lupdate reads this file) by matching a text
// against runMessageTemplates() (app/gui/RunMessageText).

#include <QString>
#include <QtGlobal>
#include <vector>

namespace tilelens::pipeline::runmsg {

inline constexpr const char* kShuttingDown =
    QT_TRANSLATE_NOOP("RunMessage", "the runner is shutting down");
inline constexpr const char* kNotADirectory =
    QT_TRANSLATE_NOOP("RunMessage", "%1 is not a directory");
inline constexpr const char* kUnknownStage =
    QT_TRANSLATE_NOOP("RunMessage", "unknown stage '%1' (known: %2)");
inline constexpr const char* kInvalidConfig =
    QT_TRANSLATE_NOOP("RunMessage", "tilelens.json is invalid: %1");
inline constexpr const char* kNotRunnable =
    QT_TRANSLATE_NOOP("RunMessage", "not runnable here: %1");
inline constexpr const char* kBuiltinMissing = QT_TRANSLATE_NOOP(
    "RunMessage", "not runnable here: the built-in '%1' is not available in this build");
inline constexpr const char* kNotTrusted = QT_TRANSLATE_NOOP(
    "RunMessage",
    "workspace not trusted (%1): nothing was run; review its commands and trust it first");
inline constexpr const char* kSuperseded =
    QT_TRANSLATE_NOOP("RunMessage", "replaced by a newer request (%1)");
inline constexpr const char* kCapReached =
    QT_TRANSLATE_NOOP("RunMessage", "stage %1 already ran %2 time(s) in this pipeline run (cap "
                                    "%3); override the cap or start a new pipeline run");
inline constexpr const char* kCannotWriteLog =
    QT_TRANSLATE_NOOP("RunMessage", "cannot write the log %1");
// %1: why, in English (an own file refused, a working directory that moved).
inline constexpr const char* kNothingWasRun =
    QT_TRANSLATE_NOOP("RunMessage", "nothing was run: %1");
inline constexpr const char* kCannotStart = QT_TRANSLATE_NOOP("RunMessage", "cannot start %1: %2");
inline constexpr const char* kNoSupervisor = QT_TRANSLATE_NOOP(
    "RunMessage",
    "nothing was run: the stage supervisor tilelens-stage-supervisor is missing (looked in %1)");
inline constexpr const char* kTimedOut = QT_TRANSLATE_NOOP("RunMessage", "timed out after %1 s");
inline constexpr const char* kCancelled = QT_TRANSLATE_NOOP("RunMessage", "cancelled");
inline constexpr const char* kCancelledBeforeStart =
    QT_TRANSLATE_NOOP("RunMessage", "cancelled before it started");
inline constexpr const char* kCancelledAppQuit =
    QT_TRANSLATE_NOOP("RunMessage", "cancelled (the app quit)");
inline constexpr const char* kKilledBySignal =
    QT_TRANSLATE_NOOP("RunMessage", "killed by signal %1 (%2)");
inline constexpr const char* kLogCopyRefused = QT_TRANSLATE_NOOP(
    "RunMessage", "refused to copy the log to %1: it now resolves to %2, outside the workspace");
inline constexpr const char* kLogCopyFailed =
    QT_TRANSLATE_NOOP("RunMessage", "could not copy the log to %1");
// Why a stage cannot run here (StageResolver).
inline constexpr const char* kNeedsGpu = QT_TRANSLATE_NOOP(
    "RunMessage",
    "needs an NVIDIA GPU; none is visible on this machine (or declare a slurm launcher for it)");
inline constexpr const char* kNeedsEnv =
    QT_TRANSLATE_NOOP("RunMessage", "needs %1 (not set in the environment or tilelens.json)");
inline constexpr const char* kNoCommand =
    QT_TRANSLATE_NOOP("RunMessage", "the stage has no command");
inline constexpr const char* kSlurmNeedsTool =
    QT_TRANSLATE_NOOP("RunMessage", "the slurm launcher needs '%1' on PATH");
inline constexpr const char* kNoWorkingDirectory =
    QT_TRANSLATE_NOOP("RunMessage", "working directory %1 does not exist");
inline constexpr const char* kNotExecutable =
    QT_TRANSLATE_NOOP("RunMessage", "program %1 is not an executable file");
inline constexpr const char* kNotOnPath =
    QT_TRANSLATE_NOOP("RunMessage", "program '%1' is not on PATH");
// Why a profiled run gave no device time (ProfiledRun); several are joined by "; ".
inline constexpr const char* kNoCuptiLibrary = QT_TRANSLATE_NOOP(
    "RunMessage", "libtilelens_cupti.so was not found (it is built only with the CUDA Toolkit and "
                  "CUPTI; set TILELENS_CUPTI_LIBRARY to its path)");
inline constexpr const char* kNoGpu = QT_TRANSLATE_NOOP(
    "RunMessage", "no NVIDIA GPU is visible on this machine, so no kernel can be measured");
inline constexpr const char* kCuptiRecordedNothing =
    QT_TRANSLATE_NOOP("RunMessage", "the CUPTI library recorded nothing: %1");
inline constexpr const char* kNoRecordFiles =
    QT_TRANSLATE_NOOP("RunMessage", "no record files: the command created no CUDA context, or the "
                                    "CUDA driver did not load the injection library");
inline constexpr const char* kNoKernelSeen =
    QT_TRANSLATE_NOOP("RunMessage", "the command launched no kernel that CUPTI saw");

// Every template above.
const std::vector<const char*>& runMessageTemplates();

// A template as a QString, ready for arg().
inline QString text(const char* tmpl)
{
    return QString::fromUtf8(tmpl);
}

} // namespace tilelens::pipeline::runmsg
